import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import type { CheckedSite } from '../engine/service/checkedSite';
import type { JsonText } from '../engine/service/jsonText';
import type { DocsWorkspace } from './docsWorkspace';
import type { OpenJsonDocument } from './serverContext';

/** Answers of each kind kept for a text of a document, with the check they were worked out on. */
const kept = new WeakMap<JsonText, Map<string, { checked: CheckedSite; answer: unknown }>>();

/**
 * An answer about a whole JSON document (its outline, its links), which on a large docs.json takes
 * 100-200 ms to work out and send. It is kept for the text and check it was made from: VS Code
 * asks again for the same text (the outline view and the breadcrumbs). One asked for a text that
 * changed before its turn comes is not worked out: a keystroke waiting behind it goes first, and
 * the client asks again for the new text.
 */
export async function wholeDocumentAnswer<T>(workspace: DocsWorkspace, target: OpenJsonDocument, kind: string, token: CancellationToken, answer: () => T): Promise<T> {
  const answers = kept.get(target.text) ?? new Map<string, { checked: CheckedSite; answer: unknown }>();
  kept.set(target.text, answers);
  const found = answers.get(kind);
  if (found?.checked === target.checked) return found.answer as T;
  const version = target.document.version;
  // Twice: messages read while the first waits are handled before the second's turn.
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
  if (token.isCancellationRequested || workspace.openDocument(target.path)?.version !== version) {
    throw new ResponseError(LSPErrorCodes.ContentModified, 'The document changed before the answer was worked out.');
  }
  const made = answer();
  answers.set(kind, { checked: target.checked, answer: made });
  return made;
}
