import { Position, SnippetString, window, workspace, type Disposable, type TextDocumentChangeEvent } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { closingTagMethod } from '../../server/src/lsp/closingTagProtocol';

const closeDelayMs = 100;

/**
 * Closes a tag as the HTML support does: when `>` typed in a page ends an opening tag
 * (`<Card title="x">`), the closing tag (`</Card>`) is put after the cursor.
 */
export function registerClosingTags(client: LanguageClient): Disposable {
  return workspace.onDidChangeTextDocument((event) => void closeTag(client, event));
}

async function closeTag(client: LanguageClient, { document, contentChanges, reason }: TextDocumentChangeEvent): Promise<void> {
  if (document.languageId !== 'mdx' || reason !== undefined || contentChanges.length !== 1) return;
  const [change] = contentChanges;
  if (change.text !== '>' || change.rangeLength !== 0) return;
  const editor = window.activeTextEditor;
  if (editor?.document !== document) return;
  const position = new Position(change.range.start.line, change.range.start.character + 1);
  const version = document.version;
  // As the HTML support does: a moment for the language client to send this change first (its
  // listener may come after this one), and for a quick next keystroke to cancel.
  await new Promise((resolve) => setTimeout(resolve, closeDelayMs));
  if (document.version !== version) return;
  const params = client.code2ProtocolConverter.asTextDocumentPositionParams(document, position);
  const closing = await client.sendRequest<string | null>(closingTagMethod, params);
  // Only if nothing changed while the server answered, and the cursor is still after the `>`.
  if (!closing || document.version !== version || !editor.selection.active.isEqual(position)) return;
  await editor.insertSnippet(new SnippetString(`$0${closing.replace(/[$}\\]/g, '\\$&')}`), position);
}
