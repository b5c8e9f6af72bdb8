import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { AgentApiClient, type CreateJobRequest } from '../../agent/src/apiClient';
import { isCompleted } from '../../agent/src/jobRecord';
import { JobTracker, type TrackerOptions, type TrackerUpdate } from '../../agent/src/jobTracker';
import { trackedJobForSession, type TrackedJob } from '../../agent/src/trackedJob';
import { emptyTranscript } from '../../agent/src/transcript';

const FAST: Partial<TrackerOptions> = { pollIntervalMs: 30, maxPollIntervalMs: 100, notFoundGraceMs: 200 };

function job(content: string, branch = 'docs/tracker'): CreateJobRequest {
  return { branch, messages: [{ role: 'user', content }] };
}

function record(tracker: JobTracker): TrackerUpdate[] {
  const updates: TrackerUpdate[] = [];
  tracker.onUpdate((update) => updates.push(update));
  return updates;
}

const phases = (updates: TrackerUpdate[]) => updates.flatMap((update) => (update.type === 'phase' ? [update.phase] : []));
const notices = (updates: TrackerUpdate[]) => updates.flatMap((update) => (update.type === 'notice' ? [update.message] : []));

describe('job tracker against the dev server', () => {
  let server: DevApiServer;
  let api: AgentApiClient;
  const posts = (project: string) =>
    server.requests.filter((request) => request.method === 'POST' && request.path.includes(`/${project}/`)).length;

  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, trickleIntervalMs: 60, jobDurationMs: 400 });
    api = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey, retry: { maxRetries: 1, baseDelayMs: 5 } });
  });
  after(async () => {
    await api.close();
    await server.close();
  });

  it('streams the job live, then polls until the record is final with its pull request', async () => {
    const tracker = JobTracker.create(api, 'p-happy', job('Update the quickstart'), FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.deepEqual(phases(updates), ['creating', 'streaming', 'polling', 'finished']);
    const firstSession = updates.findIndex((update) => update.type === 'session');
    const firstEvent = updates.findIndex((update) => update.type === 'event');
    assert.ok(firstSession !== -1 && firstSession < firstEvent, 'the session id is known before the first event');
    assert.equal(done.phase, 'finished');
    assert.equal(done.record?.haultReason, 'completed');
    assert.match(done.record?.pullRequestLink ?? '', /\/pull\/\d+$/);
    assert.ok(isCompleted(done.record!));
    assert.ok(updates.some((update) => update.type === 'event' && update.event.type === 'todos'));
    const texts = done.transcript.events.filter((event) => event.type === 'text');
    assert.equal(texts[0]?.type === 'text' && texts[0].text, "I'll update the docs on branch docs/tracker. ", 'deltas merged');
    assert.equal(posts('p-happy'), 1);
  });

  it('falls back to polling when the stream is cut, and the job still finishes', async () => {
    const tracker = JobTracker.create(api, 'p-cut', job('[fault:cut]'), FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.deepEqual(phases(updates), ['creating', 'streaming', 'polling', 'finished']);
    assert.ok(notices(updates).some((message) => /broke off.*Following the job by polling/.test(message)));
    assert.equal(done.record?.haultReason, 'completed');
    assert.ok(!done.transcript.events.some((event) => event.type === 'finish'), 'the stream did not get to its end');
    assert.equal(posts('p-cut'), 1);
  });

  it('finds the job in the list when the POST answer is lost, instead of sending it again', async () => {
    const tracker = JobTracker.create(api, 'p-drop', job('[fault:drop]', 'docs/dropped'), FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.ok(notices(updates).some((message) => /may exist; looking for it instead of sending it again/.test(message)));
    assert.match(done.sessionId ?? '', /^sess_/);
    assert.equal(done.phase, 'finished');
    assert.equal(done.record?.haultReason, 'completed');
    assert.equal(posts('p-drop'), 1);
  });

  it('finds the job in the list when the server sends no session id', async () => {
    const done = await JobTracker.create(api, 'p-nosession', job('[fault:no-session-id]'), FAST).done;
    assert.match(done.sessionId ?? '', /^sess_/);
    assert.equal(done.record?.haultReason, 'completed');
    assert.ok(done.transcript.events.some((event) => event.type === 'finish'), 'the stream was still read');
  });

  it('fails, without a second POST, when a lost job cannot be found', async () => {
    server.injectFault({ fault: '404', method: 'GET', pathIncludes: '/p-lost/jobs', times: 10 });
    const done = await JobTracker.create(api, 'p-lost', job('[fault:drop]'), { ...FAST, lookUpAttempts: 2 }).done;
    assert.equal(done.phase, 'failed');
    assert.match(done.problem ?? '', /may have been created.*Check the dashboard before starting it again/);
    assert.equal(posts('p-lost'), 1);
  });

  it('drops a stream that only sends keep-alives, then stops watching a job that never ends (staleness)', async () => {
    const tracker = JobTracker.create(api, 'p-never', job('[fault:never-ends]'), { ...FAST, streamSilenceMs: 300, staleAfterMs: 400 });
    const updates = record(tracker);
    const started = performance.now();
    const done = await tracker.done;
    assert.deepEqual(phases(updates), ['creating', 'streaming', 'polling', 'stale']);
    assert.ok(notices(updates).some((message) => /sent nothing for/.test(message)));
    assert.match(done.problem ?? '', /no progress/);
    assert.equal(done.record?.haultReason, 'processing');
    assert.ok(performance.now() - started < 3_000);
  });

  it('reads a slow trickle to its end', async () => {
    const done = await JobTracker.create(api, 'p-trickle', job('[fault:trickle]'), FAST).done;
    assert.equal(done.phase, 'finished');
    assert.ok(done.transcript.events.some((event) => event.type === 'finish'));
  });

  for (const format of ['data-stream', 'plain-text'] as const) {
    it(`follows a job whose stream is ${format}`, async () => {
      const done = await JobTracker.create(api, `p-${format}`, job(`[fault:${format}]`), FAST).done;
      assert.equal(done.record?.haultReason, 'completed');
      assert.ok(done.transcript.events.some((event) => event.type === 'text' && event.text.includes('Opening a pull request')));
    });
  }

  for (const [fault, reason] of [
    ['misconfigured', 'repo_missconfigured'],
    ['error', 'error'],
  ] as const) {
    it(`ends with ${reason}: finished, not completed, with the stream's error`, async () => {
      const done = await JobTracker.create(api, `p-${fault}`, job(`[fault:${fault}]`), FAST).done;
      assert.equal(done.phase, 'finished');
      assert.equal(done.record?.haultReason, reason);
      assert.equal(isCompleted(done.record!), false);
      assert.equal(done.record?.pullRequestLink, undefined);
      assert.ok(done.transcript.events.some((event) => event.type === 'error'));
    });
  }

  it('fails at once on a rejected key, saying so', async () => {
    const rejected = new AgentApiClient({ baseUrl: server.url, apiKey: 'mint_wrong_key_123456' });
    try {
      const done = await JobTracker.create(rejected, 'p-401', job('x'), FAST).done;
      assert.equal(done.phase, 'failed');
      assert.equal(done.problemKind, 'unauthorized');
      assert.ok(!done.problem?.includes('mint_wrong_key_123456'));
      assert.equal(posts('p-401'), 1);
    } finally {
      await rejected.close();
    }
  });

  it('keeps polling through failing GETs (backoff), and the job still finishes', async () => {
    server.injectFault({ fault: '500', method: 'GET', pathIncludes: '/p-flaky/', times: 6 });
    const tracker = JobTracker.create(api, 'p-flaky', job('x'), FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.ok(notices(updates).some((message) => /HTTP 500/.test(message)));
    assert.equal(done.record?.haultReason, 'completed');
  });

  it('stops watching on request, and resumes later from the stored job', async () => {
    const tracker = JobTracker.create(api, 'p-stop', job('[fault:trickle]'), FAST);
    const firstEvent = new Promise<void>((resolve) => tracker.onUpdate((update) => update.type === 'event' && resolve()));
    await firstEvent;
    const stoppedAt = performance.now();
    tracker.stop();
    const stopped = await tracker.done;
    assert.ok(performance.now() - stoppedAt < 500);
    assert.equal(stopped.phase, 'stopped');
    const kept = structuredClone(stopped) as TrackedJob;
    const eventsBefore = kept.transcript.events.length;
    assert.ok(eventsBefore >= 1);

    const resumed = await JobTracker.resume(api, kept, FAST).done;
    assert.equal(resumed.phase, 'finished');
    assert.equal(resumed.record?.haultReason, 'completed');
    assert.equal(resumed.transcript.events.length, eventsBefore, 'the transcript kept from before is still there');
    assert.equal(posts('p-stop'), 1);
  });

  it('resumes a job stored before its session id arrived by finding it in the list', async () => {
    const startedAt = new Date().toISOString();
    await api.createJob('p-reload', job('[fault:drop]', 'docs/reload')).catch(() => undefined);
    const stored: TrackedJob = {
      apiUrl: api.baseUrl,
      projectId: 'p-reload',
      localId: 'local-reload',
      branch: 'docs/reload',
      startedAt,
      updatedAt: startedAt,
      phase: 'creating',
      transcript: emptyTranscript(),
    };
    const done = await JobTracker.resume(api, stored, FAST).done;
    assert.equal(done.phase, 'finished');
    assert.equal(done.localId, 'local-reload');
    assert.equal(posts('p-reload'), 1);
  });

  it('fails when the job id is unknown after the grace period', async () => {
    const done = await JobTracker.resume(api, trackedJobForSession({ apiUrl: api.baseUrl, projectId: 'p-unknown' }, 'sess_nope'), FAST).done;
    assert.equal(done.phase, 'failed');
    assert.equal(done.problemKind, 'not-found');
  });

  it('is not disturbed by a listener that throws', async () => {
    const tracker = JobTracker.create(api, 'p-listener', job('x'), FAST);
    tracker.onUpdate(() => {
      throw new Error('listener bug');
    });
    const updates = record(tracker);
    const done = await tracker.done;
    assert.equal(done.phase, 'finished');
    assert.ok(updates.length > 5);
  });
});
