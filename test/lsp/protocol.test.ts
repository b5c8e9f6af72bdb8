// The language server through the protocol, as an editor uses it: a real client over stdio
// (vscode-languageserver-protocol) on copies of the lsp-* fixture sites.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentLink,
  DocumentSymbol,
  Hover,
  Location,
  TextEdit,
  WorkspaceDiagnosticReport,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkDocsJson, DiskSiteHost } from '../../server/src/engine';
import { serverNodeOptions } from '../../server/src/launch';
import { LspTestClient, vscodeCapabilities } from './lspClient';

const sitesDir = join(__dirname, '..', 'fixtures', 'sites');

function copyOfSite(site: string): string {
  const root = mkdtempSync(join(tmpdir(), `docsjson-${site.replace('/', '-')}-`));
  cpSync(join(sitesDir, site), root, { recursive: true });
  return root;
}

/** A range as [startLine, startCharacter, endLine, endCharacter], for compact expectations. */
const span = (range: { start: { line: number; character: number }; end: { line: number; character: number } }) => [
  range.start.line,
  range.start.character,
  range.end.line,
  range.end.character,
];

const compact = (diagnostics: Diagnostic[]) => diagnostics.map((d) => [...span(d.range), d.severity, d.code, d.message]);

const basicDiagnostics = [
  [4, 2, 4, 14, 2, 'schema/unknown-key', 'Unknown key "descripton" in docs.json. Did you mean "description"? The site ignores it silently'],
  [10, 16, 10, 25, 1, 'icon/fa-prefix', 'Icon "fa-book" does not need the "fa-" prefix: write "book"'],
  [14, 12, 14, 28, 2, 'nav/expanded-no-effect', '"expanded" has no effect on top-level group "Get started": top-level groups are always expanded. It only applies to groups nested in another group\'s "pages"'],
  [15, 52, 15, 67, 1, 'ref/missing-page', 'Page "guides/deploy" not found: there is no guides/deploy.mdx or guides/deploy.md'],
  [22, 8, 22, 15, 2, 'nav/mixed-children', 'Tab "API" holds "pages" and "groups" side by side: the site shows the groups and drops these pages; each navigation level holds one type of child, so nest one inside the other'],
  [27, 36, 27, 48, 1, 'ref/unknown-operation', 'Operation "POST /user" is not in api/openapi.yaml. Did you mean "POST /users"?'],
];

/** Applies a WorkspaceEdit as an editor would: files created on disk, text edits to open documents. */
async function applyWorkspaceEdit(client: LspTestClient, edit: WorkspaceEdit): Promise<void> {
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change && change.kind === 'create') {
      const path = fileURLToPath(change.uri);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '');
    } else if ('textDocument' in change) {
      const path = fileURLToPath(change.textDocument.uri);
      writeFileSync(path, TextDocument.applyEdits(TextDocument.create(change.textDocument.uri, 'mdx', 0, readFileSync(path, 'utf8')), change.edits as TextEdit[]));
    }
  }
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) {
    const path = fileURLToPath(uri).slice(client.root.length + 1);
    const next = TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, client.text(path)), edits);
    await client.edit(path, 0, client.text(path).length, next);
  }
}

