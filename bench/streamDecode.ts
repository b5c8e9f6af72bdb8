// Stream decoding throughput on a large UI message stream, and how many panel updates a
// 10,000-event stream turns into through the update batcher.
// Run: node --import tsx bench/streamDecode.ts
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeStream } from '../agent/src/stream/decodeStream';
import { createUpdateBatcher } from '../agent/src/updateBatcher';
import { seededRandom } from './support/measure';

const TARGET_MB_PER_S = 50;
const STREAM_BYTES = 64 * 1024 * 1024;
const NETWORK_CHUNK_BYTES = 16 * 1024;

const WORDS = 'the docs page navigation group anchor update quickstart API reference café 👋 <b>markup</b> "quoted" \\path'.split(' ');

/**
 * A stream shaped like an agent run: mostly short text deltas, some reasoning, tool calls with
 * inputs and outputs, and todo-list updates, repeated up to the wanted size.
 */
function recordedStream(bytes: number): Uint8Array {
  const next = seededRandom(42);
  const word = () => WORDS[Math.floor(next() * WORDS.length)];
  const sentence = (words: number) => Array.from({ length: words }, word).join(' ');
  const frames: string[] = ['data: {"type":"start","messageId":"m1"}\n\n'];
  let size = 0;
  let step = 0;
  const push = (chunk: object) => {
    const frame = `data: ${JSON.stringify(chunk)}\n\n`;
    frames.push(frame);
    size += frame.length;
  };
  while (size < bytes) {
    step++;
    push({ type: 'start-step' });
    push({ type: 'text-start', id: `t${step}` });
    for (let delta = 0; delta < 40; delta++) push({ type: 'text-delta', id: `t${step}`, delta: `${sentence(1 + Math.floor(next() * 6))} ` });
    push({ type: 'text-end', id: `t${step}` });
    for (let delta = 0; delta < 8; delta++) push({ type: 'reasoning-delta', id: `r${step}`, delta: sentence(4) });
    const toolCallId = `call_${step}`;
    push({ type: 'tool-input-start', toolCallId, toolName: 'edit_file' });
    push({ type: 'tool-input-available', toolCallId, toolName: 'edit_file', input: { path: 'guides/quickstart.mdx', content: sentence(150) } });
    push({ type: 'tool-output-available', toolCallId, output: { ok: true, diff: sentence(60) } });
    push({
      type: 'tool-input-available',
      toolCallId: `todo_${step}`,
      toolName: 'todo_write',
      input: {
        todos: Array.from({ length: 5 }, (_, index) => ({
          id: String(index),
          content: sentence(6),
          status: index < step % 5 ? 'completed' : 'pending',
          priority: 'high',
        })),
      },
    });
    push({ type: 'finish-step' });
  }
  frames.push('data: {"type":"finish","finishReason":"stop"}\n\n', 'data: [DONE]\n\n');
  return new TextEncoder().encode(frames.join(''));
}

async function* inChunks(body: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < body.length; offset += NETWORK_CHUNK_BYTES) yield body.subarray(offset, offset + NETWORK_CHUNK_BYTES);
}

/** JSON.parse of every event's data alone: the ceiling for any decoder that reads every event. */
function jsonParseThroughput(body: Uint8Array): number {
  const payloads = new TextDecoder()
    .decode(body)
    .split('\n\n')
    .map((frame) => frame.slice('data: '.length))
    .filter((data) => data.startsWith('{'));
  const started = performance.now();
  for (const data of payloads) JSON.parse(data);
  return body.length / 1024 / 1024 / ((performance.now() - started) / 1000);
}

async function decodeThroughput(body: Uint8Array): Promise<{ mbPerSecond: number; events: number }> {
  const started = performance.now();
  let events = 0;
  for await (const batch of decodeStream(inChunks(body), 'text/event-stream')) events += batch.length;
  const seconds = (performance.now() - started) / 1000;
  return { mbPerSecond: body.length / 1024 / 1024 / seconds, events };
}

/** 10,000 events arriving over about two seconds, as network chunks of 50 events each. */
async function batchedUpdates(): Promise<{ events: number; posts: number; largestBatch: number; seconds: number }> {
  const maxUpdates = 20;
  const intervalMs = 1_000;
  const batches: number[] = [];
  const batcher = createUpdateBatcher<number>({ maxUpdates, intervalMs, post: (batch) => batches.push(batch.length) });
  const started = performance.now();
  for (let event = 0; event < 10_000; event++) {
    batcher.push(event);
    if (event % 50 === 49) await sleep(10);
  }
  batcher.flush();
  const seconds = (performance.now() - started) / 1000;
  return { events: batches.reduce((sum, size) => sum + size, 0), posts: batches.length, largestBatch: Math.max(...batches), seconds };
}

async function main(): Promise<void> {
  const body = recordedStream(STREAM_BYTES);
  await decodeThroughput(body.subarray(0, 4 * 1024 * 1024)); // warm-up
  const runs = [];
  for (let run = 0; run < 3; run++) runs.push(await decodeThroughput(body));
  const best = Math.max(...runs.map((result) => result.mbPerSecond));
  const median = runs.map((result) => result.mbPerSecond).sort((a, b) => a - b)[1];
  const verdict = median >= TARGET_MB_PER_S ? 'meets' : 'MISSES';
  console.log(
    `stream decode: ${(body.length / 1024 / 1024).toFixed(1)} MB UI message stream, ${runs[0].events} events: ` +
      `median ${median.toFixed(1)} MB/s, best ${best.toFixed(1)} MB/s (${verdict} the ${TARGET_MB_PER_S} MB/s target)`,
  );
  console.log(`  baseline: JSON.parse of the same events alone ${jsonParseThroughput(body).toFixed(1)} MB/s`);

  const batching = await batchedUpdates();
  console.log(
    `panel updates: ${batching.events} events over ${batching.seconds.toFixed(1)} s -> ${batching.posts} messages posted ` +
      `(at most 20 per second; largest batch ${batching.largestBatch} events)`,
  );
  if (median < TARGET_MB_PER_S) process.exitCode = 1;
}

void main();
