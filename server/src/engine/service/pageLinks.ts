import type { OffsetRange } from '../json/path';
import type { Heading, PageModel } from '../pages/pageModel';
import type { PageReference } from '../pages/scanPage';
import type { LinkResolution, SiteGraph } from '../pages/siteGraph';
import type { SiteLocation } from './links';

/** A link, image, attribute or snippet import under the cursor in a page. */
export interface PageLink {
  range: OffsetRange;
  target: string;
  /** A snippet import's source rather than a link. */
  isImport: boolean;
}

/** The link or import whose target text holds an offset (its ends included). */
export function linkAt(page: PageModel, offset: number): PageLink | undefined {
  const within = (range: OffsetRange) => range.start <= offset && offset <= range.end;
  const reference = page.references.find((candidate: PageReference) => within(candidate.range));
  if (reference) return { range: reference.range, target: reference.target, isImport: reference.kind === 'import' };
  const imported = page.imports.find((candidate) => within(candidate.range));
  return imported && { range: imported.range, target: imported.source, isImport: true };
}

/** The heading on the line that holds an offset. */
export function headingAt(page: PageModel, offset: number): Heading | undefined {
  return page.headings.find((heading) => heading.range.start <= offset && offset <= heading.range.end);
}

/** Where a page link leads, as a file of the site and, for an anchor, the heading or element that defines it. */
export function linkDestination(graph: SiteGraph, file: string, link: PageLink): SiteLocation | undefined {
  if (link.isImport) {
    const snippet = graph.resolveImport(link.target, file);
    return snippet === undefined ? undefined : { file: snippet };
  }
  const resolved = graph.resolveLink(link.target, file);
  const target = fileOf(resolved);
  if (!target || resolved.kind !== 'found') return undefined;
  return { file: target, offset: resolved.fragment ? anchorOffset(graph, target, resolved.fragment) : undefined };
}

/** The file a resolved link opens: a page (also through a redirect to one) or a static file. */
export function fileOf(resolved: LinkResolution): string | undefined {
  if (resolved.kind !== 'found') return undefined;
  const route = resolved.route;
  if (route.kind === 'page') return route.file;
  if (route.kind === 'file') return route.path;
  return undefined;
}

/** Where a page defines an anchor: its heading, its element with that id, or a heading of a snippet it imports. */
export function anchorOffset(graph: SiteGraph, file: string, anchor: string): number | undefined {
  const page = graph.page(file);
  if (!page) return undefined;
  const heading = page.headings.find((candidate) => candidate.anchor === anchor);
  if (heading) return heading.range.start;
  return page.componentAnchors.find((candidate) => candidate.anchor === anchor)?.range.start;
}
