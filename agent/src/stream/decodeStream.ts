import { DATA_STREAM_LINE, createDataStreamDecoder } from './dataStream';
import type { AgentEvent, FormatDecoder, StreamFormat } from './events';
import { createPlainTextDecoder } from './plainText';
import { createUiMessageStreamDecoder } from './uiMessageStream';

export const DEFAULT_MAX_EVENT_CHARS = 8 * 1024 * 1024;

/** Enough of the body to tell the formats apart when the content type does not. */
const SNIFF_CHARS = 512;

const SSE_START = /^(data|event|id|retry):|^:/;

/**
 * Which format a body is in, from its content type and first characters; undefined while the
 * first line is still incomplete and could be either (call again with more text, or with
 * `complete` at the end of the body).
 */
export function detectStreamFormat(contentType: string | undefined, start: string, complete: boolean): StreamFormat | undefined {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('text/event-stream')) return 'ui-message-stream';
  // trimStart also drops a byte order mark.
  const text = start.trimStart();
  if (SSE_START.test(text)) return 'ui-message-stream';
  const newline = text.indexOf('\n');
  if (newline === -1 && !complete && start.length < SNIFF_CHARS) return undefined;
  const firstLine = newline === -1 ? text : text.slice(0, newline);
  if (DATA_STREAM_LINE.test(firstLine)) {
    try {
      JSON.parse(firstLine.slice(2));
      return 'data-stream';
    } catch {
      // not a data stream part: plain text that happens to start with "x:"
    }
  }
  return 'plain-text';
}

function decoderFor(format: StreamFormat, maxEventChars: number): FormatDecoder {
  switch (format) {
    case 'ui-message-stream':
      return createUiMessageStreamDecoder(maxEventChars);
    case 'data-stream':
      return createDataStreamDecoder(maxEventChars);
    case 'plain-text':
      return createPlainTextDecoder();
  }
}

/** Picks the format from the content type and first characters, then decodes incrementally. */
export function createStreamDecoder(
  contentType: string | undefined,
  maxEventChars = DEFAULT_MAX_EVENT_CHARS,
): FormatDecoder {
  let decoder: FormatDecoder | undefined;
  let head = '';
  const begin = (format: StreamFormat): FormatDecoder => {
    decoder = decoderFor(format, maxEventChars);
    return decoder;
  };
  const takeHead = () => {
    const buffered = head;
    head = '';
    return buffered;
  };
  return {
    push(text) {
      if (decoder) return decoder.push(text);
      head += text;
      const chosen = detectStreamFormat(contentType, head, false);
      return chosen ? begin(chosen).push(takeHead()) : [];
    },
    end() {
      if (decoder) return decoder.end();
      const started = begin(detectStreamFormat(contentType, head, true) ?? 'plain-text');
      return [...started.push(takeHead()), ...started.end()];
    },
  };
}

/**
 * Decodes a response body (bytes as they arrive) into events: one batch per chunk received
 * that completed any, which spares an await per event.
 */
export async function* decodeStream(
  body: AsyncIterable<Uint8Array>,
  contentType: string | undefined,
  maxEventChars = DEFAULT_MAX_EVENT_CHARS,
): AsyncGenerator<AgentEvent[]> {
  const utf8 = new TextDecoder('utf-8');
  const decoder = createStreamDecoder(contentType, maxEventChars);
  for await (const chunk of body) {
    const events = decoder.push(utf8.decode(chunk, { stream: true }));
    if (events.length > 0) yield events;
  }
  const last = [...decoder.push(utf8.decode()), ...decoder.end()];
  if (last.length > 0) yield last;
}
