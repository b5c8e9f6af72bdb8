// The pool of parse workers on its own, with real worker threads running a small script whose
// answer each page's text decides: answer it, hold it (never answer, idle), spin (never answer,
// busy), wait a while idle and answer, exit, throw, answer twice.
// What is sent, to how many workers, and what each page gets when its worker is over the time limit
// or fails: one unread answer for that page, the others parsed by a new worker.
// test/engine/pages/workerPool.test.ts checks the findings of a whole check with the pool.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { MdxFacts } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { MdxWorkerPool, SpareParseWorker, type PageToParse } from '../../../server/src/engine/pages/mdx/mdxWorkers';
import { tempFolder } from '../../support/tempFolder';

/** What the test worker answers for a page: its text, and what the worker was started with. */
interface EchoFacts {
  text: string;
  execArgv: string[];
  youngGenerationMb: number | undefined;
  unread?: { reason: string; message?: string; limitMs?: number };
}

/** The test worker's script. */
function workerScript(): string {
  const script = join(tempFolder('docsjson-pool-'), 'worker.cjs');
  writeFileSync(
    script,
    `const { parentPort, resourceLimits } = require('node:worker_threads');
const { appendFileSync, readlinkSync } = require('node:fs');
appendFileSync(__filename + '.starts', 'x');
parentPort.on('message', ({ id, text }) => {
  if (text === 'hold') return;
  if (text === 'spin') for (;;);
  if (text.startsWith('idle ')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(text.slice(5)));
  if (text === 'exit') process.exit(3);
  if (text === 'throw') setImmediate(() => { throw new Error('this worker fails on its page'); });
  if (text === 'throw') return;
  const facts = { text, execArgv: process.execArgv, youngGenerationMb: resourceLimits.maxYoungGenerationSizeMb };
  parentPort.postMessage({ id, facts });
  if (text === 'twice') parentPort.postMessage({ id, facts });
});
parentPort.postMessage({ ready: true, thread: Number(/task\\/(\\d+)$/.exec(readlinkSync('/proc/thread-self'))[1]) });
`,
  );
  return script;
}

/** How many test workers of a script have started. */
const startsOf = (script: string) => (existsSync(`${script}.starts`) ? readFileSync(`${script}.starts`, 'utf8').length : 0);

/** A pool of `size` test workers, and the pages it was answered for, in the order answered. */
function poolOf(size: number, timeLimitMs = 60_000, script = workerScript(), spare?: SpareParseWorker): { pool: MdxWorkerPool; answered: { file: string; facts: EchoFacts }[] } {
  const answered: { file: string; facts: EchoFacts }[] = [];
  const pool = new MdxWorkerPool({ script, size, timeLimitMs, spare }, (page: PageToParse, facts: MdxFacts) => {
    answered.push({ file: page.file, facts: facts as unknown as EchoFacts });
  });
  return { pool, answered };
}

/** Waits, polling (so that answers come while no one waits on the pool), until `done` holds. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const pagesOf = (texts: string[]): PageToParse[] => texts.map((text, n) => ({ file: `p${n}.mdx`, text }));

/** Each page's answer: its text, or why it was not read. */
const outcomes = (answered: { file: string; facts: EchoFacts }[]) =>
  Object.fromEntries(answered.map(({ file, facts }) => [file, facts.unread ? `${facts.unread.reason}: ${facts.unread.message ?? facts.unread.limitMs}` : facts.text]));

test('answers each page once, one worker in the order sent, whatever it is sent ahead', async () => {
  const { pool, answered } = poolOf(1);
  try {
    for (const page of pagesOf(['first', 'second', 'twice', 'fourth', 'fifth', 'sixth'])) pool.add(page);
    pool.send();
    await until(() => answered.some(({ file }) => file === 'p5.mdx'), 'the last page is answered');
    assert.deepEqual(
      answered.map(({ file }) => file),
      ['p0.mdx', 'p1.mdx', 'p2.mdx', 'p3.mdx', 'p4.mdx', 'p5.mdx'],
    );
  } finally {
    await pool.close();
  }
});

