// The extension's jobs: the store (per API URL and project), one tracker per followed job, the
// jobs list endpoint, and change events for the views. No `vscode` import: unit-tested against
// the dev server with in-memory storage.
import type { AgentJobApi, ApiFeatures, CreateJobRequest } from '../../../agent/src/apiClient';
import { AgentApiError } from '../../../agent/src/errors';
import { describeFailure } from '../../../agent/src/failure';
import { JobStore, type JobStorage } from '../../../agent/src/jobStore';
import { JobTracker, type TrackerOptions, type TrackerUpdate } from '../../../agent/src/jobTracker';
import { persistJobProgress } from '../../../agent/src/persistJobProgress';
import { isActive, type JobScope, type TrackedJob } from '../../../agent/src/trackedJob';
import type { JobExtras } from './jobView';

export interface JobManagerConfig {
  /** Undefined while no project id is set (or the API URL is not usable). */
  scope: JobScope | undefined;
  /** Undefined while there is no API key (or no usable client): jobs are shown, not followed. */
  api: AgentJobApi | undefined;
  /** Why `api` or `scope` is missing, for users. */
  problem?: string;
  trackerOptions?: Partial<TrackerOptions>;
}

export interface JobChange {
  /** Absent when everything may have changed (new settings). */
  job?: Readonly<TrackedJob>;
  /** Absent when the change is not a tracker's (listed, removed, restored). */
  update?: TrackerUpdate;
  removed?: boolean;
}

interface Followed {
  tracker: JobTracker;
  /** Set when following was suspended (settings or key changed, extension deactivated). */
  detached: boolean;
  /** Unsubscribes and stops saving; resolves once pending saves are done. */
  release: () => Promise<void>;
}

type Listener<T> = (value: T) => void;

/** Jobs listed from the API on each refresh. */
const LIST_TAKE = 20;
/** The names users gave their jobs, by local id. */
const TITLES_KEY = 'docsjson.agentJobTitles';
const MAX_TITLE_CHARS = 200;

export class JobManager {
  readonly store: JobStore;
  private config: JobManagerConfig = { scope: undefined, api: undefined };
  private readonly followed = new Map<string, Followed>();
  private readonly changeListeners = new Set<Listener<JobChange>>();
  private readonly endListeners = new Set<Listener<Readonly<TrackedJob>>>();
  private readonly problemListeners = new Set<Listener<string | undefined>>();
  private listProblem: string | undefined;
  private disposed = false;
  /** Jobs that were streaming when the window reloaded (their live output stops there). */
  private readonly cutByReload = new Set<string>();
  /** Whether jobs were followed again since the window (re)started. */
  private resumedSinceStart = false;

  constructor(
    private readonly storage: JobStorage,
    private readonly log: (line: string) => void = () => {},
    maxJobsPerScope?: number,
  ) {
    this.store = new JobStore(storage, maxJobsPerScope);
  }

  get scope(): JobScope | undefined {
    return this.config.scope;
  }

  get canFollow(): boolean {
    return this.config.scope !== undefined && this.config.api !== undefined;
  }

  /** What keeps jobs from being created or followed, or the list endpoint's last failure. */
  get problem(): string | undefined {
    return this.config.problem ?? this.listProblem;
  }

  onDidChange(listener: Listener<JobChange>): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** A followed job ended (finished, failed, went stale); not when the user stopped watching it. */
  onDidEnd(listener: Listener<Readonly<TrackedJob>>): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  onDidChangeProblem(listener: Listener<string | undefined>): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  /**
   * Switches to new settings or a new key: trackers of the old ones are suspended (their jobs
   * stay active in the store), then the active jobs of the scope are followed again and the
   * jobs list is read. Returns when the list has answered (or failed).
   */
  async configure(config: JobManagerConfig): Promise<void> {
    const previous = this.config;
    this.suspendAll();
    this.config = config;
    this.listProblem = undefined;
    this.emitProblem();
    if (previous.api && previous.api !== config.api) {
      previous.api.close().catch(() => {});
    }
    this.emit({});
    this.resumeActive();
    await this.refreshList();
  }

  /** Options for trackers started from now on (running ones keep theirs). */
  setTrackerOptions(options: Partial<TrackerOptions>): void {
    this.config = { ...this.config, trackerOptions: options };
  }

  /** The jobs of the current scope, newest first, live state for followed ones. */
  jobs(): Readonly<TrackedJob>[] {
    const scope = this.config.scope;
    if (!scope) return [];
    return this.store.list(scope).map((stored) => this.followed.get(stored.localId)?.tracker.job ?? stored);
  }

