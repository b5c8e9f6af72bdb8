// A keystroke in an OpenAPI spec that changes nothing the rest of the site reads of it (its
// operations, its verdict) keeps the site's last check and finds the spec's own problems again,
// rather than checking docs.json and the site in full: through the protocol, what it answers
// equals what a full check of the same texts answers. On a copy of the lsp-openapi fixture site
// whose spec has a problem its converter reports (code samples that are not a list).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient } from './lspClient';

const spec = 'api/openapi.yaml';
const sample = '      x-codeSamples: { lang: js, source: "fetch()" }\n';
const added = '  description: Everything about the users of Acme\n';

let client: LspTestClient;

before(async () => {
  const root = copyOfFixtureSite('lsp-openapi');
  const path = join(root, spec);
  writeFileSync(path, readFileSync(path, 'utf8').replace('      summary: List users\n', `      summary: List users\n${sample}`));
  client = await LspTestClient.start({ root });
  await client.open('docs.json');
  await client.open(spec);
});
after(() => client.stop());

const converterLine = (diagnostics: Diagnostic[]) => diagnostics.find((diagnostic) => diagnostic.code === 'openapi/converter-error')?.range.start.line;
const lineOf = (needle: string) => client.text(spec).slice(0, client.text(spec).indexOf(needle)).split('\n').length - 1;

/** The spec's diagnostics once its converter problem is at the line of the code samples (pulled again after each refresh). */
async function settled(): Promise<Diagnostic[]> {
  for (;;) {
    const refreshes = client.refreshRequests;
    const diagnostics = await client.diagnostics(spec);
    if (converterLine(diagnostics) === lineOf('x-codeSamples')) return diagnostics;
    await client.until(() => client.refreshRequests > refreshes, 30_000);
  }
}

test('a line typed into the spec\'s info and removed again: the kept check answers what a full check of the same texts answers', async () => {
  await settled();
  const at = client.text(spec).indexOf('  version:');
  await client.edit(spec, at, at, added);
  await settled();
  // Back to the first text, whose findings are known: nothing waits for a validation.
  await client.edit(spec, at, at + added.length, '');
  const kept = { spec: await client.diagnostics(spec), docsJson: await client.diagnostics('docs.json') };
  assert.equal(converterLine(kept.spec), lineOf('x-codeSamples'), 'the spec\'s own problem, at its line in the text now');
  assert.deepEqual(kept.docsJson, []);

  // A file event makes the next check a full one, of the same texts.
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('index.mdx'), type: 2 }] });
  const full = { spec: await client.diagnostics(spec), docsJson: await client.diagnostics('docs.json') };
  assert.deepEqual(kept, full);
});
