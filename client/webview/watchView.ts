// Watching one job: its summary (title, status, outcome, pull request, todos, request, actions)
// above the live output.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import type { VscodeButton, VscodeTextarea } from '@vscode-elements/elements';
import { actionButton, actionLink, button, el, markdownBlock, post, vscodeApi } from './dom';
import { codicon } from './icons';
import type { HostMessage, JobChangesView, JobSummaryView, JobView, PanelState, TodoView } from './protocol';
import { TranscriptView } from './transcriptView';

const TODO_ICONS: Record<string, string> = {
  completed: 'pass-filled',
  in_progress: 'circle-large-filled',
  pending: 'circle-large-outline',
  cancelled: 'circle-slash',
};

function todoItem(todo: TodoView): HTMLLIElement {
  const status = todo.status ?? 'unknown';
  const label = status.replace(/_/g, ' ');
  return el(
    'li',
    { class: `todo status-${status.replace(/[^a-z_-]/gi, '')}`, 'data-status': status, title: label },
    codicon(TODO_ICONS[status] ?? 'question', label),
    el('span', { class: 'todo-content' }, todo.content),
    todo.priority ? el('span', { class: `priority priority-${todo.priority.replace(/[^a-z]/gi, '')}` }, todo.priority) : undefined,
  );
}

function renderSummary(job: JobSummaryView, root: HTMLElement): void {
  const meta = [
    job.platformTitle ? `Platform title: ${job.platformTitle}` : undefined,
    job.branch ? `Branch ${job.branch}` : undefined,
    job.model ? `Model ${job.model}` : undefined,
    job.asDraft ? 'Draft' : undefined,
    job.sessionId ? `Job ${job.sessionId}` : undefined,
  ].filter((part): part is string => part !== undefined);
  const problem = job.problem
    ? el('div', { id: 'problem', class: 'error', role: 'alert' }, job.problem, ' ', job.problemAction ? actionButton(job.problemAction, 'problemAction', { id: 'problem-action' }) : undefined)
    : undefined;
  const outcome = el('section', { id: 'outcome' });
  if (job.explanation && !job.active) outcome.append(el('p', { id: 'explanation', class: `explanation outcome-${job.outcome}` }, job.explanation));
  if (job.messageToUser) outcome.append(el('h2', {}, 'Message from the agent'), markdownBlock(job.messageToUser, { id: 'message-to-user' }));
  if (job.pullRequestUrl) {
    outcome.append(
      el('p', {}, actionButton('Open Pull Request', 'openPullRequest', { id: 'pull-request' }), ' ', el('span', { class: 'muted', id: 'pull-request-url' }, job.pullRequestUrl)),
    );
  }
  // API v2 (follow-ups) has no todo list.
  const todos = job.followUp && job.todos.length === 0 ? undefined : el('section', { id: 'todos-section' }, el('h2', {}, 'Todos'));
  todos?.append(job.todos.length > 0 ? el('ul', { id: 'todos', class: 'todo-list' }, ...job.todos.map(todoItem)) : el('p', { class: 'muted', id: 'todos' }, 'No todo list yet.'));
  const messages = job.messages.length
    ? el(
        'details',
        { class: 'request' },
        el('summary', {}, `Request (${job.messages.length} message${job.messages.length === 1 ? '' : 's'})`),
        ...job.messages.map((message) => el('div', { class: 'request-message' }, el('span', { class: 'role' }, message.role), el('div', { class: 'request-text' }, message.content))),
      )
    : undefined;
  const actions = el(
    'div',
    { class: 'row actions' },
    job.active ? actionButton('Stop Watching', 'stop', { secondary: true, id: 'stop' }) : actionButton('Refresh', 'refresh', { secondary: true, id: 'refresh' }),
    job.branch ? actionButton('Show Changes', 'showChanges', { secondary: true, id: 'show-changes' }) : undefined,
    job.branch && !job.active ? actionButton("Check the Job's Changes", 'checkChanges', { secondary: true, id: 'check-changes' }) : undefined,
    job.branch ? actionButton('Check Out Branch', 'checkOutBranch', { secondary: true, id: 'check-out' }) : undefined,
    actionButton('New Job', 'newJob', { secondary: true, id: 'new-job' }),
  );
  root.replaceChildren(
    el(
      'header',
      {},
      el('h1', { id: 'title' }, job.title),
      actionLink('Rename', 'rename'),
      el('span', { id: 'status', class: `badge outcome-${job.outcome}`, 'data-outcome': job.outcome }, job.statusText),
    ),
    el('p', { class: 'muted meta' }, meta.join(' · ')),
    problem ?? '',
    outcome,
    job.changes ? renderChanges(job.changes, job.followUp !== undefined) : '',
    todos ?? '',
    messages ?? '',
    actions,
  );
}

/**
 * The problems the job's branch adds, each a link to its line on the branch; for a v2 job, a
 * button that puts "Fix these problems…" in the follow-up box (sent only with Send).
 */
function renderChanges(changes: JobChangesView, followUps: boolean): HTMLElement {
  const items = changes.problems.map((problem, index) => {
    const open = el('button', { type: 'button', class: 'link changes-where', title: "Open this line on the job's branch" }, problem.where);
    open.addEventListener('click', () => post({ type: 'openChangesProblem', index }));
    return el(
      'li',
      { class: `changes-problem severity-${problem.severity.replace(/[^a-z]/g, '')}` },
      el('span', { class: 'severity' }, problem.severity),
      ' ',
      open,
      ' ',
      el('span', {}, problem.message),
      ' ',
      el('span', { class: 'muted' }, problem.code),
    );
  });
  const prompt = changes.fixPrompt;
  const askToFix =
    followUps && prompt
      ? button('Ask the Agent to Fix These', { id: 'fix-changes', secondary: true }, () => {
          const box = document.querySelector<VscodeTextarea>('#follow-up');
          if (!box) return;
          box.value = prompt;
          box.focus();
        })
      : undefined;
  return el(
    'section',
    { id: 'changes', class: `changes changes-${changes.state}`, 'data-state': changes.state },
    el('h2', { id: 'changes-headline' }, changes.headline),
    changes.detail ? el('p', { class: 'muted', id: 'changes-detail' }, changes.detail) : undefined,
    items.length > 0 ? el('ul', { id: 'changes-problems' }, ...items) : undefined,
    askToFix,
  );
}

