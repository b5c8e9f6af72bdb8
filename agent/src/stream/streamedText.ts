import type { AgentEvent } from './events';

/**
 * The one rule for streamed text, shared by the stored transcript, the panel feed and the panel
 * itself: a text (or reasoning) event right after one of its kind continues it.
 * Returns the merged event, or undefined when `event` starts a new block.
 */
export function mergeStreamedText(last: AgentEvent | undefined, event: AgentEvent): AgentEvent | undefined {
  if ((event.type === 'text' || event.type === 'reasoning') && last?.type === event.type) {
    return { type: event.type, text: last.text + event.text };
  }
  return undefined;
}

/** Appends `event` in place, merged into the last event when it continues it. */
export function appendStreamed(events: AgentEvent[], event: AgentEvent): void {
  const merged = mergeStreamedText(events.at(-1), event);
  if (merged) events[events.length - 1] = merged;
  else events.push(event);
}
