// The check of every page with worker threads parsing, the workers running the sources
// (`mdx/mdxWorker.ts` loaded through a small script that registers the TypeScript loader): the
// same findings as the main thread alone, whoever parses; workers that fail at start or part-way
// give their pages back; the main thread alone below the size that pays for starting workers.
// test/engine/pages/parallelSiteCheck.test.ts runs the shipped bundle on a real site.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, pageRules, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { mdxParseCount } from '../../../server/src/engine/pages/mdx/parseMdx';
import { runSiteRulesInParallel } from '../../../server/src/engine/pages/parallelSiteCheck';
import { writeSite } from '../../support/site';
import { tempFolder } from '../../support/tempFolder';

const workerSource = join(__dirname, '..', '..', '..', 'server', 'src', 'engine', 'pages', 'mdx', 'mdxWorker.ts');

/** A worker script that runs the worker's source; `before` runs first in the worker. */
function workerScript(before = ''): string {
  const script = join(tempFolder('docsjson-worker-'), 'worker.cjs');
  writeFileSync(script, `require(${JSON.stringify(require.resolve('tsx/cjs'))});\n${before}\nrequire(${JSON.stringify(workerSource)});\n`);
  return script;
}

const pages = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`p${n}.mdx`, `# P${n}\n\n<Tab title="x">y</Tab>\n\n${n % 2 ? 'A<br>' : '![](/a.png)'} [link](/p${(n + 1) % 14})\n`]));

/** The text of every page: the check has this much to parse. */
const siteChars = Object.values(pages).reduce((sum, text) => sum + text.length, 0);

function site(): SiteGraph {
  const root = writeSite({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: Object.keys(pages).map((f) => f.slice(0, -4)) } }), ...pages });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
}

/** The findings of the check with these workers, and how many pages the main thread parsed. */
async function withWorkers(script: string, count: number, minChars = 0): Promise<{ found: Map<string, unknown>; parsedHere: number }> {
  const before = mdxParseCount();
  const found = await runSiteRulesInParallel(site(), pageRules, { script, count, minChars });
  return { found, parsedHere: mdxParseCount() - before };
}

const expected = runSiteRules(site(), pageRules);

test('two workers parse pages of the site, and the findings are the main thread\'s alone, in the same order', { timeout: 60_000 }, async () => {
  assert.ok([...expected.values()].flat().some((d) => d.code === 'mdx/syntax'), 'the site has syntax errors to find');
  const { found, parsedHere } = await withWorkers(workerScript(), 2);
  assert.deepEqual(found, expected);
  assert.ok(parsedHere < Object.keys(pages).length, `the main thread parsed ${parsedHere} of ${Object.keys(pages).length} pages`);
});

test('below the size that pays for starting them, or with none asked for, no worker parses: the main thread parses every page', { timeout: 60_000 }, async () => {
  const script = workerScript();
  for (const [count, minChars] of [
    [2, siteChars + 1],
    [0, 0],
  ]) {
    const { found, parsedHere } = await withWorkers(script, count, minChars);
    assert.deepEqual(found, expected);
    assert.equal(parsedHere, Object.keys(pages).length, `${count} workers, ${minChars} characters to start them`);
  }
});

test('workers that fail as they start, or after their first page, give their pages back: the same findings', { timeout: 60_000 }, async () => {
  const failAtStart = workerScript('throw new Error("this worker fails as it starts");');
  const failAfterOne = workerScript(
    "let pages = 0; require('node:worker_threads').parentPort.on('message', () => { if (++pages === 2) process.exit(1); });",
  );
  for (const script of [failAtStart, failAfterOne]) {
    const { found } = await withWorkers(script, 2);
    assert.deepEqual(found, expected, script);
  }
});

test('workers start once the text to parse reaches the size that pays for them', { timeout: 60_000 }, async () => {
  const { found, parsedHere } = await withWorkers(workerScript(), 2, siteChars);
  assert.deepEqual(found, expected);
  assert.ok(parsedHere < Object.keys(pages).length, `the main thread parsed ${parsedHere} of ${Object.keys(pages).length} pages`);
});

test('pages whose facts the site kept are not parsed again, by a worker or the main thread', { timeout: 60_000 }, async () => {
  const graph = site();
  runSiteRules(graph, pageRules);
  const before = mdxParseCount();
  const found = await runSiteRulesInParallel(graph, pageRules, { script: workerScript('throw new Error("no page should reach a worker");'), count: 2, minChars: 0 });
  assert.deepEqual(found, expected);
  assert.equal(mdxParseCount() - before, 0);
});
