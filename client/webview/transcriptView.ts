// The job's live output as blocks: text as markdown, reasoning and tool calls collapsed, a
// todo-list update as one line (the list itself is in the Todos section).
import { mergeStreamedText } from '../../agent/src/stream/streamedText';
import type { AgentEvent } from '../../agent/src/stream/events';
import { el, markdownBlock } from './dom';
import { renderMarkdown } from './markdown';
import { cleanText } from './text';

const MAX_BLOCKS = 1_500;
const MAX_PRETTY_CHARS = 8_000;

function truncate(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}… [${text.length - maxChars} more characters]` : text;
}

function pretty(value: unknown): string {
  if (typeof value === 'string') return truncate(value, MAX_PRETTY_CHARS);
  try {
    return truncate(JSON.stringify(value, null, 2) ?? String(value), MAX_PRETTY_CHARS);
  } catch {
    return String(value);
  }
}

function todoLine(todos: readonly { status?: string }[]): string {
  const done = todos.filter((todo) => todo.status === 'completed').length;
  return `Todo list updated: ${done} of ${todos.length} done`;
}

export class TranscriptView {
  /** The last event shown and its block, while text or reasoning may continue it. */
  private last: { event: AgentEvent; block: HTMLElement } | undefined;
  /** The last block, when it is a todo-list line (the next update rewrites it instead of adding one). */
  private todoBlock: HTMLElement | undefined;
  private readonly tools = new Map<string, HTMLElement>();

  constructor(readonly root: HTMLElement) {}

  reset(events: readonly AgentEvent[], dropped: number): void {
    this.root.replaceChildren();
    this.last = undefined;
    this.todoBlock = undefined;
    this.tools.clear();
    if (dropped > 0) this.root.append(el('p', { class: 'muted' }, `${dropped} earlier events are no longer kept.`));
    this.append(events);
  }

  append(events: readonly AgentEvent[]): void {
    if (events.length === 0) return;
    const follow = this.root.scrollHeight - this.root.scrollTop - this.root.clientHeight < 40;
    let dirty = false;
    for (const event of events) {
      const merged = this.last && mergeStreamedText(this.last.event, event);
      if (merged && this.last) {
        this.last.event = merged;
        dirty = true;
        continue;
      }
      if (dirty) this.renderLast();
      dirty = false;
      this.last = undefined;
      this.add(event);
    }
    if (dirty) this.renderLast();
    while (this.root.childElementCount > MAX_BLOCKS) this.root.firstElementChild!.remove();
    if (follow) this.root.scrollTop = this.root.scrollHeight;
  }

  private renderLast(): void {
    if (!this.last) return;
    const { event, block } = this.last;
    if (event.type === 'text') block.innerHTML = renderMarkdown(event.text);
    else if (event.type === 'reasoning') block.textContent = cleanText(event.text);
  }

  private add(event: AgentEvent): void {
    if (event.type !== 'todos' && event.type !== 'tool-result') this.todoBlock = undefined;
    switch (event.type) {
      case 'text': {
        const block = markdownBlock(event.text, { class: 'markdown text' });
        this.root.append(block);
        this.last = { event, block };
        return;
      }
      case 'reasoning': {
        const body = el('div', { class: 'reasoning-text' }, event.text);
        this.root.append(el('details', { class: 'reasoning' }, el('summary', {}, 'Reasoning'), body));
        this.last = { event, block: body };
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
        if (call?.classList.contains('todos')) {
          if (event.isError) call.append(el('span', { class: 'error' }, ' (failed)'));
          return;
        }
        const output = el('pre', { class: event.isError ? 'tool-output error' : 'tool-output' }, pretty(event.output));
        if (call) {
          const state = call.querySelector('.tool-state');
          if (state) state.textContent = event.isError ? 'failed' : 'done';
          call.append(output);
        } else {
          this.root.append(el('details', { class: 'tool' }, el('summary', {}, event.isError ? 'Tool failed' : 'Tool result'), output));
        }
        return;
      }
      case 'todos': {
        const line = todoLine(event.todos);
        if (this.todoBlock) {
          this.todoBlock.textContent = line;
        } else {
          this.todoBlock = el('p', { class: 'todos muted' }, line);
          this.root.append(this.todoBlock);
        }
        if (event.toolCallId) this.tools.set(event.toolCallId, this.todoBlock);
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
}
