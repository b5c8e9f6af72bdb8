import { commands, type CompletionItem, type CompletionList } from 'vscode';
import type { Middleware } from 'vscode-languageclient';

let askingOthers = false;

const labelOf = (item: CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

/**
 * In Markdown files (language "markdown") VS Code's own Markdown support completes link targets
 * too: paths as files, and anchors (`#install`) of the page and of other Markdown files. Our list
 * leaves out the items it offers already, so none shows twice; what only we know (routes
 * without extension, titles, anchors of .mdx pages, anchors as the platform writes them) stays.
 */
export const withoutMarkdownDuplicates: NonNullable<Middleware['provideCompletionItem']> = async (document, position, context, token, next) => {
  // Asked by the look-up below: the other providers' answers only.
  if (askingOthers) return null;
  const ours = await next(document, position, context, token);
  if (!ours || document.languageId !== 'markdown') return ours;
  let theirs: CompletionList | undefined;
  askingOthers = true;
  try {
    theirs = await commands.executeCommand<CompletionList>('vscode.executeCompletionItemProvider', document.uri, position, context.triggerCharacter);
  } finally {
    askingOthers = false;
  }
  const offered = new Set((theirs?.items ?? []).map(labelOf));
  const items = Array.isArray(ours) ? ours : ours.items;
  const kept = items.filter((item) => !offered.has(labelOf(item)));
  return Array.isArray(ours) ? kept : { ...ours, items: kept };
};
