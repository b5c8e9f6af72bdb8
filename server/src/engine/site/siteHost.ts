import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FileIndex } from './fileIndex';
import { isInside } from './folderWalk';

/** What the engine needs from the place a docs site lives: its file list and file contents. */
export interface SiteHost {
  /** Absolute folder of the docs.json: the site root. */
  readonly root: string;
  readonly files: FileIndex;
  /** Reads a root-relative file; undefined when it is missing, unreadable or not inside the root. */
  readFile(path: string): string | undefined;
}

/** The largest file a check reads: a bigger one is read as missing. */
export const maxReadBytes = 64 * 1024 * 1024;

/** A site on disk. Files outside the root (through links included) are never read. */
export class DiskSiteHost implements SiteHost {
  private readonly realRoot: string;

  constructor(
    readonly root: string,
    readonly files: FileIndex = FileIndex.scan(root),
  ) {
    this.realRoot = realpathSync.native(root);
  }

  readFile(path: string): string | undefined {
    try {
      // The native call resolves links in one system call; Node's own walks the path a part at a time.
      const full = realpathSync.native(join(this.root, path));
      if (!isInside(this.realRoot, full)) return undefined;
      if (statSync(full).size > maxReadBytes) return undefined;
      return readFileSync(full, 'utf8');
    } catch {
      return undefined;
    }
  }
}
