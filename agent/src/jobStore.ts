import { isTerminal, reviveJobRecord, type JobRecord } from './jobRecord';
import type { Failure } from './failure';
import { isActive, trackedJobForSession, type FollowUp, type JobScope, type TrackedJob, type TrackerPhase } from './trackedJob';
import { emptyTranscript, type Transcript } from './transcript';

/** Key-value persistence, shaped like VS Code's Memento so `context.globalState` fits as is. */
export interface JobStorage {
  get<T>(key: string): T | undefined;
  /** `undefined` removes the key. */
  update(key: string, value: unknown): PromiseLike<void>;
  keys(): readonly string[];
}

const KEY_PREFIX = 'docsjson.agentJob:';
/** Phases a stored job can have: a `not-created` job is never stored. */
const STORED_PHASES: readonly TrackerPhase[] = ['creating', 'sending', 'streaming', 'polling', 'finished', 'stale', 'failed', 'forgotten', 'stopped'];

export const DEFAULT_MAX_JOBS_PER_SCOPE = 50;

/** Scopes are compared without a trailing slash on the URL. */
function scopeId(scope: JobScope): string {
  return `${encodeURIComponent(scope.apiUrl.replace(/\/+$/, ''))}/${encodeURIComponent(scope.projectId)}`;
}

function storageKey(job: JobScope & { localId: string }): string {
  return `${KEY_PREFIX}${scopeId(job)}/${encodeURIComponent(job.localId)}`;
}

/** A stored job as read back, or undefined when the entry is not one (corrupt, or from elsewhere). */
function readStoredJob(value: unknown): TrackedJob | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const stored = value as Record<string, unknown>;
  const { apiUrl, projectId, localId, startedAt, updatedAt, phase, transcript } = stored;
  if (typeof apiUrl !== 'string' || typeof projectId !== 'string' || typeof localId !== 'string' || typeof startedAt !== 'string') {
    return undefined;
  }
  const storedTranscript = transcript as Partial<Transcript> | undefined;
  const job: TrackedJob = {
    apiUrl,
    projectId,
    localId,
    startedAt,
    updatedAt: typeof updatedAt === 'string' ? updatedAt : startedAt,
    phase: STORED_PHASES.includes(phase as TrackerPhase) ? (phase as TrackerPhase) : 'stopped',
    transcript: Array.isArray(storedTranscript?.events)
      ? { events: storedTranscript.events, dropped: Number(storedTranscript.dropped) || 0, size: Number(storedTranscript.size) || 0 }
      : emptyTranscript(),
  };
  if (typeof stored.sessionId === 'string') job.sessionId = stored.sessionId;
  if (typeof stored.branch === 'string') job.branch = stored.branch;
  if (typeof stored.problem === 'string') job.problem = stored.problem;
  if (typeof stored.problemKind === 'string') job.problemKind = stored.problemKind as TrackedJob['problemKind'];
  if (typeof stored.request === 'object' && stored.request !== null) job.request = stored.request as TrackedJob['request'];
  if (stored.record !== undefined) job.record = reviveJobRecord(stored.record);
  if (isStoredFailure(stored.failure)) job.failure = stored.failure;
  if (Array.isArray(stored.followUps)) job.followUps = stored.followUps.filter(isStoredFollowUp);
  return job;
}

function isStoredFailure(value: unknown): value is Failure {
  const failure = value as Partial<Failure> | null;
  return typeof failure === 'object' && failure !== null && typeof failure.message === 'string' && typeof failure.detail === 'string';
}

function isStoredFollowUp(value: unknown): value is FollowUp {
  const followUp = value as Partial<FollowUp> | null;
  return typeof followUp === 'object' && followUp !== null && typeof followUp.prompt === 'string' && typeof followUp.sentAt === 'string';
}

function newestFirst(a: TrackedJob, b: TrackedJob): number {
  return b.startedAt.localeCompare(a.startedAt);
}

/** Jobs persisted per API URL and project: the last record plus the (bounded) transcript. */
export class JobStore {
  constructor(
    private readonly storage: JobStorage,
    private readonly maxJobsPerScope = DEFAULT_MAX_JOBS_PER_SCOPE,
  ) {}

  /** Newest first; every scope when none is given. */
  list(scope?: JobScope): TrackedJob[] {
    const prefix = scope === undefined ? KEY_PREFIX : `${KEY_PREFIX}${scopeId(scope)}/`;
    return this.storage
      .keys()
      .filter((key) => key.startsWith(prefix))
      .map((key) => readStoredJob(this.storage.get(key)))
      .filter((job): job is TrackedJob => job !== undefined)
      .sort(newestFirst);
  }

  /** Jobs a tracker should follow again, e.g. after a reload. */
  listActive(scope?: JobScope): TrackedJob[] {
    return this.list(scope).filter(isActive);
  }

  findBySession(scope: JobScope, sessionId: string): TrackedJob | undefined {
    return this.list(scope).find((job) => job.sessionId === sessionId);
  }

  /** Stores the job; a job that was not created is removed instead (it is reported, never listed). */
  async save(job: Readonly<TrackedJob>): Promise<void> {
    if (job.phase === 'not-created') return this.remove(job);
    await this.storage.update(storageKey(job), structuredClone(job));
    await this.prune(job);
  }

  async remove(job: JobScope & { localId: string }): Promise<void> {
    await this.storage.update(storageKey(job), undefined);
  }

  /** The stored job with this session id, or a new one (saved once its tracker reports). */
  jobForSession(scope: JobScope, sessionId: string): TrackedJob {
    return this.findBySession(scope, sessionId) ?? trackedJobForSession(scope, sessionId);
  }

  /**
   * Adds or refreshes the jobs the list endpoint returned; returns those that changed. New jobs
   * that are still running get phase `polling`, so they are followed like the others.
   */
  async mergeListed(scope: JobScope, records: readonly JobRecord[]): Promise<TrackedJob[]> {
    const changed: TrackedJob[] = [];
    for (const record of records) {
      if (record.sessionId === undefined) continue;
      const known = this.findBySession(scope, record.sessionId);
      if (known && JSON.stringify(known.record) === JSON.stringify(record)) continue;
      const job = known ?? this.jobForSession(scope, record.sessionId);
      const createdAt = Date.parse(record.createdAt ?? '');
      const startedAt = known?.startedAt ?? (Number.isNaN(createdAt) ? job.startedAt : new Date(createdAt).toISOString());
      const updated: TrackedJob = {
        ...job,
        startedAt,
        branch: record.branch ?? job.branch,
        record,
        phase: isTerminal(record) ? 'finished' : isActive(job) ? job.phase : 'polling',
        updatedAt: new Date().toISOString(),
      };
      await this.save(updated);
      changed.push(updated);
    }
    return changed;
  }

  /** Keeps the newest jobs of a scope; active jobs are never dropped. */
  private async prune(scope: JobScope): Promise<void> {
    const jobs = this.list(scope);
    const room = Math.max(0, this.maxJobsPerScope - jobs.filter(isActive).length);
    for (const job of jobs.filter((job) => !isActive(job)).slice(room)) await this.remove(job);
  }
}
