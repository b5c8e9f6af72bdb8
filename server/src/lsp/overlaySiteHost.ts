import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DiskSiteHost, FileIndex, type SiteHost } from '../engine';
import { isSkippedFolder } from '../engine/site/folderWalk';
import type { TextSource } from '../engine/textSource';

/**
 * A site as the editor sees it: open buffers over the files on disk. JSON and YAML files read from
 * disk are kept until they change (watched-file events), so specs and "$ref" files are read once.
 */
export class OverlaySiteHost implements SiteHost {
  readonly files: FileIndex;
  private readonly disk: DiskSiteHost;
  private readonly kept = new Map<string, string | undefined>();
  private readPaths = new Set<string>();

  constructor(
    readonly root: string,
    /** The text of an open buffer, by root-relative path. */
    private readonly openText: (path: string) => TextSource | undefined,
  ) {
    this.files = FileIndex.scan(root);
    this.disk = new DiskSiteHost(root, this.files);
  }

  readFile(path: string): string | undefined {
    return this.readSource(path)?.toString();
  }

  /** As readFile, an open buffer's text as it is kept (see TextSource). */
  readSource(path: string): TextSource | undefined {
    this.readPaths.add(path);
    const open = this.openText(path);
    if (open !== undefined) return open;
    if (/\.mdx?$/i.test(path)) return this.disk.readFile(path);
    if (!this.kept.has(path)) this.kept.set(path, this.disk.readFile(path));
    return this.kept.get(path);
  }

  /** The files read since the last call: what a check depended on. */
  takeReadPaths(): Set<string> {
    const paths = this.readPaths;
    this.readPaths = new Set();
    return paths;
  }

  /** Reads the folder again, for clients that do not report file changes. */
  rescan(): void {
    const fresh = FileIndex.scan(this.root);
    for (const file of [...this.files.all()]) if (!fresh.has(file)) this.files.delete(file);
    for (const file of fresh.all()) this.files.add(file);
    this.kept.clear();
  }

  /** An open buffer closed: it may have been saved just before, the file on disk is read again. */
  bufferClosed(path: string): void {
    this.kept.delete(path);
  }

  /** A file or folder was created, changed or deleted on disk. */
  fileChanged(path: string, change: 'created' | 'changed' | 'deleted'): void {
    this.kept.delete(path);
    if (change === 'changed') return;
    for (const file of [...this.files.all()]) {
      if (file === path || file.startsWith(`${path}/`)) {
        this.files.delete(file);
        this.kept.delete(file);
      }
    }
    if (change === 'created') this.addCreated(path);
  }

  private addCreated(path: string): void {
    let isFolder: boolean;
    try {
      isFolder = statSync(join(this.root, path)).isDirectory();
    } catch {
      return;
    }
    if (!isFolder) {
      this.files.add(path);
      return;
    }
    for (const file of FileIndex.scan(join(this.root, path)).all()) this.files.add(`${path}/${file}`);
  }
}

/** Whether the file index holds a path: none in dependencies or dot folders. */
export function isIndexedPath(path: string): boolean {
  return !path.split('/').some(isSkippedFolder);
}
