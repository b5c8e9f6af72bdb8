// The tiny extension the harness smoke test loads into code-server, written to a folder at test
// time: a command that writes a file, a tree view, diagnostics, completions, a quick fix, and a
// webview that posts a message back.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const EXTENSION_JS = String.raw`
const vscode = require('vscode');
const fs = require('fs');
const path = require('path');

exports.activate = (context) => {
  const root = () => vscode.workspace.workspaceFolders[0].uri.fsPath;
  fs.appendFileSync(path.join(root(), '.activations'), 'x');
  const sub = (d) => context.subscriptions.push(d);
  let reloadWebview = () => {};

  sub(vscode.commands.registerCommand('harnessSmoke.writeFile', () => {
    fs.writeFileSync(path.join(root(), 'smoke-output.txt'), 'written by the harness smoke extension\n');
    vscode.window.showInformationMessage('Harness smoke wrote smoke-output.txt');
  }));

  sub(vscode.window.createTreeView('harnessSmoke.tree', {
    treeDataProvider: {
      getChildren: (element) => (element ? [] : ['alpha item', 'beta item']),
      getTreeItem: (element) => new vscode.TreeItem(element),
    },
  }));

  const diagnostics = vscode.languages.createDiagnosticCollection('harness-smoke');
  sub(diagnostics);
  const check = (doc) => {
    if (!doc.fileName.endsWith('.smoke')) return;
    const found = [];
    doc.getText().split('\n').forEach((line, i) => {
      const col = line.indexOf('TODO');
      if (col >= 0) {
        const d = new vscode.Diagnostic(new vscode.Range(i, col, i, col + 4), 'found TODO', vscode.DiagnosticSeverity.Warning);
        d.source = 'harness-smoke';
        found.push(d);
      }
    });
    diagnostics.set(doc.uri, found);
  };
  vscode.workspace.textDocuments.forEach(check);
  sub(vscode.workspace.onDidOpenTextDocument(check));
  sub(vscode.workspace.onDidChangeTextDocument((e) => check(e.document)));

  const selector = { pattern: '**/*.smoke' };
  sub(vscode.languages.registerCompletionItemProvider(selector, {
    provideCompletionItems: () => [new vscode.CompletionItem('smokeAlpha'), new vscode.CompletionItem('smokeBeta')],
  }));
  sub(vscode.languages.registerCodeActionsProvider(selector, {
    provideCodeActions: (doc, _range, ctx) => ctx.diagnostics.filter((d) => d.source === 'harness-smoke').map((d) => {
      const action = new vscode.CodeAction('Replace TODO with DONE', vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(doc.uri, d.range, 'DONE');
      action.diagnostics = [d];
      action.isPreferred = true;
      return action;
    }),
  }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }));

  sub(vscode.commands.registerCommand('harnessSmoke.openWebview', () => {
    const panel = vscode.window.createWebviewPanel('harnessSmoke.panel', 'Harness Smoke Webview', vscode.ViewColumn.One, { enableScripts: true });
    panel.webview.onDidReceiveMessage((message) => {
      fs.writeFileSync(path.join(root(), 'webview-message.json'), JSON.stringify(message));
      panel.webview.postMessage({ text: 'extension got ' + message.type });
    });
    const render = (loads) => '<!DOCTYPE html><html><body>' +
      '<h1 id="greeting">Hello from the smoke webview</h1><p id="reply">waiting</p><p id="loads">' + loads + '</p>' +
      '<script>const api = acquireVsCodeApi();' +
      'window.addEventListener("message", (e) => { document.getElementById("reply").textContent = e.data.text; });' +
      'api.postMessage({ type: "ready", text: document.getElementById("greeting").textContent });</script>' +
      '</body></html>';
    let loads = 1;
    panel.webview.html = render(loads);
    // Setting the HTML again reloads the webview: its frame is replaced.
    reloadWebview = () => { panel.webview.html = render(++loads); };
  }));
  sub(vscode.commands.registerCommand('harnessSmoke.reloadWebview', () => reloadWebview()));
};
exports.deactivate = () => {};
`;

export function makeTestExtension(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'harness-smoke',
        publisher: 'docsjson-test',
        version: '0.0.1',
        engines: { vscode: '^1.80.0' },
        main: './extension.js',
        activationEvents: ['onStartupFinished'],
        contributes: {
          commands: [
            { command: 'harnessSmoke.writeFile', title: 'Write File', category: 'Harness Smoke' },
            { command: 'harnessSmoke.openWebview', title: 'Open Webview', category: 'Harness Smoke' },
            { command: 'harnessSmoke.reloadWebview', title: 'Reload Webview', category: 'Harness Smoke' },
          ],
          views: { explorer: [{ id: 'harnessSmoke.tree', name: 'Harness Smoke Tree' }] },
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(join(dir, 'extension.js'), EXTENSION_JS);
}

