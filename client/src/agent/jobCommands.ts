// The commands on jobs: create (quick input or panel), track, show, rename, refresh, open the
// pull request, stop watching, remove, clear finished, show the log.
import * as vscode from 'vscode';
import { pullRequestUrl } from '../../../agent/src/jobRecord';
import { isActive } from '../../../agent/src/trackedJob';
import { CATEGORY, ensureReady, jobArgument, registerCommand, type CommandContext } from './commandKit';
import { askForJob } from './createJobInput';
import { branchChoice } from './gitApi';
import { JobPanel } from './jobPanel';
import { jobTitle } from './jobView';
import { readSettings } from './settings';

export function registerJobCommands(context: CommandContext, output: vscode.OutputChannel): vscode.Disposable[] {
  const { manager, host } = context;
  const command = (id: string, run: (...args: any[]) => unknown) => registerCommand(context, id, run);
  return [
    command('docsjson.agent.createJob', async () => {
      if (!(await ensureReady(context))) return;
      const request = await askForJob(readSettings(), await branchChoice());
      if (!request) return;
      // askForJob asked already if the branch is the default one.
      JobPanel.show(host, await host.createJob(request, { branchConfirmed: true }));
    }),

    command('docsjson.agent.composeJob', () => {
      JobPanel.compose(host);
    }),

    command('docsjson.agent.trackJob', async () => {
      if (!(await ensureReady(context))) return;
      const sessionId = await vscode.window.showInputBox({
        title: `${CATEGORY}: track an existing job`,
        prompt: 'The job id (session id), e.g. from the dashboard or `docsjson job create`.',
        ignoreFocusOut: true,
        validateInput: (value) => (/^[\x21-\x7e]{1,200}$/.test(value.trim()) ? undefined : 'A job id has no spaces.'),
      });
      if (!sessionId) return;
      JobPanel.show(host, manager.track(sessionId.trim()).localId);
    }),

    command('docsjson.agent.refresh', async (node?: unknown) => {
      await context.connection.reconfigure();
      const job = node === undefined ? undefined : await jobArgument(manager, node, 'Refresh which job?');
      await manager.refresh(job?.localId);
    }),

    command('docsjson.agent.showJob', async (node?: unknown) => {
      const job = await jobArgument(manager, node, 'Which job?');
      if (job) JobPanel.show(host, job.localId);
    }),

    command('docsjson.agent.renameJob', async (node?: unknown) => {
      const job = await jobArgument(manager, node, 'Rename which job?');
      if (!job) return;
      const title = await vscode.window.showInputBox({
        title: `${CATEGORY}: rename job`,
        prompt: 'The name this job has in the sidebar, its panel and notifications (on this machine). Leave empty for the first line of its message.',
        value: jobTitle(job, manager.extras(job.localId)),
        ignoreFocusOut: true,
      });
      if (title !== undefined) await manager.rename(job.localId, title);
    }),

    command('docsjson.agent.openPullRequest', async (node?: unknown) => {
      const job = await jobArgument(manager, node, 'Open the pull request of which job?', (candidate) => !!candidate.record && !!pullRequestUrl(candidate.record));
      if (!job) return;
      const url = job.record ? pullRequestUrl(job.record) : undefined;
      if (!url) {
        void vscode.window.showInformationMessage(`${CATEGORY}: this job has no pull request yet.`);
        return;
      }
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
    }),

    command('docsjson.agent.stopWatching', async (node?: unknown) => {
      const job = await jobArgument(manager, node, 'Stop watching which job?', (candidate) => isActive(candidate) && manager.isFollowed(candidate.localId));
      if (job) manager.stop(job.localId);
    }),

    command('docsjson.agent.removeJob', async (node?: unknown) => {
      const job = await jobArgument(manager, node, 'Remove which job from the list?');
      if (job) await manager.remove(job.localId);
    }),

    command('docsjson.agent.clearFinished', async () => {
      const removed = await manager.removeFinished();
      if (removed === 0) void vscode.window.showInformationMessage(`${CATEGORY}: no finished job to clear.`);
    }),

    command('docsjson.agent.showLog', () => output.show(true)),
  ];
}