describe('lsp-basic through the protocol', () => {
  let client: LspTestClient;
  let root: string;
  const uri = () => client.uri('docs.json');

  before(async () => {
    root = copyOfSite('lsp-basic');
    client = await LspTestClient.start({ root });
    await client.open('docs.json');
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('pulled diagnostics: every problem with its range, severity, code and message', async () => {
    const diagnostics = await client.diagnostics('docs.json');
    assert.deepEqual(compact(diagnostics), basicDiagnostics);
    assert.ok(diagnostics.every((d) => d.source === 'docsjson'));
    assert.deepEqual(diagnostics[2].tags, [1], '"expanded" with no effect is marked unnecessary');
  });

  test('a pull with the last result id is answered "unchanged"', async () => {
    const first = await client.pull('docs.json');
    assert.equal(first.kind, 'full');
    const second = await client.pull('docs.json', first.resultId);
    assert.deepEqual(second, { kind: 'unchanged', resultId: first.resultId });
  });

  test('each check reports the site status with its duration', async () => {
    await client.until(() => client.statuses.length > 0);
    const status = client.statuses.at(-1) as Record<string, unknown>;
    assert.deepEqual({ ...status, checkMs: typeof status.checkMs }, {
      docsJson: uri(),
      root,
      pages: 6,
      errors: 3,
      warnings: 3,
      // guides/setup.mdx is orphaned: the check of every page runs after the first check of docs.json.
      notes: status.pagesChecked ? 1 : 0,
      pagesChecked: status.pagesChecked,
      checkMs: 'number',
    });
  });

  test('completion: theme values replacing the string', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri() }, position: client.position('docs.json', '"mint"', 1) });
    assert.deepEqual(list.items.map((item) => item.label), ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia']);
    assert.deepEqual(list.items[1].textEdit, { range: { start: { line: 2, character: 11 }, end: { line: 2, character: 17 } }, newText: '"maple"' });
    assert.equal(list.items[1].kind, 12);
  });

  test('completion: icon names with their styles, operations with their summaries, keys as snippets', async () => {
    const icons = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri() }, position: client.position('docs.json', '"user"', 3) });
    assert.equal(icons.isIncomplete, true);
    assert.deepEqual(icons.items.slice(0, 2).map((item) => [item.label, item.detail]), [
      ['usb', 'Font Awesome · brands'],
      ['user', 'Font Awesome · solid · regular'],
    ]);
    const operations = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri() }, position: client.position('docs.json', '"GET /users"', 4) });
    assert.deepEqual(operations.items.slice(0, 2).map((item) => [item.label, item.detail, item.kind]), [
      ['GET /users', 'List users', 2],
      ['GET /users/{id}', 'Get a user', 2],
    ]);
    const keys = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri() }, position: client.position('docs.json', '"icon": "user",', 15) });
    const expanded = keys.items.find((item) => item.label === 'expanded')!;
    assert.equal(expanded.insertTextFormat, 2);
    assert.equal((expanded.textEdit as TextEdit).newText, '"expanded": ${1|true,false|},');
  });

  test('hover: a page title from its frontmatter', async () => {
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri() }, position: client.position('docs.json', '"introduction"', 2) });
    assert.deepEqual(hover, {
      contents: { kind: 'markdown', value: '**Introduction**\n\nWhat the Basic site is about\n\n`introduction.mdx`' },
      range: { start: { line: 15, character: 22 }, end: { line: 15, character: 36 } },
    });
  });

  test('definition: an operation leads to its line in the spec', async () => {
    const location = await client.request<Location>('textDocument/definition', { textDocument: { uri: uri() }, position: client.position('docs.json', '"GET /users"', 2) });
    assert.deepEqual(location, { uri: client.uri('api/openapi.yaml'), range: { start: { line: 6, character: 4 }, end: { line: 6, character: 4 } } });
  });

  test('document links: pages, the spec, and an operation resolved to its line', async () => {
    const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: uri() } });
    assert.deepEqual(
      links.map((link) => [...span(link.range), link.target ?? 'resolve']),
      [
        [15, 22, 15, 36, client.uri('introduction.mdx')],
        [15, 38, 15, 50, client.uri('quickstart.mdx')],
        [22, 18, 22, 32, client.uri('api/overview.mdx')],
        [27, 22, 27, 34, 'resolve'],
        [21, 19, 21, 37, client.uri('api/openapi.yaml')],
      ],
    );
    const resolved = await client.request<DocumentLink>('documentLink/resolve', links[3]);
    assert.equal(resolved.target, `${client.uri('api/openapi.yaml')}#L7`);
  });

  test('references from a page file: where the navigation lists it', async () => {
    await client.open('introduction.mdx');
    const locations = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: client.uri('introduction.mdx') },
      position: { line: 0, character: 0 },
      context: { includeDeclaration: false },
    });
    assert.deepEqual(locations, [{ uri: uri(), range: { start: { line: 15, character: 22 }, end: { line: 15, character: 36 } } }]);
  });

  test('document symbols: the navigation outline', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri() } });
    const navigation = symbols.find((symbol) => symbol.name === 'navigation')!;
    const names = (list: DocumentSymbol[]): unknown[] => list.map((symbol) => (symbol.children?.length ? [symbol.name, names(symbol.children)] : symbol.name));
    assert.deepEqual(names(navigation.children!), [
      ['Guides', [['Get started', ['introduction', 'quickstart', 'guides/deploy']]]],
      ['API', ['api/overview', ['Users', ['GET /users', 'POST /user']]]],
    ]);
    assert.deepEqual(symbols.map((symbol) => symbol.kind), [7, 7, 7, 7, 7, 7]);
  });

  test('code actions: a quick fix for each problem', async () => {
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: uri() },
      range: { start: { line: 0, character: 0 }, end: { line: 33, character: 0 } },
      context: { diagnostics: [] },
    });
    assert.deepEqual(
      actions.map((action) => [action.title, action.kind, action.diagnostics?.[0].code]),
      [
        ['Rename to "description"', 'quickfix', 'schema/unknown-key'],
        ['Change to "book"', 'quickfix', 'icon/fa-prefix'],
        ['Remove "expanded"', 'quickfix', 'nav/expanded-no-effect'],
        ['Create guides/deploy.mdx', 'quickfix', 'ref/missing-page'],
        ['Move "pages" into a new group "API" in "groups"', 'quickfix', 'nav/mixed-children'],
        ['Change to "POST /users"', 'quickfix', 'ref/unknown-operation'],
      ],
    );
  });

  test('the quick fix creates the missing page and opens it; the watched-file event clears the diagnostic', async () => {
    const position = client.position('docs.json', '"guides/deploy"', 1);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri() }, range: { start: position, end: position }, context: { diagnostics: [] } });
    const create = actions.find((action) => action.title === 'Create guides/deploy.mdx')!;
    await applyWorkspaceEdit(client, create.edit!);
    assert.equal(readFileSync(join(root, 'guides', 'deploy.mdx'), 'utf8'), '---\ntitle: "Deploy"\n---\n');
    assert.ok(client.capabilities.executeCommandProvider?.commands.includes(create.command!.command), 'the server runs the command it attaches');
    await client.request('workspace/executeCommand', { command: create.command!.command, arguments: create.command!.arguments });
    assert.deepEqual(client.shownDocuments, [client.uri('guides/deploy.mdx')]);
    const refreshes = client.refreshRequests;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/deploy.mdx'), type: 1 }] });
    await client.until(() => client.refreshRequests > refreshes);
    const codes = (await client.diagnostics('docs.json')).map((d) => d.code);
    assert.equal(codes.includes('ref/missing-page'), false);
  });

  test('a page deleted on disk: the refreshed diagnostics report it missing', async () => {
    unlinkSync(join(root, 'quickstart.mdx'));
    const refreshes = client.refreshRequests;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('quickstart.mdx'), type: 3 }] });
    await client.until(() => client.refreshRequests > refreshes);
    const missing = (await client.diagnostics('docs.json')).filter((d) => d.code === 'ref/missing-page');
    assert.deepEqual(compact(missing), [[15, 38, 15, 50, 1, 'ref/missing-page', 'Page "quickstart" not found: there is no quickstart.mdx or quickstart.md']]);
  });

  test('the "remove expanded" fix applied as an edit: the diagnostic is gone after the edit', async () => {
    const position = client.position('docs.json', '"expanded"', 1);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri() }, range: { start: position, end: position }, context: { diagnostics: [] } });
    await applyWorkspaceEdit(client, actions.find((action) => action.title === 'Remove "expanded"')!.edit!);
    assert.equal(client.text('docs.json').includes('"expanded"'), false);
    const codes = (await client.diagnostics('docs.json')).map((d) => d.code);
    assert.equal(codes.includes('nav/expanded-no-effect'), false);
  });

  test('edits in quick succession are checked once', async () => {
    const checks = client.statuses.length;
    const at = client.text('docs.json').indexOf('"Basic"') + 1;
    for (const letter of ['X', 'Y', 'Z']) await client.edit('docs.json', at, at, letter);
    const diagnostics = await client.diagnostics('docs.json');
    assert.ok(diagnostics.length > 0);
    assert.equal(client.statuses.length, checks + 1);
  });

  test('typing continuously: keystrokes are checked while the typing goes on, each pull answered by a check of its keystroke or a later one', async () => {
    const at = client.text('docs.json').indexOf('"Basic"') + 1;
    const answers: { keystroke: number; answeredDuringTyping: boolean; mentions: string }[] = [];
    let typing = true;
    const pulls: Promise<void>[] = [];
    for (let i = 0; i < 12; i++) {
      await client.edit('docs.json', at, at, 'q');
      const keystroke = i;
      pulls.push(
        client.diagnostics('docs.json').then(() => {
          answers.push({ keystroke, answeredDuringTyping: typing, mentions: client.text('docs.json').slice(at, at + 12) });
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    typing = false;
    await Promise.all(pulls);
    await client.edit('docs.json', at, at + 12, '');
    // A typist's pause is not needed: most keystrokes were checked while the next ones came.
    assert.ok(answers.filter((answer) => answer.answeredDuringTyping).length >= 6, JSON.stringify(answers));
  });

  test('typing in docs.json: after each keystroke the diagnostics are those of a full check of the text', async () => {
    const severity = { error: 1, warning: 2, information: 3, hint: 4 } as const;
    const asEngineSees = () => {
      const text = client.text('docs.json');
      const lines = TextDocument.create(uri(), 'json', 0, text);
      const result = checkDocsJson(text, new DiskSiteHost(root));
      return compact(
        result.documents.get('docs.json')!.diagnostics.map((d) => ({
          range: { start: lines.positionAt(d.range.start), end: lines.positionAt(d.range.end) },
          severity: severity[d.severity],
          code: d.code,
          message: d.message,
        })),
      );
    };
    const at = client.text('docs.json').indexOf('"introduction"') + '"introduction'.length;
    for (const [start, end, typed] of [[at, at, 'x'], [at + 1, at + 1, 'y'], [at, at + 2, ''], [at - 1, at, ''], [at - 1, at - 1, 'n']] as const) {
      await client.edit('docs.json', start, end, typed);
      const diagnostics = compact(await client.diagnostics('docs.json'));
      assert.deepEqual(diagnostics, asEngineSees(), `after typing ${JSON.stringify(typed)}`);
      const missing = diagnostics.some((d) => String(d[6]).startsWith('Page "introductionx'));
      assert.equal(missing, typed === 'x' || typed === 'y', `after typing ${JSON.stringify(typed)}`);
    }
    assert.equal(client.text('docs.json').includes('"introduction"'), true);
  });

  test('willRenameFiles: the entries of a renamed page follow it', async () => {
    const edit = await client.request<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: client.uri('introduction.mdx'), newUri: client.uri('start/introduction.mdx') }] });
    const start = client.position('docs.json', '"introduction"');
    const end = client.position('docs.json', '"introduction"', '"introduction"'.length);
    assert.deepEqual(start, { line: 14, character: 22 }, 'the line above was removed by an earlier test');
    assert.deepEqual(edit, { changes: { [uri()]: [{ range: { start, end }, newText: '"start/introduction"' }] } });
  });

  test('willRenameFiles: a moved folder', async () => {
    const edit = await client.request<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: client.uri('api'), newUri: client.uri('reference') }] });
    assert.deepEqual(
      edit.changes![uri()].map((change) => change.newText),
      ['"reference/overview"', '"reference/openapi.yaml"'],
    );
  });
});

