import { codeInfo } from '../codes';
import type { Diagnostic } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import type { SiteGraph } from '../pages/siteGraph';
import { createPageAction, suggestionActions, touches, type CodeAction } from './actions';

/**
 * Quick fixes for the problems of a page that touch a range: each suggestion of its rules (a
 * did-you-mean of a link, anchor, image, import or component; `<Tab>`s wrapped in `<Tabs>`; an
 * unknown component's text put on a line of its own); a link to a page that does not exist offers to create it.
 */
export function pageCodeActions(graph: SiteGraph, file: string, diagnostics: readonly Diagnostic[], range: OffsetRange): CodeAction[] {
  return diagnostics.filter((diagnostic) => touches(diagnostic, range)).flatMap((diagnostic) => pageDiagnosticActions(graph, file, diagnostic));
}

/** The quick fixes of one problem of a page: its suggestions, then the page a link leads to created. */
export function pageDiagnosticActions(graph: SiteGraph, file: string, diagnostic: Diagnostic): CodeAction[] {
  const actions = suggestionActions(file, diagnostic);
  const create = codeInfo(diagnostic.code)?.fix === 'create-page' ? createPageAction(graph.host, diagnostic) : undefined;
  if (create) actions.push(create);
  return actions;
}
