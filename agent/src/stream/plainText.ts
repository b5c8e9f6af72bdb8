import type { FormatDecoder } from './events';

/** A body that is just the agent's text. */
export function createPlainTextDecoder(): FormatDecoder {
  return {
    push: (text) => (text === '' ? [] : [{ type: 'text', text }]),
    end: () => [],
  };
}