describe('lsp-ref: a "$ref" file through the protocol', () => {
  let client: LspTestClient;
  const root = join(sitesDir, 'lsp-ref');

  before(async () => {
    client = await LspTestClient.start({ root });
    await client.open('nav/en.json');
  });
  after(() => client.stop());

  test('the "$ref" file opened first gets its own diagnostics', async () => {
    assert.deepEqual(compact(await client.diagnostics('nav/en.json')), [
      [6, 28, 6, 40, 1, 'ref/missing-page', 'Page "en/missing" not found: there is no en/missing.mdx or en/missing.md'],
      [10, 14, 10, 16, 1, 'schema/empty', '"icon" in group "More" must not be empty'],
    ]);
  });

  test('docs.json gets the problems written in it, not those of the "$ref" file', async () => {
    await client.open('docs.json');
    assert.deepEqual(compact(await client.diagnostics('docs.json')), [[13, 20, 13, 22, 1, 'schema/empty', '"language" in a language must not be empty']]);
  });

  test('workspace diagnostics: every file of the site, open or not, unchanged ones marked so', async () => {
    type Report = { kind: string; uri: string; resultId: string; items?: Diagnostic[] };
    const first = await client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.deepEqual(
      first.items.map((report) => [report.kind, report.uri, report.items?.map((d) => d.code)]),
      [
        ['full', client.uri('docs.json'), ['schema/empty']],
        ['full', client.uri('nav/en.json'), ['ref/missing-page', 'schema/empty']],
      ],
    );
    const again = await client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: first.items.map(({ uri, resultId }) => ({ uri, value: resultId })) });
    assert.deepEqual(again.items.map((report) => report.kind), ['unchanged', 'unchanged']);
  });

  test('completion in the "$ref" file: icon names of the site library', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: client.uri('nav/en.json') }, position: client.position('nav/en.json', '"icon": ""', 9) });
    assert.deepEqual(list.items.slice(0, 2).map((item) => [item.label, item.detail]), [
      ['book-open', 'Lucide'],
      ['code', 'Lucide'],
    ]);
  });

  test('completion of "language": "": the codes with their names', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: client.uri('docs.json') }, position: client.position('docs.json', '"language": ""', 13) });
    assert.equal(list.items.length, 41);
    assert.deepEqual(list.items.slice(0, 2).map((item) => [item.label, item.detail, item.kind]), [
      ['en', 'English', 20],
      ['cn', 'Chinese (Simplified)', 20],
    ]);
  });
});

