import type { ExtensionContext } from 'vscode';
import { activateAgentJobs } from './agent/activateAgentJobs';
import { registerClosingTags } from './closingTags';
import { registerLanguageCommands } from './languageCommands';
import { startLanguageClient, stopLanguageClient } from './languageClient';
import { registerMovePage } from './movePage';
import { registerSiteNavigation } from './navigation/registerSiteNavigation';

export function activate(context: ExtensionContext): void {
  const activatedAt = performance.now();
  const client = startLanguageClient(context, activatedAt);
  registerLanguageCommands(context, client);
  context.subscriptions.push(registerClosingTags(client));
  registerMovePage(context);
  registerSiteNavigation(context, client);
  activateAgentJobs(context);
  client.info(`activate() returned in ${Math.round(performance.now() - activatedAt)} ms`);
}

export function deactivate(): Thenable<void> | undefined {
  return stopLanguageClient();
}
