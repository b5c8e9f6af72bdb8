import type { ScriptStep } from './jobScript';

export type WireFormat = 'ui-message-stream' | 'data-stream' | 'plain-text';

export const CONTENT_HEADERS: Record<WireFormat, Record<string, string>> = {
  'ui-message-stream': { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
  'data-stream': { 'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1' },
  'plain-text': { 'content-type': 'text/plain; charset=utf-8' },
};

export const SSE_DONE = 'data: [DONE]\n\n';
export const SSE_KEEP_ALIVE = ': keep-alive\n\n';

const line = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`;

/** The older AI SDK data stream's line for a UI message stream chunk ('' for chunks it has no line for). */
function dataStreamLine(chunk: Record<string, unknown>): string {
  switch (chunk.type) {
    case 'text-delta':
      return line('0', chunk.delta);
    case 'reasoning-delta':
      return line('g', chunk.delta);
    case 'tool-input-available':
      return line('9', { toolCallId: chunk.toolCallId, toolName: chunk.toolName, args: chunk.input });
    case 'tool-output-available':
      return line('a', { toolCallId: chunk.toolCallId, result: chunk.output });
    case 'error':
      return line('3', chunk.errorText);
    case 'start-step':
      return line('f', { messageId: 'step' });
    case 'finish-step':
      return line('e', { finishReason: 'stop', isContinued: false });
    case 'finish':
      return line('d', { finishReason: chunk.finishReason ?? 'stop' });
    default:
      return '';
  }
}

/** The bytes a script step becomes in a format. */
export function encodeStep(step: ScriptStep, format: WireFormat): string {
  if ('rawSse' in step) return format === 'ui-message-stream' ? step.rawSse : '';
  switch (format) {
    case 'ui-message-stream':
      return `data: ${JSON.stringify(step.chunk)}\n\n`;
    case 'data-stream':
      return dataStreamLine(step.chunk);
    case 'plain-text':
      return step.chunk.type === 'text-delta' ? String(step.chunk.delta) : '';
  }
}
