import { commands, ProgressLocation, Uri, window, workspace, WorkspaceEdit, type ExtensionContext } from 'vscode';
import { WillRenameFilesRequest, type LanguageClient } from 'vscode-languageclient/node';
import { safeText } from '../../agent/src/displayText';
import type { FileMove, RenameEditSaver } from './renameEditSaver';

/**
 * "Move Page...": asks for the new path of a page and moves it with the language server's edit for
 * the move (docs.json and the links to it follow, as in the explorer, without VS Code asking
 * whether to apply them), and the server offers a redirect.
 */
export function registerMovePage(context: ExtensionContext, client: LanguageClient, moves: RenameEditSaver): void {
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
      const move = { oldUri: page, newUri: folder && !answer.startsWith('/') ? Uri.joinPath(folder.uri, answer) : Uri.file(answer) };
      const moved = await window.withProgress({ location: ProgressLocation.Window, title: `Moving ${current}` }, async () => {
        const serverEdit = await editOfMove(client, move);
        if (serverEdit) return moves.applyMove(move, serverEdit);
        // The server could not answer: the move goes as the explorer's does, its edit asked for on the way.
        const edit = new WorkspaceEdit();
        edit.renameFile(move.oldUri, move.newUri, { overwrite: false });
        return workspace.applyEdit(edit);
      });
      if (!moved) void window.showErrorMessage(safeText(`Could not move ${current} to ${answer}.`));
    }),
  );
}

/** The language server's edit for the move (empty when nothing refers to the page), or undefined when it could not answer. */
async function editOfMove(client: LanguageClient, { oldUri, newUri }: FileMove): Promise<WorkspaceEdit | undefined> {
  try {
    const edit = await client.sendRequest(WillRenameFilesRequest.type, { files: [{ oldUri: oldUri.toString(), newUri: newUri.toString() }] });
    return (await client.protocol2CodeConverter.asWorkspaceEdit(edit)) ?? new WorkspaceEdit();
  } catch (error) {
    client.warn(`Move Page: the server's edit for the move could not be had: ${String(error)}`);
    return undefined;
  }
}
