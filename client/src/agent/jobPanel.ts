// The agent job panel's host side: one webview panel per job (or a form composing one), fed
// through the batching panel feed, restored after a reload by the panel serializer.
import { safeText } from '../../../agent/src/displayText';
import * as vscode from 'vscode';
import type { CreateJobRequest } from '../../../agent/src/apiClient';
import type { TrackerUpdate } from '../../../agent/src/jobTracker';
import type { TrackedJob } from '../../../agent/src/trackedJob';
import type { UpdateBatcher } from '../../../agent/src/updateBatcher';
import type { ComposeContext, ComposeDraft, HostMessage, PanelAction, PanelMessage, PanelState } from '../../webview/protocol';
import { JOB_MODELS, NO_MESSAGE, jobModel } from '../../webview/jobOptions';
import { isWebUrl } from '../../webview/text';
import type { JobManager } from './jobManager';
import type { JobChangesChecks } from './jobChangesCheck';
import { jobSummaryView, jobTitle, jobView, type JobExtras } from './jobView';
import { createPanelFeed } from './panelFeed';
import { agentPanelHtml } from './webviewHtml';

export const PANEL_VIEW_TYPE = 'docsjson.agentJob';

/** The panel's buttons that run a command on its job. */
const JOB_COMMANDS = {
  openPullRequest: 'docsjson.agent.openPullRequest',
  stop: 'docsjson.agent.stopWatching',
  refresh: 'docsjson.agent.refresh',
  rename: 'docsjson.agent.renameJob',
  checkOutBranch: 'docsjson.agent.checkOutBranch',
  showChanges: 'docsjson.agent.showChanges',
  checkChanges: 'docsjson.agent.checkJobChanges',
} satisfies Partial<Record<PanelAction, string>>;

export interface PanelHost {
  manager: JobManager;
  /** The checks of the jobs' changes (the problems their branches add). */
  changes: JobChangesChecks;
  extensionUri: vscode.Uri;
  composeContext(): Promise<ComposeContext>;
  /**
   * Creates and follows a job (from the panel's form or the quick input); asks first when its
   * branch is the repository's default one, unless `branchConfirmed`. Throws a message for users.
   */
  createJob(request: CreateJobRequest, options?: { branchConfirmed?: boolean }): Promise<string>;
  /** Sends a follow-up message to a job (API v2); throws a message for users. */
  sendFollowUp(localId: string, prompt: string): Promise<void>;
  /** Runs the action that helps with the job's failure (its button). */
  runProblemAction(localId: string): Promise<void>;
  runCommand(command: string, ...args: unknown[]): void;
  log(line: string): void;
}

const MAX_MESSAGES = 20;

export function requestFromDraft(draft: ComposeDraft): CreateJobRequest {
  const messages = (Array.isArray(draft?.messages) ? draft.messages : [])
    .slice(0, MAX_MESSAGES)
    .map((message) => ({ role: String(message?.role ?? 'user'), content: String(message?.content ?? '') }))
    .filter((message) => message.content.trim() !== '');
  if (messages.length === 0) throw new Error(NO_MESSAGE);
  const branch = String(draft.branch ?? '').trim();
  return {
    branch: branch || undefined,
    messages,
    model: jobModel(draft.model, JOB_MODELS[0].name),
    asDraft: draft.asDraft === true,
  };
}

export class JobPanel implements vscode.Disposable {
  private static readonly panels = new Set<JobPanel>();
  private localId: string | undefined;
  private feed: UpdateBatcher<TrackerUpdate> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private unsubscribe: (() => void) | undefined;
  private unsubscribeChanges: (() => void) | undefined;
  private composeDraft: ComposeDraft | undefined;

  /** Shows the job's panel, opening one when none is open. */
  static show(host: PanelHost, localId: string): JobPanel {
    for (const panel of JobPanel.panels) {
      if (panel.localId === localId) {
        panel.panel.reveal();
        return panel;
      }
    }
    JobPanel.closeUnrestoredTabs(host, localId);
    return new JobPanel(host, JobPanel.createWebviewPanel(host, 'Agent Job'), { localId });
  }

