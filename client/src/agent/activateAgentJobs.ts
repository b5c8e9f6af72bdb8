// Agent jobs in VS Code: wires the agent layer (API client, trackers, store) to a sidebar view,
// a panel, commands, a status bar item and notifications. Called once from the extension's activate.
import * as vscode from 'vscode';
import { AgentApiClient } from '../../../agent/src/apiClient';
import { parseApiBaseUrl } from '../../../agent/src/http/apiBaseUrl';
import { createRedactor } from '../../../agent/src/redact';
import type { JobScope, TrackedJob } from '../../../agent/src/trackedJob';
import { ApiKeys } from './apiKeys';
import { registerAgentCommands } from './commands';
import { currentGitBranch } from './gitBranch';
import { JobManager } from './jobManager';
import { JobPanel, PANEL_VIEW_TYPE, type PanelHost } from './jobPanel';
import { JobsTreeProvider } from './jobsTree';
import { jobSummaryView } from './jobView';
import { affectsAgentSettings, readSettings, type AgentSettings } from './settings';

export const VIEW_ID = 'docsjson.agentJobs';
const MAX_JOBS_PER_SCOPE = 30;

const disposable = (dispose: () => void): vscode.Disposable => ({ dispose });

/** The jobs of these settings are stored and listed under this scope (undefined: no project id or a bad URL). */
function scopeOf(settings: AgentSettings): JobScope | undefined {
  if (!settings.projectId) return undefined;
  try {
    return { apiUrl: parseApiBaseUrl(settings.apiUrl), projectId: settings.projectId };
  } catch {
    return undefined;
  }
}

export interface AgentJobsApi {
  manager: JobManager;
}

