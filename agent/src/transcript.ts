import type { AgentEvent } from './stream/events';
import { appendStreamed } from './stream/streamedText';

/** A job's live events as kept for later: adjacent text merged, oldest dropped past the limits. */
export interface Transcript {
  events: AgentEvent[];
  /** How many of the oldest events were dropped (or cut short) to stay within the limits. */
  dropped: number;
  /** Characters held (text length, or JSON length for other events). */
  size: number;
}

export interface TranscriptLimits {
  maxEvents: number;
  maxChars: number;
}

export const DEFAULT_TRANSCRIPT_LIMITS: TranscriptLimits = { maxEvents: 1_000, maxChars: 200_000 };

export function emptyTranscript(): Transcript {
  return { events: [], dropped: 0, size: 0 };
}

function eventSize(event: AgentEvent): number {
  return event.type === 'text' || event.type === 'reasoning' ? event.text.length : JSON.stringify(event).length;
}

/** Adds an event in place, merging it into the previous one when both are text (or reasoning). */
export function appendEvent(transcript: Transcript, event: AgentEvent, limits = DEFAULT_TRANSCRIPT_LIMITS): void {
  const { events } = transcript;
  appendStreamed(events, event);
  transcript.size += eventSize(event);
  while (events.length > 1 && (events.length > limits.maxEvents || transcript.size > limits.maxChars)) {
    transcript.size -= eventSize(events.shift()!);
    transcript.dropped++;
  }
  const only = events[0];
  if (events.length === 1 && transcript.size > limits.maxChars) {
    // A single event over the limit: keep its end, the most recent part.
    events[0] =
      only.type === 'text' || only.type === 'reasoning'
        ? { type: only.type, text: only.text.slice(-limits.maxChars) }
        : { type: 'unknown', kind: only.type, raw: `(an event of ${transcript.size} characters, too large to keep)` };
    transcript.size = eventSize(events[0]);
    transcript.dropped++;
  }
}
