// The panel's update path: tracker updates batched into few messages, text merged, the job's
// summary computed once per message and only when something other than text changed.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import type { TrackerUpdate } from '../../agent/src/jobTracker';
import { parseJobRecord } from '../../agent/src/jobRecord';
import { trackedJobForSession } from '../../agent/src/trackedJob';
import { coalesceUpdates, createPanelFeed } from '../../client/src/agent/panelFeed';
import { jobSummaryView } from '../../client/src/agent/jobView';
import type { HostMessage } from '../../client/webview/protocol';

const job = trackedJobForSession({ apiUrl: 'https://api.example', projectId: 'p' }, 'sess_1');
const text = (value: string): TrackerUpdate => ({ type: 'event', event: { type: 'text', text: value } });

describe('panel feed', () => {
  it('merges adjacent text and sends no summary for text alone', () => {
    let summaries = 0;
    const message = coalesceUpdates([text('a'), text('b'), { type: 'event', event: { type: 'reasoning', text: 'r' } }, text('c'), text('d')], () => {
      summaries++;
      return jobSummaryView(job);
    });
    assert.deepEqual(message.events, [
      { type: 'text', text: 'ab' },
      { type: 'reasoning', text: 'r' },
      { type: 'text', text: 'cd' },
    ]);
    assert.equal(message.job, undefined);
    assert.equal(summaries, 0);
  });

  it('sends one summary for a batch with records, phases, todos and notices', () => {
    let summaries = 0;
    const record = parseJobRecord({ haulted: true, haultReason: 'completed', pullRequestLink: 'https://github.com/o/r/pull/1', todos: [] });
    const message = coalesceUpdates(
      [
        { type: 'phase', phase: 'polling' },
        { type: 'event', event: { type: 'todos', toolCallId: 't', toolName: 'todo_write', todos: [{ content: 'x', status: 'pending' }] } },
        { type: 'notice', message: 'The stream broke off.' },
        { type: 'record', record },
      ],
      () => {
        summaries++;
        return jobSummaryView({ ...job, record, phase: 'finished' });
      },
    );
    assert.equal(summaries, 1);
    assert.equal(message.job?.pullRequestUrl, 'https://github.com/o/r/pull/1');
    assert.deepEqual(message.notices, ['The stream broke off.']);
    assert.equal(message.events.length, 1);
  });

  it('posts at most maxUpdates messages per interval, losing nothing', async () => {
    const posted: { at: number; message: Extract<HostMessage, { type: 'update' }> }[] = [];
    const feed = createPanelFeed({ post: (message) => posted.push({ at: performance.now(), message }), summarize: () => jobSummaryView(job), maxUpdates: 5, intervalMs: 200 });
    const started = performance.now();
    let sent = '';
    for (let index = 0; performance.now() - started < 600; index++) {
      feed.push(text(`${index},`));
      sent += `${index},`;
      if (index % 20 === 0) feed.push({ type: 'event', event: { type: 'tool-call', toolCallId: String(index), toolName: 'read', input: {} } });
      await sleep(1);
    }
    feed.flush();
    const received = posted.flatMap(({ message }) => message.events.flatMap((event) => (event.type === 'text' ? [event.text] : []))).join('');
    assert.equal(received, sent);
    for (let index = 5; index < posted.length - 1; index++) {
      assert.ok(posted[index].at - posted[index - 5].at >= 190, `messages ${index - 5}..${index} span one interval`);
    }
    assert.ok(posted.length <= 20, `${posted.length} messages`);
    feed.dispose();
  });
});
