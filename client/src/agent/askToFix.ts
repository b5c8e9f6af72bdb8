// "Ask the Agent to Fix…": a code action on the problems of docs.json and of pages that opens the
// compose panel with a job asking to fix every problem of the file (file, line, message) on a
// suggested branch. Nothing is sent until the writer presses Create Job.
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import { CATEGORY, registerCommand, type CommandContext } from './commandKit';
import { fileFixMessage, fixBranchName } from './jobChanges';
import { JobPanel } from './jobPanel';
import { readSettings } from './settings';
import { diagnosticSource } from '../../../server/src/lsp/customMessages';

const COMMAND = 'docsjson.agent.askToFix';
const SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file', language: 'docsjson' },
  { scheme: 'file', language: 'json' },
  { scheme: 'file', language: 'jsonc' },
  { scheme: 'file', pattern: '**/*.{mdx,md}' },
];

export function registerAskToFix(context: CommandContext): vscode.Disposable[] {
  return [
    vscode.languages.registerCodeActionsProvider(
      SELECTOR,
      {
        provideCodeActions(document, _range, actionContext) {
          if (!actionContext.diagnostics.some((diagnostic) => diagnostic.source === diagnosticSource)) return [];
          const action = new vscode.CodeAction('Ask the Agent to Fix…', vscode.CodeActionKind.QuickFix);
          action.command = { command: COMMAND, title: 'Ask the Agent to Fix…', arguments: [document.uri] };
          return [action];
        },
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    registerCommand(context, COMMAND, (uri?: vscode.Uri) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      if (!target) return;
      const problems = vscode.languages
        .getDiagnostics(target)
        .filter((diagnostic) => diagnostic.source === diagnosticSource)
        .sort((a, b) => a.range.start.line - b.range.start.line)
        .map((diagnostic) => ({ line: diagnostic.range.start.line + 1, message: diagnostic.message, code: typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : diagnostic.code?.toString() }));
      const path = vscode.workspace.asRelativePath(target, false);
      if (problems.length === 0) {
        void vscode.window.showInformationMessage(safeText(`${CATEGORY}: ${path} has no problems to fix.`));
        return;
      }
      const settings = readSettings();
      JobPanel.compose(context.host, {
        branch: fixBranchName(path),
        messages: [{ role: 'user', content: fileFixMessage(path, problems) }],
        model: settings.defaultModel,
        asDraft: settings.draftByDefault,
      });
    }),
  ];
}
