// The check of every page with worker threads parsing: the same findings as the main thread alone,
// also when the workers cannot run (their pages are parsed by the main thread).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, pageRules, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { runSiteRulesInParallel } from '../../../server/src/engine/pages/parallelSiteCheck';
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
