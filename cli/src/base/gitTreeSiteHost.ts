import { FileIndex, type SiteHost } from '../../../server/src/engine';
import { isSkippedFolder } from '../../../server/src/engine/site/folderWalk';
import type { GitRepository, GitTree } from './gitRepository';

/** The files a check reads whole (pages, navigation, specs, ignore lists): read from git in one go. */
const readAhead = /\.(mdx|md|json|ya?ml)$|(^|\/)\.mintignore$/;
const maxReadBytes = 64 * 1024 * 1024;

/**
 * A site as it was at a commit, read from git's objects: the same files a check of the working
 * tree would see (dependencies and dot folders left out), without a checkout.
 */
export class GitTreeSiteHost implements SiteHost {
  readonly files = new FileIndex();
  private readonly texts = new Map<string, string>();

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
    const contents = repository.readBlobs(wanted.map((path) => tree.blobs.get(path)!));
    for (const path of wanted) {
      const content = contents.get(tree.blobs.get(path)!);
      if (content !== undefined && content.length <= maxReadBytes) this.texts.set(path, content.toString('utf8'));
    }
  }

  readFile(path: string): string | undefined {
    const read = this.texts.get(path);
    if (read !== undefined || !this.files.has(path)) return read;
    const content = this.repository.readBlobs([this.tree.blobs.get(path)!]).get(this.tree.blobs.get(path)!);
    return content === undefined || content.length > maxReadBytes ? undefined : content.toString('utf8');
  }
}
