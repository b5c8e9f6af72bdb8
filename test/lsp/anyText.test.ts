// Nothing a writer types makes a request fail: random edits of real docs.json files (half-typed
// entries, emptied names, null, {}, broken JSON) through the protocol, then every request the
// server offers, at the edited places and elsewhere. Each answer must be one VS Code accepts:
// non-empty symbol names, selection ranges inside their symbol, ranges inside the document,
// completion edits on the cursor's line and around it, edits that do not overlap.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentDiagnosticReport,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InitializeResult,
  Location,
  Position,
  Range,
  TextEdit,
  WorkspaceDiagnosticReport,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  moveNavigationEntryRequest,
  navigationRequest,
  type MoveNavigationEntryResult,
  type NavigationItem,
  type NavigationResult,
} from '../../server/src/lsp/navigationProtocol';
import { corpusSites, materialiseRepository } from '../support/corpus';
import { LspTestClient } from './lspClient';
import { loadScaled } from '../support/loadScaled';

/** Corpus sites of every shape: "$ref" files, OpenAPI specs, versions and tabs, legacy keys, anchors. */
const sites = ['mintlify+docs', 'PrefectHQ+fastmcp', 'spree+spree', 'CopilotKit+vnext_experimental', 'cline+cline', 'axiomhq+docs'];
const runsPerSite = Number(process.env.DOCSJSON_PROPERTY_RUNS ?? 12);

/** What a writer leaves behind halfway: empty names and entries, missing values, wrong types. */
const fragment = fc.constantFrom(
  '""',
  '"",',
  '"", ',
  'null',
  '{}',
  '[]',
  '{',
  '[',
  '"',
  ',',
  ':',
  '"group": ""',
  '"group": "", "pages": [""]',
  '{"group": ""}',
  '{"group": "", "pages": []}, ',
  '{"tab": "", "pages": [""]}, ',
  '{"anchor": ""}, ',
  '{"dropdown": "", "groups": [{}]}, ',
  '{"version": ""}, ',
  '{"language": ""}, ',
  '{"item": "", "pages": [null]}, ',
  '"pages": [""], ',
  '"icon": "", ',
  '"icon": {}, ',
  '"openapi": "", ',
  '"openapi": {"source": ""}, ',
  '"$ref": "", ',
  '"GET ", ',
  '"navigation": null',
  'x',
);

const edit = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fragment }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('empty string' as const), which: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace value' as const), which: fc.nat(), text: fc.constantFrom('null', '{}', '[]', '""', '0', 'true') }) },
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

/** The edit as a change of the text: [start, end, new text]. */
function change(text: string, e: Edit): [number, number, string] {
  if (e.kind === 'insert') return [e.at % (text.length + 1), e.at % (text.length + 1), e.text];
  if (e.kind === 'delete') {
    const at = e.at % Math.max(1, text.length);
    return [at, Math.min(text.length, at + e.length), ''];
  }
  const strings = [...text.matchAll(/"(?:[^"\\\n]|\\.)*"/g)];
  if (strings.length === 0) return [0, 0, ''];
  const found = strings[e.which % strings.length];
  const start = found.index!;
  if (e.kind === 'empty string') return [start + 1, start + found[0].length - 1, ''];
  // A value: the string after a colon, or an item of a list.
  return [start, start + found[0].length, e.text];
}

interface Checked {
  document: TextDocument;
  uri: string;
}

function assertPosition(doc: TextDocument, position: Position, what: string): void {
  assert.ok(Number.isInteger(position.line) && Number.isInteger(position.character), `${what}: integer position ${JSON.stringify(position)}`);
  assert.ok(position.line >= 0 && position.line < doc.lineCount, `${what}: line ${position.line} of ${doc.lineCount}`);
  const line = doc.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } }).replace(/\r?\n$/, '');
  assert.ok(position.character >= 0 && position.character <= line.length, `${what}: character ${position.character} on a line of ${line.length}`);
}

function assertRange(doc: TextDocument, range: Range, what: string): void {
  assertPosition(doc, range.start, `${what} start`);
  assertPosition(doc, range.end, `${what} end`);
  assert.ok(doc.offsetAt(range.start) <= doc.offsetAt(range.end), `${what}: start after end ${JSON.stringify(range)}`);
}

