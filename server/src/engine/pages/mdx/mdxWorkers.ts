import { Worker } from 'node:worker_threads';
import { unreadFacts, type MdxFacts, type UnreadPage } from './mdxFacts';
import { threadCpuMs } from './threadCpu';

/** A page sent to a worker (with its file when the worker is to keep its parse for the page's next text), and the worker's answer. */
export interface ParseQuestion {
  id: number;
  text: string;
  file?: string;
}
export interface ParseAnswer {
  id: number;
  facts: MdxFacts;
}
/** What a worker says once it has loaded its script: its pages' time counts from then; its thread, whose processor time they count. */
export interface WorkerReady {
  ready: true;
  thread?: number;
}

export interface PageToParse {
  file: string;
  text: string;
}

export interface ParsePoolOptions {
  /** The worker's script: the bundle of `mdxWorker.ts`. */
  script: string;
  /** How many worker threads parse (at least one). */
  size: number;
  /**
   * How much processor time the parse of one page may take (wall time where the system does not
   * say, and ten times the limit in wall time at most): the worker still on it then is ended, the
   * page answered as unread, and another started. Processor time, so that a page is not over the
   * limit only because the machine was busy.
   */
  timeLimitMs: number;
  /** Whether the workers keep each page's parse to read only what changed in its next text (an editor's open pages). */
  keepParses?: boolean;
  /** A worker of the same script started ahead (`SpareParseWorker`): the first worker of the first pool that starts one; its maker ends it if none did. */
  spare?: SpareParseWorker;
}

/** Parsing allocates much that lives briefly: a larger young generation than the default (16 MB) spends a third less time collecting it. */
const youngGenerationMb = 64;
/** Pages sent to a worker ahead of its answers: enough that it never waits for the main thread for long. */
const aheadPerWorker = 4;
/** How long a worker may take to load its script (seconds on a loaded machine) before its first page is given up as failed. */
const startLimitMs = 60_000;
/** A parse is ended after this many times the time limit in wall time, whatever processor time it had. */
const wallTimesLimit = 10;
/** The shortest wait before the processor time of a parse is looked at again (the system counts it in ticks of 10 ms). */
const minWaitMs = 20;