export function activateAgentJobs(context: vscode.ExtensionContext): AgentJobsApi {
  const output = vscode.window.createOutputChannel('Docs Agent', { log: true });
  let currentKey: string | undefined;
  // The API client redacts its own lines; this second pass covers everything else written here.
  const log = (line: string) => output.info(createRedactor([currentKey])(line));
  const keys = new ApiKeys(context.secrets);
  // globalState has the shape of the agent layer's JobStorage (get, update, keys).
  const manager = new JobManager(context.globalState, log, MAX_JOBS_PER_SCOPE);
  const version = String((context.extension.packageJSON as { version?: string }).version ?? '0');

  const setContext = (key: string, value: unknown) => void vscode.commands.executeCommand('setContext', `docsjson.agent.${key}`, value);

  let configuring: Promise<void> = Promise.resolve();
  let lastConnection: string[] | undefined;
  const reconfigure = () => {
    configuring = configuring.then(async () => {
      const settings = readSettings();
      const scope = scopeOf(settings);
      let key: string | undefined;
      try {
        key = await keys.get(settings.apiUrl);
      } catch (error) {
        log(`could not read the API key from the secret storage: ${String(error)}`);
      }
      currentKey = key;
      setContext('hasApiKey', !!key);
      setContext('hasProject', !!settings.projectId);
      void JobPanel.refreshComposeContext();
      const trackerOptions = { pollIntervalMs: settings.pollIntervalMs };
      // Unchanged connection (e.g. only the default model changed, or the key was set twice):
      // running trackers and their live streams are kept.
      const connection = [settings.apiUrl, settings.projectId, key ?? '', settings.proxyUrl ?? '', settings.noProxy ?? ''];
      if (lastConnection && connection.every((value, index) => value === lastConnection![index])) {
        manager.setTrackerOptions(trackerOptions);
        return;
      }
      lastConnection = connection;
      let api: AgentApiClient | undefined;
      let problem: string | undefined;
      if (!settings.projectId) problem = 'Set the project id (setting docsjson.agent.projectId) to create and follow agent jobs.';
      else if (!key) problem = `No API key is set for ${settings.apiUrl}: run "Docs Agent: Set API Key".`;
      else {
        try {
          api = new AgentApiClient({
            baseUrl: settings.apiUrl,
            apiKey: key,
            proxyUrl: settings.proxyUrl,
            noProxy: settings.noProxy,
            log,
            userAgent: `docsjson-vscode/${version}`,
          });
        } catch (error) {
          problem = error instanceof Error ? error.message : String(error);
        }
      }
      log(`agent API ${settings.apiUrl}, project ${settings.projectId || '(none)'}${problem ? `: ${problem}` : ''}`);
      await manager.configure({ scope, api, problem, trackerOptions });
    });
    configuring = configuring.catch((error: unknown) => log(`setting up the agent API failed: ${String(error)}`));
    return configuring;
  };

  const host: PanelHost = {
    manager,
    extensionUri: context.extensionUri,
    async composeContext() {
      const settings = readSettings();
      return {
        defaults: {
          branch: (await currentGitBranch()) ?? '',
          messages: [{ role: 'user', content: '' }],
          model: settings.defaultModel,
          asDraft: settings.draftByDefault,
        },
        projectId: settings.projectId || undefined,
        apiUrl: settings.apiUrl,
        hasApiKey: currentKey !== undefined,
      };
    },
    async createJob(request) {
      await configuring;
      const job = manager.create(request);
      log(`created job ${job.localId} on branch ${request.branch ?? '(new)'} with ${request.messages.length} message(s), model ${request.model}`);
      return job.localId;
    },
    runCommand(command, ...args) {
      void vscode.commands.executeCommand(command, ...args);
    },
    log,
  };

  const tree = new JobsTreeProvider(manager);
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const updateTreeMessage = () => {
    treeView.message = manager.jobs().length > 0 ? manager.problem : undefined;
  };

  const status = vscode.window.createStatusBarItem('docsjson.agentJobs.status', vscode.StatusBarAlignment.Left, 0);
  status.name = 'Docs Agent Jobs';
  status.command = `${VIEW_ID}.focus`;
  const updateStatus = () => {
    const running = manager.runningCount();
    setContext('jobCount', manager.jobs().length);
    if (running === 0) return status.hide();
    status.text = `$(loading~spin) ${running} agent job${running === 1 ? '' : 's'}`;
    status.tooltip = `${running} docs agent job${running === 1 ? ' is' : 's are'} running. Click to show them.`;
    status.show();
  };

  context.subscriptions.push(
    output,
    tree,
    treeView,
    status,
    { dispose: () => manager.dispose() },
    { dispose: () => JobPanel.disposeAll() },
    disposable(
      manager.onDidChange((change) => {
        if (change.update?.type === 'event') return;
        updateStatus();
        updateTreeMessage();
      }),
    ),
    disposable(manager.onDidChangeProblem(updateTreeMessage)),
    disposable(manager.onDidEnd((job) => void notifyEnd(job))),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      async deserializeWebviewPanel(panel, state) {
        JobPanel.revive(host, panel, state);
      },
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsAgentSettings(event)) void reconfigure();
    }),
    keys.onDidChange(() => void reconfigure()),
    ...registerAgentCommands({ manager, keys, host, output, reconfigure: () => reconfigure(), treeView }),
  );

  async function notifyEnd(job: Readonly<TrackedJob>): Promise<void> {
    const view = jobSummaryView(job);
    const actions: string[] = [];
    if (view.pullRequestUrl) actions.push('Open Pull Request');
    actions.push('Show Job');
    if (job.problemKind === 'unauthorized' || job.problemKind === 'forbidden') actions.push('Set API Key');
    // The first sentence only: the panel ("Show Job") has the whole explanation and what to fix.
    const reason = view.problem ?? view.explanation ?? '';
    const firstSentence = reason.split(/(?<=\.)\s+/)[0];
    const detail = view.outcome === 'completed' ? '' : ` ${firstSentence}${firstSentence.length < reason.length ? ' (Show Job for what to do.)' : ''}`;
    const text = `Agent job "${view.title}": ${view.statusText.toLowerCase()}.${detail}`.slice(0, 500);
    const show =
      view.outcome === 'completed'
        ? vscode.window.showInformationMessage
        : view.outcome === 'error' || view.outcome === 'failed' || view.outcome === 'misconfigured'
          ? vscode.window.showErrorMessage
          : vscode.window.showWarningMessage;
    const choice = await show(text, ...actions);
    const target = { kind: 'job', localId: job.localId };
    if (choice === 'Open Pull Request') await vscode.commands.executeCommand('docsjson.agent.openPullRequest', target);
    else if (choice === 'Show Job') await vscode.commands.executeCommand('docsjson.agent.showJob', target);
    else if (choice === 'Set API Key') await vscode.commands.executeCommand('docsjson.agent.setApiKey');
  }

  // The scope is known at once (stored jobs show, a restored panel finds its job); the key follows.
  const settings = readSettings();
  void manager.configure({
    scope: scopeOf(settings),
    api: undefined,
  });
  void reconfigure().then(() => {
    updateStatus();
    updateTreeMessage();
  });
  return { manager };
}
