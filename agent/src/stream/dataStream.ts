import { oversizedEventError, toolCallEvent, unknownEvent, type AgentEvent, type FormatDecoder } from './events';

/** Part codes that only frame others (step starts and ends, tool-call deltas, signatures). */
const FRAMING_CODES = new Set(['b', 'c', 'e', 'f', 'i', 'j']);

export const DATA_STREAM_LINE = /^[0-9a-z]:/;

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** Maps one line of the older AI SDK data stream (`CODE:JSON`) to an event. */
export function decodeDataStreamLine(line: string): AgentEvent | undefined {
  if (line.trim() === '') return undefined;
  if (!DATA_STREAM_LINE.test(line)) return unknownEvent('data-stream-line', line);
  const code = line[0];
  let value: unknown;
  try {
    value = JSON.parse(line.slice(2));
  } catch {
    return unknownEvent('data-stream-line', line);
  }
  switch (code) {
    case '0':
      return typeof value === 'string' ? { type: 'text', text: value } : unknownEvent(`data-stream ${code}`, value);
    case 'g':
      return typeof value === 'string' ? { type: 'reasoning', text: value } : unknownEvent(`data-stream ${code}`, value);
    case '9':
      return toolCallEvent(field(value, 'toolCallId'), field(value, 'toolName'), field(value, 'args'));
    case 'a':
      return { type: 'tool-result', toolCallId: String(field(value, 'toolCallId') ?? ''), output: field(value, 'result'), isError: false };
    case '3':
      return { type: 'error', message: typeof value === 'string' ? value : JSON.stringify(value) };
    case 'd': {
      const reason = field(value, 'finishReason');
      return { type: 'finish', reason: typeof reason === 'string' ? reason : undefined };
    }
    default:
      return FRAMING_CODES.has(code) ? undefined : unknownEvent(`data-stream ${code}`, value);
  }
}

/** The older AI SDK data stream: one `CODE:JSON` part per line. */
export function createDataStreamDecoder(maxEventChars: number): FormatDecoder {
  let pending = '';
  let skippingOversizedLine = false;
  const decodeLines = (lines: string[], events: AgentEvent[]) => {
    for (const line of lines) {
      const event = decodeDataStreamLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      if (event) events.push(event);
    }
  };
  return {
    push(text) {
      const events: AgentEvent[] = [];
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      if (skippingOversizedLine && lines.length > 0) {
        lines.shift();
        skippingOversizedLine = false;
      }
      decodeLines(lines, events);
      if (pending.length > maxEventChars) {
        if (!skippingOversizedLine) events.push(oversizedEventError(maxEventChars));
        pending = '';
        skippingOversizedLine = true;
      }
      return events;
    },
    end() {
      const events: AgentEvent[] = [];
      if (!skippingOversizedLine) decodeLines([pending], events);
      pending = '';
      return events;
    },
  };
}
