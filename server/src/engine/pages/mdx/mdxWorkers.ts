import { Worker } from 'node:worker_threads';
import type { MdxFacts } from './mdxFacts';

/** A page sent to a worker, and the worker's answer. */
export interface FactsQuestion {
  id: number;
  text: string;
}
export interface FactsAnswer {
  id: number;
  facts: MdxFacts;
}

export interface PageToParse {
  file: string;
  text: string;
}

/** Parsing allocates much that lives briefly: a larger young generation than the default (16 MB) spends a third less time collecting it. */
const youngGenerationMb = 64;
/** Pages sent to a worker ahead of its answers: enough that it never waits for the main thread for long, few enough that the main thread can take the rest. */
const aheadPerWorker = 4;

interface PoolWorker {
  worker: Worker;
  sent: Map<number, PageToParse>;
}

/**
 * Worker threads that parse pages (`mdxWorker.ts`, bundled as its own file): pages are added in
 * the order they are needed and sent a few at a time to each worker; the main thread may take
 * any page not sent yet and parse it itself. A worker that fails gives its pages back.
 */
export class MdxWorkerPool {
  private readonly workers: PoolWorker[] = [];
  /** Pages not sent yet, in the order added; a page taken by the main thread is left as a hole. */
  private readonly waiting: (PageToParse | undefined)[] = [];
  private readonly waitingIndex = new Map<string, number>();
  private first = 0;
  private nextId = 0;
  private wake?: () => void;

  constructor(
    private readonly script: string,
    private size: number,
    private readonly onParsed: (page: PageToParse, facts: MdxFacts) => void,
  ) {}

  add(page: PageToParse): void {
    this.waitingIndex.set(page.file, this.waiting.length);
    this.waiting.push(page);
  }

  /** Starts the workers (at the first call) and sends each its share of the waiting pages. */
  send(): void {
    while (this.workers.length < this.size) this.workers.push(this.start());
    for (const poolWorker of this.workers) {
      while (poolWorker.sent.size < aheadPerWorker) {
        const page = this.takeFirst();
        if (!page) return;
        const id = this.nextId++;
        poolWorker.sent.set(id, page);
        poolWorker.worker.postMessage({ id, text: page.text } satisfies FactsQuestion);
      }
    }
  }

  /** Takes a page not sent yet: the one named, or else the last one added (needed last). */
  take(file?: string): PageToParse | undefined {
    if (file !== undefined) {
      const index = this.waitingIndex.get(file);
      if (index === undefined) return undefined;
      const page = this.waiting[index];
      this.waiting[index] = undefined;
      this.waitingIndex.delete(file);
      return page;
    }
    while (this.waiting.length > this.first) {
      const page = this.waiting.pop();
      if (page) {
        this.waitingIndex.delete(page.file);
        return page;
      }
    }
    return undefined;
  }

  /** Resolves at the next answer of a worker (or its failure). */
  answered(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map(({ worker }) => worker.terminate()));
  }

  private takeFirst(): PageToParse | undefined {
    while (this.first < this.waiting.length) {
      const page = this.waiting[this.first++];
      if (page) {
        this.waitingIndex.delete(page.file);
        return page;
      }
    }
    return undefined;
  }

  /** A worker of its own bundle: none of the main thread's Node options (a loader, a test's imports) apply to it. */
  private start(): PoolWorker {
    const poolWorker: PoolWorker = { worker: new Worker(this.script, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } }), sent: new Map() };
    poolWorker.worker.on('message', ({ id, facts }: FactsAnswer) => {
      const page = poolWorker.sent.get(id);
      poolWorker.sent.delete(id);
      if (page) this.onParsed(page, facts);
      this.send();
      this.wakeUp();
    });
    const fail = () => {
      // Its pages go back to the front of the queue, in their order, for the others (or the main thread) to parse.
      const index = this.workers.indexOf(poolWorker);
      if (index < 0) return;
      this.workers.splice(index, 1);
      this.size--;
      this.waiting.splice(this.first, 0, ...poolWorker.sent.values());
      this.reindex();
      poolWorker.sent.clear();
      // A worker left idle (its answers all in) would not ask for them.
      this.send();
      this.wakeUp();
    };
    poolWorker.worker.on('error', fail);
    poolWorker.worker.on('exit', fail);
    return poolWorker;
  }

  private reindex(): void {
    this.waitingIndex.clear();
    this.waiting.forEach((page, index) => {
      if (page && index >= this.first) this.waitingIndex.set(page.file, index);
    });
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
