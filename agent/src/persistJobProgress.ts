import type { JobStore } from './jobStore';
import type { JobTracker } from './jobTracker';
import { createUpdateBatcher } from './updateBatcher';

export interface PersistOptions {
  /** Stream events are saved at most once per this interval; everything else at once. */
  intervalMs?: number;
  /** A failed save (disk full, ...); tracking goes on. */
  onError?: (message: string) => void;
}

/**
 * Saves a tracker's job to the store as it progresses. Returns a function that saves what is
 * pending, stops saving, and resolves once every save is done.
 */
export function persistJobProgress(tracker: JobTracker, store: JobStore, options: PersistOptions = {}): () => Promise<void> {
  const saving = new Set<Promise<void>>();
  const save = () => {
    const saved = store.save(tracker.job).then(undefined, (error: unknown) => {
      options.onError?.(`Could not save the job: ${error instanceof Error ? error.message : String(error)}`);
    });
    saving.add(saved);
    void saved.then(() => saving.delete(saved));
  };
  const batcher = createUpdateBatcher<unknown>({ maxUpdates: 1, intervalMs: options.intervalMs ?? 1_000, post: save });
  const unsubscribe = tracker.onUpdate((update) => {
    batcher.push(update);
    if (update.type !== 'event') batcher.flush();
  });
  save();
  return async () => {
    unsubscribe();
    batcher.flush();
    batcher.dispose();
    await Promise.all(saving);
  };
}