  job(localId: string): Readonly<TrackedJob> | undefined {
    const live = this.followed.get(localId)?.tracker.job;
    if (live) return live;
    const scope = this.config.scope;
    return scope ? this.store.list(scope).find((job) => job.localId === localId) : undefined;
  }

  /** What the views show of a job beyond the job itself. */
  extras(localId: string): JobExtras {
    const userTitle = this.storage.get<Record<string, string>>(TITLES_KEY)?.[localId];
    return {
      userTitle: typeof userTitle === 'string' ? userTitle : undefined,
      cutByReload: this.cutByReload.has(localId),
      followUps: this.config.api?.features.followUps === true,
      followed: this.followed.has(localId),
    };
  }

  /** Names a job on this machine; an empty title goes back to the first line of its message. */
  async rename(localId: string, title: string): Promise<void> {
    const job = this.job(localId);
    if (!job) return;
    await this.setTitle(localId, title.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_CHARS) || undefined);
    this.emit({ job });
  }

  isFollowed(localId: string): boolean {
    return this.followed.has(localId);
  }

  runningCount(): number {
    return this.jobs().filter(isActive).length;
  }

  /** Sends a new job and follows it. Throws (a message for users) when it cannot be sent. */
  create(request: CreateJobRequest): Readonly<TrackedJob> {
    const { scope, api } = this.requireConnection();
    // A job whose create answer is lost is looked up in the jobs list: not one of these.
    const knownJobIds = new Set(this.jobs().flatMap((job) => job.sessionId ?? []));
    const tracker = JobTracker.create(api, scope.projectId, request, { ...this.config.trackerOptions, knownJobIds });
    this.follow(tracker);
    return tracker.job;
  }

  /** Follows a job known by its session id (adds it when new). */
  track(sessionId: string): Readonly<TrackedJob> {
    const { scope, api } = this.requireConnection();
    const known = this.store.findBySession(scope, sessionId);
    const followed = known && this.followed.get(known.localId);
    if (followed) return followed.tracker.job;
    const tracker = JobTracker.resume(api, this.store.jobForSession(scope, sessionId), this.config.trackerOptions);
    this.follow(tracker);
    return tracker.job;
  }

  /** Reads a job again (or follows it again); without an id, the jobs list and every active job. */
  async refresh(localId?: string): Promise<void> {
    if (localId === undefined) {
      this.resumeActive();
      await this.refreshList();
      return;
    }
    if (this.followed.has(localId)) return;
    const job = this.job(localId);
    if (!job || !this.canFollow) return;
    this.follow(JobTracker.resume(this.config.api!, job as TrackedJob, this.config.trackerOptions));
  }

  /** What the API of the current settings can do; undefined while there is none. */
  get features(): ApiFeatures | undefined {
    return this.config.api?.features;
  }

  /**
   * Sends a follow-up message to a finished job (API v2) and follows it as it runs again.
   * Throws (a message for users) when it cannot be sent.
   */
  sendFollowUp(localId: string, prompt: string): void {
    const { api } = this.requireConnection();
    const job = this.job(localId);
    if (!job) throw new Error('This job is no longer in the list.');
    if (!api.features.followUps) throw new Error(describeFailure(new AgentApiError('unsupported', 'follow-ups need API v2'), { surface: 'editor' }).message);
    if (this.followed.has(localId)) throw new Error('The job is still running: send your message once it has finished.');
    this.follow(JobTracker.sendFollowUp(api, job as TrackedJob, prompt, this.config.trackerOptions));
  }

  /** Stops following a job (it keeps running on the platform). */
  stop(localId: string): void {
    this.followed.get(localId)?.tracker.stop();
  }

  /** Forgets a job on this machine. */
  async remove(localId: string): Promise<void> {
    const job = this.job(localId);
    if (!job) return;
    const followed = this.followed.get(localId);
    if (followed) this.detach(localId, followed, false);
    await this.store.remove(job);
    await this.setTitle(localId, undefined);
    this.emit({ job, removed: true });
  }

  /** Forgets every job of the scope that has ended; returns how many. */
  async removeFinished(): Promise<number> {
    const finished = this.jobs().filter((job) => !isActive(job));
    for (const job of finished) await this.remove(job.localId);
    return finished.length;
  }

  /** Stops every tracker without marking jobs stopped: they resume on the next activation. */
  dispose(): void {
    this.disposed = true;
    this.suspendAll();
    this.config.api?.close().catch(() => {});
    this.changeListeners.clear();
    this.endListeners.clear();
    this.problemListeners.clear();
  }

  private async setTitle(localId: string, title: string | undefined): Promise<void> {
    const titles = { ...this.storage.get<Record<string, string>>(TITLES_KEY) };
    if (title === undefined && !(localId in titles)) return;
    if (title === undefined) delete titles[localId];
    else titles[localId] = title;
    await this.storage.update(TITLES_KEY, Object.keys(titles).length > 0 ? titles : undefined);
  }

  private requireConnection(): { scope: JobScope; api: AgentJobApi } {
    const { scope, api, problem } = this.config;
    if (!scope || !api) throw new Error(problem ?? 'The agent API is not set up.');
    return { scope, api };
  }

  private resumeActive(): void {
    const { scope, api } = this.config;
    if (!scope || !api || this.disposed) return;
    const afterStart = !this.resumedSinceStart;
    this.resumedSinceStart = true;
    for (const job of this.store.listActive(scope)) {
      if (this.followed.has(job.localId)) continue;
      if (afterStart && job.phase === 'streaming') this.cutByReload.add(job.localId);
      this.log(`following job ${job.sessionId ?? job.localId} again (${job.phase})`);
      this.follow(JobTracker.resume(api, job, this.config.trackerOptions));
    }
  }

  /** Adds the jobs the list endpoint returns (when it exists) and follows the running ones. */
  private async refreshList(): Promise<void> {
    const { scope, api } = this.config;
    if (!scope || !api || this.disposed) return;
    let records;
    try {
      records = await api.listJobs(scope.projectId, { take: LIST_TAKE });
      this.listProblem = undefined;
    } catch (error) {
      if (this.config.api !== api) return;
      const failure = describeFailure(error, { surface: 'editor' });
      this.log(`listing jobs failed: ${failure.detail}`);
      this.listProblem = failure.message;
      this.emitProblem();
      return;
    }
    this.emitProblem();
    if (records === undefined || this.config.api !== api || this.disposed) return;
    // A job being created could not be matched to its listed record yet: wait for the next refresh.
    const live = [...this.followed.values()].map(({ tracker }) => tracker.job);
    if (live.some((job) => job.phase === 'creating' && job.sessionId === undefined)) return;
    const followedSessions = new Set(live.map((job) => job.sessionId));
    const fresh = records.filter((record) => record.sessionId !== undefined && !followedSessions.has(record.sessionId));
    const changed = await this.store.mergeListed(scope, fresh);
    for (const job of changed) {
      this.emit({ job });
      if (isActive(job) && !this.followed.has(job.localId) && this.config.api === api) {
        this.follow(JobTracker.resume(api, job, this.config.trackerOptions));
      }
    }
  }

  private follow(tracker: JobTracker): void {
    const localId = tracker.job.localId;
    const stopSaving = persistJobProgress(tracker, this.store, { onError: this.log });
    const unsubscribe = tracker.onUpdate((update, job) => {
      if (update.type === 'connection' && (update.retries === 1 || !update.lost)) {
        this.log(`job ${job.sessionId ?? job.localId}: ${update.lost ? 'connection lost, retrying' : `connection back after ${update.retries} tries`}`);
      }
      if (update.type === 'notice') this.log(`job ${job.sessionId ?? job.localId}: ${update.message}${update.detail ? ` (${update.detail})` : ''}`);
      if (update.type === 'phase' && update.failure) this.log(`job ${job.sessionId ?? job.localId}: ${update.phase}: ${update.failure.message} (${update.failure.detail})`);
      this.emit({ job, update });
    });
    const entry: Followed = {
      tracker,
      detached: false,
      release: () => {
        unsubscribe();
        return stopSaving();
      },
    };
    this.followed.set(localId, entry);
    void tracker.done.then(async (job) => {
      if (entry.detached) return;
      this.followed.delete(localId);
      await entry.release();
      await this.store.save(job).catch((error: unknown) => this.log(`Could not save the job: ${String(error)}`));
      this.emit({ job });
      if (job.phase !== 'stopped') for (const listener of [...this.endListeners]) listener(job);
    });
    this.emit({ job: tracker.job });
  }

  /** Stops a tracker; with `save`, its latest state is stored first (still active: resumed later). */
  private detach(localId: string, entry: Followed, save = true): void {
    entry.detached = true;
    void entry.release();
    if (save) this.store.save(entry.tracker.job).catch((error: unknown) => this.log(`Could not save the job: ${String(error)}`));
    entry.tracker.stop();
    this.followed.delete(localId);
  }

  private suspendAll(): void {
    for (const [localId, entry] of [...this.followed]) this.detach(localId, entry);
  }

  private emit(change: JobChange): void {
    for (const listener of [...this.changeListeners]) {
      try {
        listener(change);
      } catch (error) {
        this.log(`a job view failed to update: ${String(error)}`);
      }
    }
  }

  private emitProblem(): void {
    for (const listener of [...this.problemListeners]) listener(this.problem);
  }
}
