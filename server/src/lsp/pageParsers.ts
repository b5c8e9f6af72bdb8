import { availableParallelism } from 'node:os';
import type { MdxFacts } from '../engine/pages/mdx/mdxFacts';
import type { MdxFactsCache } from '../engine/pages/mdx/mdxFactsCache';
import { MdxWorkerPool } from '../engine/pages/mdx/mdxWorkers';
import { workersPayFromChars, type ParseWorkers } from '../engine/pages/parallelSiteCheck';

/** The threads the check of every page parses with at most: the server shares the machine with the editor. */
const maxSiteWorkers = 4;

/**
 * Where a site's pages are parsed in the language server: never on its main thread, which must
 * keep answering, and each parse within the time limit (`MdxWorkerPool`). The check of every page
 * runs its own workers (`workers`); the open pages' parses go to one worker that keeps each page's
 * last parse, so that a keystroke's parse reads again only the blocks it touched (`reparse.ts`).
 */
export class PageParsers {
  private editing?: { pool: MdxWorkerPool; timeLimitMs: number };
  /** The open pages' texts sent and not answered, with who waits for their facts. */
  private readonly waiting = new Map<string, { text: string; resolve: ((facts: MdxFacts) => void)[] }[]>();

  constructor(
    /** The worker's script: the bundle of `engine/pages/mdx/mdxWorker.ts`. */
    private readonly script: string,
    private readonly timeLimitMs: () => number,
  ) {}

  /** The workers of a check of every page. */
  get workers(): ParseWorkers {
    return { script: this.script, count: Math.max(1, Math.min(availableParallelism() - 1, maxSiteWorkers)), minChars: workersPayFromChars, timeLimitMs: this.timeLimitMs() };
  }

  /**
   * Puts the facts of an open page's text into the site's cache, read by the worker of the open
   * pages unless they are there: once it resolves, the engine's reading of the page finds them
   * (until the cache holds another text of the page: ask right before the engine reads).
   */
  async read(cache: MdxFactsCache, file: string, text: string): Promise<void> {
    if (cache.get(file, text)) return;
    const facts = await this.parse(file, text);
    cache.set(file, text, facts);
  }

  private parse(file: string, text: string): Promise<MdxFacts> {
    return new Promise((resolve) => {
      const pending = this.waiting.get(file) ?? [];
      this.waiting.set(file, pending);
      const same = pending.find((entry) => entry.text === text);
      if (same) {
        same.resolve.push(resolve);
        return;
      }
      const pool = this.editingPool();
      pending.push({ text, resolve: [resolve] });
      pool.add({ file, text });
      pool.send();
    });
  }

  /** The worker of the open pages, started again when the time limit changed. */
  private editingPool(): MdxWorkerPool {
    const timeLimitMs = this.timeLimitMs();
    if (this.editing?.timeLimitMs !== timeLimitMs) {
      void this.editing?.pool.close();
      // Its pages sent, never to be answered now, are sent to the new one.
      const resend = [...this.waiting].flatMap(([file, pending]) => pending.map(({ text }) => ({ file, text })));
      const pool = new MdxWorkerPool({ script: this.script, size: 1, timeLimitMs, keepParses: true }, ({ file, text }, facts) => this.answered(file, text, facts));
      this.editing = { pool, timeLimitMs };
      for (const page of resend) pool.add(page);
    }
    return this.editing.pool;
  }

  private answered(file: string, text: string, facts: MdxFacts): void {
    const pending = this.waiting.get(file);
    const index = pending?.findIndex((entry) => entry.text === text) ?? -1;
    if (index < 0) return;
    const [entry] = pending!.splice(index, 1);
    if (pending!.length === 0) this.waiting.delete(file);
    for (const resolve of entry.resolve) resolve(facts);
  }

  dispose(): void {
    void this.editing?.pool.close();
    this.editing = undefined;
  }
}
