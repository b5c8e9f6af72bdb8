// The "Agent Jobs" sidebar view: jobs with a status icon (spinning while running), and as
// children their pull request link and todo list.
import * as vscode from 'vscode';
import type { Todo } from '../../../agent/src/todos';
import { isActive, type TrackedJob } from '../../../agent/src/trackedJob';
import { createUpdateBatcher, type UpdateBatcher } from '../../../agent/src/updateBatcher';
import type { JobManager } from './jobManager';
import { currentTodos, jobOutcome, jobSummaryView, jobTitle, platformTitle, statusText } from './jobView';
import { safeText } from '../../../agent/src/displayText';

export type JobNode =
  | { kind: 'job'; localId: string }
  | { kind: 'pullRequest'; localId: string; url: string }
  | { kind: 'todo'; localId: string; index: number; todo: Todo }
  | { kind: 'problem'; localId: string; text: string };

const OUTCOME_ICONS: Record<string, [string, string?]> = {
  completed: ['pass', 'testing.iconPassed'],
  misconfigured: ['warning', 'problemsWarningIcon.foreground'],
  error: ['error', 'problemsErrorIcon.foreground'],
  failed: ['error', 'problemsErrorIcon.foreground'],
  forgotten: ['circle-slash', 'problemsWarningIcon.foreground'],
  interrupted: ['debug-pause'],
  ended: ['circle-large-outline'],
  stale: ['watch'],
  stopped: ['debug-stop'],
};

const TODO_ICONS: Record<string, [string, string?]> = {
  completed: ['pass-filled', 'testing.iconPassed'],
  in_progress: ['circle-large-filled', 'progressBar.background'],
  pending: ['circle-large-outline'],
  cancelled: ['circle-slash', 'disabledForeground'],
};

function themeIcon([id, color]: [string, string?]): vscode.ThemeIcon {
  return new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
}

export function jobIcon(job: Readonly<TrackedJob>, followed: boolean): vscode.ThemeIcon {
  if (isActive(job) && job.connectionLost) return themeIcon(['debug-disconnect', 'problemsWarningIcon.foreground']);
  if (isActive(job)) return followed ? new vscode.ThemeIcon('loading~spin') : new vscode.ThemeIcon('sync-ignored');
  return themeIcon(OUTCOME_ICONS[jobOutcome(job)] ?? ['circle-large-outline']);
}

function relativeTime(iso: string): string {
  const ms = Date.now() - Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString();
}

