import type { MdxFacts } from '../engine/pages/mdx/mdxFacts';
import { openPageCache, pageCacheFile, type PageFactsFile, type PageFactsStore } from '../engine/pages/mdx/pageFactsFile';
import { programVersion } from '../engine/version';

/** How long the cache goes unused before it is written: a check of every page uses it page after page. */
const saveDelayMs = 1_000;

/**
 * The editor's page cache: the facts of the pages parsed in the server's earlier runs, kept as
 * `check --cache` keeps them (`PageFactsFile`: by the hash of each page's text, bounded, written
 * whole then renamed, so that concurrent windows read one file or another; a corrupt or foreign
 * file a miss), in the folder the client gives as the server starts (the extension's storage).
 * A restart or a reopened site then parses only the pages that changed. Read at its first use,
 * written once it has been unused for a second, and as the server shuts down; shared by the
 * server's sites. Without a folder it keeps nothing.
 */
export class EditorPageCache implements PageFactsStore {
  private folder?: string;
  private file?: PageFactsFile;
  private timer?: NodeJS.Timeout;
  private lastUse = 0;
  private saveFailed = false;

  constructor(
    /** The script of the threads that parse pages, whose code the facts depend on. */
    private readonly workerScript: string,
    private readonly onError: (message: string) => void,
  ) {}

  /** Keeps the cache in a folder from now on. */
  keepIn(folder: string): void {
    this.folder = folder;
  }

  get(text: string): MdxFacts | undefined {
    const facts = this.opened()?.get(text);
    this.saveLater();
    return facts;
  }

  set(text: string, facts: MdxFacts): void {
    this.opened()?.set(text, facts);
    this.saveLater();
  }

  /** Writes what changed since the file was last written; a failure is told once, and costs the next run parses only. */
  save(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      this.file?.save();
    } catch (error) {
      if (this.saveFailed || this.folder === undefined) return;
      this.saveFailed = true;
      this.onError(`docs.json language server: the page cache could not be written to ${pageCacheFile(this.folder)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): the pages are parsed again at the next start`);
    }
  }

  private opened(): PageFactsFile | undefined {
    if (this.folder !== undefined) this.file ??= openPageCache(this.folder, [this.workerScript], programVersion());
    return this.file;
  }

  /** One timer for a run of uses (a check reads the cache page after page), fired a second after the last, once a use leaves something to write. */
  private saveLater(): void {
    if (!this.file) return;
    this.lastUse = performance.now();
    if (this.timer || !this.file.unsaved) return;
    const wake = (delay: number) => {
      this.timer = setTimeout(() => {
        const idle = performance.now() - this.lastUse;
        if (idle >= saveDelayMs) this.save();
        else wake(saveDelayMs - idle);
      }, delay);
      this.timer.unref();
    };
    wake(saveDelayMs);
  }
}
