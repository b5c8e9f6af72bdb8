// The current branch, from the built-in Git extension's API (when it is enabled and has a repository).
import * as vscode from 'vscode';

interface GitRepository {
  rootUri: vscode.Uri;
  state: { HEAD?: { name?: string } };
}
interface GitApi {
  repositories: GitRepository[];
  getRepository?(uri: vscode.Uri): GitRepository | null;
}
interface GitExtension {
  enabled?: boolean;
  getAPI(version: 1): GitApi;
}

export async function currentGitBranch(): Promise<string | undefined> {
  try {
    const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
    if (!extension) return undefined;
    const exports = extension.isActive ? extension.exports : await withTimeout(extension.activate(), 3_000);
    if (!exports || exports.enabled === false) return undefined;
    const api = exports.getAPI(1);
    const active = vscode.window.activeTextEditor?.document.uri;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const repository =
      (active && api.getRepository?.(active)) || (folder && api.getRepository?.(folder)) || api.repositories[0];
    return repository?.state.HEAD?.name || undefined;
  } catch {
    return undefined;
  }
}

function withTimeout<T>(promise: Thenable<T>, ms: number): Promise<T | undefined> {
  return Promise.race([Promise.resolve(promise), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}
