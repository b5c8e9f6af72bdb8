import { codeInfo } from '../codes';
import type { Diagnostic } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import type { SiteGraph } from '../pages/siteGraph';
import { suggestionActions, touches, type CodeAction } from './actions';
import { titleFromPath } from './frontmatter';

/**
 * Quick fixes for the problems of a page that touch a range: each did-you-mean replaces the link,
 * anchor, image or import target it is about; a link to a page that does not exist offers to create it.
 */
export function pageCodeActions(graph: SiteGraph, file: string, diagnostics: readonly Diagnostic[], range: OffsetRange): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (!touches(diagnostic, range)) continue;
    actions.push(...suggestionActions(file, diagnostic));
    if (codeInfo(diagnostic.code)?.fix === 'create-page') {
      const create = createLinkedPage(graph, diagnostic);
      if (create) actions.push(create);
    }
  }
  return actions;
}

function createLinkedPage(graph: SiteGraph, diagnostic: Diagnostic): CodeAction | undefined {
  const { page, file } = diagnostic.data ?? {};
  if (typeof page !== 'string' || typeof file !== 'string' || page === '' || graph.host.files.has(file)) return undefined;
  return {
    title: `Create ${file}`,
    diagnostic,
    isPreferred: !diagnostic.suggestions?.length,
    createFile: { file, content: `---\ntitle: ${JSON.stringify(titleFromPath(page))}\n---\n` },
    edits: [],
  };
}
