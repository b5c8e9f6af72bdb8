import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openPageCache, pageCacheFile, type PageFactsFile } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { programVersion } from '../../server/src/engine/version';

/**
 * The page caches of one run of `check --cache` (the facts of pages, the findings on specs and
 * the checks of whole sites, `KeptSiteCheck`): one file per folder, in the site's
 * `node_modules/.cache/docsjson/` unless a `--cache-location` folder is given (then shared by
 * the sites checked), each read once and written once at the end.
 */
export class PageCaches {
  /** Each cache by its folder. */
  private readonly caches = new Map<string, PageFactsFile>();

  constructor(
    private readonly location: string | undefined,
    /** The scripts of the program whose code makes what the cache keeps: the parse workers', the engine's and this one. */
    private readonly scripts: readonly string[],
  ) {}

  /** The folder of a site's cache. */
  folderOf(siteRoot: string): string {
    return this.location === undefined ? join(siteRoot, 'node_modules', '.cache', 'docsjson') : resolve(this.location);
  }

  /** Whether a site has no cache file yet: every page of its check is to be parsed. */
  isNewFor(siteRoot: string): boolean {
    return !existsSync(pageCacheFile(this.folderOf(siteRoot)));
  }

  storeFor(siteRoot: string): PageFactsFile {
    const folder = this.folderOf(siteRoot);
    let store = this.caches.get(folder);
    if (!store) this.caches.set(folder, (store = openPageCache(folder, this.scripts, programVersion())));
    return store;
  }

  /** Writes every cache used; answers a note for each that could not be written (the check stands all the same). */
  save(): string[] {
    const notes: string[] = [];
    for (const [folder, store] of this.caches) {
      try {
        store.save();
      } catch (error) {
        notes.push(`the page cache could not be written to ${pageCacheFile(folder)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): the next run parses these pages again`);
      }
    }
    return notes;
  }
}
