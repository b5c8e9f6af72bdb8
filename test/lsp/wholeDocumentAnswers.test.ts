import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CheckedSite } from '../../server/src/engine/service/checkedSite';
import type { JsonText } from '../../server/src/engine/service/jsonText';
import type { DocsWorkspace } from '../../server/src/lsp/docsWorkspace';
import type { OpenJsonDocument } from '../../server/src/lsp/serverContext';
import { wholeDocumentAnswer } from '../../server/src/lsp/wholeDocumentAnswers';

/** A document at a version whose text and check are the given objects, in a workspace that has it open at `open.version`. */
function fixture() {
  const open = { version: 1 };
  const workspace = { openDocument: () => open } as unknown as DocsWorkspace;
  const target = (text: object, checked: object) => ({ path: '/site/docs.json', document: { version: open.version }, text: text as JsonText, checked: checked as CheckedSite }) as unknown as OpenJsonDocument;
  return { open, workspace, target };
}

test('an answer about a whole document is worked out once per text and check', async () => {
  const { workspace, target } = fixture();
  const text = {};
  const checked = {};
  let made = 0;
  const answer = () => ++made;
  assert.equal(await wholeDocumentAnswer(workspace, target(text, checked), 'symbols', CancellationToken.None, answer), 1);
  assert.equal(await wholeDocumentAnswer(workspace, target(text, checked), 'symbols', CancellationToken.None, answer), 1, 'kept');
  assert.equal(await wholeDocumentAnswer(workspace, target(text, checked), 'links', CancellationToken.None, answer), 2, 'each kind its own');
  assert.equal(await wholeDocumentAnswer(workspace, target(text, {}), 'symbols', CancellationToken.None, answer), 3, 'another check');
  assert.equal(await wholeDocumentAnswer(workspace, target({}, checked), 'symbols', CancellationToken.None, answer), 4, 'another text');
});

test('an answer for a text edited before its turn is not worked out: the edit goes first', async () => {
  const { open, workspace, target } = fixture();
  let made = 0;
  const asked = wholeDocumentAnswer(workspace, target({}, {}), 'symbols', CancellationToken.None, () => ++made);
  // A keystroke handled while the answer waits for its turn.
  setImmediate(() => open.version++);
  await assert.rejects(asked, (error: unknown) => error instanceof ResponseError && error.code === LSPErrorCodes.ContentModified);
  assert.equal(made, 0);
});
