// The agent job panel on a 10,000-event stream: events go the way they go in the extension --
// decoded from a UI message stream, through a JobTracker, into the panel feed (client/src/agent/
// panelFeed.ts: the agent layer's update batcher + coalescing) -- and each posted message is
// applied the way the webview applies it (the growing text block re-rendered as sanitised
// markdown). Prints the messages posted, their size, and the time spent on each side.
// Run: npm run bench -- panelUpdates
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentJobApi, CreatedJob } from '../agent/src/apiClient';
import { parseJobRecord } from '../agent/src/jobRecord';
import { JobTracker } from '../agent/src/jobTracker';
import { decodeStream } from '../agent/src/stream/decodeStream';
import { jobSummaryView } from '../client/src/agent/jobView';
import { PANEL_INTERVAL_MS, PANEL_MAX_UPDATES, createPanelFeed } from '../client/src/agent/panelFeed';
import { renderMarkdown } from '../client/webview/markdown';
import type { HostMessage } from '../client/webview/protocol';

const EVENTS = 10_000;
/** Events per network chunk, and the pause between chunks: 10,000 events in about 2 s. */
const EVENTS_PER_CHUNK = 50;
const CHUNK_GAP_MS = 10;

/** An agent run's stream: mostly text deltas, with reasoning, tool calls and todo updates. */
function streamFrames(): string[] {
  const frames: string[] = [];
  const push = (chunk: object) => frames.push(`data: ${JSON.stringify(chunk)}\n\n`);
  let step = 0;
  while (frames.length < EVENTS) {
    step++;
    for (let delta = 0; delta < 40; delta++) push({ type: 'text-delta', id: `t${step}`, delta: `word${delta} **bold** and [a link](https://example.com/${delta}) ` });
    for (let delta = 0; delta < 4; delta++) push({ type: 'reasoning-delta', id: `r${step}`, delta: 'thinking about the docs ' });
    push({ type: 'tool-input-available', toolCallId: `c${step}`, toolName: 'edit_file', input: { path: 'quickstart.mdx', edits: step } });
    push({ type: 'tool-output-available', toolCallId: `c${step}`, output: { ok: true } });
    push({
      type: 'tool-input-available',
      toolCallId: `todo${step}`,
      toolName: 'todo_write',
      input: { todos: Array.from({ length: 5 }, (_, index) => ({ id: String(index), content: `Task ${index}`, status: index < step % 6 ? 'completed' : 'pending', priority: 'high' })) },
    });
  }
  return frames.slice(0, EVENTS);
}

async function* paced(frames: string[]): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for (let index = 0; index < frames.length; index += EVENTS_PER_CHUNK) {
    yield encoder.encode(frames.slice(index, index + EVENTS_PER_CHUNK).join(''));
    await sleep(CHUNK_GAP_MS);
  }
  yield encoder.encode('data: [DONE]\n\n');
}

/** The API as the tracker sees it, answering from memory. */
function fakeApi(frames: string[]): AgentJobApi {
  return {
    baseUrl: 'https://api.example.com',
    apiVersion: 1,
    features: { liveStream: true, followUps: false, jobsList: false, createOptions: true },
    async createJob(): Promise<CreatedJob> {
      return { sessionId: 'sess_bench', eventBatches: decodeStream(paced(frames), 'text/event-stream') };
    },
    async getJob() {
      return parseJobRecord({ sessionId: 'sess_bench', haulted: true, haultReason: 'completed', pullRequestLink: 'https://github.com/o/r/pull/1', todos: [] });
    },
    async getJobAsSent() {
      return {};
    },
    async listJobs() {
      return undefined;
    },
    async sendMessage(): Promise<never> {
      throw new Error('not benchmarked');
    },
    async probeKey() {},
    async close() {},
  };
}

/** What the webview does with a message: its text re-rendered as markdown, as TranscriptView does. */
function webviewSide() {
  let text = '';
  let lastType = '';
  let renderMs = 0;
  let slowestMs = 0;
  return {
    apply(message: Extract<HostMessage, { type: 'update' }>) {
      const started = performance.now();
      let dirty = false;
      for (const event of message.events) {
        if (event.type === 'text') {
          text = lastType === 'text' ? text + event.text : event.text;
          dirty = true;
        } else if (dirty) {
          renderMarkdown(text);
          dirty = false;
        }
        lastType = event.type;
      }
      if (dirty) renderMarkdown(text);
      const ms = performance.now() - started;
      renderMs += ms;
      slowestMs = Math.max(slowestMs, ms);
    },
    get renderMs() {
      return renderMs;
    },
    get slowestMs() {
      return slowestMs;
    },
  };
}

async function run(batched: boolean) {
  const frames = streamFrames();
  const tracker = JobTracker.create(fakeApi(frames), 'bench', { messages: [{ role: 'user', content: 'bench' }] }, { pollIntervalMs: 10 });
  const webview = webviewSide();
  let messages = 0;
  let bytes = 0;
  let events = 0;
  let hostMs = 0;
  const post = (message: Extract<HostMessage, { type: 'update' }>) => {
    messages++;
    bytes += JSON.stringify(message).length; // postMessage serialises it
    events += message.events.length;
    webview.apply(message);
  };
  const feed = createPanelFeed({ post, summarize: () => jobSummaryView(tracker.job), maxUpdates: batched ? PANEL_MAX_UPDATES : Infinity, intervalMs: PANEL_INTERVAL_MS });
  let streamEvents = 0;
  tracker.onUpdate((update) => {
    const started = performance.now();
    if (update.type === 'event') streamEvents++;
    if (batched) feed.push(update);
    else post({ type: 'update', events: update.type === 'event' ? [update.event] : [], notices: [], job: update.type === 'event' ? undefined : jobSummaryView(tracker.job) });
    hostMs += performance.now() - started;
  });
  const started = performance.now();
  await tracker.done;
  feed.flush();
  const seconds = (performance.now() - started) / 1000;
  feed.dispose();
  return { streamEvents, messages, bytes, events, seconds, hostMs, renderMs: webview.renderMs, slowestMs: webview.slowestMs };
}

async function main(): Promise<void> {
  const unbatched = await run(false);
  const batched = await run(true);
  const line = (name: string, result: Awaited<ReturnType<typeof run>>) =>
    `${name}: ${result.streamEvents} stream events over ${result.seconds.toFixed(2)} s -> ${result.messages} messages posted ` +
    `(${(result.bytes / 1024).toFixed(0)} KB; ${result.events} events after merging text); ` +
    `extension host ${result.hostMs.toFixed(0)} ms, webview rendering ${result.renderMs.toFixed(0)} ms (slowest message ${result.slowestMs.toFixed(1)} ms)`;
  console.log(line('panel, one message per update', unbatched));
  console.log(line(`panel, batched (at most ${PANEL_MAX_UPDATES} per ${PANEL_INTERVAL_MS} ms)`, batched));
  const perSecond = batched.messages / batched.seconds;
  console.log(`batched: ${perSecond.toFixed(1)} messages/s, ${(unbatched.messages / batched.messages).toFixed(0)}x fewer messages, ${(unbatched.renderMs / Math.max(1, batched.renderMs)).toFixed(0)}x less webview rendering`);
  if (batched.streamEvents < 10_000 || perSecond > PANEL_MAX_UPDATES + 1) process.exitCode = 1;
}

void main();
