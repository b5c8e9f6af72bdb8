// The redirect checks of docs.json through the protocol: a real client over stdio on a copy of the
// lsp-pages fixture site (its one redirect, "/old-setup" → "/guides/setup", leads to a page).
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient, vscodeCapabilities } from './lspClient';

const destination = '"destination": "/guides/setup"';
const missing = '"/guides/setpu" is not a page, a file or another redirect\'s source: the redirect leads nowhere. Did you mean "/guides/setup"?';
const pageGone = '"/guides/setup" is not a page, a file or another redirect\'s source: the redirect leads nowhere';

function copyOfSite(docsJson?: (text: string) => string): string {
  const root = copyOfFixtureSite('lsp-pages');
  if (docsJson) writeFileSync(join(root, 'docs.json'), docsJson(readFileSync(join(root, 'docs.json'), 'utf8')));
  return root;
}

const misspelt = (text: string) => text.replace('/guides/setup" }', '/guides/setpu" }');

function redirectProblems(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith('redirect/'));
}

/** The line of the redirect's destination value in a docs.json text (0-based). */
function destinationLine(text: string): number {
  return text.slice(0, text.indexOf('"destination"')).split('\n').length - 1;
}

describe('redirect problems in docs.json, pulled', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = copyOfSite();
    client = await LspTestClient.start({ root });
    await client.open('docs.json');
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('a destination misspelt as you type is reported at its line, with a quick fix; fixed, the report goes', async () => {
    assert.deepEqual(redirectProblems(await client.diagnostics('docs.json')), []);
    const at = client.text('docs.json').indexOf(destination) + destination.length - 'setup"'.length;
    await client.edit('docs.json', at, at + 'setup'.length, 'setpu');
    const [problem, ...others] = redirectProblems(await client.diagnostics('docs.json'));
    assert.deepEqual(others, []);
    assert.equal(problem.code, 'redirect/missing-destination');
    assert.equal(problem.message, missing);
    assert.equal(problem.range.start.line, destinationLine(client.text('docs.json')));
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: client.uri('docs.json') }, range: problem.range, context: { diagnostics: [problem] } });
    assert.deepEqual(
      actions.map((action) => action.title),
      ['Change to "/guides/setup"'],
    );

    await client.edit('docs.json', at, at + 'setpu'.length, 'setup');
    assert.deepEqual(redirectProblems(await client.diagnostics('docs.json')), []);
  });

  test('an edit above the redirects moves the report with its line', async () => {
    const at = client.text('docs.json').indexOf(destination) + destination.length - 'setup"'.length;
    await client.edit('docs.json', at, at + 'setup'.length, 'setpu');
    const name = client.text('docs.json').indexOf('"Pages"');
    await client.edit('docs.json', name, name, '"Pages",\n  "description": ');
    const [problem] = redirectProblems(await client.diagnostics('docs.json'));
    assert.equal(problem?.range.start.line, destinationLine(client.text('docs.json')));
    await client.edit('docs.json', name, name + '"Pages",\n  "description": '.length, '');
    const back = client.text('docs.json').indexOf('setpu');
    await client.edit('docs.json', back, back + 'setpu'.length, 'setup');
    assert.deepEqual(redirectProblems(await client.diagnostics('docs.json')), []);
  });

  test('the destination page deleted on disk makes the redirect lead nowhere; created again, the report goes', async () => {
    const page = join(root, 'guides', 'setup.mdx');
    const text = readFileSync(page, 'utf8');
    rmSync(page);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/setup.mdx'), type: 3 }] });
    const [problem, ...others] = redirectProblems(await client.diagnostics('docs.json'));
    assert.deepEqual(others, []);
    assert.equal(problem?.message, pageGone);
    assert.equal(problem.range.start.line, destinationLine(client.text('docs.json')));

    writeFileSync(page, text);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/setup.mdx'), type: 1 }] });
    assert.deepEqual(redirectProblems(await client.diagnostics('docs.json')), []);
  });
});

describe('redirect problems in docs.json, published to a client that does not pull', () => {
  const pushCapabilities = {
    ...vscodeCapabilities,
    textDocument: { ...vscodeCapabilities.textDocument, diagnostic: undefined },
    workspace: { ...vscodeCapabilities.workspace, diagnostics: undefined },
  };
  let client: LspTestClient;
  let root: string;
  const published = () => redirectProblems(client.published.get(client.uri('docs.json')) ?? []);

  before(async () => {
    root = copyOfSite(misspelt);
    client = await LspTestClient.start({ root, capabilities: pushCapabilities });
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('the problem on disk is published at start-up; the fix typed in the open docs.json takes it away', async () => {
    await client.until(() => published().length > 0);
    assert.deepEqual(
      published().map((d) => [d.code, d.message, d.range.start.line]),
      [['redirect/missing-destination', missing, destinationLine(readFileSync(join(root, 'docs.json'), 'utf8'))]],
    );
    await client.open('docs.json');
    const at = client.text('docs.json').indexOf('setpu');
    await client.edit('docs.json', at, at + 'setpu'.length, 'setup');
    await client.until(() => published().length === 0);
  });
});

describe('redirect problems in the workspace diagnostics pulled at start-up', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = copyOfSite(misspelt);
    client = await LspTestClient.start({ root });
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test("docs.json's report, not opened, holds the redirect problem", async () => {
    const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    const docsJson = report.items.find((item) => item.uri === client.uri('docs.json'));
    assert.ok(docsJson && docsJson.kind === 'full', JSON.stringify(report));
    assert.deepEqual(
      redirectProblems(docsJson.items).map((d) => [d.code, d.message]),
      [['redirect/missing-destination', missing]],
    );
  });
});
