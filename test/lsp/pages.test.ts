// Pages (.mdx and .md) through the protocol: a real client over stdio on a copy of the lsp-pages
// fixture site.
import assert from 'node:assert/strict';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CompletionList, Hover, Location, TextEdit, WorkspaceDiagnosticReport, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient, vscodeCapabilities } from './lspClient';

const copyOfSite = () => copyOfFixtureSite('lsp-pages');

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
    // The server reads answers and file events in order: an edit for the dismissed offer would
    // arrive before the one accepted next.
    client.answer = 'Add Redirect';
    renameSync(join(root, 'guides', 'ship.md'), join(root, 'guides', 'deliver.md'));
    await client.connection.sendNotification('workspace/didRenameFiles', { files: [{ oldUri: client.uri('guides/ship.md'), newUri: client.uri('guides/deliver.md') }] });
    await client.until(() => client.appliedEdits.length > 0);
    const edits = (client.appliedEdits[0] as WorkspaceEdit).changes![client.uri('docs.json')] as TextEdit[];
    assert.deepEqual(edits.map((edit) => edit.newText.match(/"source": "[^"]*"/g)), [['"source": "/guides/ship"']]);
  });
});

describe('a page closed as it moves', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = copyOfSite();
    client = await LspTestClient.start({ root });
    await client.open('guides/setup.mdx');
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('pulled once more at its old address before the file events arrive, it has no problems there', async () => {
    const end = client.text('guides/setup.mdx').length;
    await client.edit('guides/setup.mdx', end, end, '\nSee [out](../../outside).\n');
    assert.deepEqual((await client.diagnostics('guides/setup.mdx')).map((d) => d.code), ['link/outside-root']);
    renameSync(join(root, 'guides', 'setup.mdx'), join(root, 'guides', 'install.mdx'));
    await client.close('guides/setup.mdx');
    assert.deepEqual(await client.diagnostics('guides/setup.mdx'), []);
  });

  test('the workspace pull reports a page closed since it was pulled as the check of every page found it, and no change on the next pull', async () => {
    await client.open('index.mdx');
    const open = await client.diagnostics('index.mdx');
    assert.equal(open.length, 2);
    const statuses = client.statuses.length;
    await client.close('index.mdx');
    await client.until(() => (client.statuses.slice(statuses) as { pagesChecked: boolean }[]).some((status) => status.pagesChecked), 30_000);
    const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    const closed = report.items.find((item) => item.uri === client.uri('index.mdx'));
    assert.ok(closed?.kind === 'full' && closed.version === null);
    assert.deepEqual(closed.items, open);
    const again = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [{ uri: closed.uri, value: closed.resultId }] });
    assert.equal(again.items.find((item) => item.uri === client.uri('index.mdx'))?.kind, 'unchanged');
  });
});

