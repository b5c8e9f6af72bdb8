// Agent jobs in VS Code: puts together the connection (settings + key), the job manager, the
// sidebar, the panels, the status bar item, notifications and commands. Called once from the
// extension's activate.
import * as vscode from 'vscode';
import { createRedactor } from '../../../agent/src/redact';
import { AgentConnection } from './agentConnection';
import { ApiKeys } from './apiKeys';
import { registerAskToFix } from './askToFix';
import { registerBranchCommands } from './branchCommands';
import { jobArgument, registerCommand, type CommandContext } from './commandKit';
import { runFailureAction } from './failureActions';
import { branchChoice } from './gitApi';
import { isDefaultBranch } from '../../webview/branchName';
import { JobChangesChecks } from './jobChangesCheck';
import { registerJobCommands } from './jobCommands';
import { JobManager } from './jobManager';
import { notifyJobEnd } from './jobNotifications';
import { JobPanel, PANEL_VIEW_TYPE, type PanelHost } from './jobPanel';
import { JobsTreeProvider } from './jobsTree';
import { jobOutcome } from './jobView';
import { createJobsStatusBar } from './jobsStatusBar';
import { registerKeyCommands } from './keyCommands';
import { affectsAgentSettings, readSettings } from './settings';

export const VIEW_ID = 'docsjson.agentJobs';
const MAX_JOBS_PER_SCOPE = 30;

export function activateAgentJobs(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('Docs Agent', { log: true });
  // The API client redacts its own lines; this second pass covers everything else written here.
  const log = (line: string) => output.info(createRedactor([connection.key])(line));
  const keys = new ApiKeys(context.secrets);
  // globalState has the shape of the agent layer's JobStorage (get, update, keys).
  const manager = new JobManager(context.globalState, log, MAX_JOBS_PER_SCOPE);
  const version = String((context.extension.packageJSON as { version?: string }).version ?? '0');
  const connection = new AgentConnection(manager, keys, log, `docsjson-vscode/${version}`, () => void JobPanel.refreshComposeContext());
  const changes = new JobChangesChecks(vscode.Uri.joinPath(context.extensionUri, 'dist', 'cli.js').fsPath, log);
  const host = panelHost(context, manager, connection, changes, log);
  const commandContext: CommandContext = { manager, connection, host, log };

  const tree = new JobsTreeProvider(manager);
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const updateTreeMessage = () => {
    treeView.message = manager.jobs().length > 0 ? manager.problem : undefined;
  };
  const unsubscribe = [
    manager.onDidChange((change) => {
      if (change.update?.type !== 'event') updateTreeMessage();
    }),
    manager.onDidChangeProblem(updateTreeMessage),
    manager.onDidEnd((job) => void notifyJobEnd(job, manager.extras(job.localId))),
    // A completed job's branch is checked at once: its panel says what the changes add.
    manager.onDidEnd((job) => {
      if (jobOutcome(job) === 'completed' && (job.branch ?? job.record?.branch)) void changes.check(job);
    }),
  ];

  context.subscriptions.push(
    output,
    tree,
    treeView,
    createJobsStatusBar(manager, VIEW_ID),
    { dispose: () => unsubscribe.forEach((fn) => fn()) },
    { dispose: () => manager.dispose() },
    { dispose: () => JobPanel.disposeAll() },
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      async deserializeWebviewPanel(panel, state) {
        JobPanel.revive(host, panel, state);
      },
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsAgentSettings(event)) void connection.reconfigure();
    }),
    keys.onDidChange(() => void connection.reconfigure()),
    ...registerJobCommands(commandContext, output),
    ...registerKeyCommands(commandContext, keys),
    ...registerBranchCommands(commandContext),
    ...registerAskToFix(commandContext),
    registerCommand(commandContext, 'docsjson.agent.checkJobChanges', async (node?: unknown) => {
      const job = await jobArgument(manager, node, 'Check the changes of which job?', (candidate) => !!(candidate.branch ?? candidate.record?.branch));
      if (!job) return;
      JobPanel.show(host, job.localId);
      await changes.check(job);
    }),
  );

  // The stored jobs show at once (a restored panel finds its job); the key follows.
  void connection.showStoredJobs();
  void connection.reconfigure().then(updateTreeMessage);
}

function panelHost(context: vscode.ExtensionContext, manager: JobManager, connection: AgentConnection, changes: JobChangesChecks, log: (line: string) => void): PanelHost {
  return {
    manager,
    changes,
    extensionUri: context.extensionUri,
    async composeContext() {
      const settings = readSettings();
      return {
        defaults: {
          // Empty: the form names a new branch from the message as it is typed.
          branch: '',
          messages: [{ role: 'user', content: '' }],
          model: settings.defaultModel,
          asDraft: settings.draftByDefault,
        },
        createOptions: settings.apiVersion !== 2,
        projectId: settings.projectId || undefined,
        apiUrl: settings.apiUrl,
        hasApiKey: connection.key !== undefined,
      };
    },
    async createJob(request, options = {}) {
      const { defaultBranch, confirmDefault } = options.branchConfirmed ? { defaultBranch: undefined, confirmDefault: undefined } : await branchChoice();
      if (confirmDefault && isDefaultBranch(request.branch, defaultBranch) && !(await confirmDefault(request.branch!.trim()))) {
        throw new Error(`Not sent: choose a branch for the agent other than ${request.branch!.trim()}, or leave it empty for a new one.`);
      }
      await connection.ready();
      const job = manager.create(request);
      log(`created job ${job.localId} on branch ${request.branch ?? '(new)'} with ${request.messages.length} message(s), model ${request.model}`);
      return job.localId;
    },
    async sendFollowUp(localId, prompt) {
      await connection.ready();
      manager.sendFollowUp(localId, prompt);
      log(`follow-up sent to job ${localId}`);
    },
    async runProblemAction(localId) {
      const action = manager.job(localId)?.failure?.action;
      if (action) await runFailureAction(action);
    },
    runCommand(command, ...args) {
      void vscode.commands.executeCommand(command, ...args);
    },
    log,
  };
}
