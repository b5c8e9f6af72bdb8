/** How long after a check nothing may change before the schedule's idle work runs. */
const idlePause = 500;

/** What a feature needs of a site's check. */
export type Freshness =
  /** A check of the state as it is now: diagnostics, outline, links, quick fixes, references, renames. */
  | 'current'
  /** The last check, however old (the first one if there is none yet): completion, hover, definition. */
  | 'latest';

/**
 * When a site is checked. A check runs only when a result of the current state is asked for, and
 * never inside the request: it is queued behind the messages already received, so every edit that
 * arrived while the previous check ran is in the next one, one check serves everyone waiting, and
 * no state is checked twice. When nothing changes for a while after a check, `idle` runs.
 */
export class CheckSchedule<T> {
  /** Increases with every change that may alter the check's outcome. */
  private generation = 0;
  private last?: { value: T; generation: number };
  private queued?: Promise<T>;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    /** Checks the current state, synchronously, given the last check (theirs to keep or drop). */
    private readonly check: (last: T | undefined) => T,
    /** Work for a moment of idleness after a check, such as preparing for the next edit. */
    private readonly idle: (value: T) => void,
  ) {}

  /** Something the check reads changed. */
  changed(): void {
    this.generation++;
    clearTimeout(this.idleTimer);
  }

  /** The last check, without asking for one: for routing files to sites, not for features. */
  get lastChecked(): T | undefined {
    return this.last?.value;
  }

  get isFresh(): boolean {
    return this.last?.generation === this.generation;
  }

  result(freshness: Freshness): Promise<T> {
    if (this.last && (freshness === 'latest' || this.isFresh)) return Promise.resolve(this.last.value);
    this.queued ??= new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        this.queued = undefined;
        try {
          resolve(this.run());
        } catch (error) {
          reject(error);
        }
      });
    });
    return this.queued;
  }

  private run(): T {
    if (this.last && this.isFresh) return this.last.value;
    const generation = this.generation;
    const value = this.check(this.takeLast());
    this.last = { value, generation };
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.last?.generation === generation) this.idle(value);
    }, idlePause);
    this.idleTimer.unref();
    return value;
  }

  /** The outdated result, let go of here: the check decides whether to build on it or drop it. */
  private takeLast(): T | undefined {
    const last = this.last?.value;
    this.last = undefined;
    return last;
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
  }
}
