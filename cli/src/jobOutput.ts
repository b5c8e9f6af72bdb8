import { cliHint } from '../../agent/src/failure';
import { oneLine } from '../../agent/src/http/failures';
import { explainRecord } from '../../agent/src/jobOutcome';
import { isCompleted, isTerminal, pullRequestUrl, type JobRecord } from '../../agent/src/jobRecord';
import type { TrackerUpdate } from '../../agent/src/jobTracker';
import type { AgentEvent } from '../../agent/src/stream/events';
import type { Todo } from '../../agent/src/todos';
import type { TrackedJob } from '../../agent/src/trackedJob';
import { truncateText } from '../../agent/src/truncate';
import { terminalSafe } from './terminalSafe';

const TODO_MARKS: Record<string, string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]', cancelled: '[-]' };

export function formatTodos(todos: readonly Todo[]): string {
  const lines = todos.map((todo) => {
    const mark = TODO_MARKS[todo.status ?? ''] ?? `[${todo.status ?? '?'}]`;
    return `  ${terminalSafe(mark)} ${terminalSafe(todo.content)}${todo.priority ? ` (${terminalSafe(todo.priority)})` : ''}`;
  });
  return `Todos:\n${lines.join('\n')}\n`;
}

function summary(value: unknown, maxChars = 160): string {
  return terminalSafe(truncateText(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), maxChars));
}

/** Writes a job's progress as readable text; adjacent text deltas flow together on one line. */
export class TextProgressWriter {
  private atLineStart = true;
  private lastEventType: AgentEvent['type'] | undefined;
  private lastTodos = '';

  constructor(private readonly write: (text: string) => void) {}

  private endOpenLine(): void {
    if (!this.atLineStart) this.write('\n');
    this.atLineStart = true;
  }

  private line(text: string): void {
    this.endOpenLine();
    this.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  private flow(text: string): void {
    this.write(text);
    this.atLineStart = text.endsWith('\n');
  }

  private todos(todos: readonly Todo[]): void {
    const text = formatTodos(todos);
    if (text !== this.lastTodos) this.line(text);
    this.lastTodos = text;
  }

  /** Phases, notices, connection changes and the finish event print nothing. */
  update(update: TrackerUpdate): void {
    switch (update.type) {
      case 'session':
        return this.line(`Job ${terminalSafe(update.sessionId)}${update.branch ? ` on branch ${terminalSafe(update.branch)}` : ''}`);
      case 'event':
        return this.event(update.event);
      case 'record':
        return update.record.todos.length > 0 ? this.todos(update.record.todos) : this.status(update.record);
      case 'follow-up':
        return update.followUp.outcome === 'unknown' ? this.line(`Sending: ${terminalSafe(update.followUp.prompt)}`) : undefined;
    }
  }

  /** A v2 record has no todos: its status is the progress (the final one is in the outcome). */
  private status(record: JobRecord): void {
    if (record.status && !isTerminal(record)) this.line(`Status: ${terminalSafe(record.status)}`);
  }

  private event(event: AgentEvent): void {
    const continues = this.lastEventType === event.type;
    this.lastEventType = event.type;
    switch (event.type) {
      case 'text':
      case 'reasoning':
        if (!continues) this.endOpenLine();
        return this.flow(`${!continues && event.type === 'reasoning' ? '(thinking) ' : ''}${terminalSafe(event.text)}`);
      case 'tool-call':
        return this.line(`-> ${terminalSafe(event.toolName)} ${summary(event.input)}`);
      case 'tool-result':
        return event.isError ? this.line(`-> tool ${terminalSafe(event.toolCallId)} failed: ${summary(event.output)}`) : undefined;
      case 'todos':
        return this.todos(event.todos);
      case 'error':
        return this.line(`! error: ${summary(event.message, 1_000)}`);
      case 'unknown':
        return this.line(`? ${terminalSafe(event.kind)}: ${summary(event.raw)}`);
    }
  }

  /** Ends a line left open by streamed text. */
  close(): void {
    this.endOpenLine();
  }
}

const UNSAFE_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * One line of JSON output, the same value as `JSON.stringify` gives, with the characters a
 * terminal would obey (C1 controls, bidirectional overrides) written as `\uXXXX` escapes.
 */
export function jsonLine(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return `${json.replace(UNSAFE_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

export function formatRecord(record: JobRecord): string {
  const status = record.status ?? record.haultReason ?? (record.haulted ? 'stopped' : 'unknown');
  const lines = [`Status: ${terminalSafe(status)}${isTerminal(record) ? '' : ' (running)'}`];
  lines.push(`  ${terminalSafe(explainRecord(record))}`);
  if (record.title) lines.push(`Title: ${terminalSafe(record.title)}`);
  if (record.repository) lines.push(`Repository: ${terminalSafe(record.repository)}`);
  if (record.branch) lines.push(`Branch: ${terminalSafe(record.branch)}`);
  const link = pullRequestUrl(record);
  if (link) lines.push(`Pull request: ${terminalSafe(link)}`);
  else if (record.pullRequestLink) lines.push(`Pull request (not a web link): ${summary(record.pullRequestLink)}`);
  if (record.messageToUser) lines.push('Message to user:', ...terminalSafe(record.messageToUser).split('\n').map((line) => `  ${line}`));
  if (record.todos.length > 0) lines.push(formatTodos(record.todos).trimEnd());
  for (const [name, value] of Object.entries(record.extra)) lines.push(`${terminalSafe(name)}: ${summary(value)}`);
  return `${lines.join('\n')}\n`;
}

export interface Outcome {
  /** For stdout: the final record, and how to resume when the job is not finished. */
  text: string;
  /** For stderr: what went wrong, in plain words, with what to do. */
  problem?: string;
  /** For stderr with --verbose: the technical account. */
  detail?: string;
  completed: boolean;
}

/** How a followed job ended, and whether it completed. */
export function formatOutcome(job: Readonly<TrackedJob>, resumeHint: string): Outcome {
  const lines: string[] = [];
  // The record of a job the platform forgot says how it stood then, not now.
  if (job.record) lines.push(`${job.phase === 'forgotten' ? 'Last known record:\n' : ''}${formatRecord(job.record).trimEnd()}`);
  if (job.phase === 'stale' || job.phase === 'stopped') lines.push(`Not finished yet. ${resumeHint}`);
  const failure = job.failure;
  const problem = failure ? `${failure.message} ${cliHint(failure)}` : job.problem;
  return {
    text: lines.length > 0 ? `${lines.join('\n')}\n` : '',
    problem: problem === undefined ? undefined : oneLine(problem, 2_000),
    detail: failure?.detail,
    completed: job.phase !== 'not-created' && job.record !== undefined && isCompleted(job.record) && failure === undefined,
  };
}