test('a page over the time limit is answered unread, its worker ended (busy past the limit, or idle past ten times it); a new worker parses the pages sent after it', async () => {
  const { pool, answered } = poolOf(1, 300);
  try {
    for (const page of pagesOf(['first', 'spin', 'third', 'fourth', 'fifth', 'hold', 'seventh'])) pool.add(page);
    pool.send();
    await until(() => answered.length === 7, 'every page is answered');
    assert.deepEqual(outcomes(answered), {
      'p0.mdx': 'first',
      'p1.mdx': 'time-limit: 300',
      'p2.mdx': 'third',
      'p3.mdx': 'fourth',
      'p4.mdx': 'fifth',
      'p5.mdx': 'time-limit: 300',
      'p6.mdx': 'seventh',
    });
  } finally {
    await pool.close();
  }
});

test('a parse is held to the processor time its thread had, not to the time it waited for one (a busy machine)', async () => {
  const { pool, answered } = poolOf(1, 300);
  try {
    pool.add({ file: 'a.mdx', text: 'idle 1200' });
    pool.send();
    await until(() => answered.length === 1, 'the page is answered');
    assert.deepEqual(outcomes(answered), { 'a.mdx': 'idle 1200' });
  } finally {
    await pool.close();
  }
});

test('a page whose worker exits or throws on it is answered unread with the reason; the other pages are parsed', async () => {
  const { pool, answered } = poolOf(2);
  try {
    const texts = ['first', 'exit', 'third', 'throw', ...Array(6).fill('page')];
    for (const page of pagesOf(texts)) pool.add(page);
    pool.send();
    await until(() => answered.length === texts.length, 'every page is answered');
    const outcome = outcomes(answered);
    assert.equal(outcome['p1.mdx'], 'failure: its reader stopped (exit code 3)');
    assert.equal(outcome['p3.mdx'], 'failure: this worker fails on its page');
    assert.deepEqual(
      Object.keys(outcome).filter((file) => !['p1.mdx', 'p3.mdx'].includes(file)).map((file) => outcome[file]).sort(),
      ['first', 'page', 'page', 'page', 'page', 'page', 'page', 'third'],
    );
  } finally {
    await pool.close();
  }
});

test('an answer that came while the main thread was busy past the time limit is taken, not timed out', async () => {
  const { pool, answered } = poolOf(1, 200);
  try {
    pool.add({ file: 'a.mdx', text: 'a' });
    pool.send();
    const busyUntil = Date.now() + 1_500;
    while (Date.now() < busyUntil);
    await until(() => answered.length === 1, 'the page is answered');
    assert.deepEqual(outcomes(answered), { 'a.mdx': 'a' });
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

test('a worker started ahead is the first worker of the first pool that starts one, whether it was ready before or after: no other is started', async () => {
  for (const readyFirst of [true, false]) {
    const script = workerScript();
    const spare = new SpareParseWorker(script);
    if (readyFirst) await until(() => startsOf(script) === 1, 'the spare worker has loaded its script');
    const { pool, answered } = poolOf(1, 60_000, script, spare);
    try {
      for (const page of pagesOf(['first', 'second', 'third'])) pool.add(page);
      pool.send();
      await until(() => answered.length === 3, 'every page is answered');
      assert.deepEqual(outcomes(answered), { 'p0.mdx': 'first', 'p1.mdx': 'second', 'p2.mdx': 'third' });
      assert.equal(startsOf(script), 1);
    } finally {
      await pool.close();
    }
    const second = poolOf(1, 60_000, script, spare);
    try {
      second.pool.add({ file: 'a.mdx', text: 'a' });
      second.pool.send();
      await until(() => second.answered.length === 1, 'the second pool answers');
      assert.equal(startsOf(script), 2, 'the spare is taken once: a second pool starts its own worker');
    } finally {
      await second.pool.close();
    }
  }
});

test('a worker started ahead that no pool takes does not keep the process alive', () => {
  const script = workerScript();
  const pool = join(process.cwd(), 'server/src/engine/pages/mdx/mdxWorkers.ts');
  const program = `const { SpareParseWorker } = require(${JSON.stringify(pool)}); new SpareParseWorker(${JSON.stringify(script)}); console.log('started');`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', program], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.stdout.trim(), 'started', run.stderr);
  assert.equal(run.signal, null, 'the process ended on its own');
  assert.equal(run.status, 0, run.stderr);
});
