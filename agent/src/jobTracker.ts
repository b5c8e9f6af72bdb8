import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentJobApi, CreateJobRequest } from './apiClient';
import { isAgentApiError, type AgentApiErrorKind } from './errors';
import { findCreatedJob } from './findCreatedJob';
import { isTerminal, type JobRecord } from './jobRecord';
import type { AgentEvent } from './stream/events';
import { isActive, newLocalId, type TrackedJob, type TrackerPhase } from './trackedJob';
import { DEFAULT_TRANSCRIPT_LIMITS, appendEvent, emptyTranscript, type TranscriptLimits } from './transcript';

export interface TrackerOptions {
  /** Between two GETs while the job runs. */
  pollIntervalMs: number;
  /** Ceiling of the backoff after failed GETs. */
  maxPollIntervalMs: number;
  /** Give up (phase `stale`) when neither the stream nor the record changed for this long. */
  staleAfterMs: number;
  /** Drop a live stream that sent no event for this long (keep-alives do not count) and poll instead. */
  streamSilenceMs: number;
  /** A job the GET endpoint does not know yet is waited for this long after tracking starts. */
  notFoundGraceMs: number;
  /** Attempts to find, in the jobs list, a job whose creation answer was lost. */
  lookUpAttempts: number;
  transcriptLimits: TranscriptLimits;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  pollIntervalMs: 3_000,
  maxPollIntervalMs: 60_000,
  staleAfterMs: 30 * 60_000,
  streamSilenceMs: 120_000,
  notFoundGraceMs: 30_000,
  lookUpAttempts: 3,
  transcriptLimits: DEFAULT_TRANSCRIPT_LIMITS,
};

export type TrackerUpdate =
  | { type: 'phase'; phase: TrackerPhase; problem?: string; problemKind?: AgentApiErrorKind }
  | { type: 'session'; sessionId: string; branch?: string }
  | { type: 'event'; event: AgentEvent }
  | { type: 'record'; record: JobRecord }
  /** Something users should know that does not end tracking, e.g. a broken stream. */
  | { type: 'notice'; message: string };

export type TrackerListener = (update: TrackerUpdate, job: Readonly<TrackedJob>) => void;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Follows one job: its live stream while there is one, then the GET record until it is final.
 * Subscribe with `onUpdate`; `job` is the current state (store it to resume after a reload).
 */
export class JobTracker {
  private readonly options: TrackerOptions;
  private readonly stopController = new AbortController();
  private readonly listeners = new Set<TrackerListener>();
  private readonly state: TrackedJob;
  /** Resolves with the job once tracking ends, whatever the outcome; never rejects. */
  readonly done: Promise<TrackedJob>;

  private constructor(
    private readonly api: AgentJobApi,
    job: TrackedJob,
    options: Partial<TrackerOptions>,
    run: (tracker: JobTracker) => Promise<void>,
  ) {
    this.options = { ...DEFAULT_TRACKER_OPTIONS, ...options };
    this.state = job;
    // Started after the caller had the chance to subscribe.
    this.done = Promise.resolve()
      .then(() => run(this))
      .catch((error: unknown) => this.end('failed', `Unexpected error while following the job: ${messageOf(error)}`))
      .then(() => this.job);
  }

  /** Sends the job and follows it. The POST is never repeated. */
  static create(api: AgentJobApi, projectId: string, request: CreateJobRequest, options: Partial<TrackerOptions> = {}): JobTracker {
    const now = new Date().toISOString();
    const job: TrackedJob = {
      apiUrl: api.baseUrl,
      projectId,
      localId: newLocalId(),
      branch: request.branch,
      request,
      startedAt: now,
      updatedAt: now,
      phase: 'creating',
      transcript: emptyTranscript(),
    };
    return new JobTracker(api, job, options, (tracker) => tracker.runCreated(request));
  }

  /**
   * Follows a job known from before: a stored one (after a reload), one from the jobs list, or
   * one added by id. A job stored while still `creating` is looked up in the jobs list.
   */
  static resume(api: AgentJobApi, job: TrackedJob, options: Partial<TrackerOptions> = {}): JobTracker {
    const resumed: TrackedJob = { ...job, problem: undefined, problemKind: undefined, transcript: structuredClone(job.transcript) };
    return new JobTracker(api, resumed, options, async (tracker) => {
      let sessionId = resumed.sessionId;
      if (sessionId === undefined) {
        tracker.setPhase('creating');
        sessionId = await tracker.lookUp(Date.parse(resumed.startedAt));
      }
      if (sessionId !== undefined) await tracker.poll(sessionId);
    });
  }

  get job(): Readonly<TrackedJob> {
    return this.state;
  }

