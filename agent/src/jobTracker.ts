import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentJobApi, CreateJobRequest } from './apiClient';
import { isAgentApiError, type AgentApiErrorKind } from './errors';
import { describeFailure, lowerFirst, type Failure, type FailureSurface } from './failure';
import { findCreatedJob } from './findCreatedJob';
import { isTerminal, type JobRecord } from './jobRecord';
import type { AgentEvent } from './stream/events';
import { isActive, newLocalId, type FollowUp, type TrackedJob, type TrackerPhase } from './trackedJob';
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
  /**
   * While the platform cannot be reached (network down, no answer), the job is looked at again
   * (with backoff) for this long; then following it ends, `failed`.
   */
  connectionRetryMs: number;
  /**
   * Looks at the platform before concluding: in the jobs list for a job whose create answer was
   * lost, and at the record for a follow-up whose answer was lost (did the job start again?).
   */
  lookUpAttempts: number;
  transcriptLimits: TranscriptLimits;
  /** Failures name the editor's settings or the CLI's flags. */
  surface: FailureSurface;
  /**
   * Ids of the jobs already known here (the store's): when a create answer was lost, none of
   * them is taken for the job it created, e.g. an earlier job on the same branch.
   */
  knownJobIds: ReadonlySet<string>;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  pollIntervalMs: 3_000,
  maxPollIntervalMs: 60_000,
  staleAfterMs: 30 * 60_000,
  connectionRetryMs: 10 * 60_000,
  streamSilenceMs: 120_000,
  lookUpAttempts: 3,
  transcriptLimits: DEFAULT_TRANSCRIPT_LIMITS,
  surface: 'editor',
  knownJobIds: new Set(),
};

export type TrackerUpdate =
  | { type: 'phase'; phase: TrackerPhase; problem?: string; problemKind?: AgentApiErrorKind; failure?: Failure }
  | { type: 'session'; sessionId: string; branch?: string }
  | { type: 'event'; event: AgentEvent }
  | { type: 'record'; record: JobRecord }
  | { type: 'follow-up'; followUp: FollowUp }
  /** The platform could not be reached (`lost`, with the failed looks so far, again on each one), or answers again. */
  | { type: 'connection'; lost: boolean; retries: number }
  /** Something users should know that does not end tracking, e.g. a broken stream; `detail` is for the log. */
  | { type: 'notice'; message: string; detail?: string };

export type TrackerListener = (update: TrackerUpdate, job: Readonly<TrackedJob>) => void;

type EndPhase = Exclude<TrackerPhase, 'creating' | 'sending' | 'streaming' | 'polling'>;

