// `"` typed in a pages list makes `""` (the editor closes the quote): not yet "A page entry must not
// be empty". The empty value the last edit wrote is a hint; once the writer edits elsewhere or
// saves, it is an error.
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient } from './lspClient';

test('an empty page entry just typed is a hint; after an edit elsewhere, or a save, an error', async () => {
  const root = tempFolder('docsjson-typing-');
  cpSync(join(__dirname, '..', '..', 'examples', 'acme-docs'), root, { recursive: true });
  const client = await LspTestClient.start({ root });
  const severityOfEmpty = (report: DocumentDiagnosticReport) => (report.kind === 'full' ? report.items.filter((d) => d.code === 'ref/empty-page').map((d) => d.severity) : 'unchanged');
  try {
    await client.open('docs.json');
    // `"pages": ["introduction", "quickstart", …]`: "" typed before "quickstart" (the comma comes next).
    const at = client.text('docs.json').indexOf('"quickstart"');
    await client.edit('docs.json', at, at, '""');
    const typed = await client.pull('docs.json');
    assert.deepEqual(severityOfEmpty(typed), [4]);
    await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: client.uri('docs.json') } });
    const saved = await client.pull('docs.json', typed.kind === 'full' ? typed.resultId : undefined);
    assert.deepEqual(severityOfEmpty(saved), [1], 'saved with the entry empty: an error, even to a pull with the last result id');

    await client.edit('docs.json', at + 2, at + 2, ', ');
    assert.deepEqual(severityOfEmpty(await client.pull('docs.json')), [1], 'a comma after it: the writer moved on');
  } finally {
    await client.stop();
  }
});
