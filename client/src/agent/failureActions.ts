// A failure of the agent layer in VS Code: its sentence in a notification, its one action as the
// button (the technical detail goes to the output channel, never the notification).
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import type { Failure, FailureAction } from '../../../agent/src/failure';
import { buttonFor } from './failureButton';
import { useApiVersion2 } from './settings';

/** Runs what a failure's action button stands for. */
export async function runFailureAction(action: FailureAction): Promise<void> {
  switch (action) {
    case 'SetApiKey':
      return void (await vscode.commands.executeCommand('docsjson.agent.setApiKey'));
    case 'SetProjectId':
    case 'SetApiUrl':
      return void (await vscode.commands.executeCommand('workbench.action.openSettings', 'docsjson.agent'));
    case 'SetApiVersion':
      return useApiVersion2();
    case 'ShowLog':
      return void (await vscode.commands.executeCommand('docsjson.agent.showLog'));
    case 'TryAgainLater':
    case 'TryAgain':
    case 'OpenDashboard':
      return;
  }
}

/** Shows a failure with the button of its action; runs the action when clicked. */
export async function showFailure(failure: Failure, severity: 'error' | 'warning' = 'error', extraButtons: string[] = []): Promise<string | undefined> {
  const button = buttonFor(failure);
  const show = severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const choice = await show(safeText(failure.message), ...(button ? [button] : []), ...extraButtons);
  if (choice && choice === button && failure.action) await runFailureAction(failure.action);
  return choice;
}