  /**
   * After a reload, VS Code restores a hidden panel only once it is shown, and offers no way to
   * show it from here: its tab is closed so that the job has one panel, the new one.
   */
  private static closeUnrestoredTabs(host: PanelHost, localId: string): void {
    const job = host.manager.job(localId);
    if (!job) return;
    const label = `Agent: ${jobTitle(job, host.manager.extras(localId))}`;
    const stale = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(PANEL_VIEW_TYPE) && tab.label === label);
    if (stale.length > 0) void vscode.window.tabGroups.close(stale, true);
  }

  /** Opens a panel with the form for a new job (filled in with `draft`, when given). */
  static compose(host: PanelHost, draft?: ComposeDraft): JobPanel {
    return new JobPanel(host, JobPanel.createWebviewPanel(host, 'New Agent Job'), { draft });
  }

  /** Restores a panel after a reload (registered with `registerWebviewPanelSerializer`). */
  static revive(host: PanelHost, webviewPanel: vscode.WebviewPanel, state: unknown): JobPanel {
    webviewPanel.webview.options = JobPanel.webviewOptions(host);
    const saved = (typeof state === 'object' && state !== null ? state : {}) as PanelState;
    return new JobPanel(host, webviewPanel, {
      localId: typeof saved.localId === 'string' ? saved.localId : undefined,
      draft: saved.draft,
    });
  }

  /** Compose forms show whether a key and a project are set: re-send that after a change. */
  static async refreshComposeContext(): Promise<void> {
    for (const panel of JobPanel.panels) {
      // No draft in the message: the form keeps what the user typed (saved in its webview state).
      if (!panel.localId) panel.post({ type: 'compose', context: await panel.host.composeContext() });
    }
  }

  static disposeAll(): void {
    for (const panel of [...JobPanel.panels]) panel.panel.dispose();
  }

  private static webviewOptions(host: PanelHost): vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(host.extensionUri, 'dist'), vscode.Uri.joinPath(host.extensionUri, 'media')],
    };
  }

  private static createWebviewPanel(host: PanelHost, title: string): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, safeText(title), vscode.ViewColumn.Active, {
      ...JobPanel.webviewOptions(host),
      retainContextWhenHidden: false,
      enableFindWidget: true,
    });
  }

  private constructor(
    private readonly host: PanelHost,
    readonly panel: vscode.WebviewPanel,
    initial: { localId?: string; draft?: ComposeDraft },
  ) {
    JobPanel.panels.add(this);
    this.localId = initial.localId;
    this.composeDraft = initial.draft;
    panel.iconPath = vscode.Uri.joinPath(host.extensionUri, 'media', 'agent-jobs.svg');
    const webview = panel.webview;
    webview.html = agentPanelHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(host.extensionUri, 'dist', 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(host.extensionUri, 'media', 'agentPanel.css')).toString(),
    });
    this.disposables.push(
      webview.onDidReceiveMessage((message: PanelMessage) => void this.receive(message)),
      panel.onDidDispose(() => this.dispose()),
    );
    if (this.localId) this.watch(this.localId);
  }

  private post(message: HostMessage): void {
    void this.panel.webview.postMessage(message);
  }

  /** Follows a job in this panel (the webview gets a snapshot when it is ready). */
  private watch(localId: string): void {
    this.unsubscribe?.();
    this.localId = localId;
    const job = this.host.manager.job(localId);
    this.panel.title = job ? safeText(this.titleOf(job)) : 'Agent Job';
    this.resetFeed(localId);
    this.unsubscribeChanges?.();
    this.unsubscribeChanges = this.host.changes.onDidChange((changed) => {
      if (changed === this.localId) this.sendSnapshot();
    });
    this.unsubscribe = this.host.manager.onDidChange((change) => {
      if (change.job === undefined) return this.sendSnapshot();
      if (change.job.localId !== localId) return;
      if (change.job.phase === 'not-created') return void this.backToCompose(change.job);
      if (change.removed) {
        this.panel.dispose();
        return;
      }
      // Changes that are not a tracker's (listed, restored, a new tracker) start over from a snapshot.
      if (!change.update) return this.sendSnapshot();
      this.feed?.push(change.update);
    });
  }

  /** A new feed: what the old one still held is in the snapshot that follows. */
  private resetFeed(localId: string): void {
    this.feed?.dispose();
    this.feed = createPanelFeed({
      post: (message) => this.post(message),
      summarize: () => {
        const current = this.host.manager.job(localId);
        if (!current) return { ...jobSummaryView({ localId, apiUrl: '', projectId: '', startedAt: '', updatedAt: '', phase: 'stopped', transcript: { events: [], dropped: 0, size: 0 } }), title: 'Removed job' };
        this.panel.title = safeText(this.titleOf(current));
        return jobSummaryView(current, this.extras(localId));
      },
    });
  }

  /** A job that was never created: its form again, as it was sent, with why. */
  private async backToCompose(job: Readonly<TrackedJob>): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.feed?.dispose();
    this.feed = undefined;
    this.localId = undefined;
    const request = job.request;
    const context = await this.host.composeContext();
    const draft: ComposeDraft = request
      ? {
          branch: request.branch ?? '',
          messages: request.messages.map(({ role, content }) => ({ role, content })),
          model: request.model ?? context.defaults.model,
          asDraft: request.asDraft === true,
        }
      : context.defaults;
    this.panel.title = 'New Agent Job';
    this.post({ type: 'compose', context, draft });
    this.post({ type: 'error', message: job.problem ?? 'The job was not created.' });
  }

  private sendSnapshot(): void {
    if (!this.localId) return;
    const job = this.host.manager.job(this.localId);
    if (!job) {
      this.post({ type: 'error', message: 'This job is no longer in the list (removed, or it belongs to another project or API URL).' });
      return;
    }
    this.resetFeed(this.localId);
    this.panel.title = safeText(this.titleOf(job));
    this.post({ type: 'snapshot', job: jobView(job, this.extras(job.localId)) });
  }

  private extras(localId: string): JobExtras {
    return { ...this.host.manager.extras(localId), changes: this.host.changes.view(localId) };
  }

  private titleOf(job: Readonly<TrackedJob>): string {
    return `Agent: ${jobTitle(job, this.host.manager.extras(job.localId))}`;
  }

  private async receive(message: PanelMessage): Promise<void> {
    switch (message?.type) {
      case 'ready':
        if (this.localId) this.sendSnapshot();
        else this.post({ type: 'compose', context: await this.host.composeContext(), draft: this.composeDraft });
        return;
      case 'create': {
        try {
          const localId = await this.host.createJob(requestFromDraft(message.draft));
          this.composeDraft = undefined;
          this.watch(localId);
          this.sendSnapshot();
        } catch (error) {
          this.post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        }
        return;
      }
      case 'followUp': {
        if (!this.localId || typeof message.prompt !== 'string' || !message.prompt.trim()) return;
        try {
          await this.host.sendFollowUp(this.localId, message.prompt);
        } catch (error) {
          this.post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        }
        return;
      }
      case 'openLink':
        if (typeof message.href === 'string' && isWebUrl(message.href)) void vscode.env.openExternal(vscode.Uri.parse(message.href, true));
        return;
      case 'action':
        return this.action(message.action);
      case 'openChangesProblem':
        if (this.localId && Number.isInteger(message.index)) void this.host.changes.openProblem(this.localId, message.index);
        return;
    }
  }

  private action(action: PanelAction): void {
    const command = JOB_COMMANDS[action as keyof typeof JOB_COMMANDS];
    if (command) return this.host.runCommand(command, this.localId ? { kind: 'job', localId: this.localId } : undefined);
    switch (action) {
      case 'problemAction':
        if (this.localId) void this.host.runProblemAction(this.localId);
        return;
      case 'newJob':
        JobPanel.compose(this.host);
        return;
      case 'setApiKey':
        return this.host.runCommand('docsjson.agent.setApiKey');
      case 'openSettings':
        return this.host.runCommand('workbench.action.openSettings', 'docsjson.agent');
    }
  }

  dispose(): void {
    JobPanel.panels.delete(this);
    this.unsubscribe?.();
    this.unsubscribeChanges?.();
    this.feed?.dispose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}
