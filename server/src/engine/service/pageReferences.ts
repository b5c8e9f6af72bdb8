import type { OffsetRange } from '../json/path';
import type { SiteGraph } from '../pages/siteGraph';
import { fileOf, headingAt, linkAt } from './pageLinks';

/** A page, or one of its anchors. */
export interface PageTarget {
  file: string;
  anchor?: string;
}

export interface PageLinkLocation {
  file: string;
  range: OffsetRange;
}

/**
 * What "find references" means at an offset of a page: on a heading, that heading; on a link or
 * import, what it leads to; anywhere else, the page itself.
 */
export function referenceTargetAt(graph: SiteGraph, file: string, offset: number): PageTarget | undefined {
  const page = graph.page(file);
  if (!page) return undefined;
  const heading = headingAt(page, offset);
  if (heading) return { file, anchor: heading.anchor };
  const link = linkAt(page, offset);
  if (!link) return { file };
  if (link.isImport) {
    const snippet = graph.resolveImport(link.target, file);
    return snippet === undefined ? undefined : { file: snippet };
  }
  const resolved = graph.resolveLink(link.target, file);
  const target = fileOf(resolved);
  return target === undefined || resolved.kind !== 'found' ? undefined : { file: target, anchor: resolved.fragment || undefined };
}

/** Every link, image, attribute and snippet import in the site's pages and snippets that leads to a page (or one of its anchors). */
export function linksTo(graph: SiteGraph, target: PageTarget): PageLinkLocation[] {
  const found: PageLinkLocation[] = [];
  for (const file of [...graph.files.pageFiles, ...graph.files.snippetFiles]) {
    const page = graph.page(file);
    if (!page) continue;
    const seen = new Set<number>();
    for (const reference of page.references) {
      seen.add(reference.range.start);
      if (reference.kind === 'import') {
        if (target.anchor === undefined && graph.resolveImport(reference.target, file) === target.file) found.push({ file, range: reference.range });
        continue;
      }
      const resolved = graph.resolveLink(reference.target, file);
      if (fileOf(resolved) !== target.file || resolved.kind !== 'found') continue;
      if (target.anchor !== undefined && resolved.fragment !== target.anchor) continue;
      found.push({ file, range: reference.range });
    }
    if (target.anchor !== undefined) continue;
    for (const imported of page.imports) {
      if (!seen.has(imported.range.start) && graph.resolveImport(imported.source, file) === target.file) found.push({ file, range: imported.range });
    }
  }
  return found;
}
