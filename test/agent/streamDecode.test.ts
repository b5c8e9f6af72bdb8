import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createStreamDecoder, decodeStream, detectStreamFormat } from '../../agent/src/stream/decodeStream';
import type { AgentEvent } from '../../agent/src/stream/events';

const encoder = new TextEncoder();

const UI_STREAM = [
  'data: {"type":"start","messageId":"m1"}',
  'data: {"type":"start-step"}',
  'data: {"type":"reasoning-delta","id":"r","delta":"plan"}',
  'data: {"type":"text-start","id":"t"}',
  'data: {"type":"text-delta","id":"t","delta":"Héllo 👋 "}',
  'data: {"type":"text-delta","id":"t","delta":"<script>alert(1)</script>"}',
  'data: {"type":"text-end","id":"t"}',
  'data: {"type":"tool-input-available","toolCallId":"c1","toolName":"read_file","input":{"path":"docs.json"}}',
  'data: {"type":"tool-output-available","toolCallId":"c1","output":{"ok":true}}',
  'data: {"type":"tool-input-available","toolCallId":"c2","toolName":"todo_write","input":{"todos":[{"id":"1","content":"Edit","status":"in_progress","priority":"high"},{"content":"Ship","status":"someday"}]}}',
  'data: {"type":"tool-output-error","toolCallId":"c3","errorText":"denied"}',
  'data: {"type":"error","errorText":"boom"}',
  'data: {"type":"finish","finishReason":"stop"}',
  'data: [DONE]',
]
  .map((line) => `${line}\n\n`)
  .join('');

const UI_EVENTS: AgentEvent[] = [
  { type: 'reasoning', text: 'plan' },
  { type: 'text', text: 'Héllo 👋 ' },
  { type: 'text', text: '<script>alert(1)</script>' },
  { type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'docs.json' } },
  { type: 'tool-result', toolCallId: 'c1', output: { ok: true }, isError: false },
  {
    type: 'todos',
    toolCallId: 'c2',
    toolName: 'todo_write',
    todos: [
      { id: '1', content: 'Edit', status: 'in_progress', priority: 'high' },
      { content: 'Ship', status: 'someday' },
    ],
  },
  { type: 'tool-result', toolCallId: 'c3', output: 'denied', isError: true },
  { type: 'error', message: 'boom' },
  { type: 'finish', reason: 'stop' },
];

const DATA_STREAM = [
  'f:{"messageId":"m1"}',
  'g:"plan"',
  '0:"Héllo 👋 "',
  '0:"<script>alert(1)</script>"',
  '9:{"toolCallId":"c1","toolName":"read_file","args":{"path":"docs.json"}}',
  'a:{"toolCallId":"c1","result":{"ok":true}}',
  '9:{"toolCallId":"c2","toolName":"todo_write","args":{"todos":[{"id":"1","content":"Edit","status":"in_progress","priority":"high"},{"content":"Ship","status":"someday"}]}}',
  '3:"boom"',
  'e:{"finishReason":"stop"}',
  'd:{"finishReason":"stop"}',
]
  .map((line) => `${line}\n`)
  .join('');

const DATA_EVENTS = UI_EVENTS.filter((event) => !(event.type === 'tool-result' && event.isError));

/** Decodes `body` fed in pieces split at `cuts` (byte offsets), as the network may deliver it. */
async function decodeInPieces(body: string, contentType: string | undefined, cuts: number[]): Promise<AgentEvent[]> {
  const bytes = encoder.encode(body);
  const bounds = [...new Set([0, ...cuts.filter((cut) => cut > 0 && cut < bytes.length), bytes.length])].sort((a, b) => a - b);
  async function* pieces() {
    for (let index = 1; index < bounds.length; index++) yield bytes.subarray(bounds[index - 1], bounds[index]);
  }
  const events: AgentEvent[] = [];
  for await (const batch of decodeStream(pieces(), contentType)) events.push(...batch);
  return events;
}

/** Adjacent text (and reasoning) merged: chunking may split deltas differently. */
function merged(events: AgentEvent[]): AgentEvent[] {
  const result: AgentEvent[] = [];
  for (const event of events) {
    const last = result.at(-1);
    if ((event.type === 'text' || event.type === 'reasoning') && last?.type === event.type) {
      result[result.length - 1] = { type: event.type, text: last.text + event.text };
    } else result.push(event);
  }
  return result;
}

