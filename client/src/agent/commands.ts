// The "Docs Agent" commands. Those acting on a job take a tree node (`{kind, localId}`) from the
// sidebar or the panel, and ask with a quick pick when run from the command palette.
import * as vscode from 'vscode';
import type { CreateJobRequest } from '../../../agent/src/apiClient';
import { pullRequestUrl } from '../../../agent/src/jobRecord';
import { isActive, type TrackedJob } from '../../../agent/src/trackedJob';
import type { ApiKeys } from './apiKeys';
import { currentGitBranch } from './gitBranch';
import type { JobManager } from './jobManager';
import { JobPanel, type PanelHost } from './jobPanel';
import type { JobNode } from './jobsTree';
import { jobTitle, statusText } from './jobView';
import { readSettings } from './settings';

export interface CommandDeps {
  manager: JobManager;
  keys: ApiKeys;
  host: PanelHost;
  output: vscode.LogOutputChannel;
  reconfigure: () => Promise<void>;
  treeView: vscode.TreeView<JobNode>;
}

const CATEGORY_PREFIX = 'Docs Agent';

async function pickJob(manager: JobManager, placeHolder: string, filter: (job: Readonly<TrackedJob>) => boolean): Promise<string | undefined> {
  const jobs = manager.jobs().filter(filter);
  if (jobs.length === 0) {
    void vscode.window.showInformationMessage(`${CATEGORY_PREFIX}: no job to choose from.`);
    return undefined;
  }
  if (jobs.length === 1) return jobs[0].localId;
  const picked = await vscode.window.showQuickPick(
    jobs.map((job) => ({ label: jobTitle(job), description: statusText(job), detail: [job.branch, job.sessionId].filter(Boolean).join(' · '), localId: job.localId })),
    { placeHolder, matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.localId;
}

function nodeId(node: unknown): string | undefined {
  const localId = (node as Partial<JobNode> | undefined)?.localId;
  return typeof localId === 'string' ? localId : undefined;
}

/** Explains what is missing (project id, key) with a button to fix it; true when jobs can be sent. */
async function ensureReady(deps: CommandDeps): Promise<boolean> {
  await deps.reconfigure();
  if (deps.manager.canFollow) return true;
  const settings = readSettings();
  if (!settings.projectId) {
    const choice = await vscode.window.showWarningMessage('Set the project id of your docs site first (setting "docsjson.agent.projectId").', 'Open Settings');
    if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'docsjson.agent');
    return false;
  }
  const problem = deps.manager.problem ?? 'The agent API is not set up.';
  const choice = await vscode.window.showWarningMessage(problem, 'Set API Key');
  if (choice) await vscode.commands.executeCommand('docsjson.agent.setApiKey');
  return false;
}

export function registerAgentCommands(deps: CommandDeps): vscode.Disposable[] {
  const { manager, keys, host } = deps;
  const register = (id: string, run: (...args: any[]) => unknown) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await run(...args);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        host.log(`${id} failed: ${message}`);
        void vscode.window.showErrorMessage(`${CATEGORY_PREFIX}: ${message}`);
        return undefined;
      }
    });

  const jobArg = async (node: unknown, placeHolder: string, filter: (job: Readonly<TrackedJob>) => boolean = () => true) =>
    nodeId(node) ?? (await pickJob(manager, placeHolder, filter));

  return [
    register('docsjson.agent.createJob', async () => {
      if (!(await ensureReady(deps))) return;
      const settings = readSettings();
      const steps = 4;
      const branch = await vscode.window.showInputBox({
        title: `Create Agent Job (1/${steps}): branch`,
        prompt: 'The branch the agent works on; created when it does not exist. Leave empty to let the platform name one.',
        value: (await currentGitBranch()) ?? '',
        ignoreFocusOut: true,
      });
      if (branch === undefined) return;
      const message = await vscode.window.showInputBox({
        title: `Create Agent Job (2/${steps}): message`,
        prompt: 'What should the agent change in the docs? (For several messages with roles, use "Compose Agent Job in Panel".)',
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : 'Write what the agent should do.'),
      });
      if (message === undefined) return;
      const models = [
        { label: 'sonnet', description: 'faster and cheaper' },
        { label: 'opus', description: 'more powerful, slower' },
      ].sort((a, b) => Number(b.label === settings.defaultModel) - Number(a.label === settings.defaultModel));
      const model = await vscode.window.showQuickPick(models, { title: `Create Agent Job (3/${steps}): model`, ignoreFocusOut: true });
      if (!model) return;
      const drafts = [
        { label: 'Open a pull request', asDraft: false },
        { label: 'Open a draft pull request', asDraft: true },
      ].sort((a, b) => Number(b.asDraft === settings.draftByDefault) - Number(a.asDraft === settings.draftByDefault));
      const draft = await vscode.window.showQuickPick(drafts, { title: `Create Agent Job (4/${steps}): pull request`, ignoreFocusOut: true });
      if (!draft) return;
      const request: CreateJobRequest = {
        branch: branch.trim() || undefined,
        messages: [{ role: 'user', content: message }],
        model: model.label,
        asDraft: draft.asDraft,
      };
      const localId = await host.createJob(request);
      JobPanel.show(host, localId);
    }),

    register('docsjson.agent.composeJob', () => {
      JobPanel.compose(host);
    }),

    register('docsjson.agent.setApiKey', async () => {
      const { apiUrl } = readSettings();
      const key = await vscode.window.showInputBox({
        title: `${CATEGORY_PREFIX}: API key for ${apiUrl}`,
        prompt: 'The admin API key of your docs project (mint_...). It is kept in VS Code\'s secret storage, for this API URL only.',
        password: true,
        ignoreFocusOut: true,
        placeHolder: 'mint_...',
        validateInput: (value) =>
          !value.trim() ? 'Paste the key.' : /^[\x21-\x7e]+$/.test(value.trim()) ? undefined : 'The key cannot contain spaces or special characters.',
      });
      if (key === undefined) return;
      await keys.set(apiUrl, key.trim());
      host.log(`API key set for ${apiUrl}`);
      await deps.reconfigure();
      void vscode.window.showInformationMessage(`${CATEGORY_PREFIX}: API key saved for ${apiUrl}.`);
    }),

    register('docsjson.agent.clearApiKey', async () => {
      const { apiUrl } = readSettings();
      await keys.delete(apiUrl);
      host.log(`API key cleared for ${apiUrl}`);
      await deps.reconfigure();
      void vscode.window.showInformationMessage(`${CATEGORY_PREFIX}: API key for ${apiUrl} removed.`);
    }),

    register('docsjson.agent.trackJob', async () => {
      if (!(await ensureReady(deps))) return;
      const sessionId = await vscode.window.showInputBox({
        title: `${CATEGORY_PREFIX}: track an existing job`,
        prompt: 'The job id (session id), e.g. from the dashboard or `docsjson job create`.',
        ignoreFocusOut: true,
        validateInput: (value) => (/^[\x21-\x7e]{1,200}$/.test(value.trim()) ? undefined : 'A job id has no spaces.'),
      });
      if (!sessionId) return;
      const job = manager.track(sessionId.trim());
      JobPanel.show(host, job.localId);
    }),

    register('docsjson.agent.refresh', async (node?: unknown) => {
      await deps.reconfigure();
      await manager.refresh(nodeId(node));
    }),

    register('docsjson.agent.showJob', async (node?: unknown) => {
      const localId = await jobArg(node, 'Which job?');
      if (localId) JobPanel.show(host, localId);
    }),

    register('docsjson.agent.openPullRequest', async (node?: unknown) => {
      const localId = await jobArg(node, 'Open the pull request of which job?', (job) => !!job.record && !!pullRequestUrl(job.record));
      const job = localId ? manager.job(localId) : undefined;
      if (!job) return;
      const url = job.record ? pullRequestUrl(job.record) : undefined;
      if (!url) {
        void vscode.window.showInformationMessage(`${CATEGORY_PREFIX}: this job has no pull request yet.`);
        return;
      }
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
    }),

    register('docsjson.agent.stopWatching', async (node?: unknown) => {
      const localId = await jobArg(node, 'Stop watching which job?', (job) => isActive(job) && manager.isFollowed(job.localId));
      if (localId) manager.stop(localId);
    }),

    register('docsjson.agent.removeJob', async (node?: unknown) => {
      const localId = await jobArg(node, 'Remove which job from the list?');
      if (localId) await manager.remove(localId);
    }),

    register('docsjson.agent.showLog', () => deps.output.show(true)),
  ];
}
