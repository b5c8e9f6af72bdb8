// The agent job panel (browser side): a form to compose a job, and a view to watch one. Every
// value from the API is put in the page as text, except the agent's markdown, which goes through
// renderMarkdown (raw HTML off, links http(s) only). Links open through the extension.
import type { AgentEvent } from '../../agent/src/stream/events';
import { renderMarkdown } from './markdown';
import { cleanText, isWebUrl } from './text';
import type { ComposeContext, ComposeDraft, HostMessage, JobSummaryView, JobView, MessageView, PanelAction, PanelMessage, PanelState, TodoView } from './protocol';

interface VsCodeApi {
  postMessage(message: PanelMessage): void;
  getState(): PanelState | undefined;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;
const post = (message: PanelMessage) => vscode.postMessage(message);

type Attributes = Record<string, string | boolean | undefined>;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string | undefined)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === undefined) continue;
    element.append(typeof child === 'string' ? document.createTextNode(cleanText(child)) : child);
  }
  return element;
}

function button(label: string, attributes: Attributes, onClick: () => void): HTMLButtonElement {
  const node = el('button', { type: 'button', ...attributes }, label);
  node.addEventListener('click', onClick);
  return node;
}

function actionButton(label: string, action: PanelAction, attributes: Attributes = {}): HTMLButtonElement {
  return button(label, attributes, () => post({ type: 'action', action }));
}

function markdownBlock(text: string, attributes: Attributes = {}): HTMLDivElement {
  const block = el('div', { class: 'markdown', ...attributes });
  block.innerHTML = renderMarkdown(text);
  return block;
}