describe('lsp-multi: two docs.json in one workspace', () => {
  let client: LspTestClient;
  const root = join(sitesDir, 'lsp-multi');

  before(async () => {
    client = await LspTestClient.start({ root });
    await client.open('one/docs.json');
    await client.open('two/docs.json');
  });
  after(() => client.stop());

  test('each docs.json is checked as its own site', async () => {
    assert.deepEqual(compact(await client.diagnostics('one/docs.json')), []);
    assert.deepEqual(compact(await client.diagnostics('two/docs.json')), [
      [5, 4, 5, 11, 2, 'nav/multiple-root-patterns', '"navigation" holds "pages" and "groups": the site shows the groups and drops these pages; its root takes exactly one of them ("global" may stand beside it)'],
    ]);
  });

  test('references from a page: the entries of its own site only', async () => {
    const references = (path: string) =>
      client.request<Location[]>('textDocument/references', { textDocument: { uri: client.uri(path) }, position: { line: 0, character: 0 }, context: { includeDeclaration: false } });
    assert.deepEqual((await references('one/intro.mdx')).map((location) => [location.uri, ...span(location.range)]), [[client.uri('one/docs.json'), 5, 14, 5, 21]]);
    assert.deepEqual((await references('two/intro.mdx')).map((location) => [location.uri, ...span(location.range)]), [
      [client.uri('two/docs.json'), 5, 14, 5, 21],
      [client.uri('two/docs.json'), 9, 27, 9, 34],
    ]);
  });
});