describe('page features through the protocol', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = copyOfSite();
    client = await LspTestClient.start({ root });
    for (const page of ['docs.json', 'index.mdx', 'quickstart.mdx', 'guides/setup.mdx', 'guides/deploy.md']) await client.open(page);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const at = (path: string, marker: string, delta = 0) => ({ textDocument: { uri: client.uri(path) }, position: client.position(path, marker, delta) });

  test('pulled diagnostics of a page: a link that leads nowhere and an anchor the target does not define, under our own source', async () => {
    const diagnostics = await client.diagnostics('index.mdx');
    assert.deepEqual(diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character, d.severity, d.source, d.code, d.message]), [
      [8, 16, 31, 1, 'docsjson', 'link/missing-page', 'Link "/guides/nowhere" leads nowhere: no page, generated page, file or redirect is at /guides/nowhere'],
      [8, 66, 73, 2, 'docsjson', 'link/missing-anchor', '"#instal" is not an anchor of quickstart.mdx: no heading or id there makes it. Did you mean "#install"?'],
    ]);
    assert.deepEqual(await client.diagnostics('guides/setup.mdx'), [], 'a page whose links all lead somewhere');
  });

  test('diagnostics follow the text as it is typed', async () => {
    const text = client.text('guides/deploy.md');
    await client.edit('guides/deploy.md', text.length, text.length, 'See [the setup](/guides/setup#configure-the-cl).\n');
    assert.deepEqual((await client.diagnostics('guides/deploy.md')).map((d) => d.message), ['"#configure-the-cl" is not an anchor of guides/setup.mdx: no heading or id there makes it. Did you mean "#configure-the-cli"?']);
    await client.edit('guides/deploy.md', text.length, client.text('guides/deploy.md').length, '');
    assert.deepEqual(await client.diagnostics('guides/deploy.md'), []);
  });

  test('the server announces completion on "(" and "#", rename with prepare, and file moves for pages', () => {
    assert.deepEqual(client.capabilities.completionProvider?.triggerCharacters, ['"', '/', '(', '#', '<']);
    assert.deepEqual(client.capabilities.renameProvider, { prepareProvider: true });
  });

  test('completion after "](/" offers the pages with their titles; after "#" the anchors of the target page', async () => {
    const text = client.text('quickstart.mdx');
    await client.edit('quickstart.mdx', text.length, text.length, '\nSee [the guide](/');
    const pagesList = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: client.uri('quickstart.mdx') }, position: client.position('quickstart.mdx', 'guide](/', 'guide](/'.length) });
    assert.deepEqual(pagesList.items.map((item) => [item.label, item.detail]).sort(), [['/', 'Home'], ['/guides/deploy', 'Deploy'], ['/guides/setup', 'Setup'], ['/quickstart', 'Quickstart']]);
    const setup = pagesList.items.find((item) => item.label === '/guides/setup')!;
    assert.equal(setup.kind, 17, 'a file');
    assert.deepEqual(setup.documentation, { kind: 'markdown', value: 'Install and configure the CLI' });
    const end = client.text('quickstart.mdx').length;
    await client.edit('quickstart.mdx', end, end, 'guides/setup#');
    const anchors = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: client.uri('quickstart.mdx') }, position: client.position('quickstart.mdx', 'setup#', 'setup#'.length) });
    assert.deepEqual(anchors.items.map((item) => [item.label, item.detail]), [['#install', '## Install'], ['#configure-the-cli', '## Configure the CLI']]);
    const position = client.position('quickstart.mdx', 'setup#', 'setup#'.length);
    assert.deepEqual(anchors.items[0].textEdit, { range: { start: position, end: position }, newText: 'install' });
    await client.edit('quickstart.mdx', text.length, client.text('quickstart.mdx').length, '');
  });

  test('no completion in prose, where the platform\'s MDX extension offers components', async () => {
    const list = await client.request<CompletionList | null>('textDocument/completion', at('index.mdx', 'Start with', 5));
    assert.equal(list, null);
  });

  test('hover on a link shows the target page\'s title and description', async () => {
    const hover = await client.request<Hover>('textDocument/hover', at('index.mdx', '/guides/setup#install', 2));
    assert.deepEqual(hover.contents, { kind: 'markdown', value: '**Setup**\n\nInstall and configure the CLI\n\nSection: Install\n\n`/guides/setup` · `guides/setup.mdx`' });
  });

  test('definition: a link to a heading opens it; a snippet import opens the snippet', async () => {
    const heading = await client.request<Location>('textDocument/definition', at('index.mdx', '/guides/setup#install', 2));
    assert.deepEqual(heading, { uri: client.uri('guides/setup.mdx'), range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } } });
    const snippet = await client.request<Location>('textDocument/definition', at('index.mdx', '/snippets/note.mdx', 3));
    assert.equal(snippet.uri, client.uri('snippets/note.mdx'));
  });

  test('references of a page: its docs.json entry and every link to it; of a heading: the links to its anchor', async () => {
    const shown = (locations: Location[]) => locations.map((l) => `${l.uri.slice(client.uri('').length + 1)}:${l.range.start.line}:${l.range.start.character}`).sort();
    const page = await client.request<Location[]>('textDocument/references', { ...at('guides/setup.mdx', 'Back to'), context: { includeDeclaration: true } });
    assert.deepEqual(shown(page), ['docs.json:9:41', 'guides/deploy.md:7:15', 'guides/deploy.md:7:44', 'guides/setup.mdx:11:14', 'index.mdx:6:57', 'quickstart.mdx:7:23']);
    const heading = await client.request<Location[]>('textDocument/references', { ...at('guides/setup.mdx', '## Install', 4), context: { includeDeclaration: true } });
    assert.deepEqual(shown(heading), ['guides/deploy.md:7:44', 'guides/setup.mdx:11:14', 'index.mdx:6:57']);
    const fromDocsJson = await client.request<Location[]>('textDocument/references', { textDocument: { uri: client.uri('docs.json') }, position: client.position('docs.json', '"guides/setup"', 2), context: { includeDeclaration: true } });
    assert.deepEqual(shown(fromDocsJson), shown(page), 'from docs.json: the same');
  });

  test('renaming a heading renames it and every link to its anchor', async () => {
    const prepared = await client.request<{ range: unknown; placeholder: string }>('textDocument/prepareRename', at('guides/setup.mdx', '## Install', 5));
    assert.deepEqual(prepared, { range: { start: { line: 5, character: 3 }, end: { line: 5, character: 10 } }, placeholder: 'Install' });
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { ...at('guides/setup.mdx', '## Install', 5), newName: 'Install the CLI' });
    const newTexts = Object.fromEntries(Object.entries(edit.changes!).map(([uri, edits]) => [uri.slice(client.uri('').length + 1), edits.map((e) => e.newText)]));
    assert.deepEqual(newTexts, { 'guides/setup.mdx': ['Install the CLI', '#install-the-cli'], 'index.mdx': ['/guides/setup#install-the-cli'], 'guides/deploy.md': ['./setup#install-the-cli'] });
    assert.equal(await client.request('textDocument/prepareRename', at('guides/setup.mdx', 'Back to')), null, 'only headings');
  });

  test('willRenameFiles: every link to a moved page follows, anchored and relative ones too, with its docs.json entry and the redirect to it', async () => {
    const edit = await client.request<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: client.uri('guides/setup.mdx'), newUri: client.uri('start/install.mdx') }] });
    const newTexts = Object.fromEntries(Object.entries(edit.changes!).map(([uri, edits]) => [uri.slice(client.uri('').length + 1), edits.map((e) => e.newText).sort()]));
    assert.deepEqual(newTexts, {
      'docs.json': ['"/start/install"', '"start/install"'],
      'index.mdx': ['/start/install#install'],
      'quickstart.mdx': ['/start/install'],
      'guides/deploy.md': ['../start/install#install', '/start/install'],
    });
  });

  test('an edited heading of an open page asks the client to pull again: the other open pages linking to it change', async () => {
    const refreshes = client.refreshRequests;
    const heading = client.text('guides/setup.mdx').indexOf('## Install') + '## '.length;
    await client.edit('guides/setup.mdx', heading, heading + 'Install'.length, 'Installing');
    await client.until(() => client.refreshRequests > refreshes);
    assert.ok((await client.diagnostics('index.mdx')).some((d) => String(d.message).startsWith('"#install" is not an anchor of guides/setup.mdx')));
    await client.edit('guides/setup.mdx', heading, heading + 'Installing'.length, 'Install');
    assert.equal((await client.diagnostics('index.mdx')).length, 2);
  });

  test('a closed page changed on disk is read again: its new link is found', async () => {
    writeFileSync(join(root, 'snippets', 'note.mdx'), '## A note from a snippet\n\nSee the [setup](/guides/setup).\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('snippets/note.mdx'), type: 2 }] });
    const references = await client.request<Location[]>('textDocument/references', { ...at('guides/setup.mdx', 'Back to'), context: { includeDeclaration: true } });
    assert.ok(references.some((location) => location.uri === client.uri('snippets/note.mdx') && location.range.start.line === 2), JSON.stringify(references));
  });
});

