import type { ExtensionContext } from 'vscode';
import { startLanguageClient, stopLanguageClient } from './languageClient';

export function activate(context: ExtensionContext): void {
  startLanguageClient(context);
}

export function deactivate(): Thenable<void> | undefined {
  return stopLanguageClient();
}