describe('problems at start-up, before any file is opened', () => {
  test('a client that pulls: the workspace pull holds every docs.json of the folder, and the site status comes', async () => {
    const root = copyOfSite('lsp-basic');
    const client = await LspTestClient.start({ root });
    try {
      const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
      const docsJson = report.items.find((item) => item.uri === client.uri('docs.json'));
      assert.ok(docsJson && docsJson.kind === 'full', JSON.stringify(report));
      assert.deepEqual(compact(docsJson.items), basicDiagnostics);
      await client.until(() => client.statuses.length > 0);
      assert.deepEqual((client.statuses[0] as { errors: number }).errors, 3);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a client that does not pull: the problems are published; docs.json in sub-folders too, not in node_modules', async () => {
    const { diagnostic: _pull, ...textDocument } = vscodeCapabilities.textDocument!;
    const root = mkdtempSync(join(tmpdir(), 'docsjson-start-'));
    cpSync(join(sitesDir, 'lsp-basic'), join(root, 'docs'), { recursive: true });
    cpSync(join(sitesDir, 'lsp-basic'), join(root, 'node_modules', 'some-package'), { recursive: true });
    const client = await LspTestClient.start({ root, capabilities: { ...vscodeCapabilities, textDocument } });
    try {
      await client.until(() => client.published.has(client.uri('docs/docs.json')));
      assert.deepEqual(compact(client.published.get(client.uri('docs/docs.json'))!), basicDiagnostics);
      assert.deepEqual([...client.published.keys()].filter((uri) => uri.includes('node_modules')), []);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('docsjson/checkWorkspace finds docs.json files added since and checks every site from disk', async () => {
    const root = mkdtempSync(join(tmpdir(), 'docsjson-check-workspace-'));
    cpSync(join(sitesDir, 'lsp-basic'), join(root, 'one'), { recursive: true });
    const client = await LspTestClient.start({ root });
    try {
      assert.deepEqual(await client.request('docsjson/checkWorkspace', null), { sites: 1, errors: 3, warnings: 3, notes: 1 });
      cpSync(join(sitesDir, 'lsp-basic'), join(root, 'two'), { recursive: true });
      writeFileSync(join(root, 'one', 'guides', 'deploy.mdx'), '# Deploy\n');
      // No file events were sent: the check reads the folders again.
      assert.deepEqual(await client.request('docsjson/checkWorkspace', null), { sites: 2, errors: 5, warnings: 6, notes: 2 });
      const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
      // Every docs.json and the OpenAPI spec it declares (valid: no problems), and the pages with problems (each site's orphaned page).
      assert.deepEqual(report.items.map((item) => item.uri).sort(), [
        client.uri('one/api/openapi.yaml'),
        client.uri('one/docs.json'),
        client.uri('one/guides/setup.mdx'),
        client.uri('two/api/openapi.yaml'),
        client.uri('two/docs.json'),
        client.uri('two/guides/setup.mdx'),
      ]);
      assert.deepEqual(report.items.filter((item) => item.uri.endsWith('openapi.yaml')).map((item) => (item.kind === 'full' ? item.items : undefined)), [[], []]);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('settings and clients without pull diagnostics', () => {
  test('docsjson.missingPages.severity from workspace/configuration', async () => {
    const client = await LspTestClient.start({ root: join(sitesDir, 'lsp-basic'), settings: { missingPages: { severity: 'warning' } } });
    try {
      await client.open('docs.json');
      const missing = (await client.diagnostics('docs.json')).filter((d) => d.code === 'ref/missing-page');
      assert.deepEqual(missing.map((d) => d.severity), [2]);
    } finally {
      await client.stop();
    }
  });

  test('a client without pull diagnostics gets them published, for docs.json and its "$ref" files', async () => {
    const { diagnostic: _pull, ...textDocument } = vscodeCapabilities.textDocument!;
    const client = await LspTestClient.start({
      root: join(sitesDir, 'lsp-ref'),
      capabilities: { ...vscodeCapabilities, textDocument, workspace: { configuration: false } },
      initializationOptions: { settings: { missingPages: { severity: 'off' } } },
    });
    try {
      await client.open('docs.json');
      await client.until(() => client.published.has(client.uri('nav/en.json')));
      assert.deepEqual(compact(client.published.get(client.uri('docs.json'))!), [[13, 20, 13, 22, 1, 'schema/empty', '"language" in a language must not be empty']]);
      assert.deepEqual(compact(client.published.get(client.uri('nav/en.json'))!), [[10, 14, 10, 16, 1, 'schema/empty', '"icon" in group "More" must not be empty']]);
      const at = client.text('docs.json').indexOf('"language": ""') + 13;
      await client.edit('docs.json', at, at, 'de');
      await client.until(() => client.published.get(client.uri('docs.json'))!.length === 0);
    } finally {
      await client.stop();
    }
  });

  test('a client that reports no file changes: the site reads its folder again when docs.json is reopened', async () => {
    const root = copyOfSite('lsp-basic');
    const { diagnostic: _pull, ...textDocument } = vscodeCapabilities.textDocument!;
    const client = await LspTestClient.start({ root, capabilities: { textDocument, workspace: {} } });
    try {
      const missing = () => (client.published.get(client.uri('docs.json')) ?? []).filter((d) => d.code === 'ref/missing-page').length;
      await client.open('docs.json');
      await client.until(() => missing() === 1);
      writeFileSync(join(root, 'guides', 'deploy.mdx'), '---\ntitle: Deploy\n---\n');
      await client.close('docs.json');
      await client.open('docs.json');
      await client.until(() => missing() === 0);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('formatting: static for clients that cannot register it, for docs.json only in those that can', async () => {
    const root = join(sitesDir, 'lsp-multi');
    const plain = await LspTestClient.start({ root });
    try {
      await plain.open('one/docs.json');
      const edits = await plain.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: plain.uri('one/docs.json') }, options: { tabSize: 2, insertSpaces: true } });
      const formatted = TextDocument.applyEdits(TextDocument.create(plain.uri('one/docs.json'), 'json', 1, plain.text('one/docs.json')), edits);
      assert.equal(formatted.split('\n').slice(3, 6).join('\n'), '  "colors": {\n    "primary": "#000000"\n  },');
    } finally {
      await plain.stop();
    }
    const capabilities = { ...vscodeCapabilities, textDocument: { ...vscodeCapabilities.textDocument, formatting: { dynamicRegistration: true } } };
    const dynamic = await LspTestClient.start({ root, capabilities });
    try {
      await dynamic.until(() => dynamic.registrations.some((registration) => registration.method === 'textDocument/formatting'));
      const formatting = dynamic.registrations.find((registration) => registration.method === 'textDocument/formatting')!;
      assert.deepEqual(formatting.registerOptions, { documentSelector: [{ language: 'docsjson' }] });
    } finally {
      await dynamic.stop();
    }
  });

  test("dist/server.js runs as the docsjson-language-server bin: a node shebang with the server's V8 options", () => {
    assert.equal(readFileSync(join(__dirname, '..', '..', 'dist', 'server.js'), 'utf8').split('\n')[0], `#!/usr/bin/env -S node ${serverNodeOptions.join(' ')}`);
  });
});

describe('remote OpenAPI specs', () => {
  let requests = 0;
  const spec = { openapi: '3.0.0', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { summary: 'List pets' } } } };
  const http = createServer((_request, response) => {
    requests++;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(spec));
  });
  let root: string;

  before(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/openapi.json`;
    root = mkdtempSync(join(tmpdir(), 'docsjson-remote-'));
    const docsJson = { theme: 'mint', name: 'Remote', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'API', openapi: url, pages: ['GET /'] }] } };
    writeFileSync(join(root, 'docs.json'), JSON.stringify(docsJson, null, 2));
  });
  after(() => {
    http.close();
    rmSync(root, { recursive: true, force: true });
  });

  const operationLabels = async (client: LspTestClient) => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: client.uri('docs.json') }, position: client.position('docs.json', '"GET /"', 5) });
    return list.items.filter((item) => item.kind === 2).map((item) => [item.label, item.detail]);
  };

  test('not fetched unless docsjson.openapi.fetchRemote is on', async () => {
    const client = await LspTestClient.start({ root });
    try {
      await client.open('docs.json');
      assert.deepEqual(await operationLabels(client), []);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(requests, 0);
    } finally {
      await client.stop();
    }
  });

  test('fetched once when allowed, then its operations are offered', async () => {
    const client = await LspTestClient.start({ root, settings: { openapi: { fetchRemote: true, allowedHosts: ['127.0.0.1'] } } });
    try {
      await client.open('docs.json');
      assert.deepEqual(await operationLabels(client), [], 'the first request starts the fetch');
      await client.until(() => requests === 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(await operationLabels(client), [['GET /pets', 'List pets']]);
      assert.equal(requests, 1);
    } finally {
      await client.stop();
    }
  });
});
