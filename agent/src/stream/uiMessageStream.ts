import { createParser } from 'eventsource-parser';
import { oversizedEventError, toolCallEvent, unknownEvent, type AgentEvent, type FormatDecoder } from './events';

/** Chunk types that only frame others (starts and ends of parts and steps): nothing to show. */
const FRAMING_TYPES = new Set([
  'start',
  'start-step',
  'finish-step',
  'text-start',
  'text-end',
  'reasoning-start',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'message-metadata',
]);

function errorText(chunk: Record<string, unknown>): string {
  return typeof chunk.errorText === 'string' ? chunk.errorText : JSON.stringify(chunk);
}

/** Maps one AI SDK UI message stream chunk (the JSON in an SSE `data:` field) to events. */
export function decodeUiMessageChunk(data: string): AgentEvent | undefined {
  if (data === '[DONE]') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return unknownEvent('sse-data', data);
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') {
    return unknownEvent('sse-data', data);
  }
  const chunk = parsed as Record<string, unknown> & { type: string };
  switch (chunk.type) {
    case 'text-delta':
      return typeof chunk.delta === 'string' ? { type: 'text', text: chunk.delta } : unknownEvent(chunk.type, chunk);
    case 'reasoning-delta':
      return typeof chunk.delta === 'string' ? { type: 'reasoning', text: chunk.delta } : unknownEvent(chunk.type, chunk);
    case 'tool-input-available':
      return toolCallEvent(chunk.toolCallId, chunk.toolName, chunk.input);
    case 'tool-output-available':
      return { type: 'tool-result', toolCallId: String(chunk.toolCallId ?? ''), output: chunk.output, isError: false };
    case 'tool-input-error':
    case 'tool-output-error':
      return { type: 'tool-result', toolCallId: String(chunk.toolCallId ?? ''), output: errorText(chunk), isError: true };
    case 'error':
      return { type: 'error', message: errorText(chunk) };
    case 'finish':
      return { type: 'finish', reason: typeof chunk.finishReason === 'string' ? chunk.finishReason : undefined };
    case 'abort':
      return { type: 'finish', reason: 'abort' };
    default:
      if (FRAMING_TYPES.has(chunk.type)) return undefined;
      if (chunk.type.startsWith('data-')) {
        const event = toolCallEvent(chunk.id, chunk.type, chunk.data);
        if (event.type === 'todos') return event;
      }
      return unknownEvent(chunk.type, chunk);
  }
}

/** The AI SDK UI message stream: Server-Sent Events whose data is one JSON chunk each. */
export function createUiMessageStreamDecoder(maxEventChars: number): FormatDecoder {
  let events: AgentEvent[] = [];
  let skippingOversizedLine = false;
  const parser = createParser({
    maxBufferSize: maxEventChars,
    onEvent(message) {
      const event = decodeUiMessageChunk(message.data);
      if (event) events.push(event);
    },
    onError(error) {
      if (error.type !== 'max-buffer-size-exceeded') return;
      events.push(oversizedEventError(maxEventChars));
      parser.reset();
      skippingOversizedLine = true;
    },
  });
  const take = () => {
    const taken = events;
    events = [];
    return taken;
  };
  return {
    push(text) {
      if (skippingOversizedLine) {
        const lineEnd = text.search(/[\r\n]/);
        if (lineEnd === -1) return [];
        skippingOversizedLine = false;
        parser.feed(text.slice(lineEnd + 1));
      } else {
        parser.feed(text);
      }
      return take();
    },
    // An event the body ends before closing (no blank line after it) is dropped, as the SSE standard has it.
    end: () => [],
  };
}
