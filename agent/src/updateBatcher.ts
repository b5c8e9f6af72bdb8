export interface UpdateBatcherOptions<T> {
  /** At most this many batches are posted per `intervalMs`. */
  maxUpdates: number;
  intervalMs: number;
  post: (batch: T[]) => void;
}

export interface UpdateBatcher<T> {
  push(item: T): void;
  /** Posts what is pending now. */
  flush(): void;
  /** Drops what is pending and posts nothing more. */
  dispose(): void;
}

/**
 * Coalesces items into batches posted at most `maxUpdates` times per `intervalMs` (evenly
 * spaced), e.g. stream events into webview messages. A burst pushed in one go is one batch.
 */
export function createUpdateBatcher<T>({ maxUpdates, intervalMs, post }: UpdateBatcherOptions<T>): UpdateBatcher<T> {
  const minGapMs = intervalMs / Math.max(1, maxUpdates);
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPostAt = -Infinity;
  let disposed = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    lastPostAt = performance.now();
    post(batch);
  };

  // Timers may fire a little early by the clock: wait out the rest of the gap.
  const schedule = () => {
    const remainingMs = lastPostAt + minGapMs - performance.now();
    timer = remainingMs > 0 ? setTimeout(schedule, Math.ceil(remainingMs)) : setTimeout(flush, 0);
  };

  return {
    push(item) {
      if (disposed) return;
      pending.push(item);
      if (timer === undefined) schedule();
    },
    flush,
    dispose() {
      disposed = true;
      clearTimeout(timer);
      pending = [];
    },
  };
}
