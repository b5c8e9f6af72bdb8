// "Check Out Branch" and "Show Changes" of a job, through the built-in Git extension: fetch
// first, then check the branch out, or open the branch against its base in the multi-file diff.
// What stands in the way (no repository, not the job's repository, uncommitted changes) is said plainly.
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import { branchNameProblem } from '../../../agent/src/branchName';
import type { TrackedJob } from '../../../agent/src/trackedJob';
import { pullRequestUrl } from '../../../agent/src/jobRecord';
import { CATEGORY, jobArgument, registerCommand, type CommandContext } from './commandKit';
import { GitStatus, gitApi, type GitApi, type GitRepository } from './gitApi';
import { files, locateBranch, remoteNamesRepository, repositoryOfPullRequest, type BranchLocation } from './jobBranch';
import { jobTitle } from './jobView';

class BranchProblem extends Error {}

interface FoundBranch {
  api: GitApi;
  repository: GitRepository;
  location: BranchLocation;
}

/** Fetches every open repository and finds the one that has the job's branch. */
async function findJobBranch(job: Readonly<TrackedJob>): Promise<FoundBranch> {
  const branch = job.branch ?? job.record?.branch;
  if (!branch) throw new BranchProblem('This job has no branch yet.');
  // Checked before any git command: the name comes from the API, and git would read "-Bmain" as an option.
  const problem = branchNameProblem(branch);
  if (problem) throw new BranchProblem(`The job's branch "${branch}" is not a name git accepts for a branch (${problem}): it was not fetched, checked out or compared.`);
  const api = await gitApi();
  if (!api) throw new BranchProblem('The built-in Git extension is disabled: enable it ("git.enabled") to see the branch of a job.');
  if (api.repositories.length === 0) {
    throw new BranchProblem(`This workspace has no git repository. Open the clone of your docs repository to see branch "${branch}".`);
  }
  const fetchFailures: string[] = [];
  for (const repository of api.repositories) {
    for (const remote of repository.state.remotes) {
      try {
        await repository.fetch({ remote: remote.name });
      } catch (error) {
        fetchFailures.push(`${remote.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const refs = await repository.getRefs({ pattern: 'refs/remotes/' });
    const location = locateBranch(
      branch,
      refs.filter((ref) => ref.name && ref.remote).map((ref) => ({ name: ref.name!, remote: ref.remote!, commit: ref.commit })),
    );
    if (location) return { api, repository, location };
  }
  const expected = repositoryOfPullRequest(job.record ? pullRequestUrl(job.record) : undefined);
  const remotes = api.repositories.flatMap((repository) => repository.state.remotes.map((remote) => remote.fetchUrl ?? remote.name));
  const notThatRepository =
    expected && !remotes.some((url) => remoteNamesRepository(url, expected)) ? ` The job's pull request is in ${expected}; this workspace's remotes are ${remotes.join(', ') || 'none'}.` : '';
  const fetchNote = fetchFailures.length > 0 ? ` (Fetching failed: ${fetchFailures.join('; ')}.)` : '';
  throw new BranchProblem(`Branch "${branch}" is not in this workspace's repository.${notThatRepository || ' Is this the repository the agent works on?'}${fetchNote}`);
}

async function checkOutBranch(job: Readonly<TrackedJob>): Promise<void> {
  const { repository, location } = await findJobBranch(job);
  const branch = location.branchRef.slice(location.remote.length + 1);
  await repository.status();
  const uncommitted = [...repository.state.workingTreeChanges, ...repository.state.indexChanges, ...repository.state.mergeChanges].filter(
    (change) => change.status !== GitStatus.UNTRACKED && change.status !== GitStatus.IGNORED,
  );
  if (uncommitted.length > 0) {
    throw new BranchProblem(`You have uncommitted changes in ${files(uncommitted.length)}. Commit or stash them first, then check out "${branch}".`);
  }
  if (repository.state.HEAD?.name === branch) {
    void vscode.window.showInformationMessage(safeText(`${CATEGORY}: "${branch}" is already checked out.`));
    return;
  }
  await repository.checkout(branch);
  void vscode.window.showInformationMessage(safeText(`${CATEGORY}: checked out "${branch}".`));
}

async function showChanges(job: Readonly<TrackedJob>, title: string): Promise<void> {
  const { api, repository, location } = await findJobBranch(job);
  if (!location.baseRef) throw new BranchProblem(`Cannot tell what "${location.branchRef}" is based on: ${location.remote} has no HEAD, main or master branch.`);
  // Full ref names: git never reads them as options.
  const branchRef = `refs/remotes/${location.branchRef}`;
  const base = (await repository.getMergeBase(`refs/remotes/${location.baseRef}`, branchRef)) ?? `refs/remotes/${location.baseRef}`;
  const changes = await repository.diffBetween(base, branchRef);
  if (changes.length === 0) {
    void vscode.window.showInformationMessage(safeText(`${CATEGORY}: "${location.branchRef}" has no changes against ${location.baseRef}.`));
    return;
  }
  const resources = changes.map((change) => {
    const added = change.status === GitStatus.INDEX_ADDED;
    const deleted = change.status === GitStatus.INDEX_DELETED || change.status === GitStatus.DELETED;
    const modified = change.renameUri ?? change.uri;
    return [
      modified,
      added ? undefined : api.toGitUri(change.originalUri, base),
      deleted ? undefined : api.toGitUri(modified, branchRef),
    ];
  });
  await vscode.commands.executeCommand('vscode.changes', safeText(`${title}: ${location.branchRef} ↔ ${location.baseRef}`), resources);
}

export function registerBranchCommands(context: CommandContext): vscode.Disposable[] {
  const withBranch = (run: (job: Readonly<TrackedJob>) => Promise<void>) => async (node?: unknown) => {
    const job = await jobArgument(context.manager, node, 'Which job?', (candidate) => !!(candidate.branch ?? candidate.record?.branch));
    if (!job) return;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Fetching the job\'s branch' }, () => run(job));
    } catch (error) {
      if (!(error instanceof BranchProblem)) throw error;
      context.log(`${jobTitle(job)}: ${error.message}`);
      void vscode.window.showWarningMessage(safeText(error.message));
    }
  };
  return [
    registerCommand(context, 'docsjson.agent.checkOutBranch', withBranch(checkOutBranch)),
    registerCommand(
      context,
      'docsjson.agent.showChanges',
      withBranch((job) => showChanges(job, jobTitle(job, context.manager.extras(job.localId)))),
    ),
  ];
}
