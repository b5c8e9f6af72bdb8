// What the sidebar, the panel and the notifications show of a job. No `vscode` import: unit-tested.
import { explainRecord, recordOutcome } from '../../../agent/src/jobOutcome';
import { isTerminal, pullRequestUrl } from '../../../agent/src/jobRecord';
import type { AgentEvent } from '../../../agent/src/stream/events';
import type { Todo } from '../../../agent/src/todos';
import { isActive, type TrackedJob } from '../../../agent/src/trackedJob';
import { buttonFor } from './failureButton';
import type { JobChangesView, JobOutcome, JobSummaryView, JobView } from '../../webview/protocol';

const TITLE_CHARS = 80;

function firstLine(text: string): string {
  return (text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();
}

function shortLine(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > TITLE_CHARS ? `${oneLine.slice(0, TITLE_CHARS - 1)}…` : oneLine;
}

/** What this machine knows of a job beyond the job itself (kept by the job manager). */
export interface JobExtras {
  /** The name the user gave the job with "Rename". */
  userTitle?: string;
  /** The job was streaming when the window reloaded: its live output stops there. */
  cutByReload?: boolean;
  /** The API in use takes follow-up messages (v2). */
  followUps?: boolean;
  /** A tracker follows the job now (it may not have changed its phase yet). */
  followed?: boolean;
  /** The check of the problems the job's branch adds. */
  changes?: JobChangesView;
}

/**
 * A short name for a job: the name the user gave it, else the first line of their message, else
 * the platform's title, its branch or its id.
 */
export function jobTitle(job: Readonly<TrackedJob>, extras: JobExtras = {}): string {
  const fromMessages = job.request?.messages.find((message) => message.role === 'user') ?? job.request?.messages[0];
  return shortLine(
    extras.userTitle?.trim() || (fromMessages ? firstLine(fromMessages.content) : '') || job.record?.title?.trim() || job.branch || job.sessionId || 'Agent job',
  );
}

/** The platform's title, when it says something the job's own title does not. */
export function platformTitle(job: Readonly<TrackedJob>, extras: JobExtras = {}): string | undefined {
  const title = job.record?.title?.trim();
  return title && shortLine(title) !== jobTitle(job, extras) ? shortLine(title) : undefined;
}

/** How a job stands: running, or how it ended (or why it is no longer followed). */
export function jobOutcome(job: Readonly<TrackedJob>): JobOutcome {
  // Polling without a record yet (after a broken stream or a reload): not known to run until the record says so.
  if (isActive(job) && job.connectionLost) return 'reconnecting';
  if (job.phase === 'polling' && !job.record) return 'checking';
  if (isActive(job)) return 'running';
  switch (job.phase) {
    case 'failed':
    case 'not-created':
      return 'failed';
    case 'forgotten':
      return 'forgotten';
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
  reconnecting: 'Connection lost, retrying',
  checking: 'Checking',
  completed: 'Completed',
  misconfigured: 'Repository misconfigured',
  error: 'Failed',
  interrupted: 'Interrupted',
  ended: 'Ended',
  stale: 'No progress',
  failed: 'Could not follow',
  forgotten: 'Forgotten by the platform',
  stopped: 'Not watched',
};

export function statusText(job: Readonly<TrackedJob>): string {
  if (job.connectionLost && isActive(job)) return STATUS_TEXT.reconnecting;
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

/**
 * What the live output shows of the run, when not all of it: kept from before a reload or a broken
 * stream, and where the status comes from instead.
 */
export function liveNote(job: Readonly<TrackedJob>, extras: JobExtras = {}): string | undefined {
  if (job.phase === 'creating' || job.phase === 'streaming') return undefined;
  const events = job.transcript.events;
  const statusSource = isActive(job)
    ? job.record
      ? " The job's record says it is still running; the status comes from it, checked every few seconds."
      : ' Checking whether the job still runs…'
    : job.record
      ? " The outcome above comes from the job's record."
      : '';
  if (events.length === 0) {
    if (extras.followUps) return `Agent API version 2 sends no live output: the job is followed through its record.${statusSource}`;
    return job.request ? undefined : `No live output: this job was followed through its record only.${statusSource}`;
  }
  if (events.at(-1)?.type === 'finish') return undefined;
  const cut = extras.cutByReload
    ? 'The live output up to the window reload is kept below; what the agent did after the reload cannot be replayed.'
    : 'The live output stopped before the job ended; what came before is kept below, what came after cannot be replayed.';
  return `${cut}${statusSource}`;
}

/** The Activity feed's one line while the platform cannot be reached (updated on each try). */
export function connectionNote(retries: number): string {
  return `Connection lost: the docs platform does not answer. Retrying (${retries} ${retries === 1 ? 'try' : 'tries'} so far); the job is followed again as soon as it answers.`;
}

export function jobSummaryView(job: Readonly<TrackedJob>, extras: JobExtras = {}): JobSummaryView {
  const record = job.record;
  const view: JobSummaryView = {
    localId: job.localId,
    sessionId: job.sessionId,
    title: jobTitle(job, extras),
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
  const platform = platformTitle(job, extras);
  if (platform) view.platformTitle = platform;
  const note = liveNote(job, extras);
  if (note) view.liveNote = note;
  if (job.connectionLost && isActive(job)) view.connection = connectionNote(job.connectionLost.retries);
  if (job.problem) view.problem = job.problem;
  if (job.problemKind) view.problemKind = job.problemKind;
  const button = job.failure && buttonFor(job.failure);
  if (button) view.problemAction = button;
  // A job the platform forgot takes no message.
  if (extras.followUps && job.sessionId && job.phase !== 'forgotten') {
    view.followUp = { enabled: !isActive(job) && !extras.followed, sent: (job.followUps ?? []).map(({ prompt, outcome }) => ({ prompt, outcome })) };
  }
  if (extras.changes) view.changes = extras.changes;
  if (record) {
    view.haulted = record.haulted;
    view.haultReason = record.haultReason;
    // A record that was still running when following failed says nothing true about now.
    const current = isActive(job) || isTerminal(record);
    if (current && (record.haultReason || record.haulted || record.status)) view.explanation = explainRecord(record);
    if (record.messageToUser) view.messageToUser = record.messageToUser;
    const url = pullRequestUrl(record);
    if (url) view.pullRequestUrl = url;
    if (record.createdAt) view.createdAt = record.createdAt;
  }
  return view;
}

export function jobView(job: Readonly<TrackedJob>, extras: JobExtras = {}): JobView {
  return { ...jobSummaryView(job, extras), transcript: [...job.transcript.events], dropped: job.transcript.dropped };
}
