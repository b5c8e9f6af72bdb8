// Smoke tests of the e2e harness itself: a tiny extension made at test time runs in a real VS Code
// (code-server + headless Chromium), and Neovim talks to a tiny stdio language server.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { startVSCode, waitFor, type VSCodeSession } from './harness/browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';
import { runNeovimLsp } from './harness/neovim';
import { makeTestExtension } from './smokeExtension';

const SCENARIO_TIMEOUT = loadScaled(90_000);

describe('e2e harness: real VS Code (code-server + Chromium)', () => {
  let tmp: string;
  let workspace: string;
  let session: VSCodeSession;
  const cleanups: Array<() => unknown> = [];

  before(
    async () => {
      await ensureCodeServer();
      tmp = mkdtempSync(join(tmpdir(), 'docsjson-harness-smoke-'));
      const extension = join(tmp, 'extension');
      makeTestExtension(extension);
      workspace = join(tmp, 'workspace');
      mkdirSync(workspace);
      writeFileSync(join(workspace, 'notes.smoke'), 'first line\nTODO fix this\n\n');
      writeFileSync(join(workspace, 'rename-me.md'), '# Rename me\n');
      session = await startVSCode({ name: 'harness-smoke', after: (fn) => cleanups.push(fn) }, { extensionDirs: [extension], workspace });
      // The extension activates on startup finished; its marker file tells us it ran.
      await waitFor('the test extension to activate', () => existsSync(join(workspace, '.activations')), 30_000);
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );

  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('runs an extension command from the palette', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.runCommand('Harness Smoke: Write File');
      const file = join(workspace, 'smoke-output.txt');
      await waitFor('smoke-output.txt', () => existsSync(file), 10_000);
      assert.equal(readFileSync(file, 'utf8'), 'written by the harness smoke extension\n');
      assert.match(await wb.waitForNotification('Harness smoke wrote'), /smoke-output\.txt/);
    }));

  it('shows a contributed tree view', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      assert.deepEqual(await wb.treeViewItems('Harness Smoke Tree'), ['alpha item', 'beta item']);
    }));

  it('shows diagnostics, suggestions and quick fixes in the editor', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('notes.smoke');
      const markers = await wb.waitForProblems((ms) => ms.some((m) => m.message.includes('found TODO')));
      assert.equal(markers.find((m) => m.message.includes('found TODO'))?.severity, 'warning');
      assert.ok((await wb.problems()).some((row) => row.includes('found TODO')));
      assert.equal((await wb.squiggles()).warnings > 0, true);

      await wb.goTo(3, 1);
      const labels = await wb.triggerSuggest();
      assert.ok(labels.includes('smokeAlpha') && labels.includes('smokeBeta'), `suggestions: ${JSON.stringify(labels)}`);
      await wb.acceptSuggestion('smokeBeta');
      await waitFor('the accepted suggestion in the editor', async () => (await wb.editorText()).includes('smokeBeta'), 5000);

      const fixes = await wb.quickFix({ line: 2, column: 2 });
      assert.ok(fixes.includes('Replace TODO with DONE'), `quick fixes: ${JSON.stringify(fixes)}`);
      await wb.applyQuickFix('Replace TODO with DONE');
      await waitFor('the quick fix edit', async () => (await wb.editorText()).includes('DONE fix this'), 5000);
      await wb.typeAt(1, 1, 'typed ');
      await wb.save();
      assert.equal(readFileSync(join(workspace, 'notes.smoke'), 'utf8'), 'typed first line\nDONE fix this\nsmokeBeta\n');
      await wb.waitForProblems((ms) => !ms.some((m) => m.message.includes('found TODO')));
    }));

  it('round-trips a message with a webview and reads its frame', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.runCommand('Harness Smoke: Open Webview');
      const frame = await wb.webviewFrameWithText('Hello from the smoke webview');
      assert.equal(await frame.locator('#greeting').textContent(), 'Hello from the smoke webview');
      await waitFor('the reply in the webview', async () => (await frame.locator('#reply').textContent()) === 'extension got ready', 10_000);
      const message = JSON.parse(readFileSync(join(workspace, 'webview-message.json'), 'utf8')) as { type: string; text: string };
      assert.deepEqual(message, { type: 'ready', text: 'Hello from the smoke webview' });
      // The webview reloads (its frame is replaced): the frame held here finds the new one. The
      // command is named without its category, as the palette tolerates.
      const inner = wb.page.frames().filter((f) => f !== wb.page.mainFrame() && !f.isDetached() && f.url() === frame.url());
      await wb.runCommand('Reload Webview');
      await waitFor('the reloaded webview through the frame held before', async () => (await frame.locator('#loads').textContent()) === '2', 15_000);
      assert.equal(await frame.locator('#greeting').textContent(), 'Hello from the smoke webview');
      assert.ok(inner.length > 0 && inner.every((f) => f.isDetached()), 'the frame found first was replaced by the reload');
    }));

  it('renames a file in the explorer and reloads the window', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.renameInExplorer('rename-me.md', 'renamed.md');
      await waitFor('the rename on disk', () => existsSync(join(workspace, 'renamed.md')) && !existsSync(join(workspace, 'rename-me.md')), 10_000);
      const before = readFileSync(join(workspace, '.activations'), 'utf8').length;
      await wb.reloadWindow();
      await waitFor('the extension to activate again', () => readFileSync(join(workspace, '.activations'), 'utf8').length > before, 30_000);
      await wb.openFile('renamed.md');
      assert.match(await wb.editorText(), /# Rename me/);
    }));
});