/** A worker of its own bundle: none of the main thread's Node options (a loader, a test's imports) apply to it. */
function parseWorker(script: string): Worker {
  return new Worker(script, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
}

/**
 * A parse worker started before its pool is made, so that it loads its script while the main
 * thread reads the site; it does not keep the process alive until a pool takes it. What it says
 * before then (that it is ready, or that it failed) is kept for the pool.
 */
export class SpareParseWorker {
  private readonly worker: Worker;
  private taken = false;
  private readyMessage?: WorkerReady;
  private failure?: string;
  private readonly listeners = {
    message: (message: WorkerReady) => (this.readyMessage = message),
    error: (error: Error) => (this.failure ??= error.message),
    exit: (code: number) => (this.failure ??= `its reader stopped (exit code ${code})`),
  };

  constructor(script: string) {
    this.worker = parseWorker(script);
    for (const [event, listener] of Object.entries(this.listeners)) this.worker.on(event, listener);
    // After the listeners: listening to its messages holds the process again.
    this.worker.unref();
  }

  /** The worker, for a pool to listen to from now on, with what it said before; undefined once taken or ended. */
  take(): { worker: Worker; ready?: WorkerReady; failure?: string } | undefined {
    if (this.taken) return undefined;
    this.taken = true;
    for (const [event, listener] of Object.entries(this.listeners)) this.worker.off(event, listener);
    this.worker.ref();
    return { worker: this.worker, ready: this.readyMessage, failure: this.failure };
  }

  /** Ends the worker unless a pool took it. */
  async end(): Promise<void> {
    if (this.taken) return;
    this.taken = true;
    await this.worker.terminate();
  }
}

interface PoolWorker {
  worker: Worker;
  /** The pages sent and not answered, in the order sent (a worker answers in that order). */
  sent: { id: number; page: PageToParse }[];
  /** Ends the worker if the first page sent is not answered within the limit. */
  timer?: NodeJS.Timeout;
  /** Whether it has loaded its script: its start is not counted in its first page's time. */
  ready: boolean;
  /** Its thread, whose processor time a page's parse is held to (where the system says it). */
  thread?: number;
}

/**
 * Worker threads that parse pages (`mdxWorker.ts`, bundled as its own file): pages are added in
 * the order they are needed and sent a few at a time to each worker; each page's facts are given
 * to `onParsed`. Every page gets facts: a page whose parse outlasts the time limit, or whose worker
 * fails on it, gets those of an unread page (`unreadFacts`), the worker is replaced, and the pages
 * sent after it go to the front of the queue. The main thread parses nothing: a parse cannot be
 * stopped but by ending its thread.
 */
export class MdxWorkerPool {
  private readonly workers: PoolWorker[] = [];
  /** Pages not sent yet, from `first` on, in the order added. */
  private readonly waiting: PageToParse[] = [];
  private first = 0;
  private nextId = 0;
  private size: number;
  private readonly wakes: (() => void)[] = [];

  constructor(
    private readonly options: ParsePoolOptions,
    private readonly onParsed: (page: PageToParse, facts: MdxFacts) => void,
  ) {
    this.size = Math.max(1, options.size);
  }

  add(page: PageToParse): void {
    this.waiting.push(page);
  }

  /** Adds a page to be sent before every page waiting. */
  addFirst(page: PageToParse): void {
    this.waiting.splice(this.first, 0, page);
  }

  /** How many threads parse from now on (at least one): more are started at the next `send`, none is ended. */
  resize(size: number): void {
    this.size = Math.max(1, size);
  }

  /** Starts workers as needed and sends each its share of the waiting pages. */
  send(): void {
    while (this.workers.length < this.size && this.first < this.waiting.length) this.workers.push(this.start());
    for (const poolWorker of this.workers) {
      while (poolWorker.sent.length < aheadPerWorker && this.first < this.waiting.length) {
        const page = this.waiting[this.first++];
        const id = this.nextId++;
        poolWorker.sent.push({ id, page });
        if (poolWorker.sent.length === 1 && poolWorker.ready) this.timeFirst(poolWorker);
        poolWorker.worker.postMessage({ id, text: page.text, ...(this.options.keepParses ? { file: page.file } : {}) } satisfies ParseQuestion);
      }
    }
    if (this.first === this.waiting.length) this.waiting.length = this.first = 0;
  }

  /** Resolves at the next answer (or the next page found unread). */
  answered(): Promise<void> {
    return new Promise((resolve) => this.wakes.push(resolve));
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    for (const { timer } of workers) clearTimeout(timer);
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  /** A worker: the spare one first. */
  private start(): PoolWorker {
    const spare = this.options.spare?.take();
    const poolWorker: PoolWorker = { worker: spare?.worker ?? parseWorker(this.options.script), sent: [], ready: false };
    poolWorker.timer = setTimeout(() => this.retire(poolWorker, { reason: 'failure', message: `its reader did not start within ${startLimitMs / 1000} s` }), startLimitMs);
    const onMessage = (message: ParseAnswer | WorkerReady) => {
      if ('ready' in message) {
        poolWorker.ready = true;
        poolWorker.thread = message.thread;
        clearTimeout(poolWorker.timer);
        if (poolWorker.sent.length > 0) this.timeFirst(poolWorker);
        return;
      }
      const { id, facts } = message;
      if (poolWorker.sent[0]?.id !== id) return;
      const { page } = poolWorker.sent.shift()!;
      clearTimeout(poolWorker.timer);
      if (poolWorker.sent.length > 0) this.timeFirst(poolWorker);
      this.onParsed(page, facts);
      this.send();
      this.wakeUp();
    };
    poolWorker.worker.on('message', onMessage);
    // The answers it sent before it failed are taken first (its messages before the check phase).
    const fail = (message: string) => setImmediate(() => this.retire(poolWorker, { reason: 'failure', message }));
    poolWorker.worker.on('error', (error) => fail(error.message));
    poolWorker.worker.on('exit', (code) => fail(`its reader stopped (exit code ${code})`));
    if (spare?.ready) onMessage(spare.ready);
    if (spare?.failure !== undefined) fail(spare.failure);
    return poolWorker;
  }

  /**
   * The worker's first page sent is its page under way from now on (or from earlier: the page
   * before it was answered at least this late), and may take the time limit from now: in processor
   * time where the system says it, else in wall time.
   */
  private timeFirst(poolWorker: PoolWorker): void {
    const { id } = poolWorker.sent[0];
    const limitMs = this.options.timeLimitMs;
    const started = Date.now();
    const cpuAtStart = poolWorker.thread === undefined ? undefined : threadCpuMs(poolWorker.thread);
    const timeLeft = () => {
      const cpuNow = poolWorker.thread === undefined ? undefined : threadCpuMs(poolWorker.thread);
      if (cpuAtStart === undefined || cpuNow === undefined || Date.now() - started >= limitMs * wallTimesLimit) return 0;
      return limitMs - (cpuNow - cpuAtStart);
    };
    const wait = (ms: number) => {
      poolWorker.timer = setTimeout(() => {
        // An answer that came while the main thread was busy is taken first (its messages before the check phase).
        setImmediate(() => {
          if (poolWorker.sent[0]?.id !== id) return;
          const left = timeLeft();
          if (left > 0) wait(Math.max(left, minWaitMs));
          else this.retire(poolWorker, { reason: 'time-limit', limitMs });
        });
      }, ms);
    };
    wait(limitMs);
  }

  /** Ends a worker: its page under way is unread for `reason`, the pages sent after it go back to the front of the queue. */
  private retire(poolWorker: PoolWorker, reason: UnreadPage): void {
    const index = this.workers.indexOf(poolWorker);
    if (index < 0) return;
    this.workers.splice(index, 1);
    clearTimeout(poolWorker.timer);
    void poolWorker.worker.terminate();
    const [underWay, ...rest] = poolWorker.sent.splice(0);
    this.waiting.splice(this.first, 0, ...rest.map(({ page }) => page));
    if (underWay) this.onParsed(underWay.page, unreadFacts(reason));
    this.send();
    this.wakeUp();
  }

  private wakeUp(): void {
    for (const wake of this.wakes.splice(0)) wake();
  }
}
