import type { ExtensionContext } from 'vscode';
import { activateAgentJobs } from './agent/activateAgentJobs';
import { registerClosingTags } from './closingTags';
import { registerLanguageCommands } from './languageCommands';
import { startLanguageClient, stopLanguageClient } from './languageClient';
import { registerMovePage } from './movePage';
import { RenameEditSaver } from './renameEditSaver';
import { registerSiteNavigation } from './navigation/registerSiteNavigation';

export function activate(context: ExtensionContext): void {
  const activatedAt = performance.now();
  const moves = new RenameEditSaver();
  context.subscriptions.push(moves);
  const client = startLanguageClient(context, activatedAt, moves);
  registerLanguageCommands(context, client);
  context.subscriptions.push(registerClosingTags(client));
  registerMovePage(context, client, moves);
  registerSiteNavigation(context, client);
  activateAgentJobs(context);
  client.info(`activate() returned in ${Math.round(performance.now() - activatedAt)} ms`);
}

export function deactivate(): Thenable<void> | undefined {
  return stopLanguageClient();
}
