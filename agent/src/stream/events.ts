import { parseTodos, type Todo } from '../todos';
import { truncateText } from '../truncate';

/** One normalised piece of a job's live progress, whatever the wire format was. */
export type AgentEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; toolCallId: string; output: unknown; isError: boolean }
  /** A tool call whose input holds a todo list (the agent's plan). */
  | { type: 'todos'; toolCallId: string; toolName: string; todos: Todo[] }
  | { type: 'error'; message: string }
  | { type: 'finish'; reason?: string }
  /** Anything the decoder does not know: shown to the user, never fatal. */
  | { type: 'unknown'; kind: string; raw: string };

export type StreamFormat = 'ui-message-stream' | 'data-stream' | 'plain-text';

/** Decodes one wire format incrementally: feed it text as it arrives, then call `end()`. */
export interface FormatDecoder {
  push(text: string): AgentEvent[];
  end(): AgentEvent[];
}

const MAX_RAW_CHARS = 2_000;

/** Keeps an unknown payload short enough to show. */
export function unknownEvent(kind: string, payload: unknown): AgentEvent {
  const raw = typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? String(payload));
  return { type: 'unknown', kind: truncateText(kind, 100), raw: truncateText(raw, MAX_RAW_CHARS) };
}

/** A tool call, or a todo-list update when its input holds `todos`. */
export function toolCallEvent(toolCallId: unknown, toolName: unknown, input: unknown): AgentEvent {
  const id = typeof toolCallId === 'string' ? toolCallId : '';
  const name = typeof toolName === 'string' ? toolName : '';
  const todos =
    typeof input === 'object' && input !== null ? parseTodos((input as Record<string, unknown>).todos) : undefined;
  return todos ? { type: 'todos', toolCallId: id, toolName: name, todos } : { type: 'tool-call', toolCallId: id, toolName: name, input };
}

export function oversizedEventError(maxChars: number): AgentEvent {
  return { type: 'error', message: `A stream event longer than ${maxChars} characters was skipped.` };
}
