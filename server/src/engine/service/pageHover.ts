import type { SiteGraph } from '../pages/siteGraph';
import type { Hover } from './hover';
import { routeOf } from './redirect';
import { inlineCode, plainParagraph, plainText } from './markdown';
import { linkAt } from './pageLinks';

/**
 * On a link in a page: the page it leads to (title, description, address) and the heading its
 * anchor names; for a generated API page, its operation; for a snippet import, the snippet.
 */
export function pageHover(graph: SiteGraph, file: string, offset: number): Hover | undefined {
  const page = graph.page(file);
  const link = page && linkAt(page, offset);
  if (!link) return undefined;
  if (link.isImport) {
    const snippet = graph.resolveImport(link.target, file);
    return snippet ? { markdown: `Snippet ${inlineCode(snippet)}`, range: link.range } : undefined;
  }
  const resolved = graph.resolveLink(link.target, file);
  if (resolved.kind !== 'found') return undefined;
  const route = resolved.route;
  const lines: string[] = [];
  if (route.kind === 'page') {
    const target = graph.page(route.file);
    const data = target?.frontmatter?.data ?? {};
    const title = typeof data.title === 'string' ? data.title : undefined;
    lines.push(title ? `**${plainText(title)}**` : inlineCode(route.file));
    if (typeof data.description === 'string' && data.description.trim()) lines.push(plainParagraph(data.description));
    const heading = resolved.fragment === undefined ? undefined : target?.headings.find((candidate) => candidate.anchor === resolved.fragment);
    if (heading) lines.push(`Section: ${plainText(heading.text)}`);
    lines.push(`${inlineCode(routeOf(route.file) ?? `/${route.file}`)} · ${inlineCode(route.file)}`);
  } else if (route.kind === 'generated') {
    const { operation, spec } = route.page;
    lines.push(`**${plainText(operation.summary ?? `${operation.method} ${operation.path}`)}**`);
    if (operation.description) lines.push(plainParagraph(operation.description));
    lines.push(`${inlineCode(`${operation.method} ${operation.path}`)} · ${inlineCode(spec)}`);
  } else if (route.kind === 'redirect') {
    lines.push(`Redirects to ${inlineCode(route.redirect.destination)}`);
  } else {
    return undefined;
  }
  return { markdown: lines.join('\n\n'), range: link.range };
}