function truncate(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}… [${text.length - maxChars} more characters]` : text;
}

function pretty(value: unknown): string {
  if (typeof value === 'string') return truncate(value, 8_000);
  try {
    return truncate(JSON.stringify(value, null, 2) ?? String(value), 8_000);
  } catch {
    return String(value);
  }
}

// Links (in rendered markdown) open outside, through the extension, and only when http(s).
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  if (isWebUrl(href)) post({ type: 'openLink', href });
});

// ---- Compose ------------------------------------------------------------------------------

const ROLES = ['user', 'system', 'assistant'];
const MODELS = ['sonnet', 'opus'];

function renderCompose(context: ComposeContext, draft: ComposeDraft, problem?: string): void {
  const save = () => vscode.setState({ draft: readDraft() });
  const branch = el('input', { id: 'branch', type: 'text', value: draft.branch, placeholder: 'created when it does not exist', spellcheck: 'false' });
  const messages = el('div', { id: 'messages' });
  const model = el('select', { id: 'model' }, ...MODELS.map((name) => el('option', { value: name, selected: name === draft.model }, name)));
  const asDraft = el('input', { id: 'draft', type: 'checkbox', checked: draft.asDraft });
  const error = el('p', { id: 'compose-error', class: 'error', role: 'alert' }, problem ?? '');

  const addMessage = (message: MessageView) => {
    const role = el('select', { class: 'role', 'aria-label': 'Role' }, ...ROLES.map((name) => el('option', { value: name, selected: name === message.role }, name)));
    const content = el('textarea', { class: 'content', rows: '4', 'aria-label': 'Message', placeholder: 'What should the agent change in the docs?' });
    content.value = message.content;
    const row = el('div', { class: 'message' }, role, content);
    row.append(
      button('Remove', { class: 'secondary remove', title: 'Remove this message' }, () => {
        if (messages.children.length > 1) row.remove();
        save();
      }),
    );
    messages.append(row);
  };
  const readDraft = (): ComposeDraft => ({
    branch: branch.value.trim(),
    messages: [...messages.querySelectorAll('.message')].map((row) => ({
      role: (row.querySelector('select') as HTMLSelectElement).value,
      content: (row.querySelector('textarea') as HTMLTextAreaElement).value,
    })),
    model: model.value,
    asDraft: asDraft.checked,
  });
  (draft.messages.length > 0 ? draft.messages : [{ role: 'user', content: '' }]).forEach(addMessage);

  const form = el(
    'form',
    { id: 'compose' },
    el('label', { for: 'branch' }, 'Branch'),
    branch,
    el('div', { class: 'label' }, 'Messages'),
    messages,
    button('Add message', { id: 'add-message', class: 'secondary' }, () => {
      addMessage({ role: 'user', content: '' });
      save();
    }),
    el('div', { class: 'row' }, el('label', { for: 'model' }, 'Model'), model, el('label', { class: 'check' }, asDraft, 'Draft pull request')),
    error,
    el('div', { class: 'row' }, el('button', { id: 'create', type: 'submit' }, 'Create Job')),
  );
  form.addEventListener('input', save);
  form.addEventListener('change', save);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = readDraft();
    value.messages = value.messages.filter((message) => message.content.trim() !== '');
    if (value.messages.length === 0) {
      error.textContent = 'Write at least one message.';
      return;
    }
    error.textContent = '';
    (form.querySelector('#create') as HTMLButtonElement).disabled = true;
    post({ type: 'create', draft: value });
  });

  const target = context.projectId
    ? el('p', { class: 'muted' }, `Project ${context.projectId}${context.apiUrl ? ` at ${context.apiUrl}` : ''}`)
    : el('p', { class: 'warning' }, 'No project id is set.', ' ', actionButton('Open Settings', 'openSettings', { class: 'link' }));
  const key = context.hasApiKey ? undefined : el('p', { class: 'warning' }, 'No API key is set. ', actionButton('Set API Key', 'setApiKey', { class: 'link' }));
  app.replaceChildren(el('h1', {}, 'New agent job'), target, key ?? '', form);
  vscode.setState({ draft: readDraft() });
}

// ---- Watch --------------------------------------------------------------------------------

const TODO_MARKS: Record<string, string> = { completed: '✓', in_progress: '◐', pending: '○', cancelled: '✕' };

function todoItem(todo: TodoView): HTMLLIElement {
  const status = todo.status ?? 'unknown';
  return el(
    'li',
    { class: `todo status-${status.replace(/[^a-z_-]/gi, '')}`, 'data-status': status, title: status.replace(/_/g, ' ') },
    el('span', { class: 'todo-mark', 'aria-hidden': 'true' }, TODO_MARKS[status] ?? '?'),
    el('span', { class: 'todo-content' }, todo.content),
    todo.priority ? el('span', { class: `priority priority-${todo.priority.replace(/[^a-z]/gi, '')}` }, todo.priority) : undefined,
  );
}

/** The stream as blocks: text as markdown, the rest collapsed; adjacent text merged. */
class TranscriptView {
  private lastType: 'text' | 'reasoning' | undefined;
  private lastText = '';
  private lastBlock: HTMLElement | undefined;
  private readonly tools = new Map<string, HTMLDetailsElement>();
  private static readonly MAX_BLOCKS = 1_500;

  constructor(readonly root: HTMLElement) {}

  reset(events: readonly AgentEvent[], dropped: number): void {
    this.root.replaceChildren();
    this.lastType = undefined;
    this.tools.clear();
    if (dropped > 0) this.root.append(el('p', { class: 'muted' }, `${dropped} earlier events are no longer kept.`));
    this.append(events);
  }

  append(events: readonly AgentEvent[]): void {
    if (events.length === 0) return;
    const follow = this.root.scrollHeight - this.root.scrollTop - this.root.clientHeight < 40;
    let dirty = false;
    for (const event of events) {
      if ((event.type === 'text' || event.type === 'reasoning') && this.lastType === event.type && this.lastBlock) {
        this.lastText += event.text;
        dirty = true;
        continue;
      }
      if (dirty) this.renderLast();
      dirty = false;
      this.lastType = undefined;
      this.add(event);
    }
    if (dirty) this.renderLast();
    while (this.root.childElementCount > TranscriptView.MAX_BLOCKS) this.root.firstElementChild!.remove();
    if (follow) this.root.scrollTop = this.root.scrollHeight;
  }

  private renderLast(): void {
    if (!this.lastBlock) return;
    if (this.lastType === 'text') this.lastBlock.innerHTML = renderMarkdown(this.lastText);
    else this.lastBlock.textContent = cleanText(this.lastText);
  }

  private add(event: AgentEvent): void {
    switch (event.type) {
      case 'text': {
        const block = markdownBlock(event.text, { class: 'markdown text' });
        this.root.append(block);
        this.startRun('text', event.text, block);
        return;
      }
      case 'reasoning': {
        const body = el('div', { class: 'reasoning-text' }, event.text);
        this.root.append(el('details', { class: 'reasoning' }, el('summary', {}, 'Reasoning'), body));
        this.startRun('reasoning', event.text, body);
        return;
      }
      case 'tool-call': {
        const details = el(
          'details',
          { class: 'tool', 'data-tool': event.toolName },
          el('summary', {}, el('span', { class: 'tool-name' }, event.toolName || 'tool'), ' ', el('span', { class: 'tool-state muted' }, 'running')),
          el('pre', { class: 'tool-input' }, pretty(event.input)),
        );
        if (event.toolCallId) this.tools.set(event.toolCallId, details);
        this.root.append(details);
        return;
      }
      case 'tool-result': {
        const call = this.tools.get(event.toolCallId);
        const output = el('pre', { class: event.isError ? 'tool-output error' : 'tool-output' }, pretty(event.output));
        if (call) {
          const state = call.querySelector('.tool-state');
          if (state) state.textContent = event.isError ? 'failed' : 'done';
          if (event.isError || !call.classList.contains('todos')) call.append(output);
        } else {
          this.root.append(el('details', { class: 'tool' }, el('summary', {}, event.isError ? 'Tool failed' : 'Tool result'), output));
        }
        return;
      }
      case 'todos': {
        const done = event.todos.filter((todo) => todo.status === 'completed').length;
        const details = el(
          'details',
          { class: 'tool todos' },
          el('summary', {}, `Todo list: ${done} of ${event.todos.length} done`),
          el('ul', { class: 'todo-list' }, ...event.todos.map(todoItem)),
        );
        if (event.toolCallId) this.tools.set(event.toolCallId, details);
        this.root.append(details);
        return;
      }
      case 'error':
        this.root.append(el('p', { class: 'error' }, `Error: ${event.message}`));
        return;
      case 'finish':
        this.root.append(el('p', { class: 'muted' }, event.reason && event.reason !== 'stop' ? `The stream ended (${event.reason}).` : 'The stream ended.'));
        return;
      case 'unknown':
        this.root.append(el('details', { class: 'unknown' }, el('summary', {}, `Other event: ${event.kind}`), el('pre', {}, event.raw)));
        return;
    }
  }

  private startRun(type: 'text' | 'reasoning', text: string, block: HTMLElement): void {
    this.lastType = type;
    this.lastText = text;
    this.lastBlock = block;
  }
}

interface WatchView {
  localId: string;
  summary: HTMLElement;
  transcript: TranscriptView;
  notices: HTMLElement;
}

let watching: WatchView | undefined;

function renderSummary(job: JobSummaryView, root: HTMLElement): void {
  const meta = [
    job.branch ? `Branch ${job.branch}` : undefined,
    job.model ? `Model ${job.model}` : undefined,
    job.asDraft ? 'Draft' : undefined,
    job.sessionId ? `Job ${job.sessionId}` : 'Waiting for the job id',
  ].filter((part): part is string => part !== undefined);
  const problem = job.problem
    ? el(
        'div',
        { id: 'problem', class: 'error', role: 'alert' },
        job.problem,
        job.problemKind === 'unauthorized' || job.problemKind === 'forbidden' ? actionButton('Set API Key', 'setApiKey', { class: 'link' }) : undefined,
      )
    : undefined;
  const outcome = el('section', { id: 'outcome' });
  if (job.explanation && !job.active) outcome.append(el('p', { id: 'explanation', class: `explanation outcome-${job.outcome}` }, job.explanation));
  if (job.messageToUser) outcome.append(el('h2', {}, 'Message from the agent'), markdownBlock(job.messageToUser, { id: 'message-to-user' }));
  if (job.pullRequestUrl) {
    outcome.append(
      el(
        'p',
        {},
        actionButton('Open Pull Request', 'openPullRequest', { id: 'pull-request' }),
        ' ',
        el('span', { class: 'muted', id: 'pull-request-url' }, job.pullRequestUrl),
      ),
    );
  }
  const todos = el('section', { id: 'todos-section' }, el('h2', {}, 'Todos'));
  todos.append(job.todos.length > 0 ? el('ul', { id: 'todos', class: 'todo-list' }, ...job.todos.map(todoItem)) : el('p', { class: 'muted', id: 'todos' }, 'No todo list yet.'));
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
    job.active ? actionButton('Stop Watching', 'stop', { class: 'secondary', id: 'stop' }) : actionButton('Refresh', 'refresh', { class: 'secondary', id: 'refresh' }),
    actionButton('New Job', 'newJob', { class: 'secondary', id: 'new-job' }),
  );
  root.replaceChildren(
    el('header', {}, el('h1', { id: 'title' }, job.title), el('span', { id: 'status', class: `badge outcome-${job.outcome}`, 'data-outcome': job.outcome }, job.statusText)),
    el('p', { class: 'muted meta' }, meta.join(' · ')),
    problem ?? '',
    outcome,
    todos,
    messages ?? '',
    actions,
  );
}

function renderWatch(job: JobView): void {
  const summary = el('div', { id: 'summary' });
  const transcriptRoot = el('div', { id: 'transcript', class: 'transcript' });
  const notices = el('div', { id: 'notices' });
  app.replaceChildren(summary, el('h2', {}, 'Activity'), transcriptRoot, notices);
  watching = { localId: job.localId, summary, transcript: new TranscriptView(transcriptRoot), notices };
  renderSummary(job, summary);
  watching.transcript.reset(job.transcript, job.dropped);
  vscode.setState({ localId: job.localId });
}

function applyUpdate(message: Extract<HostMessage, { type: 'update' }>): void {
  if (!watching) return;
  if (message.job) renderSummary(message.job, watching.summary);
  watching.transcript.append(message.events);
  for (const notice of message.notices) {
    watching.notices.append(el('p', { class: 'notice muted' }, notice));
    while (watching.notices.childElementCount > 5) watching.notices.firstElementChild!.remove();
  }
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message?.type) {
    case 'compose':
      watching = undefined;
      renderCompose(message.context, message.draft ?? vscode.getState()?.draft ?? message.context.defaults);
      return;
    case 'snapshot':
      renderWatch(message.job);
      return;
    case 'update':
      applyUpdate(message);
      return;
    case 'error': {
      const error = document.getElementById('compose-error');
      const create = document.getElementById('create') as HTMLButtonElement | null;
      if (create) create.disabled = false;
      if (error) error.textContent = cleanText(message.message);
      else app.prepend(el('p', { class: 'error', role: 'alert' }, message.message));
      return;
    }
  }
});

post({ type: 'ready' });