describe('push diagnostics of pages that link to a changed page', () => {
  let client: LspTestClient;
  let root: string;
  const pushCapabilities = {
    ...vscodeCapabilities,
    textDocument: { ...vscodeCapabilities.textDocument, diagnostic: undefined },
    workspace: { ...vscodeCapabilities.workspace, diagnostics: undefined },
  };
  const brokenAnchor = '"#install" is not an anchor of guides/setup.mdx: no heading or id there makes it.';
  const messagesOfIndex = () => (client.published.get(client.uri('index.mdx')) ?? []).map((d) => String(d.message));
  const indexReports = (part: string) => messagesOfIndex().some((message) => message.includes(part));

  before(async () => {
    root = copyOfSite();
    client = await LspTestClient.start({ root, capabilities: pushCapabilities });
    await client.open('index.mdx');
    await client.open('guides/setup.mdx');
    await client.until(() => messagesOfIndex().length === 2);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('a heading renamed in the open target page reports the link to its old anchor without touching the linking page; restored, the report goes', async () => {
    assert.ok(!indexReports(brokenAnchor), messagesOfIndex().join('\n'));
    const heading = client.text('guides/setup.mdx').indexOf('## Install') + '## '.length;
    await client.edit('guides/setup.mdx', heading, heading + 'Install'.length, 'Installing');
    await client.until(() => indexReports(brokenAnchor));
    assert.ok(indexReports('Did you mean "#installing"?'), messagesOfIndex().join('\n'));
    await client.edit('guides/setup.mdx', heading, heading + 'Installing'.length, 'Install');
    await client.until(() => !indexReports(brokenAnchor));
    assert.equal(messagesOfIndex().length, 2);
  });

  test('the target page closed unsaved is its text on disk again: the report of its edited heading goes', async () => {
    const heading = client.text('guides/setup.mdx').indexOf('## Install') + '## '.length;
    await client.edit('guides/setup.mdx', heading, heading + 'Install'.length, 'Installing');
    await client.until(() => indexReports(brokenAnchor));
    await client.close('guides/setup.mdx');
    await client.until(() => !indexReports(brokenAnchor));
    await client.open('guides/setup.mdx');
  });

  test('the target page deleted on disk reports the links to it; created again, the reports go', async () => {
    const text = client.text('guides/setup.mdx');
    await client.close('guides/setup.mdx');
    rmSync(join(root, 'guides', 'setup.mdx'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/setup.mdx'), type: 3 }] });
    await client.until(() => indexReports('Link "/guides/setup#install" leads nowhere'));
    writeFileSync(join(root, 'guides', 'setup.mdx'), text);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/setup.mdx'), type: 1 }] });
    await client.until(() => !indexReports('/guides/setup#install'));
    assert.equal(messagesOfIndex().length, 2);
  });

  test('a heading renamed in the target page on disk, the page closed, reports the link to its old anchor', async () => {
    const path = join(root, 'guides', 'setup.mdx');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace('## Install', '## Installing'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/setup.mdx'), type: 2 }] });
    await client.until(() => indexReports(brokenAnchor));
    writeFileSync(path, text);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/setup.mdx'), type: 2 }] });
    await client.until(() => !indexReports(brokenAnchor));
  });
});
