import type { ExtensionContext } from 'vscode';
import { activateAgentJobs } from './agent/activateAgentJobs';
import { startLanguageClient, stopLanguageClient } from './languageClient';

export function activate(context: ExtensionContext): void {
  startLanguageClient(context);
  activateAgentJobs(context);
}

export function deactivate(): Thenable<void> | undefined {
  return stopLanguageClient();
}
