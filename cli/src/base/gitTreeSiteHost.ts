import { FileIndex, type SiteHost } from '../../../server/src/engine';
import { isSkippedFolder } from '../../../server/src/engine/site/folderWalk';
import { maxReadBytes } from '../../../server/src/engine/site/siteHost';
import { shortRef } from '../checkOutput';
import type { GitRepository, GitTree } from './gitRepository';

/** The files a check reads whole (pages, navigation, specs, ignore lists): read from git ahead, a batch at a time. */
const readAhead = /\.(mdx|md|json|ya?ml)$|(^|\/)\.mintignore$/;

/**
 * A site as it was at a commit, read from git's objects: the same files a check of the working
 * tree would see (dependencies and dot folders left out), without a checkout. Every blob's size
 * is asked first: one larger than a check reads of a file (as on disk) is never read, and a note
 * says so.
 */
export class GitTreeSiteHost implements SiteHost {
  readonly files = new FileIndex();
  /** The files left unread for their size, in a sentence each. */
  readonly notes: string[] = [];
  private readonly texts = new Map<string, string>();
  private readonly sizes: Map<string, number>;

  constructor(
    readonly root: string,
    private readonly repository: GitRepository,
    private readonly tree: GitTree,
  ) {
    const wanted: string[] = [];
    for (const path of tree.blobs.keys()) {
      if (path.split('/').slice(0, -1).some(isSkippedFolder)) continue;
      this.files.add(path);
      if (readAhead.test(path)) wanted.push(path);
    }
    this.sizes = repository.blobSizes([...new Set(Array.from(this.files.all(), (path) => tree.blobs.get(path)!))]);
    // Batches of at most maxReadBytes: never more than one large file's worth of git's answer held at once.
    let batch: string[] = [];
    let batchBytes = 0;
    const readBatch = () => {
      const contents = repository.readBlobs(batch.map((path) => tree.blobs.get(path)!), batchBytes);
      for (const path of batch) {
        const content = contents.get(tree.blobs.get(path)!);
        if (content !== undefined) this.texts.set(path, content.toString('utf8'));
      }
      batch = [];
      batchBytes = 0;
    };
    for (const path of wanted) {
      const size = this.readableSize(path);
      if (size === undefined) continue;
      if (batchBytes + size > maxReadBytes && batch.length > 0) readBatch();
      batch.push(path);
      batchBytes += size;
    }
    if (batch.length > 0) readBatch();
  }

  readFile(path: string): string | undefined {
    const read = this.texts.get(path);
    if (read !== undefined || !this.files.has(path) || readAhead.test(path)) return read;
    const size = this.readableSize(path);
    if (size === undefined) return undefined;
    const object = this.tree.blobs.get(path)!;
    return this.repository.readBlobs([object], size).get(object)?.toString('utf8');
  }

  /** The size of a file's blob when a check may read it; a note when it is too large (once per file). */
  private readableSize(path: string): number | undefined {
    const size = this.sizes.get(this.tree.blobs.get(path)!);
    if (size === undefined || size <= maxReadBytes) return size;
    const note = `${path} at ${shortRef(this.tree.commit)} is ${Math.round(size / 1024 / 1024)} MB, more than the ${maxReadBytes / 1024 / 1024} MB a check reads of a file: it was not read`;
    if (!this.notes.includes(note)) this.notes.push(note);
    return undefined;
  }
}
