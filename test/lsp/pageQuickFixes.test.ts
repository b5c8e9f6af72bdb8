// Quick fixes in pages over the protocol: each did-you-mean replaces the target it is about, and a
// link to a page that does not exist offers to create it.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient } from './lspClient';

const page = [
  '---',
  'title: Fixes',
  '---',
  "import Note from '/snippets/notes.mdx';",
  '',
  'Read [what Acme does](/introduction#what-acme-dos) and the [overview](/api-reference/overviw).',
  '',
  '![Logo](/images/logo.pgn)',
  '',
  'Soon: [the changelog](/changelog).',
  '',
].join('\n');

describe('quick fixes in a page', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = tempFolder('docsjson-page-fixes-');
    cpSync(join(__dirname, '..', '..', 'examples', 'acme-docs'), root, { recursive: true });
    mkdirSync(join(root, 'images'));
    writeFileSync(join(root, 'images', 'logo.png'), '');
    mkdirSync(join(root, 'snippets'));
    writeFileSync(join(root, 'snippets', 'note.mdx'), 'A note.\n');
    writeFileSync(join(root, 'fixes.mdx'), page);
    client = await LspTestClient.start({ root });
    await client.open('fixes.mdx');
  });
  after(() => client.stop());

  async function actionsFor(diagnostic: Diagnostic): Promise<CodeAction[]> {
    return client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: client.uri('fixes.mdx') }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
  }

  async function problem(code: string, marker: string): Promise<Diagnostic> {
    const offset = client.text('fixes.mdx').indexOf(marker);
    const found = (await client.diagnostics('fixes.mdx')).find((d) => d.code === code && client.position('fixes.mdx', marker).line === d.range.start.line && offsetOf(d) <= offset + marker.length && offsetOf(d) >= offset - 1);
    assert.ok(found, `a ${code} problem at ${marker}`);
    return found;
  }

  function offsetOf(diagnostic: Diagnostic): number {
    return TextDocument.create('x', 'mdx', 0, client.text('fixes.mdx')).offsetAt(diagnostic.range.start);
  }

  async function apply(action: CodeAction): Promise<void> {
    const edits = action.edit!.changes![client.uri('fixes.mdx')] as TextEdit[];
    const next = TextDocument.applyEdits(TextDocument.create(client.uri('fixes.mdx'), 'mdx', 0, client.text('fixes.mdx')), edits);
    await client.edit('fixes.mdx', 0, client.text('fixes.mdx').length, next);
  }

  const cases: [string, string, string, string][] = [
    ['an anchor', 'link/missing-anchor', '#what-acme-dos', 'Change to "#what-acme-does"'],
    ['a link', 'link/missing-page', '/api-reference/overviw', 'Change to "/api-reference/overview"'],
    ['an image', 'link/missing-file', '/images/logo.pgn', 'Change to "/images/logo.png"'],
    ['a snippet import', 'link/missing-snippet', '/snippets/notes.mdx', 'Change to "/snippets/note.mdx"'],
  ];
  for (const [what, code, marker, title] of cases) {
    test(`the did-you-mean of ${what} replaces its target, and the problem is gone`, async () => {
      const diagnostic = await problem(code, marker);
      const actions = await actionsFor(diagnostic);
      assert.deepEqual(actions.map((action) => [action.title, action.kind, action.isPreferred]).filter(([t]) => t === title), [[title, 'quickfix', true]]);
      await apply(actions.find((action) => action.title === title)!);
      assert.equal(client.text('fixes.mdx').includes(marker), false);
      const codes = (await client.diagnostics('fixes.mdx')).map((d) => d.code);
      assert.equal(codes.filter((c) => c === code).length, code === 'link/missing-page' ? 1 : 0, JSON.stringify(codes));
    });
  }

  test('a link to a page that does not exist offers to create it, with its title; the link then leads somewhere', async () => {
    const diagnostic = await problem('link/missing-page', '/changelog');
    const actions = await actionsFor(diagnostic);
    assert.deepEqual(actions.map((action) => [action.title, action.isPreferred]), [['Create changelog.mdx', true]]);
    const create = actions[0];
    assert.deepEqual(create.command?.command, 'docsjson.server.openCreatedPage');
    for (const change of create.edit!.documentChanges!) {
      if ('kind' in change && change.kind === 'create') {
        mkdirSync(dirname(fileURLToPath(change.uri)), { recursive: true });
        writeFileSync(fileURLToPath(change.uri), '');
      } else if ('textDocument' in change) {
        const path = fileURLToPath(change.textDocument.uri);
        writeFileSync(path, TextDocument.applyEdits(TextDocument.create(change.textDocument.uri, 'mdx', 0, readFileSync(path, 'utf8')), change.edits as TextEdit[]));
      }
    }
    assert.equal(readFileSync(join(root, 'changelog.mdx'), 'utf8'), '---\ntitle: "Changelog"\n---\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('changelog.mdx'), type: 1 }] });
    // The page itself is listed nowhere: once every page is checked it is called orphaned, which is not what this test is about.
    const codes = (await client.diagnostics('fixes.mdx')).map((d) => d.code).filter((code) => code !== 'page/orphaned');
    assert.deepEqual(codes, []);
    assert.ok(existsSync(join(root, 'changelog.mdx')));
  });
});
