// The pool of parse workers on its own, with real worker threads running a small script whose
// answer each page's text decides: answer it, hold it, exit, throw once (when the test lets it), answer twice. What is
// sent, to how many workers, what the main thread may take back, and what a failing worker gives
// back. test/engine/pages/workerPool.test.ts checks the findings of a whole check with the pool.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { MdxFacts } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { MdxWorkerPool, type PageToParse } from '../../../server/src/engine/pages/mdx/mdxWorkers';
import { tempFolder } from '../../support/tempFolder';

/** What the test worker answers for a page: its text, and what the worker was started with. */
interface EchoFacts {
  text: string;
  execArgv: string[];
  youngGenerationMb: number | undefined;
}

/** The test worker's script, and the file whose creation lets a held `throw once` page throw. */
function workerScript(): { script: string; letThrow: string } {
  const folder = tempFolder('docsjson-pool-');
  const script = join(folder, 'worker.cjs');
  const thrown = join(folder, 'thrown');
  const letThrow = join(folder, 'let-throw');
  writeFileSync(
    script,
    `const { existsSync, writeFileSync } = require('node:fs');
const { parentPort, resourceLimits } = require('node:worker_threads');
parentPort.on('message', ({ id, text }) => {
  if (text === 'hold') return;
  if (text === 'exit') process.exit(1);
  if (text === 'throw once' && !existsSync(${JSON.stringify(thrown)})) {
    writeFileSync(${JSON.stringify(thrown)}, '');
    // Once the test says so: by then the other worker has answered all it was sent, and waits for no page.
    const wait = setInterval(() => {
      if (!existsSync(${JSON.stringify(letThrow)})) return;
      clearInterval(wait);
      throw new Error('this worker fails on its page');
    }, 5);
    return;
  }
  const facts = { text, execArgv: process.execArgv, youngGenerationMb: resourceLimits.maxYoungGenerationSizeMb };
  parentPort.postMessage({ id, facts });
  if (text === 'twice') parentPort.postMessage({ id, facts });
});
`,
  );
  return { script, letThrow };
}

/** A pool of `size` test workers, and the pages it was answered for, in the order answered. */
function poolOf(size: number): { pool: MdxWorkerPool; answered: { file: string; facts: EchoFacts }[]; letThrow: string } {
  const answered: { file: string; facts: EchoFacts }[] = [];
  const { script, letThrow } = workerScript();
  const pool = new MdxWorkerPool(script, size, (page: PageToParse, facts: MdxFacts) => {
    answered.push({ file: page.file, facts: facts as unknown as EchoFacts });
  });
  return { pool, answered, letThrow };
}

/** Waits, polling (so that answers come while no one waits on the pool), until `done` holds. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const pagesOf = (texts: string[]): PageToParse[] => texts.map((text, n) => ({ file: `p${n}.mdx`, text }));

test('sends each of its workers four pages, in the order added; the main thread may take back any page not sent', async () => {
  const { pool } = poolOf(2);
  try {
    for (const page of pagesOf(Array(11).fill('hold'))) pool.add(page);
    pool.send();
    assert.equal(pool.take('p3.mdx'), undefined, 'a page sent is not taken back');
    assert.equal(pool.take('p9.mdx')?.file, 'p9.mdx', 'a page named');
    assert.equal(pool.take('p9.mdx'), undefined, 'once');
    assert.equal(pool.take()?.file, 'p10.mdx', 'the last page added');
    assert.equal(pool.take()?.file, 'p8.mdx', 'the page before it, past the one taken');
    assert.equal(pool.take(), undefined, 'the other eight were sent');
  } finally {
    await pool.close();
  }
});

test('sends the pages after one the main thread took, each answered once, with no answer waited for', async () => {
  const { pool, answered } = poolOf(1);
  try {
    for (const page of pagesOf(['first', 'second', 'twice', 'fourth', 'fifth', 'sixth'])) pool.add(page);
    assert.equal(pool.take('p0.mdx')?.text, 'first');
    pool.send();
    // One worker answers in order: the second answer of `twice` came before the answers after it.
    await until(() => answered.some(({ file }) => file === 'p5.mdx'), 'the last page is answered');
    assert.deepEqual(
      answered.map(({ file }) => file),
      ['p1.mdx', 'p2.mdx', 'p3.mdx', 'p4.mdx', 'p5.mdx'],
    );
  } finally {
    await pool.close();
  }
});

test('a worker that exits gives its pages back in front, and is not replaced; the others keep theirs', async () => {
  const { pool } = poolOf(2);
  try {
    for (const page of pagesOf([...Array(4).fill('hold'), 'exit', ...Array(5).fill('hold')])) pool.add(page);
    pool.send();
    await pool.answered();
    assert.equal(pool.take('p1.mdx'), undefined, 'the living worker keeps its pages');
    assert.equal(pool.take('p4.mdx')?.file, 'p4.mdx', 'the first page of the worker that exited');
    pool.send();
    assert.equal(pool.take()?.file, 'p9.mdx', 'no new worker took the pages left');
    assert.equal(pool.take()?.file, 'p8.mdx');
    assert.equal(pool.take()?.file, 'p7.mdx', 'the pages given back are in front of the others, in their order');
    assert.equal(pool.take()?.file, 'p6.mdx');
    assert.equal(pool.take()?.file, 'p5.mdx');
    assert.equal(pool.take(), undefined);
  } finally {
    await pool.close();
  }
});

test('a worker that throws on a page is dropped once; the other, idle by then, parses its failed page', async () => {
  const { pool, answered, letThrow } = poolOf(2);
  try {
    const texts = [...Array(4).fill('page'), 'throw once', ...Array(7).fill('page')];
    for (const page of pagesOf(texts)) pool.add(page);
    pool.send();
    await until(() => answered.length === texts.length - 1, 'every page but the held one is answered');
    writeFileSync(letThrow, '');
    await until(() => answered.length === texts.length, `all ${texts.length} pages are answered`);
    assert.deepEqual(answered.map(({ file }) => file).sort(), pagesOf(texts).map(({ file }) => file).sort());
  } finally {
    await pool.close();
  }
});

test('each worker starts without the Node options of the main thread and with a 64 MB young generation', async () => {
  const { pool, answered } = poolOf(1);
  try {
    pool.add({ file: 'a.mdx', text: 'a' });
    pool.send();
    await pool.answered();
    assert.deepEqual(answered[0].facts.execArgv, []);
    assert.equal(answered[0].facts.youngGenerationMb, 64);
  } finally {
    await pool.close();
  }
});