const contains = (outer: Range, inner: Range) =>
  (outer.start.line < inner.start.line || (outer.start.line === inner.start.line && outer.start.character <= inner.start.character)) &&
  (outer.end.line > inner.end.line || (outer.end.line === inner.end.line && outer.end.character >= inner.end.character));

function assertSymbols(doc: TextDocument, symbols: DocumentSymbol[], where: string): void {
  for (const symbol of symbols) {
    const what = `symbol ${JSON.stringify(symbol.name)} in ${where}`;
    assert.equal(typeof symbol.name, 'string', what);
    assert.ok(symbol.name.trim().length > 0, `${what}: VS Code refuses an empty name`);
    assertRange(doc, symbol.range, what);
    assertRange(doc, symbol.selectionRange, `${what} selection`);
    assert.ok(contains(symbol.range, symbol.selectionRange), `${what}: selectionRange must be contained in range`);
    assertSymbols(doc, symbol.children ?? [], `${where} > ${symbol.name}`);
  }
}

function assertEdits(doc: TextDocument, edits: TextEdit[], what: string): void {
  const sorted = [...edits].sort((a, b) => doc.offsetAt(a.range.start) - doc.offsetAt(b.range.start));
  sorted.forEach((edit, index) => {
    assertRange(doc, edit.range, what);
    assert.equal(typeof edit.newText, 'string', what);
    if (index > 0) assert.ok(doc.offsetAt(sorted[index - 1].range.end) <= doc.offsetAt(edit.range.start), `${what}: overlapping edits`);
  });
}

function assertDiagnostics(doc: TextDocument, diagnostics: Diagnostic[]): void {
  for (const diagnostic of diagnostics) {
    assertRange(doc, diagnostic.range, `diagnostic ${diagnostic.code}`);
    assert.ok(typeof diagnostic.message === 'string' && diagnostic.message.trim().length > 0, `diagnostic ${diagnostic.code} has a message`);
  }
}

function assertCompletion(doc: TextDocument, position: Position, result: CompletionList | CompletionItem[] | null): void {
  const items = result === null ? [] : Array.isArray(result) ? result : result.items;
  for (const item of items) {
    const what = `completion ${JSON.stringify(item.label)}`;
    assert.ok(typeof item.label === 'string' && item.label.length > 0, `${what}: a label`);
    const textEdit = item.textEdit;
    if (!textEdit) continue;
    const ranges = 'range' in textEdit ? [textEdit.range] : [textEdit.insert, textEdit.replace];
    for (const range of ranges) {
      assertRange(doc, range, what);
      // VS Code drops an item whose range is not on the cursor's line or does not hold the cursor.
      assert.equal(range.start.line, range.end.line, `${what}: a single-line range`);
      assert.ok(contains(range, { start: position, end: position }), `${what}: range ${JSON.stringify(range)} holds the cursor ${JSON.stringify(position)}`);
    }
    assertEdits(doc, item.additionalTextEdits ?? [], `${what} additional edits`);
  }
}

function assertWorkspaceEdit(main: Checked, edit: WorkspaceEdit | undefined | null, what: string): void {
  if (!edit) return;
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) {
    if (uri === main.uri) assertEdits(main.document, edits, what);
    else for (const e of edits) assert.ok(e.range.start.line >= 0 && e.range.start.character >= 0, what);
  }
  for (const changeOf of edit.documentChanges ?? []) {
    if ('textDocument' in changeOf && changeOf.textDocument.uri === main.uri) assertEdits(main.document, changeOf.edits as TextEdit[], what);
  }
}

function assertLocations(main: Checked, result: Location | Location[] | null, what: string): void {
  for (const location of result === null ? [] : Array.isArray(result) ? result : [result]) {
    assert.ok(location.uri.startsWith('file:'), `${what}: a file URI`);
    if (location.uri === main.uri) assertRange(main.document, location.range, what);
  }
}