describe('e2e harness: Neovim as an LSP client', () => {
  let tmp: string;
  before(() => {
    tmp = mkdtempSync(join(tmpdir(), 'docsjson-harness-nvim-'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  const require_ = createRequire(join(REPO_ROOT, 'package.json'));
  const serverSource = String.raw`
const { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } = require(${JSON.stringify(require_.resolve('vscode-languageserver/node'))});
const { TextDocument } = require(${JSON.stringify(require_.resolve('vscode-languageserver-textdocument'))});
const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
connection.onInitialize(() => ({ capabilities: { textDocumentSync: TextDocumentSyncKind.Full, completionProvider: {} } }));
documents.onDidChangeContent(({ document }) => {
  connection.sendDiagnostics({ uri: document.uri, diagnostics: [{
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } },
    message: 'smoke diagnostic for ' + document.languageId, severity: 2, source: 'smoke-server',
  }] });
});
connection.onCompletion(() => [{ label: 'smokeCompletion', kind: 1 }]);
documents.listen(connection);
connection.listen();
`;

  it('gets a diagnostic and a completion from a stdio server', { timeout: 60_000 }, async () => {
    const server = join(tmp, 'server.js');
    writeFileSync(server, serverSource);
    const result = await runNeovimLsp({
      cmd: [process.execPath, server, '--stdio'],
      rootDir: tmp,
      file: 'docs.json',
      text: '{\n  "name": "smoke"\n}\n',
      completionAt: { line: 1, character: 3 },
      timeoutMs: 20_000,
    });
    assert.equal(result.diagnostics.length, 1);
    assert.equal(result.diagnostics[0].message, 'smoke diagnostic for json');
    assert.equal(result.diagnostics[0].severity, 2);
    assert.deepEqual(result.diagnostics[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } });
    assert.deepEqual(
      result.completion?.items.map((i) => i.label),
      ['smokeCompletion'],
    );
    assert.ok(result.seconds < 15, `took ${result.seconds}s`);
  });

  it('fails fast instead of hanging when the server never answers', { timeout: 60_000 }, async () => {
    const hung = join(tmp, 'hung.js');
    writeFileSync(hung, 'process.stdin.resume(); setInterval(() => {}, 1000);\n');
    const started = Date.now();
    await assert.rejects(
      runNeovimLsp({ cmd: [process.execPath, hung], rootDir: tmp, file: 'x.json', text: '{}', timeoutMs: 4000 }),
      /timed out|did not initialize/,
    );
    assert.ok(Date.now() - started < 10_000);
  });
});
