// The fix-all code action (source.fixAll.docsjson) over the protocol: the fixes that need no
// choice of docs.json and of a page, asked for by its kind as editor.codeActionsOnSave asks.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient } from './lspClient';

const fixAllKind = 'source.fixAll.docsjson';
const unparsableOnceFixed = '---\ntitle: Broken\n---\n\n<!-- a note -->\n\nA <b>bold start.\n';

describe('fix all', () => {
  let client: LspTestClient;

  before(async () => {
    const root = copyOfFixtureSite('lsp-basic');
    writeFileSync(join(root, 'guides', 'broken.mdx'), unparsableOnceFixed);
    client = await LspTestClient.start({ root });
    await client.open('docs.json');
  });
  after(() => client.stop());

  async function actions(path: string, only?: string[]): Promise<CodeAction[]> {
    const end = client.position(path, '', client.text(path).length);
    const range = { start: { line: 0, character: 0 }, end };
    return client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: client.uri(path) }, range, context: { diagnostics: [], ...(only ? { only } : {}) } });
  }

  function fixed(path: string, action: CodeAction): string {
    const edits = action.edit!.changes![client.uri(path)];
    assert.deepEqual(Object.keys(action.edit!.changes!), [client.uri(path)], 'edits in the file alone');
    return TextDocument.applyEdits(TextDocument.create('x', 'json', 0, client.text(path)), edits);
  }

  test('the server offers the kind, and package.json declares it for editor.codeActionsOnSave', () => {
    const provider = client.capabilities.codeActionProvider;
    assert.ok(typeof provider === 'object' && provider.codeActionKinds?.includes(fixAllKind));
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    const declared = manifest.contributes.codeActions.flatMap((entry: { actions: { kind: string } | { kind: string }[] }) => [entry.actions].flat().map((action) => action.kind));
    assert.ok(declared.includes(fixAllKind));
  });

  test("docs.json: one action applies every fix that needs no choice, and leaves the problems that ask for one", async () => {
    await client.diagnostics('docs.json');
    const [action, ...others] = await actions('docs.json', [fixAllKind]);
    assert.equal(others.length, 0);
    assert.equal(action.kind, fixAllKind);
    const expected = client
      .text('docs.json')
      .replace('"descripton"', '"description"')
      .replace('"fa-book"', '"book"')
      .replace(/\n {12}"expanded": true,/, '')
      .replace('"POST /user"]', '"POST /users"]');
    assert.equal(fixed('docs.json', action), expected);
  });

  test('asked for "source" it comes too; the quick fixes alone when the request names no kind or only quickfix', async () => {
    assert.deepEqual((await actions('docs.json', ['source'])).map((action) => action.kind), [fixAllKind]);
    assert.ok(!(await actions('docs.json')).some((action) => action.kind === fixAllKind));
    const quickFixes = await actions('docs.json', ['quickfix']);
    assert.ok(quickFixes.length > 0 && quickFixes.every((action) => action.kind === 'quickfix'));
  });

  test('a page: its fixes; none for a page whose fixed text would still not parse', async () => {
    await client.open('quickstart.mdx', '---\ntitle: Quickstart\n---\n\n<!-- a note -->\n\nSee [the intro](/introduction).\n');
    await client.diagnostics('quickstart.mdx');
    const [action] = await actions('quickstart.mdx', [fixAllKind]);
    assert.equal(fixed('quickstart.mdx', action), '---\ntitle: Quickstart\n---\n\n{/* a note */}\n\nSee [the intro](/introduction).\n');

    await client.open('guides/broken.mdx');
    await client.diagnostics('guides/broken.mdx');
    assert.deepEqual(await actions('guides/broken.mdx', [fixAllKind]), []);
    const quickFixes = await actions('guides/broken.mdx');
    assert.ok(quickFixes.some((quickFix) => quickFix.title.includes('MDX comment')), 'the comment still has its quick fix');
  });
});