/** The "Site navigation" view's requests: up to 40 nodes of the tree, then one of them moved onto another. */
async function askNavigation(client: LspTestClient, main: Checked, pick: number, tally: Tally): Promise<void> {
  const nodes: NavigationItem[] = [];
  const parents: (NavigationItem | undefined)[] = [undefined];
  for (let parent = parents.shift(); nodes.length < 40; parent = parents.shift()) {
    const result = await client.request<NavigationResult>(navigationRequest, { docsJson: main.uri, parent: parent && { uri: parent.uri, path: parent.path } });
    for (const item of result?.items ?? []) {
      assert.ok(typeof item.label === 'string' && item.label.trim().length > 0, `a navigation node has a label: ${JSON.stringify(item)}`);
      if (item.uri === main.uri) assertRange(main.document, item.range, `navigation node ${item.label}`);
      nodes.push(item);
      if (item.childCount > 0) parents.push(item);
    }
    if (parents.length === 0) break;
  }
  if (nodes.length > 0) tally.navigation++;
  if (nodes.length < 2) return;
  const source = nodes[pick % nodes.length];
  const target = nodes[(pick >> 8) % nodes.length];
  const moved = await client.request<MoveNavigationEntryResult>(moveNavigationEntryRequest, {
    docsJson: main.uri,
    source: { uri: source.uri, path: source.path },
    target: { uri: target.uri, path: target.path },
  });
  if (moved.refused !== undefined) assert.ok(moved.refused.trim().length > 0, 'a refusal says why');
  assertWorkspaceEdit(main, moved.edit, `moving ${source.label} onto ${target.label}`);
}

/** How many answers of each kind had content: a server answering null to everything fails the minimums. */
type Tally = Record<'diagnostics' | 'symbols' | 'completions' | 'hovers' | 'navigation', number>;
const emptyTally = (): Tally => ({ diagnostics: 0, symbols: 0, completions: 0, hovers: 0, navigation: 0 });

/** Every request the server offers, at `positions`; throws on an error answer or a result VS Code refuses. */
async function askEverything(client: LspTestClient, main: Checked, positions: Position[], tally: Tally): Promise<void> {
  const textDocument = { uri: main.uri };
  const doc = main.document;
  const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument });
  assert.ok(report.kind === 'full' || report.kind === 'unchanged', `a diagnostic report: ${JSON.stringify(report)}`);
  if (report.kind === 'full') {
    assertDiagnostics(doc, report.items);
    if (report.items.length > 0) tally.diagnostics++;
  }
  const workspaceReport = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
  for (const item of workspaceReport.items) if (item.uri === main.uri && item.kind === 'full') assertDiagnostics(doc, item.items);

  const symbols = (await client.request<DocumentSymbol[] | null>('textDocument/documentSymbol', { textDocument })) ?? [];
  assertSymbols(doc, symbols, 'the outline');
  if (symbols.length > 0) tally.symbols++;
  const links = (await client.request<DocumentLink[] | null>('textDocument/documentLink', { textDocument })) ?? [];
  for (const link of links) assertRange(doc, link.range, `link to ${link.target}`);
  for (const link of links.filter((l) => l.data !== undefined).slice(0, 3)) {
    const resolved = await client.request<DocumentLink>('documentLink/resolve', link);
    assert.ok(resolved.target?.startsWith('file:'), `a resolved link has a target: ${JSON.stringify(resolved)}`);
  }
  for (const fold of (await client.request<FoldingRange[] | null>('textDocument/foldingRange', { textDocument })) ?? []) {
    assert.ok(fold.startLine <= fold.endLine && fold.endLine < doc.lineCount, `a folding range inside the document: ${JSON.stringify(fold)}`);
  }
  assertEdits(doc, (await client.request<TextEdit[] | null>('textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } })) ?? [], 'formatting');

  for (const position of positions) {
    const completion = await client.request<CompletionList | null>('textDocument/completion', { textDocument, position });
    assertCompletion(doc, position, completion);
    if ((completion?.items.length ?? 0) > 0) tally.completions++;
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument, position });
    if (hover) {
      tally.hovers++;
      assert.ok(typeof hover.contents === 'object' && 'value' in hover.contents && hover.contents.value.trim().length > 0, 'a hover has content');
      if (hover.range) assertRange(doc, hover.range, 'hover');
    }
    assertLocations(main, await client.request<Location | null>('textDocument/definition', { textDocument, position }), 'definition');
    assertLocations(main, await client.request<Location[] | null>('textDocument/references', { textDocument, position, context: { includeDeclaration: true } }), 'references');
    const prepared = await client.request<{ range: Range; placeholder: string } | null>('textDocument/prepareRename', { textDocument, position });
    if (prepared) assertRange(doc, prepared.range, 'rename range');
    assertWorkspaceEdit(main, await client.request<WorkspaceEdit | null>('textDocument/rename', { textDocument, position, newName: 'Renamed' }), 'rename');
    const range = { start: position, end: doc.positionAt(doc.offsetAt(position) + 40) };
    const actions = (await client.request<CodeAction[] | null>('textDocument/codeAction', { textDocument, range, context: { diagnostics: [] } })) ?? [];
    for (const action of actions) {
      assert.ok(action.title.trim().length > 0, 'a code action has a title');
      assertWorkspaceEdit(main, action.edit, `code action "${action.title}"`);
      for (const d of action.diagnostics ?? []) assertRange(doc, d.range, `diagnostic of "${action.title}"`);
      // The command a quick fix runs after its edit (opening the page it created).
      if (action.command) await client.request('workspace/executeCommand', { command: action.command.command, arguments: action.command.arguments });
    }
  }
}