  onUpdate(listener: TrackerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops following the job (phase `stopped`; `resume` continues later). The job itself runs on. */
  stop(): void {
    if (!isActive(this.state)) return;
    this.stopController.abort();
    this.end('stopped');
  }

  private get stopped(): boolean {
    return this.stopController.signal.aborted;
  }

  private emit(update: TrackerUpdate): void {
    this.state.updatedAt = new Date().toISOString();
    for (const listener of this.listeners) {
      try {
        listener(update, this.state);
      } catch {
        // A failing listener must not stop tracking or the other listeners.
      }
    }
  }

  private setPhase(phase: TrackerPhase, problem?: string, problemKind?: AgentApiErrorKind): void {
    this.state.phase = phase;
    this.state.problem = problem;
    this.state.problemKind = problemKind;
    this.emit({ type: 'phase', phase, problem, problemKind });
  }

  private end(phase: Exclude<TrackerPhase, 'creating' | 'streaming' | 'polling'>, problem?: string, problemKind?: AgentApiErrorKind): void {
    if (isActive(this.state)) this.setPhase(phase, problem, problemKind);
  }

  private fail(error: unknown): void {
    this.end('failed', messageOf(error), isAgentApiError(error) ? error.kind : undefined);
  }

  private notice(message: string): void {
    this.emit({ type: 'notice', message });
  }

  private setSession(sessionId: string, branch?: string): void {
    this.state.sessionId = sessionId;
    this.state.branch = branch ?? this.state.branch;
    this.emit({ type: 'session', sessionId, branch: this.state.branch });
  }

  private async runCreated(request: CreateJobRequest): Promise<void> {
    this.setPhase('creating');
    const sentAt = Date.parse(this.state.startedAt);
    const streamController = new AbortController();
    const signal = AbortSignal.any([this.stopController.signal, streamController.signal]);
    let eventBatches: AsyncIterable<AgentEvent[]>;
    try {
      const created = await this.api.createJob(this.state.projectId, request, { signal });
      if (created.sessionId !== undefined) this.setSession(created.sessionId, created.branch);
      eventBatches = created.eventBatches;
    } catch (error) {
      if (this.stopped) return;
      if (isAgentApiError(error) && error.sessionId !== undefined) {
        this.notice(`${error.message} The job was created anyway; following it.`);
        this.setSession(error.sessionId);
        return this.poll(error.sessionId);
      }
      if (!isAgentApiError(error) || !error.mayHaveReachedServer) return this.fail(error);
      this.notice(`${error.message} The request was sent, so the job may exist; looking for it instead of sending it again.`);
      const found = await this.lookUp(sentAt);
      return found === undefined ? undefined : this.poll(found);
    }
    await this.readStream(eventBatches, streamController);
    if (this.stopped) return;
    const sessionId = this.state.sessionId ?? (await this.lookUp(sentAt));
    if (sessionId !== undefined) await this.poll(sessionId);
  }

  private async readStream(eventBatches: AsyncIterable<AgentEvent[]>, streamController: AbortController): Promise<void> {
    this.setPhase('streaming');
    const silenceMs = this.options.streamSilenceMs;
    const silence = setTimeout(() => streamController.abort(), silenceMs);
    try {
      for await (const batch of eventBatches) {
        silence.refresh();
        for (const event of batch) {
          appendEvent(this.state.transcript, event, this.options.transcriptLimits);
          this.emit({ type: 'event', event });
        }
      }
    } catch (error) {
      if (this.stopped) return;
      const why = streamController.signal.aborted ? `The live stream sent nothing for ${Math.round(silenceMs / 1000)} s.` : messageOf(error);
      this.notice(`${why} Following the job by polling.`);
    } finally {
      clearTimeout(silence);
    }
  }

  /** Finds the job in the jobs list when the creation's answer was lost; its session id, or undefined (and failed). */
  private async lookUp(sentAt: number): Promise<string | undefined> {
    for (let attempt = 0; attempt < this.options.lookUpAttempts && !this.stopped; attempt++) {
      if (attempt > 0 && !(await this.wait(this.options.pollIntervalMs))) return undefined;
      try {
        const found = await findCreatedJob(
          this.api,
          this.state.projectId,
          { branch: this.state.branch, sentAt },
          { signal: this.stopController.signal },
        );
        if (found?.sessionId !== undefined) {
          this.setSession(found.sessionId, found.branch);
          return found.sessionId;
        }
      } catch (error) {
        if (this.stopped) return undefined;
        this.notice(messageOf(error));
      }
    }
    this.end(
      'failed',
      'The job may have been created, but it could not be found in the jobs list. Check the dashboard before starting it again.',
    );
    return undefined;
  }

  /** Waits; false when tracking was stopped meanwhile. */
  private async wait(ms: number): Promise<boolean> {
    try {
      await sleep(ms, undefined, { signal: this.stopController.signal });
      return true;
    } catch {
      return false;
    }
  }

  private async poll(sessionId: string): Promise<void> {
    const { pollIntervalMs, maxPollIntervalMs, staleAfterMs, notFoundGraceMs } = this.options;
    this.setPhase('polling');
    const pollingSince = Date.now();
    let lastChangeAt = pollingSince;
    let delay = 0;
    while (await this.wait(delay)) {
      try {
        const record = await this.api.getJob(this.state.projectId, sessionId, { signal: this.stopController.signal });
        if (JSON.stringify(record) !== JSON.stringify(this.state.record)) {
          this.state.record = record;
          this.state.branch = record.branch ?? this.state.branch;
          lastChangeAt = Date.now();
          this.emit({ type: 'record', record });
        }
        if (isTerminal(record)) return this.end('finished');
        delay = pollIntervalMs;
      } catch (error) {
        if (this.stopped) return;
        if (isAgentApiError(error, 'unauthorized', 'forbidden', 'bad-option', 'insecure-url')) return this.fail(error);
        if (isAgentApiError(error, 'not-found') && Date.now() - pollingSince > notFoundGraceMs) return this.fail(error);
        this.notice(messageOf(error));
        const backoff = Math.min(maxPollIntervalMs, Math.max(pollIntervalMs, delay * 2));
        delay = Math.max(backoff, isAgentApiError(error) ? (error.retryAfterMs ?? 0) : 0);
      }
      if (Date.now() - lastChangeAt > staleAfterMs) {
        const minutes = Math.round(staleAfterMs / 6_000) / 10;
        return this.end('stale', `The job showed no progress for ${minutes} min; stopped watching it. Refresh to look again.`);
      }
    }
  }
}
