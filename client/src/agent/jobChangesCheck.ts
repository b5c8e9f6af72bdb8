// "Check the Job's Changes": runs the bundled `docsjson job check --branch … --json` in the
// workspace's git repositories (it fetches the job's branch and its base; the working tree stays
// as it is), keeps each job's result for its panel, and opens a problem on the job's branch.
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import type { TrackedJob } from '../../../agent/src/trackedJob';
import type { JobChangesView } from '../../webview/protocol';
import { checkedView, checkingView, failedView, parseCheckedChanges, type CheckedChanges } from './jobChanges';
import { gitApi } from './gitApi';

const CHECK_TIMEOUT_MS = 5 * 60_000;

interface Checked {
  view: JobChangesView;
  /** Where the problems are: the repository's folder and the branch's commit. */
  root?: string;
  changes?: CheckedChanges;
}

export class JobChangesChecks {
  private readonly results = new Map<string, Checked>();
  private readonly listeners = new Set<(localId: string) => void>();

  constructor(
    private readonly cliPath: string,
    private readonly log: (line: string) => void,
  ) {}

  view(localId: string): JobChangesView | undefined {
    return this.results.get(localId)?.view;
  }

  onDidChange(listener: (localId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Checks the job's branch in the first of the workspace's repositories that has it. */
  async check(job: Readonly<TrackedJob>): Promise<void> {
    const branch = job.branch ?? job.record?.branch;
    if (!branch) return this.set(job.localId, { view: failedView('The job has no branch yet.') });
    this.set(job.localId, { view: checkingView() });
    const roots = await repositoryRoots();
    if (roots.length === 0) return this.set(job.localId, { view: failedView(`Open the clone of the site's repository to check branch "${branch}".`) });
    const reasons: string[] = [];
    for (const root of roots) {
      const { code, stdout, stderr } = await this.runCli(root, ['job', 'check', '--branch', branch, '--json']);
      const changes = code === 0 || code === 1 ? parseCheckedChanges(stdout) : undefined;
      if (changes) {
        this.log(`checked the changes of job ${job.localId} (${branch}) in ${root}: ${changes.problems.length} new problem(s)`);
        return this.set(job.localId, { view: checkedView(changes), root, changes });
      }
      reasons.push(stderr.replace(/^docsjson: /, '').trim() || `the check ended with code ${code}`);
    }
    this.log(`could not check the changes of job ${job.localId}: ${reasons.join('; ')}`);
    this.set(job.localId, { view: failedView(reasons.join(' ')) });
  }

  /** Opens a problem's file as it is on the job's branch (read-only), at its line. */
  async openProblem(localId: string, index: number): Promise<void> {
    const checked = this.results.get(localId);
    const problem = checked?.changes?.problems[index];
    const api = await gitApi();
    if (!checked?.root || !checked.changes || !problem || !api) return;
    const uri = api.toGitUri(vscode.Uri.joinPath(vscode.Uri.file(checked.root), ...problem.path.split('/')), checked.changes.branchCommit);
    const position = new vscode.Position(problem.line - 1, problem.column - 1);
    // Beside the panel, which stays in view with its list.
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), preview: true, viewColumn: vscode.ViewColumn.Beside });
  }

  private set(localId: string, checked: Checked): void {
    this.results.set(localId, checked);
    for (const listener of this.listeners) listener(localId);
  }

  private runCli(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      // The editor's own runtime runs the bundled CLI as plain Node.
      execFile(process.execPath, [this.cliPath, ...args], { cwd, timeout: CHECK_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 2) : 0;
        resolve({ code, stdout, stderr: error && !stderr ? error.message : stderr });
      });
    });
  }
}

/** The workspace's git repositories (through the Git extension), else its folders. */
async function repositoryRoots(): Promise<string[]> {
  const api = await gitApi();
  const repositories = api?.repositories.map((repository) => repository.rootUri.fsPath) ?? [];
  return repositories.length > 0 ? repositories : (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
}