export class JobsTreeProvider implements vscode.TreeDataProvider<JobNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<JobNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly refresher: UpdateBatcher<unknown>;
  private readonly unsubscribe: () => void;

  constructor(private readonly manager: JobManager) {
    // Stream events arrive many times a second: the tree redraws at most 4 times a second.
    this.refresher = createUpdateBatcher<unknown>({ maxUpdates: 4, intervalMs: 1_000, post: () => this.changed.fire(undefined) });
    this.unsubscribe = manager.onDidChange((change) => {
      const event = change.update?.type === 'event' ? change.update.event : undefined;
      if (event && event.type !== 'todos') return; // text and tool calls do not show here
      this.refresher.push(change);
    });
  }

  getChildren(node?: JobNode): JobNode[] {
    if (!node) return this.manager.jobs().map((job) => ({ kind: 'job', localId: job.localId }));
    if (node.kind !== 'job') return [];
    const job = this.manager.job(node.localId);
    if (!job) return [];
    const view = jobSummaryView(job, this.manager.extras(job.localId));
    const children: JobNode[] = [];
    if (view.pullRequestUrl) children.push({ kind: 'pullRequest', localId: job.localId, url: view.pullRequestUrl });
    if (job.problem && !isActive(job)) children.push({ kind: 'problem', localId: job.localId, text: job.problem });
    currentTodos(job).forEach((todo, index) => children.push({ kind: 'todo', localId: job.localId, index, todo }));
    return children;
  }

  getParent(node: JobNode): JobNode | undefined {
    return node.kind === 'job' ? undefined : { kind: 'job', localId: node.localId };
  }

  getTreeItem(node: JobNode): vscode.TreeItem {
    switch (node.kind) {
      case 'job':
        return this.jobItem(node.localId);
      case 'pullRequest': {
        const number = node.url.match(/\/pull\/(\d+)/)?.[1] ?? node.url.match(/merge_requests\/(\d+)/)?.[1];
        const item = new vscode.TreeItem(safeText(number ? `Pull request #${number}` : 'Pull request'));
        item.id = `${this.itemId(node.localId)}/pr`;
        item.description = safeText(node.url);
        item.tooltip = safeText(node.url);
        item.accessibilityInformation = { label: safeText(`${item.label as string}, ${node.url}`) };
        item.iconPath = new vscode.ThemeIcon('git-pull-request');
        item.contextValue = 'agentJobPullRequest';
        item.command = { command: 'docsjson.agent.openPullRequest', title: 'Open Pull Request', arguments: [{ kind: 'job', localId: node.localId }] };
        return item;
      }
      case 'problem': {
        const item = new vscode.TreeItem(safeText(node.text));
        item.id = `${this.itemId(node.localId)}/problem`;
        item.tooltip = safeText(node.text);
        item.iconPath = themeIcon(['info']);
        return item;
      }
      case 'todo': {
        const status = node.todo.status ?? '';
        const item = new vscode.TreeItem(safeText(node.todo.content || '(empty)'));
        item.id = `${this.itemId(node.localId)}/todo/${node.index}`;
        item.description = safeText([status.replace(/_/g, ' '), node.todo.priority].filter(Boolean).join(' · '));
        item.iconPath = themeIcon(TODO_ICONS[status] ?? ['question']);
        item.tooltip = safeText(`${node.todo.content}\n${item.description}`);
        item.contextValue = 'agentJobTodo';
        return item;
      }
    }
  }

  /** A job's tree item id: changes when the job ends (see jobItem). */
  private itemId(localId: string): string {
    const job = this.manager.job(localId);
    return job && !isActive(job) ? `${localId}/ended` : localId;
  }

  private jobItem(localId: string): vscode.TreeItem {
    const job = this.manager.job(localId);
    if (!job) return new vscode.TreeItem('(removed)');
    const followed = this.manager.isFollowed(localId);
    const extras = this.manager.extras(localId);
    const view = jobSummaryView(job, extras);
    const title = safeText(jobTitle(job, extras));
    const active = isActive(job);
    // A running job is open (its todos move); a finished one closed. VS Code keeps an item's
    // expansion by id, so a job that ends gets a new id to be drawn closed.
    const hasChildren = this.getChildren({ kind: 'job', localId }).length > 0;
    const state = active ? vscode.TreeItemCollapsibleState.Expanded : hasChildren ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(title, state);
    item.id = this.itemId(localId);
    const status = active && !followed ? 'Not followed (no API key?)' : statusText(job);
    const platform = platformTitle(job, extras);
    item.description = safeText([status, relativeTime(job.startedAt), platform].filter(Boolean).join(' · '));
    item.iconPath = jobIcon(job, followed);
    const tooltip = new vscode.MarkdownString(undefined, false);
    tooltip.isTrusted = false;
    tooltip.supportHtml = false;
    tooltip.appendText(safeText(`${title}\n\n${status}`));
    if (platform) tooltip.appendText(safeText(` · platform title "${platform}"`));
    if (job.branch) tooltip.appendText(safeText(` · branch ${job.branch}`));
    if (job.sessionId) tooltip.appendText(safeText(` · ${job.sessionId}`));
    if (view.explanation && !active) tooltip.appendText(safeText(`\n\n${view.explanation}`));
    if (view.liveNote) tooltip.appendText(safeText(`\n\n${view.liveNote}`));
    if (job.problem) tooltip.appendText(safeText(`\n\n${job.problem}`));
    item.tooltip = tooltip;
    item.contextValue = ['agentJob', active ? 'active' : 'ended', view.pullRequestUrl ? 'pr' : '', job.sessionId ? 'session' : '', view.branch ? 'branch' : '']
      .filter(Boolean)
      .join(' ');
    item.command = { command: 'docsjson.agent.showJob', title: 'Show Job', arguments: [{ kind: 'job', localId }] };
    return item;
  }

  dispose(): void {
    this.unsubscribe();
    this.refresher.dispose();
    this.changed.dispose();
  }
}
