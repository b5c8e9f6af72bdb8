import { parseFrontmatter } from '../engine/pages/frontmatter';
import { readFrontmatterBlock } from '../engine/pages/scanPage';
import { specInFrontmatter } from '../engine/rules/openapiSpecRule';

/** How long each slice of reading the pages may hold the server before requests are served. */
const sliceMs = 2;

/** The spec a page's text names in its frontmatter `openapi`, read without the rest of the page. */
function specOfPage(text: string): string | undefined {
  const block = readFrontmatterBlock(text);
  return block && /^\s*openapi\s*:/m.test(block.raw) ? specInFrontmatter(parseFrontmatter(block)) : undefined;
}

/**
 * The specs that pages name in their frontmatter, by page: the editor's check of docs.json, which
 * runs over no page, is given them (CheckOptions.pageSpecs), so a spec named only there gets its
 * problems too. Every page is read once in the background, in slices; page changes keep it up to date.
 */
export class PageSpecIndex {
  private readonly byPage = new Map<string, string>();
  private state: 'unread' | 'reading' | 'read' = 'unread';

  /** The spec files named (root-relative), each once. */
  get specs(): string[] {
    return [...new Set(this.byPage.values())];
  }

  /**
   * Reads every page once, in slices, while `alive` holds; `found` is called when the reading
   * ends having found a page that names a spec.
   */
  readAhead(pages: readonly string[], readFile: (file: string) => string | undefined, alive: () => boolean, found: () => void): void {
    if (this.state !== 'unread') return;
    this.state = 'reading';
    let index = 0;
    const slice = () => {
      if (!alive()) return;
      const until = performance.now() + sliceMs;
      for (; index < pages.length && performance.now() < until; index++) this.read(pages[index], readFile(pages[index]));
      if (index < pages.length) return void setImmediate(slice).unref();
      this.state = 'read';
      if (this.byPage.size > 0) found();
    };
    slice();
  }

  /** A page's text changed (in the editor, or on disk): whether the spec it names changed. */
  pageChanged(file: string, text: string | undefined): boolean {
    const before = this.byPage.get(file);
    this.read(file, text);
    return this.byPage.get(file) !== before;
  }

  private read(file: string, text: string | undefined): void {
    const spec = text === undefined ? undefined : specOfPage(text);
    if (spec === undefined) this.byPage.delete(file);
    else this.byPage.set(file, spec);
  }
}
