// The path from a job tracker's updates to the panel's messages: updates are batched with the
// agent layer's update batcher (at most `maxUpdates` messages per `intervalMs`), adjacent text
// is merged, and the job's summary is computed once per message, only when something but text
// changed. No `vscode` import: the bench (bench/panelUpdates.ts) drives this same code.
import type { TrackerUpdate } from '../../../agent/src/jobTracker';
import type { AgentEvent } from '../../../agent/src/stream/events';
import { appendStreamed } from '../../../agent/src/stream/streamedText';
import { createUpdateBatcher, type UpdateBatcher } from '../../../agent/src/updateBatcher';
import type { HostMessage, JobSummaryView } from '../../webview/protocol';

export interface PanelFeedOptions {
  post: (message: Extract<HostMessage, { type: 'update' }>) => void;
  /** The job's summary now (called at most once per message). */
  summarize: () => JobSummaryView;
  /** Default 10 messages per second. */
  maxUpdates?: number;
  intervalMs?: number;
}

export const PANEL_MAX_UPDATES = 10;
export const PANEL_INTERVAL_MS = 1_000;

/** One panel message for a batch of tracker updates. */
export function coalesceUpdates(batch: readonly TrackerUpdate[], summarize: () => JobSummaryView): Extract<HostMessage, { type: 'update' }> {
  const events: AgentEvent[] = [];
  const notices: string[] = [];
  let summaryChanged = false;
  for (const update of batch) {
    if (update.type === 'event') {
      appendStreamed(events, update.event);
      if (update.event.type !== 'text' && update.event.type !== 'reasoning') summaryChanged = true;
    } else {
      if (update.type === 'notice') notices.push(update.message);
      if (update.type === 'connection' && !update.lost) notices.push(`The connection is back after ${update.retries} ${update.retries === 1 ? 'try' : 'tries'}; following the job again.`);
      summaryChanged = true;
    }
  }
  return summaryChanged ? { type: 'update', job: summarize(), events, notices } : { type: 'update', events, notices };
}

export function createPanelFeed(options: PanelFeedOptions): UpdateBatcher<TrackerUpdate> {
  return createUpdateBatcher<TrackerUpdate>({
    maxUpdates: options.maxUpdates ?? PANEL_MAX_UPDATES,
    intervalMs: options.intervalMs ?? PANEL_INTERVAL_MS,
    post: (batch) => options.post(coalesceUpdates(batch, options.summarize)),
  });
}