describe('stream decoding', () => {
  it('decodes the AI SDK UI message stream into text, reasoning, tool calls and results, todos, error and finish', async () => {
    assert.deepEqual(await decodeInPieces(UI_STREAM, 'text/event-stream', []), UI_EVENTS);
  });

  it('decodes the older data stream lines into the same events', async () => {
    assert.deepEqual(await decodeInPieces(DATA_STREAM, 'text/plain; charset=utf-8', []), DATA_EVENTS);
  });

  it('decodes a plain text body as text', async () => {
    assert.deepEqual(merged(await decodeInPieces('Just text, 0: not a part\n<b>bold</b>', 'text/plain', [3, 9])), [
      { type: 'text', text: 'Just text, 0: not a part\n<b>bold</b>' },
    ]);
  });

  for (const [name, body, contentType, expected] of [
    ['UI message stream', UI_STREAM, 'text/event-stream', UI_EVENTS],
    ['UI message stream without its content type', UI_STREAM, undefined, UI_EVENTS],
    ['data stream', DATA_STREAM, 'text/plain', DATA_EVENTS],
  ] as const) {
    it(`gives the same events for the ${name} split at every byte`, async () => {
      const whole = merged(await decodeInPieces(body, contentType, []));
      assert.deepEqual(whole, merged([...expected]));
      const length = encoder.encode(body).length;
      for (let cut = 1; cut < length; cut++) {
        assert.deepEqual(merged(await decodeInPieces(body, contentType, [cut])), whole, `split at byte ${cut}`);
      }
    });

    it(`gives the same events for the ${name} in random pieces (byte by byte included)`, async () => {
      const whole = merged(await decodeInPieces(body, contentType, []));
      const length = encoder.encode(body).length;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1, max: length - 1 }), { maxLength: 40 }), async (cuts) => {
          assert.deepEqual(merged(await decodeInPieces(body, contentType, cuts)), whole);
        }),
        { numRuns: 150 },
      );
      const everyByte = Array.from({ length }, (_, index) => index);
      assert.deepEqual(merged(await decodeInPieces(body, contentType, everyByte)), whole);
    });
  }

  it('chooses the format from the content type first, then from the first bytes', () => {
    assert.equal(detectStreamFormat('text/event-stream; charset=utf-8', '0:"x"\n', false), 'ui-message-stream');
    assert.equal(detectStreamFormat('text/plain', 'data: {}\n', false), 'ui-message-stream');
    assert.equal(detectStreamFormat(undefined, ': comment\n', false), 'ui-message-stream');
    assert.equal(detectStreamFormat('text/plain', '0:"hello"\n', false), 'data-stream');
    assert.equal(detectStreamFormat('text/plain', '0:"hel', false), undefined, 'waits for the first line');
    assert.equal(detectStreamFormat('text/plain', '0:"hel', true), 'plain-text', 'a broken first part at the end is text');
    assert.equal(detectStreamFormat('text/plain', 'a: list item\n', false), 'plain-text');
    assert.equal(detectStreamFormat('text/plain', 'Hello', true), 'plain-text');
    assert.equal(detectStreamFormat('text/plain', ' '.repeat(600), false), 'plain-text', 'stops sniffing after 512 characters');
  });

  it('shows unknown chunk types, non-JSON data and data parts as unknown events without failing', async () => {
    const body = [
      'data: {"type":"future-part","x":1}\n\n',
      'data: not json\n\n',
      'data: {"no":"type"}\n\n',
      'data: {"type":"data-weather","data":{"sky":"clear"}}\n\n',
      'data: {"type":"data-plan","id":"p1","data":{"todos":[{"content":"A","status":"pending"}]}}\n\n',
      'event: ping\nid: 3\nretry: 10\nnonsense-field: 1\n: comment\n\n',
      'data: {"type":"text-delta","id":"t","delta":"still decoding"}\n\n',
    ].join('');
    const events = await decodeInPieces(body, 'text/event-stream', []);
    assert.deepEqual(
      events.map((event) => (event.type === 'unknown' ? `unknown ${event.kind}` : event.type)),
      ['unknown future-part', 'unknown sse-data', 'unknown sse-data', 'unknown data-weather', 'todos', 'text'],
    );
    assert.equal((events[1] as { raw: string }).raw, 'not json');
  });

  it('shows unknown data stream codes and broken lines as unknown events', async () => {
    const events = await decodeInPieces('8:[{"note":1}]\nz:"?"\n0:broken\nno prefix\n0:"ok"\n', 'text/plain', []);
    assert.deepEqual(
      events.map((event) => (event.type === 'unknown' ? `unknown ${event.kind}` : event.type)),
      ['unknown data-stream 8', 'unknown data-stream z', 'unknown data-stream-line', 'unknown data-stream-line', 'text'],
    );
  });

  it('skips an event larger than the limit with one error event and goes on', () => {
    for (const [contentType, first, huge, next] of [
      [
        'text/event-stream',
        'data: {"type":"text-delta","delta":"before"}\n\n',
        `data: {"type":"text-delta","delta":"${'x'.repeat(5_000)}"}\n\n`,
        'data: {"type":"text-delta","delta":"after"}\n\n',
      ],
      ['text/plain', '0:"before"\n', `0:"${'x'.repeat(5_000)}"\n`, '0:"after"\n'],
    ]) {
      const decoder = createStreamDecoder(contentType, 1_000);
      const events = decoder.push(first);
      for (let start = 0; start < huge.length; start += 500) events.push(...decoder.push(huge.slice(start, start + 500)));
      events.push(...decoder.push(next), ...decoder.end());
      assert.deepEqual(
        events,
        [
          { type: 'text', text: 'before' },
          { type: 'error', message: 'A stream event longer than 1000 characters was skipped.' },
          { type: 'text', text: 'after' },
        ],
        contentType,
      );
    }
  });

  it('never throws on arbitrary input, whatever the content type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('text/event-stream', 'text/plain', undefined),
        fc.array(fc.oneof(fc.string(), fc.constantFrom('data: ', '\n\n', '0:', '9:{', 'data: {"type":"', '\r\n', '[DONE]'))),
        (contentType, pieces) => {
          const decoder = createStreamDecoder(contentType, 200);
          for (const piece of pieces) decoder.push(piece);
          decoder.end();
        },
      ),
      { numRuns: 500 },
    );
  });
});
