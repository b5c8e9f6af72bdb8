// The check of every page with worker threads parsing: the same findings as the main thread alone,
// with the workers' bundle (dist/mdxWorker.js, built by test/run.mjs) parsing part of a real site,
// and when the workers cannot run (their pages are parsed by the main thread).
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, pageRules, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { mdxParseCount } from '../../../server/src/engine/pages/mdx/parseMdx';
import { runSiteRulesInParallel } from '../../../server/src/engine/pages/parallelSiteCheck';
import { checkedFiles } from '../../../server/src/engine/pages/siteCheck';
import { materialiseSite } from '../../support/sites';
import { writeSite } from '../../support/site';
import { tempFolder } from '../../support/tempFolder';

function site(): SiteGraph {
  const pages = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`p${n}.mdx`, `# P${n}\n\n<Tab title="x">y</Tab>\n\n${n % 2 ? 'A<br>' : '![](/a.png)'}\n`]));
  const root = writeSite({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: Object.keys(pages).map((f) => f.slice(0, -4)) } }), ...pages });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
}

test('workers that cannot start leave every page to the main thread, with the same findings', async () => {
  const broken = join(tempFolder('docsjson-worker-'), 'worker.js');
  writeFileSync(broken, 'throw new Error("this worker fails as it starts")\n');
  const expected = runSiteRules(site(), pageRules);
  assert.ok([...expected.values()].flat().some((d) => d.code === 'mdx/syntax'));
  for (const script of [broken, join(tempFolder('docsjson-worker-'), 'missing.js')]) {
    const found = await runSiteRulesInParallel(site(), pageRules, { script, count: 2, minChars: 0 });
    assert.deepEqual(found, expected, script);
  }
});

test('the workers parse part of a real site, and the findings are those of the main thread alone', { timeout: 300_000 }, async () => {
  const script = join(__dirname, '..', '..', '..', 'dist', 'mdxWorker.js');
  assert.ok(existsSync(script), 'dist/mdxWorker.js is not built: run `node esbuild.mjs`');
  const root = materialiseSite('upstash+docs');
  const graphOf = () => {
    const host = new DiskSiteHost(root);
    return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
  };
  const expected = runSiteRules(graphOf(), pageRules);
  const graph = graphOf();
  const parsesBefore = mdxParseCount();
  const found = await runSiteRulesInParallel(graph, pageRules, { script, count: 1, minChars: 0 });
  // Parses counted in this thread only: the worker's are in its own.
  const parsedHere = mdxParseCount() - parsesBefore;
  assert.ok(parsedHere < checkedFiles(graph).length, `the main thread parsed ${parsedHere} of ${checkedFiles(graph).length} pages`);
  assert.deepEqual(found, expected);
});