/** The follow-up box under a v2 job: kept across summary updates, so what is typed stays. */
function renderFollowUp(job: JobSummaryView, root: HTMLElement): void {
  if (!job.followUp) {
    root.replaceChildren();
    return;
  }
  const sent = job.followUp.sent.map((message) =>
    el('li', { class: `follow-up outcome-${message.outcome.replace(/[^a-z-]/g, '')}` }, message.prompt, ' ', el('span', { class: 'muted' }, FOLLOW_UP_OUTCOMES[message.outcome] ?? message.outcome)),
  );
  let box = root.querySelector<VscodeTextarea>('#follow-up');
  let send = root.querySelector<VscodeButton>('#send-follow-up');
  if (!box || !send) {
    box = el('vscode-textarea', { id: 'follow-up', rows: '3', resize: 'vertical', 'aria-label': 'Follow-up message', placeholder: 'Ask the agent for more changes on this job…' }) as VscodeTextarea;
    const input = box;
    send = button('Send', { id: 'send-follow-up' }, () => {
      const prompt = input.value.trim();
      if (!prompt) return;
      post({ type: 'followUp', prompt });
      input.value = '';
    }) as VscodeButton;
    root.replaceChildren(el('h2', {}, 'Follow-up'), el('ul', { id: 'follow-ups', class: 'follow-ups' }), box, el('div', { class: 'row' }, send, el('span', { id: 'follow-up-hint', class: 'muted' })));
  }
  root.querySelector('#follow-ups')!.replaceChildren(...sent);
  send.disabled = !job.followUp.enabled;
  root.querySelector('#follow-up-hint')!.textContent = job.followUp.enabled ? 'The job runs again with your message, in place.' : 'You can send a message once the job has finished.';
}

const FOLLOW_UP_OUTCOMES: Record<string, string> = { sent: '(sent)', 'not-sent': '(not sent)', unknown: '(sending…)' };

interface Watching {
  localId: string;
  summary: HTMLElement;
  followUp: HTMLElement;
  liveNote: HTMLElement;
  transcript: TranscriptView;
  notices: HTMLElement;
}

let watching: Watching | undefined;

/** The one line of a lost connection at the end of the Activity feed: updated in place, gone once it is back. */
function renderConnection(job: JobSummaryView, notices: HTMLElement): void {
  const line = notices.querySelector<HTMLElement>('#connection');
  if (!job.connection) return line?.remove();
  if (line) line.textContent = job.connection;
  else notices.append(el('p', { id: 'connection', class: 'notice warning', role: 'status' }, job.connection));
}

function renderLiveNote(job: JobSummaryView, root: HTMLElement): void {
  root.replaceChildren(...(job.liveNote ? [el('p', { id: 'live-note', class: 'note' }, job.liveNote)] : []));
}

/**
 * Shows a job's snapshot. A snapshot of the job already shown (renamed, listed again, its changes
 * checked) updates the view in place, so the follow-up being typed keeps its text and focus.
 */
export function renderWatch(app: HTMLElement, job: JobView): void {
  if (watching?.localId !== job.localId || !watching.summary.isConnected) watching = watchIn(app, job.localId);
  else for (const error of app.querySelectorAll(':scope > .error')) error.remove();
  renderJob(job, watching);
  watching.notices.replaceChildren();
  renderConnection(job, watching.notices);
  watching.transcript.reset(job.transcript, job.dropped);
  vscodeApi.setState({ localId: job.localId } satisfies PanelState);
}

/** The parts of the panel drawn from the job's record: its summary, its follow-up box and the live note. */
function renderJob(job: JobSummaryView, parts: Watching): void {
  renderSummary(job, parts.summary);
  renderFollowUp(job, parts.followUp);
  renderLiveNote(job, parts.liveNote);
}

function watchIn(app: HTMLElement, localId: string): Watching {
  const summary = el('div', { id: 'summary' });
  const followUp = el('section', { id: 'follow-up-section' });
  const liveNote = el('div', {});
  const transcriptRoot = el('div', { id: 'transcript', class: 'transcript' });
  const notices = el('div', { id: 'notices' });
  app.replaceChildren(summary, followUp, el('h2', {}, 'Activity'), liveNote, transcriptRoot, notices);
  return { localId, summary, followUp, liveNote, transcript: new TranscriptView(transcriptRoot), notices };
}

export function applyUpdate(message: Extract<HostMessage, { type: 'update' }>): void {
  if (!watching) return;
  if (message.job) renderJob(message.job, watching);
  watching.transcript.append(message.events);
  const connection = watching.notices.querySelector('#connection');
  for (const notice of message.notices) {
    const line = el('p', { class: 'notice muted' }, notice);
    if (connection) connection.before(line);
    else watching.notices.append(line);
    while (watching.notices.childElementCount > 5) watching.notices.firstElementChild!.remove();
  }
  if (message.job) renderConnection(message.job, watching.notices);
}

export function stopWatching(): void {
  watching = undefined;
}
