import { walkFolder } from './folderWalk';

export const pageExtensions = ['.mdx', '.md'];

/** The page path (without extension) a page file stands for; undefined for other files. */
export function pageOf(file: string): string | undefined {
  for (const extension of pageExtensions) if (file.endsWith(extension)) return file.slice(0, -extension.length);
  return undefined;
}

/** The files of a docs site, as paths relative to its root with forward slashes. */
export class FileIndex {
  private readonly files = new Set<string>();
  /** Page paths without extension that have a page file (.mdx or .md). */
  private readonly pages = new Set<string>();
  /** Symbolic links found under the root that point outside of it; they are never followed. */
  readonly escapingLinks = new Set<string>();
  /** Folder -> the page paths in it; built on first use, dropped when a page comes or goes. */
  private pagesByFolder?: Map<string, string[]>;
  /** Increases with every file added or deleted: what was built on the index while it stays the same still holds. */
  generation = 0;

  add(path: string): void {
    if (this.files.has(path)) return;
    this.files.add(path);
    this.generation++;
    const page = pageOf(path);
    if (page === undefined) return;
    if (this.pages.has(page)) return;
    this.pages.add(flatCopy(page));
    this.pagesByFolder = undefined;
  }

  delete(path: string): void {
    if (!this.files.delete(path)) return;
    this.generation++;
    const page = pageOf(path);
    if (page === undefined) return;
    if (pageExtensions.some((extension) => this.files.has(page + extension))) return;
    this.pages.delete(page);
    this.pagesByFolder = undefined;
  }

  /** Whether a page path (no extension) has a .mdx or .md file. */
  hasPage(page: string): boolean {
    return this.pages.has(page);
  }

  /** The file a page path resolves to (.mdx before .md), if any. */
  pageFile(page: string): string | undefined {
    if (!this.pages.has(page)) return undefined;
    return pageExtensions.map((extension) => page + extension).find((file) => this.files.has(file));
  }

  /** The page paths (without extension) in the folder of a page path. */
  pagesInFolderOf(page: string): readonly string[] {
    if (!this.pagesByFolder) {
      this.pagesByFolder = new Map();
      for (const path of this.pages) {
        const folder = folderOf(path);
        const list = this.pagesByFolder.get(folder);
        if (list) list.push(path);
        else this.pagesByFolder.set(folder, [path]);
      }
    }
    return this.pagesByFolder.get(folderOf(page)) ?? [];
  }

  /** Every page path (without extension) that has a file. */
  allPages(): IterableIterator<string> {
    return this.pages.values();
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  get size(): number {
    return this.files.size;
  }

  all(): IterableIterator<string> {
    return this.files.values();
  }

  /** Indexes a folder tree, skipping node_modules and dot folders, never leaving the root. */
  static scan(root: string): FileIndex {
    const index = new FileIndex();
    walkFolder(root, { file: (path) => index.add(path), escapingLink: (path) => index.escapingLinks.add(path) });
    return index;
  }
}

/**
 * The same text as a string of its own. A slice points into its parent string, and looking it up
 * as a Map key compares it through that indirection: twice as slow over a site's 20k page entries.
 */
function flatCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
