import type { Code } from '../codes';
import { codes } from '../codes';
import type { Diagnostic } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import type { SiteGraph } from '../pages/siteGraph';
import { routeOf } from '../service/redirect';

/** The codes the link checks of a page report. */
export const linkCodes: readonly Code[] = ['link/missing', 'link/missing-anchor', 'link/outside-root', 'link/missing-snippet'];

/**
 * The problems of the links in one page, read with the text the graph holds for it: targets that
 * lead nowhere, anchors the target page does not define, snippet imports with no file.
 */
export function checkPageLinks(graph: SiteGraph, file: string): Diagnostic[] {
  const page = graph.page(file);
  if (!page) return [];
  const found: Diagnostic[] = [];
  const report = (code: Code, range: OffsetRange, message: string, replacement?: string) =>
    found.push({ range, severity: codes[code].severity, code, message, suggestions: replacement === undefined ? undefined : [{ title: `Change to "${replacement}"`, replacement }] });
  for (const reference of page.references) {
    if (reference.kind === 'import') continue;
    const target = reference.target;
    const resolved = graph.resolveLink(target, file);
    if (resolved.kind === 'missing') {
      const suggestion = resolved.suggestion === undefined ? undefined : `/${resolved.suggestion}${target.slice(pathLength(target))}`;
      report('link/missing', reference.range, `Link to "${target}" leads nowhere: no page, file or redirect at /${resolved.path}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`, suggestion);
    } else if (resolved.kind === 'outside') {
      report('link/outside-root', reference.range, `Link to "${target}" leaves the docs folder`);
    } else if (resolved.kind === 'found' && resolved.fragment) {
      const anchor = graph.resolveAnchor(resolved.route, resolved.fragment);
      if (anchor.kind !== 'missing') continue;
      const where = resolved.route.kind === 'page' ? routeOf(resolved.route.file) ?? resolved.route.file : resolved.path;
      const hash = target.indexOf('#');
      const suggestion = anchor.suggestion === undefined ? undefined : `${target.slice(0, hash + 1)}${anchor.suggestion}`;
      const onPage = resolved.route.kind === 'page' && resolved.route.file === file ? 'this page' : where;
      report('link/missing-anchor', reference.range, `Anchor "#${resolved.fragment}" is not on ${onPage}${anchor.suggestion ? `. Did you mean "#${anchor.suggestion}"?` : ''}`, suggestion);
    }
  }
  for (const imported of page.imports) {
    if (graph.resolveImport(imported.source, file) === undefined) report('link/missing-snippet', imported.range, `Snippet "${imported.source}" not found`);
  }
  return found;
}

/** The length of a target's path part (before `?` and `#`). */
function pathLength(target: string): number {
  const end = target.search(/[?#]/);
  return end < 0 ? target.length : end;
}
