// Pages (.mdx and .md) through the protocol: a real client over stdio on a copy of the lsp-pages
// fixture site.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspTestClient } from './lspClient';

const fixture = join(__dirname, '..', 'fixtures', 'sites', 'lsp-pages');

function copyOfSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'docsjson-lsp-pages-'));
  cpSync(fixture, root, { recursive: true });
  return root;
}

describe('moving pages through the protocol', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = copyOfSite();
    client = await LspTestClient.start({ root });
    await client.open('docs.json');
    await client.diagnostics('docs.json');
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('after a page moved, the server offers a redirect from its old address; accepted, it adds one to docs.json', async () => {
    renameSync(join(root, 'quickstart.mdx'), join(root, 'start.mdx'));
    client.answer = 'Add Redirect';
    await client.connection.sendNotification('workspace/didRenameFiles', { files: [{ oldUri: client.uri('quickstart.mdx'), newUri: client.uri('start.mdx') }] });
    await client.until(() => client.appliedEdits.length > 0);
    assert.deepEqual(client.questions, [{ message: 'Add a redirect to docs.json so the old address keeps working? /quickstart → /start', actions: ['Add Redirect'] }]);
    const edit = client.appliedEdits[0] as WorkspaceEdit;
    const edits = edit.changes![client.uri('docs.json')] as TextEdit[];
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const after = TextDocument.applyEdits(TextDocument.create('x', 'json', 0, text), edits);
    assert.equal(after, text.replace('"/guides/setup" }', '"/guides/setup" },\n    { "source": "/quickstart", "destination": "/start" }'));
  });

  test('a dismissed offer changes nothing; a moved snippet or image is not offered a redirect', async () => {
    client.questions.length = 0;
    client.appliedEdits.length = 0;
    client.answer = undefined;
    renameSync(join(root, 'guides', 'deploy.md'), join(root, 'guides', 'ship.md'));
    renameSync(join(root, 'snippets', 'note.mdx'), join(root, 'snippets', 'aside.mdx'));
    await client.connection.sendNotification('workspace/didRenameFiles', {
      files: [
        { oldUri: client.uri('guides/deploy.md'), newUri: client.uri('guides/ship.md') },
        { oldUri: client.uri('snippets/note.mdx'), newUri: client.uri('snippets/aside.mdx') },
      ],
    });
    await client.until(() => client.questions.length > 0);
    assert.deepEqual(client.questions.map((q) => q.message), ['Add a redirect to docs.json so the old address keeps working? /guides/deploy → /guides/ship']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(client.appliedEdits, []);
  });
});
