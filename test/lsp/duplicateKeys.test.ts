// A key written twice in docs.json, and the did-you-mean that would write one, over the protocol.
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient } from './lspClient';

test('the example site: no "Rename to colors" beside "colors"; a key written twice is reported, and its fix removes the one the site ignores', async () => {
  const root = tempFolder('docsjson-duplicate-');
  cpSync(join(__dirname, '..', '..', 'examples', 'acme-docs'), root, { recursive: true });
  const client = await LspTestClient.start({ root });
  try {
    await client.open('docs.json');
    const text = client.text('docs.json');
    const at = text.indexOf('"colour"');
    await client.edit('docs.json', at, at, '"theme": "maple",\n  ');
    const diagnostics = await client.diagnostics('docs.json');
    const duplicate = diagnostics.filter((d) => d.code === 'schema/duplicate-key');
    assert.equal(duplicate.length, 1);
    assert.deepEqual(duplicate[0].range.start, { line: 2, character: 2 }, 'the first "theme", which the site ignores');
    assert.match(String(duplicate[0].message), /^"theme" is written 2 times in this object: the site reads only the last one, on line 6/);

    const whole = { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: client.uri('docs.json') }, range: whole, context: { diagnostics: [] } });
    const titles = actions.map((action) => [action.title, action.diagnostics?.[0].code]);
    assert.deepEqual(titles.filter(([, code]) => code === 'schema/duplicate-key' || code === 'schema/unknown-key'), [['Remove "theme"', 'schema/duplicate-key']]);

    const remove = actions.find((action) => action.title === 'Remove "theme"')!;
    const edits = remove.edit!.changes![client.uri('docs.json')];
    const fixed = TextDocument.applyEdits(TextDocument.create(client.uri('docs.json'), 'json', 0, client.text('docs.json')), edits);
    await client.edit('docs.json', 0, client.text('docs.json').length, fixed);
    assert.deepEqual((await client.diagnostics('docs.json')).filter((d) => d.code === 'schema/duplicate-key'), []);
    assert.match(client.text('docs.json'), /"theme": "maple"/, 'the value the site read stays');
  } finally {
    await client.stop();
  }
});
