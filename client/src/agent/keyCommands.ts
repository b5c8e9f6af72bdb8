// "Set API Key" (stored only once the platform accepts it) and "Clear API Key". The key goes to
// the secret storage only.
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import { CATEGORY, registerCommand, type CommandContext } from './commandKit';
import { showFailure } from './failureActions';
import type { ApiKeys } from './apiKeys';
import { replaceApiKey } from './keyReplacement';
import { readSettings } from './settings';

const SAVE_UNCHECKED = 'Save Unchecked';

export function registerKeyCommands(context: CommandContext, keys: ApiKeys): vscode.Disposable[] {
  return [
    registerCommand(context, 'docsjson.agent.setApiKey', async () => {
      const { apiUrl } = readSettings();
      const key = await vscode.window.showInputBox({
        title: safeText(`${CATEGORY}: API key for ${apiUrl}`),
        prompt: "The admin API key of your docs project (mint_...). It is checked with the platform, then kept in VS Code's secret storage, for this API URL only.",
        password: true,
        ignoreFocusOut: true,
        placeHolder: 'mint_...',
        validateInput: (value) =>
          !value.trim() ? 'Paste the key.' : /^[\x21-\x7e]+$/.test(value.trim()) ? undefined : 'The key cannot contain spaces or special characters.',
      });
      if (key === undefined) return;
      const hadKey = (await keys.get(apiUrl).then(undefined, () => undefined)) !== undefined;
      const { stored, check } = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `${CATEGORY}: checking the API key with ${apiUrl}…` },
        () =>
          replaceApiKey(key.trim(), {
            check: (candidate) => context.connection.checkNewKey(candidate),
            store: (candidate) => Promise.resolve(keys.set(apiUrl, candidate)),
            keepUnchecked: async (unchecked) => {
              const choice = await vscode.window.showWarningMessage(
                safeText(`${unchecked.message} Save it without the check?`),
                { modal: true },
                SAVE_UNCHECKED,
              );
              return choice === SAVE_UNCHECKED;
            },
          }),
      );
      if (check.failure) context.log(`key check: ${check.failure.detail}`);
      if (!stored) {
        context.log(`API key for ${apiUrl} not saved (${check.outcome})`);
        if (check.outcome !== 'rejected') return;
        const kept = hadKey ? ' It was not saved: the key set before is still in use.' : ' It was not saved.';
        void showFailure({ ...check.failure!, message: `${check.failure!.message}${kept}` }, 'error');
        return;
      }
      context.log(`API key set for ${apiUrl}`);
      await context.connection.reconfigure();
      const said = check.outcome === 'accepted' ? check.message : 'It was not checked.';
      void vscode.window.showInformationMessage(safeText(`${CATEGORY}: API key saved for ${apiUrl}. ${said}`));
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
