import { commands, Uri, window, workspace, WorkspaceEdit, type ExtensionContext } from 'vscode';
import { safeText } from '../../agent/src/displayText';

/**
 * "Move Page...": asks for the new path of a page and moves it the way the explorer does, so the
 * language server updates docs.json and the links to it, and offers a redirect.
 */
export function registerMovePage(context: ExtensionContext): void {
  context.subscriptions.push(
    commands.registerCommand('docsjson.movePage', async (resource?: Uri) => {
      const page = resource ?? window.activeTextEditor?.document.uri;
      if (!page || page.scheme !== 'file') {
        void window.showInformationMessage('Open a page, or pick one in the explorer, to move it.');
        return;
      }
      const folder = workspace.getWorkspaceFolder(page);
      const current = workspace.asRelativePath(page, false);
      const answer = await window.showInputBox({
        title: 'Move Page',
        prompt: 'The new path of the page. docs.json and every link to it follow.',
        value: current,
        valueSelection: [current.lastIndexOf('/') + 1, current.length],
        validateInput: (value) => (value.trim() === '' ? 'Give the new path of the page' : undefined),
      });
      if (!answer || answer === current) return;
      const target = folder && !answer.startsWith('/') ? Uri.joinPath(folder.uri, answer) : Uri.file(answer);
      const edit = new WorkspaceEdit();
      edit.renameFile(page, target, { overwrite: false });
      if (!(await workspace.applyEdit(edit))) void window.showErrorMessage(safeText(`Could not move ${current} to ${answer}.`));
    }),
  );
}
