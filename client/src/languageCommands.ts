import { commands, window, type ExtensionContext } from 'vscode';
import { RequestType0, type LanguageClient } from 'vscode-languageclient/node';
import { checkWorkspaceMethod, type CheckWorkspaceResult } from '../../server/src/lsp/customMessages';
import { plural } from '../../server/src/engine/text';
import { safeText } from '../../agent/src/displayText';

const checkWorkspaceRequest = new RequestType0<CheckWorkspaceResult, void>(checkWorkspaceMethod);

/** The palette's docs.json commands: check the workspace, restart the server, show its output. */
export function registerLanguageCommands(context: ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(
    commands.registerCommand('docsjson.checkWorkspace', async () => {
      const result = await client.sendRequest(checkWorkspaceRequest);
      await commands.executeCommand('workbench.actions.view.problems');
      const problems = `${plural(result.errors, 'error')}, ${plural(result.warnings, 'warning')}${result.notes > 0 ? `, ${plural(result.notes, 'note')}` : ''}`;
      void window.showInformationMessage(result.sites === 0 ? 'docs.json: no docs.json in this workspace' : safeText(`docs.json: checked ${plural(result.sites, 'site')}: ${problems}`));
    }),
    // The server's channel (which outlives the restart, see languageClient.ts) tells of the stop and the new start.
    commands.registerCommand('docsjson.restartServer', async () => {
      client.outputChannel.show(true);
      client.info('Restarting the docs.json language server');
      await client.restart();
    }),
    commands.registerCommand('docsjson.showOutput', () => client.outputChannel.show(true)),
  );
}
