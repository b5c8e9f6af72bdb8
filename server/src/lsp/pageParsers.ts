import { availableParallelism } from 'node:os';
import type { MdxFacts } from '../engine/pages/mdx/mdxFacts';
import type { MdxFactsCache } from '../engine/pages/mdx/mdxFactsCache';
import { MdxWorkerPool } from '../engine/pages/mdx/mdxWorkers';
import type { PageFactsStore } from '../engine/pages/mdx/pageFactsFile';
import { workersPayFromChars, type ParseWorkers } from '../engine/pages/parseWorkerOptions';
import { linkedPagesWithoutFacts } from '../engine/pages/linkedPageFacts';
import type { PageModel } from '../engine/pages/pageModel';
import type { SiteGraph } from '../engine/pages/siteGraph';

/** The threads the check of every page parses with at most: the server shares the machine with the editor. */
const maxSiteWorkers = 4;

/** An open page's text for the worker, with who waits for it to be read. */
interface Reading {
  text: string;
  done: (() => void)[];
}

/**
 * Where a site's pages are parsed in the language server: never on its main thread, which must
 * keep answering, and each parse within the time limit (`MdxWorkerPool`). The check of every page
 * runs its own workers (`workers`); the open pages' parses go to one worker that keeps each page's
 * last parse, so that a keystroke's parse reads again only the blocks it touched (`reparse.ts`).
 * An open page has one text at a time in that worker: the texts typed meanwhile wait, and only the
 * newest of them is sent once it answers (each text of a page over the time limit takes the limit).
 */
export class PageParsers {
  private editing?: { pool: MdxWorkerPool; timeLimitMs: number };
  /** Each open page's text in the worker, and the newest text asked for since. */
  private readonly reading = new Map<string, { sent: Reading; next?: Reading }>();

  constructor(
    /** The worker's script: the bundle of `engine/pages/mdx/mdxWorker.ts`. */
    private readonly script: string,
    /** The site's facts by text, which the engine's reading of a page looks in. */
    private readonly cache: MdxFactsCache,
    /** The facts of pages parsed in the server's earlier runs, which the check of every page reads and adds to. */
    private readonly store: PageFactsStore,
    private readonly timeLimitMs: () => number,
  ) {}

  /** The workers of a check of every page. */
  get workers(): ParseWorkers {
    return { script: this.script, count: Math.max(1, Math.min(availableParallelism() - 1, maxSiteWorkers)), minChars: workersPayFromChars, timeLimitMs: this.timeLimitMs(), store: this.store };
  }

  /**
   * The model of an open page (`current`, asked again after each wait: the newest text) once the
   * facts of its text are in the site's cache, read by the worker of the open pages unless they
   * were there: the engine's reading of the page parses nothing then.
   */
  async current(file: string, current: () => PageModel | undefined): Promise<PageModel | undefined> {
    for (;;) {
      const page = current();
      if (!page || this.cache.get(file, page.text)) return page;
      await new Promise<void>((done) => this.read(file, page.text, done));
    }
  }

  /**
   * A page of the graph as `current` gives it, once its facts and those of the pages whose anchors
   * its links check from their facts are in the site's cache: the page's rules then parse nothing.
   */
  async readyForRules(graph: SiteGraph, file: string): Promise<PageModel | undefined> {
    for (;;) {
      const page = await this.current(file, () => graph.page(file));
      const linked = page ? linkedPagesWithoutFacts(graph, page) : [];
      if (linked.length === 0) return page;
      for (const { file: linkedFile, text } of linked) await this.factsOf(linkedFile, text);
    }
  }

  /** The facts of any text of a page (a fix's, to know whether it parses), read by the worker of the open pages unless the site's cache has them. */
  async factsOf(file: string, text: string): Promise<MdxFacts> {
    for (;;) {
      const facts = this.cache.get(file, text);
      if (facts) return facts;
      await new Promise<void>((done) => this.read(file, text, done));
    }
  }

  /** Sends a page's text to the worker, or has it wait for the text there: `done` once that one or a newer text is read. */
  private read(file: string, text: string, done: () => void): void {
    const reading = this.reading.get(file);
    if (!reading) {
      this.reading.set(file, { sent: { text, done: [done] } });
      this.send(file, text);
    } else if (reading.sent.text === text) reading.sent.done.push(done);
    else reading.next = { text, done: [...(reading.next?.done ?? []), done] };
  }

  /** Sends a page's text, the one `reading` says is sent, to the worker of the open pages (started again when the time limit changed). */
  private send(file: string, text: string): void {
    const timeLimitMs = this.timeLimitMs();
    if (this.editing?.timeLimitMs === timeLimitMs) {
      this.editing.pool.add({ file, text });
    } else {
      void this.editing?.pool.close();
      const pool = new MdxWorkerPool({ script: this.script, size: 1, timeLimitMs, keepParses: true }, ({ file, text }, facts) => this.answered(file, text, facts));
      this.editing = { pool, timeLimitMs };
      // Every page's text being read, this one among them: those sent to the worker ended are never to be answered now.
      for (const [page, { sent }] of this.reading) pool.add({ file: page, text: sent.text });
    }
    this.editing.pool.send();
  }

  private answered(file: string, text: string, facts: MdxFacts): void {
    const reading = this.reading.get(file);
    if (reading?.sent.text !== text) return;
    this.cache.set(file, text, facts);
    if (reading.next) {
      this.reading.set(file, { sent: reading.next });
      this.send(file, reading.next.text);
    } else this.reading.delete(file);
    for (const done of reading.sent.done) done();
  }

  dispose(): void {
    void this.editing?.pool.close();
    this.editing = undefined;
  }
}
