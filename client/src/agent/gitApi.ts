// The built-in Git extension's API, as far as the agent commands use it (types after its git.d.ts).
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import { defaultBranchOf } from './jobBranch';

export const enum GitStatus {
  INDEX_ADDED = 1,
  INDEX_DELETED = 2,
  DELETED = 6,
  UNTRACKED = 7,
  IGNORED = 8,
}

export const enum GitRefType {
  Head = 0,
  RemoteHead = 1,
}

export interface GitChange {
  uri: vscode.Uri;
  originalUri: vscode.Uri;
  renameUri?: vscode.Uri;
  status: number;
}

export interface GitRef {
  type: number;
  name?: string;
  commit?: string;
  remote?: string;
}

export interface GitRepository {
  rootUri: vscode.Uri;
  state: {
    HEAD?: { name?: string; commit?: string };
    remotes: { name: string; fetchUrl?: string; pushUrl?: string }[];
    workingTreeChanges: GitChange[];
    indexChanges: GitChange[];
    mergeChanges: GitChange[];
  };
  status(): Promise<void>;
  fetch(options?: { remote?: string; ref?: string; prune?: boolean }): Promise<void>;
  checkout(treeish: string): Promise<void>;
  getRefs(query: { pattern?: string }): Promise<GitRef[]>;
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
}

export interface GitApi {
  repositories: GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}

interface GitExtension {
  enabled?: boolean;
  getAPI(version: 1): GitApi;
}

/** The Git API, or undefined when the Git extension is missing or disabled. */
export async function gitApi(): Promise<GitApi | undefined> {
  try {
    const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
    if (!extension) return undefined;
    const exports = extension.isActive ? extension.exports : await withTimeout(extension.activate(), 3_000);
    if (!exports || exports.enabled === false) return undefined;
    return exports.getAPI(1);
  } catch {
    return undefined;
  }
}

/** The repository of the active editor or the first workspace folder, else the first one open. */
export function workspaceRepository(api: GitApi): GitRepository | undefined {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return (active && api.getRepository(active)) || (folder && api.getRepository(folder)) || api.repositories[0];
}

/** The workspace repository's default branch (see `defaultBranchOf`); undefined without a repository. */
export async function repositoryDefaultBranch(): Promise<string | undefined> {
  const api = await gitApi();
  const repository = api && workspaceRepository(api);
  if (!repository) return undefined;
  const refs = await repository.getRefs({}).then(undefined, () => [] as GitRef[]);
  const remoteRefs = refs.flatMap((ref) => (ref.type === GitRefType.RemoteHead && ref.name && ref.remote ? [{ name: ref.name, remote: ref.remote, commit: ref.commit }] : []));
  const localBranches = refs.flatMap((ref) => (ref.type === GitRefType.Head && ref.name ? [ref.name] : []));
  return defaultBranchOf(remoteRefs, localBranches);
}

function withTimeout<T>(promise: Thenable<T>, ms: number): Promise<T | undefined> {
  return Promise.race([Promise.resolve(promise), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/** Asks before a job commits to the repository's default branch; true to go ahead. */
export async function confirmDefaultBranch(branch: string): Promise<boolean> {
  const go = 'Continue';
  const choice = await vscode.window.showWarningMessage(
    safeText(`The agent will commit to ${branch} directly. Continue?`),
    { modal: true, detail: safeText(`${branch} is the repository's default branch. A new branch (docs/agent-…) keeps its work apart until you merge its pull request.`) },
    go,
  );
  return choice === go;
}

/** The default branch of the workspace repository, and the question asked before a job commits to it. */
export async function branchChoice(): Promise<{ defaultBranch: string | undefined; confirmDefault: (branch: string) => Promise<boolean> }> {
  return { defaultBranch: await repositoryDefaultBranch(), confirmDefault: confirmDefaultBranch };
}
