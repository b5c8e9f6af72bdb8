// The "Site navigation" view's requests through the protocol: a real client over stdio on a copy
// of the e2e-site fixture.
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TextDocumentEdit, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  moveNavigationEntryRequest,
  navigationRequest,
  type MoveNavigationEntryParams,
  type MoveNavigationEntryResult,
  type NavigationItem,
  type NavigationParams,
  type NavigationResult,
} from '../../server/src/lsp/navigationProtocol';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient } from './lspClient';

const fixture = join(__dirname, '..', 'fixtures', 'sites', 'e2e-site');

describe('the navigation requests', () => {
  let client: LspTestClient;
  let root: string;
  const navigation = (parent?: NavigationItem) =>
    client.request<NavigationResult>(navigationRequest, { docsJson: client.uri('docs.json'), parent: parent && { uri: parent.uri, path: parent.path } } satisfies NavigationParams);

  before(async () => {
    root = tempFolder('docsjson-lsp-navigation-');
    cpSync(fixture, root, { recursive: true });
    client = await LspTestClient.start({ root });
  });
  after(() => client.stop());

  test('the top level and a group\'s pages, with titles from frontmatter, places and ranges, before docs.json is opened', async () => {
    const top = await navigation();
    assert.deepEqual(top?.items.map((item) => [item.kind, item.label, item.icon, item.childCount, item.path.join('.')]), [
      ['group', 'Get started', 'fa-rocket', 3, 'navigation.groups.0'],
      ['group', 'Reference', 'book', 1, 'navigation.groups.1'],
    ]);
    const pages = await navigation(top!.items[0]);
    assert.deepEqual(pages?.items.map((item) => [item.label, item.detail, item.file]), [
      ['Introduction', 'introduction', client.uri('introduction.mdx')],
      ['Setup', 'guides/setup', client.uri('guides/setup.mdx')],
      ['guides/missing', 'guides/missing', undefined],
    ]);
    assert.deepEqual(pages!.items[1].range, { start: { line: 11, character: 34 }, end: { line: 11, character: 48 } });
    assert.equal(pages!.items[1].uri, client.uri('docs.json'));
  });

  test('a page dragged onto another group comes back as an edit of the open docs.json, at its version', async () => {
    await client.open('docs.json');
    const [started, reference] = (await navigation())!.items;
    const [, setup] = (await navigation(started))!.items;
    const result = await client.request<MoveNavigationEntryResult>(moveNavigationEntryRequest, {
      docsJson: client.uri('docs.json'),
      source: { uri: setup.uri, path: setup.path },
      target: { uri: reference.uri, path: reference.path },
    } satisfies MoveNavigationEntryParams);
    const [change] = result.edit!.documentChanges as TextDocumentEdit[];
    assert.equal(change.textDocument.version, 1, "the version the client opened it at");
    assert.equal(change.edits.length, 2);
    const text = client.text('docs.json');
    const after = TextDocument.applyEdits(TextDocument.create('x', 'json', 0, text), change.edits as TextEdit[]);
    assert.equal(after, text.replace('"introduction", "guides/setup", ', '"introduction", ').replace('["reference/settings"]', '["reference/settings", "guides/setup"]'));
  });

  test('a refused move says why; a place outside the site is not answered', async () => {
    const [started] = (await navigation())!.items;
    const [intro] = (await navigation(started))!.items;
    const refused = await client.request<MoveNavigationEntryResult>(moveNavigationEntryRequest, {
      docsJson: client.uri('docs.json'),
      source: { uri: started.uri, path: started.path },
      target: { uri: intro.uri, path: intro.path },
    } satisfies MoveNavigationEntryParams);
    assert.deepEqual(refused, { refused: 'An entry cannot move into itself.' });
    assert.equal(await client.request(navigationRequest, { docsJson: client.uri('docs.json'), parent: { uri: 'file:///elsewhere/x.json', path: [] } }), null);
    assert.equal(await client.request(navigationRequest, { docsJson: 'file:///elsewhere/notes.json' }), null);
    assert.equal(readFileSync(join(root, 'docs.json'), 'utf8'), readFileSync(join(fixture, 'docs.json'), 'utf8'));
  });
});
