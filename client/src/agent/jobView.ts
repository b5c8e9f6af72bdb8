// What the sidebar, the panel and the notifications show of a job. No `vscode` import: unit-tested.
import { explainRecord, recordOutcome } from '../../../agent/src/jobOutcome';
import { pullRequestUrl } from '../../../agent/src/jobRecord';
import type { AgentEvent } from '../../../agent/src/stream/events';
import type { Todo } from '../../../agent/src/todos';
import { isActive, type TrackedJob } from '../../../agent/src/trackedJob';
import type { JobOutcome, JobSummaryView, JobView } from '../../webview/protocol';

const TITLE_CHARS = 80;

function firstLine(text: string): string {
  return (text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();
}

/** A short name for a job: its title, else its first user message, else its branch or id. */
export function jobTitle(job: Readonly<TrackedJob>): string {
  const fromMessages = job.request?.messages.find((message) => message.role === 'user') ?? job.request?.messages[0];
  const title =
    job.record?.title?.trim() || (fromMessages ? firstLine(fromMessages.content) : '') || job.branch || job.sessionId || 'Agent job';
  const oneLine = title.replace(/\s+/g, ' ');
  return oneLine.length > TITLE_CHARS ? `${oneLine.slice(0, TITLE_CHARS - 1)}…` : oneLine;
}

/** How a job stands: running, or how it ended (or why it is no longer followed). */
export function jobOutcome(job: Readonly<TrackedJob>): JobOutcome {
  if (isActive(job)) return 'running';
  switch (job.phase) {
    case 'failed':
    case 'not-created':
      return 'failed';
    case 'stale':
      return 'stale';
    case 'stopped':
      return 'stopped';
    default:
      break;
  }
  switch (job.record ? recordOutcome(job.record) : 'unknown') {
    case 'completed':
      return 'completed';
    case 'misconfigured':
      return 'misconfigured';
    case 'error':
    case 'failed':
      return 'error';
    case 'interrupted':
      return 'interrupted';
    default:
      return 'ended';
  }
}

const STATUS_TEXT: Record<JobOutcome, string> = {
  running: 'Running',
  completed: 'Completed',
  misconfigured: 'Repository misconfigured',
  error: 'Failed',
  interrupted: 'Interrupted',
  ended: 'Ended',
  stale: 'No progress',
  failed: 'Could not follow',
  stopped: 'Not watched',
};

export function statusText(job: Readonly<TrackedJob>): string {
  if (job.phase === 'creating') return 'Starting';
  if (job.phase === 'sending') return 'Sending message';
  if (job.phase === 'not-created') return 'Not created';
  return STATUS_TEXT[jobOutcome(job)];
}

function lastTodosEvent(events: readonly AgentEvent[]): Todo[] | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event.type === 'todos') return event.todos;
  }
  return undefined;
}

/**
 * The todo list to show: the record's (the truth) once the job is polled, the stream's latest
 * while it streams (the record is not read then), whichever has one otherwise.
 */
export function currentTodos(job: Readonly<TrackedJob>): Todo[] {
  const streamed = lastTodosEvent(job.transcript.events);
  const recorded = job.record?.todos ?? [];
  if (job.phase === 'streaming' || job.phase === 'creating') return streamed ?? recorded;
  return recorded.length > 0 ? recorded : (streamed ?? []);
}

export function jobSummaryView(job: Readonly<TrackedJob>): JobSummaryView {
  const record = job.record;
  const view: JobSummaryView = {
    localId: job.localId,
    sessionId: job.sessionId,
    title: jobTitle(job),
    branch: job.branch ?? record?.branch,
    model: job.request?.model,
    asDraft: job.request?.asDraft,
    messages: (job.request?.messages ?? []).map(({ role, content }) => ({ role, content })),
    phase: job.phase,
    active: isActive(job),
    outcome: jobOutcome(job),
    statusText: statusText(job),
    todos: currentTodos(job).map(({ content, status, priority }) => ({ content, status, priority })),
    startedAt: job.startedAt,
  };
  if (job.problem) view.problem = job.problem;
  if (job.problemKind) view.problemKind = job.problemKind;
  if (record) {
    view.haulted = record.haulted;
    view.haultReason = record.haultReason;
    if (record.haultReason || record.haulted || record.status) view.explanation = explainRecord(record);
    if (record.messageToUser) view.messageToUser = record.messageToUser;
    const url = pullRequestUrl(record);
    if (url) view.pullRequestUrl = url;
    if (record.createdAt) view.createdAt = record.createdAt;
  }
  return view;
}

export function jobView(job: Readonly<TrackedJob>): JobView {
  return { ...jobSummaryView(job), transcript: [...job.transcript.events], dropped: job.transcript.dropped };
}
