// The worker of the open pages is asked each text of a page once: the parse of a large page's first
// text takes seconds, and a text asked twice takes its worker's time from the next keystroke.
// The worker runs the sources (`mdx/mdxWorker.ts`, through a script that registers the TypeScript
// loader) and writes into each answer how many texts it was asked so far.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { MdxFacts } from '../../server/src/engine/pages/mdx/mdxFacts';
import { MdxFactsCache } from '../../server/src/engine/pages/mdx/mdxFactsCache';
import { PageParsers } from '../../server/src/lsp/pageParsers';
import { loadScaled } from '../support/loadScaled';
import { tempFolder } from '../support/tempFolder';

const workerSource = join(__dirname, '..', '..', 'server', 'src', 'engine', 'pages', 'mdx', 'mdxWorker.ts');

/** The worker's source, its answers' ESM names ending with "asked N", N the texts it was asked so far. */
function countingWorker(): string {
  const script = join(tempFolder('docsjson-worker-'), 'worker.cjs');
  const counting = `const { parentPort } = require('node:worker_threads');
let asked = 0;
const on = parentPort.on.bind(parentPort);
parentPort.on = (event, listener) => on(event, (message) => { asked++; listener(message); });
const post = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (message) => post(message.facts ? { ...message, facts: { ...message.facts, esmNames: [...message.facts.esmNames, 'asked ' + asked] } } : message);`;
  writeFileSync(script, `require(${JSON.stringify(require.resolve('tsx/cjs'))});\n${counting}\nrequire(${JSON.stringify(workerSource)});\n`);
  return script;
}

const askedSoFar = (facts: MdxFacts) => (facts.error ? undefined : facts.esmNames.at(-1));

test('each text of an open page is sent to the worker of the open pages once, the first included', { timeout: loadScaled(60_000) }, async () => {
  const parsers = new PageParsers(countingWorker(), new MdxFactsCache(), { get: () => undefined, set: () => undefined }, () => 60_000);
  try {
    assert.equal(askedSoFar(await parsers.factsOf('page.mdx', '# Page\n\nexport const a = 1\n')), 'asked 1');
    const edited = await parsers.factsOf('page.mdx', '# Page\n\nexport const a = 1\n\nMore.\n');
    assert.deepEqual(edited.error ? undefined : edited.esmNames, ['a', 'asked 2']);
  } finally {
    parsers.dispose();
  }
});