describe('any text a writer types, through the protocol: no request fails, every answer is valid for VS Code', () => {
  const clients: LspTestClient[] = [];
  after(async () => {
    for (const client of clients) await client.stop();
  });

  let capabilities: InitializeResult['capabilities'] | undefined;
  before(async () => {
    // The requests asked below are all the server announces (besides its own, docsjson/navigation
    // and docsjson/moveNavigationEntry, asked too): a new one must be added here.
    const probe = await LspTestClient.start({ root: join(__dirname, '..', 'fixtures', 'sites', 'lsp-basic') });
    clients.push(probe);
    capabilities = probe.capabilities;
  });

  test('the requests asked here are every request the server announces', () => {
    const announced = Object.keys(capabilities ?? {}).filter((key) => key !== 'textDocumentSync' && key !== 'workspace').sort();
    assert.deepEqual(announced, [
      'codeActionProvider',
      'completionProvider',
      'definitionProvider',
      'diagnosticProvider',
      'documentFormattingProvider',
      'documentLinkProvider',
      'documentSymbolProvider',
      'executeCommandProvider',
      'foldingRangeProvider',
      'hoverProvider',
      'referencesProvider',
      'renameProvider',
    ]);
  });

  for (const folder of sites) {
    test(`${folder}: ${runsPerSite} random series of edits`, { timeout: loadScaled(300_000) }, async () => {
      const site = corpusSites().find((s) => s.folder === folder)!;
      const repository = materialiseRepository(folder);
      const client = await LspTestClient.start({ root: repository });
      clients.push(client);
      const path = site.docsJsonPath;
      await client.open(path);
      const original = client.text(path);
      const pageFile = join(repository, path, '..', 'renamed-by-the-test.mdx');
      const top = await client.request<NavigationResult>(navigationRequest, { docsJson: client.uri(path) });
      assert.ok((top?.items.length ?? 0) > 0, 'the navigation requests reach the site');
      const tally = emptyTally();
      let runs = 0;

      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), async (edits, elsewhere) => {
          runs++;
          const edited: number[] = [];
          for (const e of edits) {
            const [start, end, text] = change(client.text(path), e);
            await client.edit(path, start, end, text);
            edited.push(start, start + text.length);
          }
          const text = client.text(path);
          const document = TextDocument.create(client.uri(path), 'json', 0, text);
          const offsets = [...edited.slice(-4), ...elsewhere.map((n) => n % (text.length + 1))];
          try {
            await askEverything(client, { document, uri: client.uri(path) }, offsets.map((offset) => document.positionAt(Math.min(offset, text.length))), tally);
            await askNavigation(client, { document, uri: client.uri(path) }, elsewhere[0], tally);
            const rename = await client.request<WorkspaceEdit | null>('workspace/willRenameFiles', {
              files: [{ oldUri: client.uri(join(path, '..', 'index.mdx')), newUri: `file://${pageFile}` }],
            });
            assertWorkspaceEdit({ document, uri: client.uri(path) }, rename, 'rename edit');
          } finally {
            await client.edit(path, 0, client.text(path).length, original);
          }
        }),
        { numRuns: runsPerSite, endOnFailure: true },
      );
      // Half-typed text still has an outline, problems and a navigation most of the time;
      // a few of the random positions get a completion list or a hover.
      const most = Math.ceil(runs / 2);
      assert.ok(tally.symbols >= most && tally.diagnostics >= most && tally.navigation >= most, `answers with content in ${runs} runs: ${JSON.stringify(tally)}`);
      assert.ok(tally.completions > 0 && tally.hovers > 0, `some completion lists and hovers in ${runs} runs: ${JSON.stringify(tally)}`);
    });
  }
});
