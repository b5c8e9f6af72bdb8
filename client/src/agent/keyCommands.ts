// "Set API Key" (checked against the API once saved) and "Clear API Key". The key goes to the
// secret storage only.
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import { CATEGORY, registerCommand, type CommandContext } from './commandKit';
import { showFailure } from './failureActions';
import type { ApiKeys } from './apiKeys';
import { readSettings } from './settings';

export function registerKeyCommands(context: CommandContext, keys: ApiKeys): vscode.Disposable[] {
  return [
    registerCommand(context, 'docsjson.agent.setApiKey', async () => {
      const { apiUrl } = readSettings();
      const key = await vscode.window.showInputBox({
        title: safeText(`${CATEGORY}: API key for ${apiUrl}`),
        prompt: "The admin API key of your docs project (mint_...). It is kept in VS Code's secret storage, for this API URL only.",
        password: true,
        ignoreFocusOut: true,
        placeHolder: 'mint_...',
        validateInput: (value) =>
          !value.trim() ? 'Paste the key.' : /^[\x21-\x7e]+$/.test(value.trim()) ? undefined : 'The key cannot contain spaces or special characters.',
      });
      if (key === undefined) return;
      await keys.set(apiUrl, key.trim());
      context.log(`API key set for ${apiUrl}`);
      await context.connection.reconfigure();
      const check = await context.manager.checkKey();
      if (check.failure) context.log(`key check: ${check.failure.detail}`);
      if (check.outcome === 'accepted') {
        void vscode.window.showInformationMessage(safeText(`${CATEGORY}: API key saved for ${apiUrl}. ${check.message}`));
      } else {
        void showFailure(check.failure ?? { message: check.message, detail: check.message }, check.outcome === 'rejected' ? 'error' : 'warning');
      }
    }),

    registerCommand(context, 'docsjson.agent.clearApiKey', async () => {
      const { apiUrl } = readSettings();
      await keys.delete(apiUrl);
      context.log(`API key cleared for ${apiUrl}`);
      await context.connection.reconfigure();
      void vscode.window.showInformationMessage(safeText(`${CATEGORY}: API key for ${apiUrl} removed.`));
    }),
  ];
}
