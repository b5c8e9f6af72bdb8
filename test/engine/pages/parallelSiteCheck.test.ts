// The check of every page with worker threads parsing: the same findings as the main thread alone,
// with the workers' bundle (dist/mdxWorker.js, built by test/run.mjs) parsing a real site, and
// when the workers cannot run (each page then says it was not checked, and none is parsed on the main thread).
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, pageRules, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { mdxParseCount } from '../../../server/src/engine/pages/mdx/parseMdx';
import { runSiteRulesInWorkers } from '../../../server/src/engine/pages/parallelSiteCheck';
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

test('workers that cannot start: each page says it was not checked, none is parsed on the main thread', async () => {
  const broken = join(tempFolder('docsjson-worker-'), 'worker.js');
  writeFileSync(broken, 'throw new Error("this worker fails as it starts")\n');
  for (const script of [broken, join(tempFolder('docsjson-worker-'), 'missing.js')]) {
    const graph = site();
    const before = mdxParseCount();
    const found = (await runSiteRulesInWorkers(graph, pageRules, { script, count: 2, minChars: 0, timeLimitMs: 60_000 }))!.diagnostics;
    assert.equal(mdxParseCount() - before, 0);
    for (const file of checkedFiles(graph)) assert.deepEqual(found.get(file)?.filter((d) => d.code === 'page/check-failed').length, 1, `${script}: ${file}`);
  }
});

test('a worker parses a real site, and the findings are those of the main thread alone', { timeout: 300_000 }, async () => {
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
  const found = (await runSiteRulesInWorkers(graph, pageRules, { script, count: 1, minChars: 0, timeLimitMs: 60_000 }))!.diagnostics;
  // Parses counted in this thread only: the worker's are in its own.
  assert.equal(mdxParseCount() - parsesBefore, 0);
  assert.deepEqual(found, expected);
});

test('a link into the steps of a page parsed later is checked with that page parsed once, by a worker, not again on the main thread', { timeout: 120_000 }, async () => {
  const script = join(__dirname, '..', '..', '..', 'dist', 'mdxWorker.js');
  assert.ok(existsSync(script), 'dist/mdxWorker.js is not built: run `node esbuild.mjs`');
  const filler = Object.fromEntries(Array.from({ length: 60 }, (_, n) => [`p${n}.mdx`, `# P${n}\n\n${'Some text of the page. '.repeat(200)}\n`]));
  const pages = {
    'a-first.mdx': '# First\n\nSee [the second step](/z-steps#install-the-cli) and [one that is not](/z-steps#no-such-step).\n',
    ...filler,
    'z-steps.mdx': '# Steps\n\n<Steps titleSize="h2">\n  <Step title="Sign up">\n    One.\n  </Step>\n  <Step title="Install the CLI">\n    Two.\n  </Step>\n</Steps>\n',
  };
  const root = writeSite({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: Object.keys(pages).map((f) => f.slice(0, -4)) } }), ...pages });
  const graphOf = () => {
    const host = new DiskSiteHost(root);
    return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
  };
  const expected = runSiteRules(graphOf(), pageRules);
  assert.deepEqual(
    expected.get('a-first.mdx')?.map((d) => `${d.code} ${d.message.split(':')[0]}`),
    ['link/missing-anchor "#no-such-step" is not an anchor of z-steps.mdx'],
    'the step titled "Install the CLI" is an anchor; the other link is not',
  );
  const graph = graphOf();
  const parsesBefore = mdxParseCount();
  const found = (await runSiteRulesInWorkers(graph, pageRules, { script, count: 1, minChars: 0, timeLimitMs: 60_000 }))!.diagnostics;
  assert.equal(mdxParseCount() - parsesBefore, 0, 'no page was parsed on the main thread');
  assert.deepEqual(found, expected);
});
