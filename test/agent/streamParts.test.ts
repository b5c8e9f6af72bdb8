import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeDataStreamLine } from '../../agent/src/stream/dataStream';
import { createStreamDecoder, decodeStream, detectStreamFormat } from '../../agent/src/stream/decodeStream';
import type { AgentEvent } from '../../agent/src/stream/events';
import { appendStreamed } from '../../agent/src/stream/streamedText';
import { decodeUiMessageChunk } from '../../agent/src/stream/uiMessageStream';

/** Every event of a whole body pushed at once, then the end. */
function decodeWhole(contentType: string | undefined, body: string, maxEventChars?: number): AgentEvent[] {
  const decoder = createStreamDecoder(contentType, maxEventChars);
  return [...decoder.push(body), ...decoder.end()];
}

async function batchesOf(chunks: string[], contentType: string | undefined): Promise<AgentEvent[][]> {
  const encoder = new TextEncoder();
  async function* body() {
    for (const chunk of chunks) yield encoder.encode(chunk);
  }
  const batches: AgentEvent[][] = [];
  for await (const batch of decodeStream(body(), contentType)) batches.push(batch);
  return batches;
}

describe('data stream parts', () => {
  it('framing parts (step starts and ends, tool-call deltas, signatures) show nothing', () => {
    for (const code of ['b', 'c', 'e', 'f', 'i', 'j']) assert.equal(decodeDataStreamLine(`${code}:{"x":1}`), undefined, code);
    assert.equal(decodeDataStreamLine('   '), undefined, 'a blank line');
  });

  it('a part whose value has the wrong type is shown as unknown, not as text', () => {
    assert.deepEqual(decodeDataStreamLine('0:5'), { type: 'unknown', kind: 'data-stream 0', raw: '5' });
    assert.deepEqual(decodeDataStreamLine('g:{"a":1}'), { type: 'unknown', kind: 'data-stream g', raw: '{"a":1}' });
    assert.deepEqual(decodeDataStreamLine('3:{"code":7}'), { type: 'error', message: '{"code":7}' });
    assert.deepEqual(decodeDataStreamLine('d:{"finishReason":5}'), { type: 'finish', reason: undefined });
  });

  it('a tool call or result without ids or with null arguments keeps empty ids and the arguments as sent', () => {
    assert.deepEqual(decodeDataStreamLine('9:null'), { type: 'tool-call', toolCallId: '', toolName: '', input: undefined });
    assert.deepEqual(decodeDataStreamLine('9:{"toolCallId":5,"toolName":7,"args":null}'), { type: 'tool-call', toolCallId: '', toolName: '', input: null });
    assert.deepEqual(decodeDataStreamLine('a:{"result":1}'), { type: 'tool-result', toolCallId: '', output: 1, isError: false });
  });

  it('a line that only contains a part code further on is not a part', () => {
    assert.deepEqual(decodeDataStreamLine('X:"0:"'), { type: 'unknown', kind: 'data-stream-line', raw: 'X:"0:"' });
    assert.deepEqual(decodeDataStreamLine('Z:"hi"'), { type: 'unknown', kind: 'data-stream-line', raw: 'Z:"hi"' });
  });

  it('an unknown part keeps its JSON as written', () => {
    assert.deepEqual(decodeDataStreamLine('8:[{"note":1}]'), { type: 'unknown', kind: 'data-stream 8', raw: '[{"note":1}]' });
  });

  it('CRLF line ends are read as line ends', () => {
    assert.deepEqual(decodeWhole('text/plain', '0:"a"\r\nnot a part\r\n'), [
      { type: 'text', text: 'a' },
      { type: 'unknown', kind: 'data-stream-line', raw: 'not a part' },
    ]);
  });

  it('the last line is decoded at the end even without a line end', () => {
    assert.deepEqual(decodeWhole('text/plain', '0:"a"\n0:"b"'), [
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
    const decoder = createStreamDecoder('text/plain');
    assert.deepEqual(decoder.push('0:"only"'), [], 'one unfinished line could still be plain text');
    assert.deepEqual(decoder.end(), [{ type: 'text', text: 'only' }]);
  });

  it('a line as long as the limit is decoded; one character more is skipped', () => {
    const line = `0:"${'x'.repeat(5)}"`;
    const atLimit = createStreamDecoder('text/plain', line.length);
    assert.deepEqual([...atLimit.push('0:"a"\n'), ...atLimit.push(line), ...atLimit.push('\n'), ...atLimit.end()], [
      { type: 'text', text: 'a' },
      { type: 'text', text: 'xxxxx' },
    ]);
    const decoder = createStreamDecoder('text/plain', line.length - 1);
    assert.deepEqual([...decoder.push('0:"a"\n'), ...decoder.push(line), ...decoder.push('\n0:"b"\n'), ...decoder.end()], [
      { type: 'text', text: 'a' },
      { type: 'error', message: `A stream event longer than ${line.length - 1} characters was skipped.` },
      { type: 'text', text: 'b' },
    ]);
  });

  it('a body that ends inside a skipped line gives only the error', () => {
    const decoder = createStreamDecoder('text/plain', 10);
    const events = [...decoder.push('0:"a"\n'), ...decoder.push(`0:"${'x'.repeat(20)}`), ...decoder.push('yyyy'), ...decoder.end()];
    assert.deepEqual(events, [
      { type: 'text', text: 'a' },
      { type: 'error', message: 'A stream event longer than 10 characters was skipped.' },
    ]);
  });
});

describe('UI message stream chunks', () => {
  it('framing chunks (starts and ends of parts and steps, input deltas, metadata) show nothing', () => {
    for (const type of ['start', 'start-step', 'finish-step', 'text-start', 'text-end', 'reasoning-start', 'reasoning-end', 'tool-input-start', 'tool-input-delta', 'message-metadata']) {
      assert.equal(decodeUiMessageChunk(JSON.stringify({ type })), undefined, type);
    }
  });

  it('data that is not a chunk object is shown as unknown', () => {
    for (const data of ['null', '5', '"text"', '{"type":5}']) assert.deepEqual(decodeUiMessageChunk(data), { type: 'unknown', kind: 'sse-data', raw: data });
  });

  it('a chunk whose fields have the wrong type is shown as unknown or without the field', () => {
    assert.deepEqual(decodeUiMessageChunk('{"type":"text-delta","delta":5}'), { type: 'unknown', kind: 'text-delta', raw: '{"type":"text-delta","delta":5}' });
    assert.deepEqual(decodeUiMessageChunk('{"type":"reasoning-delta"}'), { type: 'unknown', kind: 'reasoning-delta', raw: '{"type":"reasoning-delta"}' });
    assert.deepEqual(decodeUiMessageChunk('{"type":"finish","finishReason":1}'), { type: 'finish', reason: undefined });
    assert.deepEqual(decodeUiMessageChunk('{"type":"error","errorText":{"code":1}}'), { type: 'error', message: '{"type":"error","errorText":{"code":1}}' });
  });

  it('tool errors, results without ids and aborts', () => {
    assert.deepEqual(decodeUiMessageChunk('{"type":"tool-input-error","toolCallId":"c","errorText":"bad input"}'), { type: 'tool-result', toolCallId: 'c', output: 'bad input', isError: true });
    assert.deepEqual(decodeUiMessageChunk('{"type":"tool-output-available","output":2}'), { type: 'tool-result', toolCallId: '', output: 2, isError: false });
    assert.deepEqual(decodeUiMessageChunk('{"type":"tool-output-error","errorText":"no"}'), { type: 'tool-result', toolCallId: '', output: 'no', isError: true });
    assert.deepEqual(decodeUiMessageChunk('{"type":"abort"}'), { type: 'finish', reason: 'abort' });
  });

  it('only a data- part holding todos is a todo list; any other chunk with todos is unknown', () => {
    const todos = { todos: [{ content: 'A', status: 'pending' }] };
    assert.equal(decodeUiMessageChunk(JSON.stringify({ type: 'data-plan', data: todos }))?.type, 'todos');
    assert.equal(decodeUiMessageChunk(JSON.stringify({ type: 'custom-plan', data: todos }))?.type, 'unknown');
    assert.equal(decodeUiMessageChunk(JSON.stringify({ type: 'data-plan', data: null }))?.type, 'unknown');
  });

  it('an event the body ends before closing (no blank line after it) is dropped, as the SSE standard has it', () => {
    assert.deepEqual(decodeWhole('text/event-stream', 'data: {"type":"text-delta","delta":"a"}\n\ndata: {"type":"finish"}\n'), [{ type: 'text', text: 'a' }]);
  });

  it('the rest of a skipped event is skipped even where it looks like an event', () => {
    const decoder = createStreamDecoder('text/event-stream', 100);
    const events = [
      ...decoder.push(`data: ${'x'.repeat(200)}`),
      ...decoder.push('data: {"type":"text-delta","delta":"inside the skipped event"}\n\n'),
      ...decoder.push('data: {"type":"text-delta","delta":"after"}\n\n'),
      ...decoder.end(),
    ];
    assert.deepEqual(events, [
      { type: 'error', message: 'A stream event longer than 100 characters was skipped.' },
      { type: 'text', text: 'after' },
    ]);
  });
});

describe('format detection and the ends of a body', () => {
  it('a byte order mark before the first field does not hide a UI message stream', () => {
    assert.equal(detectStreamFormat('text/plain', '\uFEFFdata: {}\n', false), 'ui-message-stream');
  });

  it('a field name further on in the first line does not make a UI message stream', () => {
    assert.equal(detectStreamFormat('text/plain', 'The answer has an id: 5\n', false), 'plain-text');
  });

  it('sniffs at most 512 characters of a first line', () => {
    assert.equal(detectStreamFormat('text/plain', 'a'.repeat(511), false), undefined);
    assert.equal(detectStreamFormat('text/plain', 'a'.repeat(512), false), 'plain-text');
  });

  it('a whole body of one data stream part without a line end is a data stream', () => {
    assert.equal(detectStreamFormat('text/plain', '0:"x"', true), 'data-stream');
    assert.equal(detectStreamFormat('text/plain', 'A:1\n', false), 'plain-text', 'not a part code');
  });

  it('a plain text body gives its text and no empty text events', async () => {
    assert.deepEqual(await batchesOf(['Hello\n', 'world'], 'text/plain'), [[{ type: 'text', text: 'Hello\n' }], [{ type: 'text', text: 'world' }]]);
  });

  it('gives one batch per chunk that completed events, none for a chunk that completed none, and the rest at the end', async () => {
    assert.deepEqual(await batchesOf(['data: {"type":"text-', 'delta","delta":"a"}\n\n'], 'text/event-stream'), [[{ type: 'text', text: 'a' }]]);
    assert.deepEqual(await batchesOf(['0:"a"\n0:', '"b"'], 'text/plain'), [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]], 'the last line at the end');
    assert.deepEqual(await batchesOf(['0:"a"\n'], 'text/plain'), [[{ type: 'text', text: 'a' }]], 'no empty batch at the end');
  });
});

describe('streamed text', () => {
  it('text after text, and reasoning after reasoning, continue it; a change of kind starts a new block', () => {
    const events: AgentEvent[] = [];
    for (const event of [
      { type: 'reasoning', text: 'r1' },
      { type: 'reasoning', text: 'r2' },
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
      { type: 'finish' },
      { type: 'finish' },
      { type: 'text', text: 'c' },
    ] as const) {
      appendStreamed(events, event);
    }
    assert.deepEqual(events, [{ type: 'reasoning', text: 'r1r2' }, { type: 'text', text: 'ab' }, { type: 'finish' }, { type: 'finish' }, { type: 'text', text: 'c' }]);
  });
});
