import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PageFactsFile } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { cliVersion } from './version';

/** The most one cache file holds: the facts of about 20,000 pages of upstash's kind. */
export const pageCacheMaxBytes = 64 * 1024 * 1024;

/** The cache's file in its folder. */
const fileName = 'page-facts';

/**
 * The page caches of one run of `check --cache`: one file per folder, in the site's
 * `node_modules/.cache/docsjson/` unless a `--cache-location` folder is given (then shared by
 * the sites checked), each read once and written once at the end.
 */
export class PageCaches {
  private readonly files = new Map<string, PageFactsFile>();
  private readonly stack: string;

  constructor(
    private readonly location: string | undefined,
    workerScript: string,
  ) {
    this.stack = parserStack(workerScript);
  }

  /** The folder of a site's cache. */
  folderOf(siteRoot: string): string {
    return this.location === undefined ? join(siteRoot, 'node_modules', '.cache', 'docsjson') : resolve(this.location);
  }

  storeFor(siteRoot: string): PageFactsFile {
    const file = join(this.folderOf(siteRoot), fileName);
    let store = this.files.get(file);
    if (!store) this.files.set(file, (store = PageFactsFile.open({ file, stack: this.stack, maxBytes: pageCacheMaxBytes })));
    return store;
  }

  /** Writes every cache used; answers a note for each that could not be written (the check stands all the same). */
  save(): string[] {
    const notes: string[] = [];
    for (const [file, store] of this.files) {
      try {
        store.save();
      } catch (error) {
        notes.push(`the page cache could not be written to ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): the next run parses these pages again`);
      }
    }
    return notes;
  }
}

/**
 * What the facts depend on besides a page's text: the code of the worker that reads them (the
 * parser stack, its versions and the platform's rewrites are bundled in it), this version of the
 * program and the Node.js that runs it (its Unicode tables drive the parser's).
 */
function parserStack(workerScript: string): string {
  return createHash('sha256').update(`${cliVersion()}\0${process.version}\0`).update(readFileSync(workerScript)).digest('base64url');
}
