import type { CreateJobRequest } from './apiClient';
import type { AgentApiErrorKind } from './errors';
import type { Failure } from './failure';
import type { JobRecord } from './jobRecord';
import { emptyTranscript, type Transcript } from './transcript';

/**
 * Where a tracker is in following a job:
 * creating (POST sent, no session id yet), sending (a follow-up message is being sent),
 * streaming (reading the live stream), polling (GET until final), then one of finished (final
 * record), stale (no progress within the staleness limit), failed (cannot follow it: see
 * `failure`), forgotten (the platform no longer knows the job: deleted, or another project; what
 * was known of it is kept), stopped (the user stopped watching; resumable) or not-created (the
 * job does not exist, or cannot be told to: it is never stored or listed, only reported).
 */
export type TrackerPhase =
  | 'creating'
  | 'sending'
  | 'streaming'
  | 'polling'
  | 'finished'
  | 'stale'
  | 'failed'
  | 'forgotten'
  | 'stopped'
  | 'not-created';

/** A follow-up message sent to a job (API v2). */
export interface FollowUp {
  prompt: string;
  /** ISO 8601. */
  sentAt: string;
  /** sent: the platform took it; not-sent: it did not; unknown: while sending, or the answer was lost. */
  outcome: 'sent' | 'not-sent' | 'unknown';
  /** Why it was not sent, or why that cannot be told. */
  failure?: Failure;
}

export interface ConnectionLost {
  /** ISO 8601. */
  since: string;
  /** Failed looks at the job since then. */
  retries: number;
}

export interface JobScope {
  apiUrl: string;
  projectId: string;
}

/** Everything known about one job on this machine: what is stored and what the UI shows. */
export interface TrackedJob extends JobScope {
  /** Stable local id: the job exists here before the server has given it a session id. */
  localId: string;
  sessionId?: string;
  branch?: string;
  /** The request, when the job was created from here. */
  request?: CreateJobRequest;
  /** When the job was created from here, or first tracked here (ISO 8601). */
  startedAt: string;
  updatedAt: string;
  phase: TrackerPhase;
  /** What went wrong, for users (`failure.message`); stale jobs say so here too. */
  problem?: string;
  /** The kind of API error behind `problem`, e.g. `unauthorized` (offer to set the key). */
  problemKind?: AgentApiErrorKind;
  /** What went wrong with the action that helps, and the technical detail for the log. */
  failure?: Failure;
  /** Follow-up messages sent from here, oldest first. */
  followUps?: FollowUp[];
  /** Set while the docs platform cannot be reached: since when, and how many looks failed so far. */
  connectionLost?: ConnectionLost;
  /** The last record from the GET endpoint: the truth about the job. */
  record?: JobRecord;
  transcript: Transcript;
}

const ACTIVE_PHASES: ReadonlySet<TrackerPhase> = new Set(['creating', 'sending', 'streaming', 'polling']);

/** True while a tracker should be following the job (also after a reload: resume it). */
export function isActive(job: Pick<TrackedJob, 'phase'>): boolean {
  return ACTIVE_PHASES.has(job.phase);
}

export function newLocalId(): string {
  return `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A job known only by its session id, e.g. added with "Track existing job". */
export function trackedJobForSession(scope: JobScope, sessionId: string): TrackedJob {
  const now = new Date().toISOString();
  return {
    ...scope,
    localId: newLocalId(),
    sessionId,
    startedAt: now,
    updatedAt: now,
    phase: 'polling',
    transcript: emptyTranscript(),
  };
}