/** What to say when a job whose create answer was lost is not found. */
interface LookUpOutcome {
  /** What happened first, e.g. "The platform failed while creating the job." */
  head: string;
  /** What not finding it in the jobs list means, and what to do. */
  missed?: string;
  action?: Failure['action'];
  phase?: EndPhase;
  detail?: string;
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
      .catch((error: unknown) => this.fail(error))
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
    const resumed = JobTracker.copy(job);
    return new JobTracker(api, resumed, options, async (tracker) => {
      let sessionId = resumed.sessionId;
      if (sessionId === undefined) {
        tracker.setPhase('creating');
        sessionId = await tracker.lookUpCreated(Date.parse(resumed.startedAt), {
          head: 'The job was being created when following it was interrupted.',
          missed: 'It is not in the jobs list, so it was most likely not created. Start it again.',
        });
      }
      if (sessionId !== undefined) await tracker.poll(sessionId);
    });
  }

  /**
   * Sends a follow-up message to a job (API v2: `api.features.followUps`) and follows the job as
   * it runs again. The POST is never repeated: when its answer is lost, the record tells whether
   * the job took the message. A message that was not taken leaves the job as it was, with a
   * `failure` saying why.
   */
  static sendFollowUp(api: AgentJobApi, job: TrackedJob, prompt: string, options: Partial<TrackerOptions> = {}): JobTracker {
    if (job.sessionId === undefined) throw new Error('A follow-up needs a job that was created.');
    const sessionId = job.sessionId;
    const followed = JobTracker.copy(job);
    return new JobTracker(api, followed, options, (tracker) => tracker.runFollowUp(sessionId, prompt));
  }

  private static copy(job: TrackedJob): TrackedJob {
    return {
      ...structuredClone(job),
      problem: undefined,
      problemKind: undefined,
      failure: undefined,
      connectionLost: undefined,
    };
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

  private setPhase(phase: TrackerPhase, failure?: Failure): void {
    this.state.phase = phase;
    this.state.failure = failure;
    this.state.problem = failure?.message;
    this.state.problemKind = failure?.kind;
    this.emit({ type: 'phase', phase, problem: failure?.message, problemKind: failure?.kind, failure });
  }

  private end(phase: EndPhase, failure?: Failure): void {
    if (!isActive(this.state)) return;
    this.state.connectionLost = undefined;
    this.setPhase(phase, failure);
  }

  /** A look at the job failed for want of a connection; true once it is time to give up. */
  private connectionFailed(): boolean {
    const lost = this.state.connectionLost ?? { since: new Date().toISOString(), retries: 0 };
    lost.retries++;
    this.state.connectionLost = lost;
    this.emit({ type: 'connection', lost: true, retries: lost.retries });
    return Date.now() - Date.parse(lost.since) >= this.options.connectionRetryMs;
  }

  private connectionBack(): void {
    const lost = this.state.connectionLost;
    if (!lost) return;
    this.state.connectionLost = undefined;
    this.emit({ type: 'connection', lost: false, retries: lost.retries });
  }

  private describe(error: unknown): Failure {
    return describeFailure(error, { surface: this.options.surface });
  }

  private fail(error: unknown, phase: EndPhase = 'failed'): void {
    this.end(phase, this.describe(error));
  }

  private notice(message: string, detail?: string): void {
    this.emit({ type: 'notice', message, detail });
  }

  private setSession(sessionId: string, branch?: string): void {
    this.state.sessionId = sessionId;
    this.state.branch = branch ?? this.state.branch;
    this.emit({ type: 'session', sessionId, branch: this.state.branch });
  }

  private setRecord(record: JobRecord): boolean {
    if (JSON.stringify(record) === JSON.stringify(this.state.record)) return false;
    this.state.record = record;
    this.state.branch = record.branch ?? this.state.branch;
    this.emit({ type: 'record', record });
    return true;
  }

  private async runCreated(request: CreateJobRequest): Promise<void> {
    this.setPhase('creating');
    const sentAt = Date.parse(this.state.startedAt);
    const streamController = new AbortController();
    const signal = AbortSignal.any([this.stopController.signal, streamController.signal]);
    let eventBatches: AsyncIterable<AgentEvent[]> | undefined;
    try {
      const created = await this.api.createJob(this.state.projectId, request, { signal });
      if (created.sessionId !== undefined) this.setSession(created.sessionId, created.branch);
      if (created.record) this.setRecord(created.record);
      eventBatches = created.eventBatches;
    } catch (error) {
      if (this.stopped) return;
      return this.createFailed(error, sentAt);
    }
    if (eventBatches) await this.readStream(eventBatches, streamController);
    if (this.stopped) return;
    const sessionId =
      this.state.sessionId ??
      (await this.lookUpCreated(sentAt, {
        head: 'The job was created, but the platform did not give its id.',
        missed: 'It is not in the jobs list yet: look for it in the dashboard.',
        action: 'OpenDashboard',
        phase: 'failed',
      }));
    if (sessionId !== undefined) await this.poll(sessionId);
  }

  /** A create that failed: a job that exists is followed; one that does not (or cannot be told to) is `not-created`. */
  private async createFailed(error: unknown, sentAt: number): Promise<void> {
    const failure = this.describe(error);
    if (isAgentApiError(error) && error.sessionId !== undefined) {
      this.notice(`${failure.message} The job was created anyway; following it.`, failure.detail);
      this.setSession(error.sessionId);
      await this.poll(error.sessionId);
      return;
    }
    if (!isAgentApiError(error) || !error.mayHaveReachedServer) {
      return this.end('not-created', { ...failure, message: `${failure.message} The job was not created.` });
    }
    if (!this.api.features.jobsList) {
      await this.lookUpCreated(sentAt, { head: failure.message, detail: failure.detail });
      return;
    }
    this.notice(`${failure.message} Looking for the job in the jobs list before anything else.`, failure.detail);
    await this.lookUpCreated(sentAt, {
      head: failure.message,
      missed: 'The job is not in the jobs list, so it was most likely not created. Start it again.',
      detail: failure.detail,
    });
    if (this.state.sessionId !== undefined && !this.stopped) {
      this.notice('The job was created despite the failure; following it.');
      await this.poll(this.state.sessionId);
    }
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
      const detail = error instanceof Error ? error.message : String(error);
      const why = streamController.signal.aborted
        ? `The live output sent nothing for ${Math.round(silenceMs / 1000)} s;`
        : "The job's live output broke off;";
      this.notice(`${why} following the job by looking at it every few seconds.`, detail);
    } finally {
      clearTimeout(silence);
    }
  }

  /**
   * Finds the job in the jobs list when the creation's answer was lost; its session id, or
   * undefined after ending the tracker with `head` and `missed` (or why the list could not tell).
   */
  private async lookUpCreated(sentAt: number, outcome: LookUpOutcome): Promise<string | undefined> {
    const { head, missed = '', action = 'TryAgain', phase = 'not-created', detail = 'not found in the jobs list' } = outcome;
    if (!this.api.features.jobsList) {
      this.end(phase, {
        message: `${head} Whether the job exists cannot be told here (this API version has no jobs list): look in the dashboard before starting it again.`,
        action: 'OpenDashboard',
        detail: outcome.detail ?? 'no jobs list to look the job up in',
      });
      return undefined;
    }
    let listError: unknown;
    for (let attempt = 0; attempt < this.options.lookUpAttempts && !this.stopped; attempt++) {
      if (attempt > 0 && !(await this.wait(this.options.pollIntervalMs))) return undefined;
      try {
        const found = await findCreatedJob(
          this.api,
          this.state.projectId,
          { branch: this.state.branch, sentAt, knownJobIds: this.options.knownJobIds },
          { signal: this.stopController.signal },
        );
        listError = undefined;
        if (found?.sessionId !== undefined) {
          this.setSession(found.sessionId, found.branch);
          return found.sessionId;
        }
      } catch (error) {
        if (this.stopped) return undefined;
        listError = error;
      }
    }
    if (listError !== undefined) {
      const failure = this.describe(listError);
      this.end(phase, {
        ...failure,
        message: `${head} The jobs list could not be read to tell whether it exists (${failure.message.replace(/[.:]$/, '')}): look in the dashboard before starting it again.`,
        action: 'OpenDashboard',
      });
    } else {
      this.end(phase, { message: `${head} ${missed}`, action, detail });
    }
    return undefined;
  }

  private async runFollowUp(sessionId: string, prompt: string): Promise<void> {
    const before = this.state.phase;
    const wasRunning = this.state.record !== undefined && !isTerminal(this.state.record);
    const followUp: FollowUp = { prompt, sentAt: new Date().toISOString(), outcome: 'unknown' };
    this.state.followUps = [...(this.state.followUps ?? []), followUp];
    this.setPhase('sending');
    this.emit({ type: 'follow-up', followUp });
    const settle = (outcome: FollowUp['outcome'], failure?: Failure) => {
      followUp.outcome = outcome;
      if (failure) followUp.failure = failure;
      this.emit({ type: 'follow-up', followUp });
    };
    try {
      const record = await this.api.sendMessage(this.state.projectId, sessionId, prompt, { signal: this.stopController.signal });
      settle('sent');
      this.setRecord(record);
      const ran = await this.poll(sessionId, { untilRestarted: isTerminal(record) ? this.options.lookUpAttempts : 0 });
      if (!ran) this.end('finished');
      return;
    } catch (error) {
      if (this.stopped) return;
      const failure = this.describe(error);
      if (!isAgentApiError(error) || !error.mayHaveReachedServer) {
        const notSent = { ...failure, message: `Your message was not sent: ${lowerFirst(failure.message)}` };
        settle('not-sent', notSent);
        if (wasRunning) {
          this.notice(notSent.message, failure.detail);
          await this.poll(sessionId);
          return;
        }
        if (isAgentApiError(error, 'not-found')) return this.end('forgotten', notSent);
        // The job is as it was; only the message failed.
        const phase: EndPhase = before === 'stale' || before === 'failed' || before === 'stopped' ? before : 'finished';
        return this.end(phase, notSent);
      }
      if (wasRunning) {
        settle('unknown', failure);
        this.notice(`${failure.message} Whether the job took your message cannot be told while it runs; following it.`, failure.detail);
        await this.poll(sessionId);
        return;
      }
      this.notice(`${failure.message} Looking at the job to see whether it took your message.`, failure.detail);
      const restarted = await this.poll(sessionId, { untilRestarted: this.options.lookUpAttempts });
      if (restarted) settle('sent');
      else if (!this.stopped) {
        const notTaken: Failure = {
          ...failure,
          message: `${failure.message} The job did not start again, so it most likely did not take your message: send it again.`,
          action: 'TryAgain',
        };
        settle('unknown', notTaken);
        this.end('finished', notTaken);
      }
    }
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

  /**
   * Reads the record until it is final. With `untilRestarted` (after a follow-up), a final record
   * counts only once the job was seen running again, or after that many looks; answers whether
   * it was seen running.
   */
  private async poll(sessionId: string, followUp?: { untilRestarted: number }): Promise<boolean> {
    const { pollIntervalMs, maxPollIntervalMs, staleAfterMs } = this.options;
    this.setPhase('polling');
    let lastChangeAt = Date.now();
    let delay = followUp && followUp.untilRestarted > 0 ? pollIntervalMs : 0;
    let restarted = followUp === undefined || followUp.untilRestarted === 0;
    let looks = 0;
    while (await this.wait(delay)) {
      try {
        const record = await this.api.getJob(this.state.projectId, sessionId, { signal: this.stopController.signal });
        this.connectionBack();
        looks++;
        if (this.setRecord(record)) lastChangeAt = Date.now();
        if (!isTerminal(record)) restarted = true;
        if (isTerminal(record) && (restarted || looks >= (followUp?.untilRestarted ?? 0))) {
          if (restarted) this.end('finished');
          return restarted;
        }
        delay = pollIntervalMs;
      } catch (error) {
        if (this.stopped) return restarted;
        if (isAgentApiError(error, 'unauthorized', 'forbidden', 'bad-option', 'insecure-url', 'gone')) {
          this.fail(error);
          return restarted;
        }
        const failure = this.describe(error);
        if (isAgentApiError(error, 'network', 'timeout')) {
          if (this.connectionFailed()) {
            const seconds = Math.max(1, Math.round((Date.now() - Date.parse(this.state.connectionLost!.since)) / 1_000));
            const span = seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
            const retries = this.state.connectionLost!.retries;
            this.end('failed', {
              ...failure,
              message: `Lost the connection to the docs platform: no answer for ${span} (${retries} tries); stopped following the job, which may still be running.${this.options.surface === 'editor' ? ' Refresh to look again.' : ''}`,
              action: 'TryAgain',
            });
            return restarted;
          }
        } else if (isAgentApiError(error, 'not-found')) {
          // The platform gives a job's id only once the job exists: a job it does not know is gone.
          this.end('forgotten', failure);
          return restarted;
        } else {
          this.connectionBack();
          this.notice(failure.message, failure.detail);
        }
        const backoff = Math.min(maxPollIntervalMs, Math.max(pollIntervalMs, delay * 2));
        delay = Math.max(backoff, isAgentApiError(error) ? (error.retryAfterMs ?? 0) : 0);
      }
      if (Date.now() - lastChangeAt > staleAfterMs) {
        const minutes = Math.round(staleAfterMs / 6_000) / 10;
        this.end('stale', {
          message: `The job showed no progress for ${minutes} min; stopped watching it.${this.options.surface === 'editor' ? ' Refresh to look again.' : ''}`,
          detail: `no change of the record for ${staleAfterMs} ms`,
        });
        return restarted;
      }
    }
    return restarted;
  }
}
