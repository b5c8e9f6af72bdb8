// The check of every page with worker threads parsing, the workers running the sources
// (`mdx/mdxWorker.ts` loaded through a small script that registers the TypeScript loader): the
// same findings as the main thread alone, with one worker or more, and no page parsed on the main
// thread; a page whose worker is over the time limit or stops on it gets one problem that says so,
// and the other pages' findings stay. test/engine/pages/parallelSiteCheck.test.ts runs the shipped
// bundle on a real site.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, pageRules, runSiteRules, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { mdxParseCount } from '../../../server/src/engine/pages/mdx/parseMdx';
import { runSiteRulesInWorkers } from '../../../server/src/engine/pages/parallelSiteCheck';
import { writeSite } from '../../support/site';
import { tempFolder } from '../../support/tempFolder';

const workerSource = join(__dirname, '..', '..', '..', 'server', 'src', 'engine', 'pages', 'mdx', 'mdxWorker.ts');

/** A worker script that runs the worker's source; `before` runs first in the worker. */
function workerScript(before = ''): string {
  const script = join(tempFolder('docsjson-worker-'), 'worker.cjs');
  writeFileSync(script, `require(${JSON.stringify(require.resolve('tsx/cjs'))});\n${before}\nrequire(${JSON.stringify(workerSource)});\n`);
  return script;
}

/**
 * A worker that stays busy for good on a page holding "HOLD" (as a parse the platform's parser takes
 * minutes on: it reads no message after it), and stops (exit code 5) on a page holding "EXIT".
 */
const misbehaving = `const { parentPort } = require('node:worker_threads');
const on = parentPort.on.bind(parentPort);
parentPort.on = (event, listener) => on(event, (message) => {
  if (message.text.includes('EXIT')) process.exit(5);
  if (message.text.includes('HOLD')) for (;;);
  listener(message);
});`;

const pages = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`p${n}.mdx`, `# P${n}\n\n<Tab title="x">y</Tab>\n\n${n % 2 ? 'A<br>' : '![](/a.png)'} [link](/p${(n + 1) % 14})\n`]));

/** The text of every page: the check has this much to parse. */
const siteChars = Object.values(pages).reduce((sum, text) => sum + text.length, 0);

function site(changed: Record<string, string> = {}): SiteGraph {
  const all = { ...pages, ...changed };
  const root = writeSite({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: Object.keys(all).map((f) => f.slice(0, -4)) } }), ...all });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
}

/** The findings of the check with these workers, and how many pages the main thread parsed. */
async function withWorkers(graph: SiteGraph, script: string, count: number, minChars = 0, timeLimitMs = 60_000): Promise<{ found: Map<string, Diagnostic[]>; parsedHere: number }> {
  const before = mdxParseCount();
  const run = await runSiteRulesInWorkers(graph, pageRules, { script, count, minChars, timeLimitMs });
  return { found: run!.diagnostics, parsedHere: mdxParseCount() - before };
}

const expected = runSiteRules(site(), pageRules);

test('one worker or two parse every page, none parsed on the main thread, and the findings are the main thread\'s alone, in the same order', { timeout: 60_000 }, async () => {
  assert.ok([...expected.values()].flat().some((d) => d.code === 'mdx/syntax'), 'the site has syntax errors to find');
  const script = workerScript();
  for (const [count, minChars] of [
    [2, 0],
    [2, siteChars + 1],
    [1, 0],
    [0, 0],
  ]) {
    const { found, parsedHere } = await withWorkers(site(), script, count, minChars);
    assert.deepEqual(found, expected, `${count} workers, ${minChars} characters to start them`);
    assert.equal(parsedHere, 0);
  }
});

test('a page over the time limit, and a page its worker stops on, each get one problem that says so; the other pages\' findings stay', { timeout: 120_000 }, async () => {
  const graph = site({ 'slow.mdx': '# Slow\n\nHOLD <Tab>\n', 'stops.mdx': '# Stops\n\nEXIT\n' });
  const { found } = await withWorkers(graph, workerScript(misbehaving), 2, 0, 1_000);
  const codes = (file: string) => found.get(file)?.map((d) => `${d.code} ${d.message}`);
  assert.deepEqual(codes('slow.mdx'), ['mdx/too-slow This page takes too long to read (over 1 s): the platform\'s build may time out on it. Its components and images are not checked']);
  assert.deepEqual(codes('stops.mdx'), ['page/check-failed This page could not be checked in full: its reader stopped (exit code 5) (an internal error of docsjson)']);
  for (const file of Object.keys(pages)) assert.deepEqual(found.get(file), expected.get(file), file);
});

test('pages whose facts the site kept are not parsed again, by a worker or the main thread', { timeout: 60_000 }, async () => {
  const graph = site();
  runSiteRules(graph, pageRules);
  const { found, parsedHere } = await withWorkers(graph, workerScript('throw new Error("no page should reach a worker");'), 2);
  assert.deepEqual(found, expected);
  assert.equal(parsedHere, 0);
});
