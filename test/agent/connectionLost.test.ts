// A lost connection while a job is followed: the dev server is stopped and started again on the
// same port. The job reads "Connection lost, retrying" (not Running), the feed has one line with
// the count of tries (no notice repeated on each look), following resumes when the server is
// back, and it ends once, as failed, when the server stays away too long.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { createAgentJobApi } from '../../agent/src/apiVersion';
import type { AgentJobApi } from '../../agent/src/apiClient';
import { JobTracker, type TrackerOptions, type TrackerUpdate } from '../../agent/src/jobTracker';
import { coalesceUpdates } from '../../client/src/agent/panelFeed';
import { jobSummaryView } from '../../client/src/agent/jobView';
import { until } from './helpers/until';

const OPTIONS: Partial<TrackerOptions> = { pollIntervalMs: 20, maxPollIntervalMs: 60 };

describe('a lost connection to the docs platform (the dev server stopped, then started on the same port)', () => {
  let server: DevApiServer;
  let api: AgentJobApi;

  before(async () => {
    server = await startDevApiServer({ jobDurationMs: 1_500 });
    api = createAgentJobApi({ apiVersion: 2, baseUrl: server.url, apiKey: server.apiKey, retry: { maxRetries: 0 } });
  });
  after(async () => {
    await api.close();
    await server.close();
  });

  it('reads "Connection lost, retrying" with the count of tries, says it once, and resumes when the server is back', async () => {
    const tracker = JobTracker.create(api, 'p-lost', { messages: [{ role: 'user', content: 'Update the quickstart' }] }, { ...OPTIONS, connectionRetryMs: 60_000 });
    const updates: TrackerUpdate[] = [];
    tracker.onUpdate((update) => updates.push(update));
    await until('the first record', () => tracker.job.record?.status === 'active');
    await server.stop();
    await until('three failed tries', () => (tracker.job.connectionLost?.retries ?? 0) >= 3);

    const view = jobSummaryView(tracker.job);
    assert.equal(view.statusText, 'Connection lost, retrying');
    assert.equal(view.outcome, 'reconnecting');
    assert.equal(view.active, true);
    const tries = tracker.job.connectionLost!.retries;
    assert.match(view.connection ?? '', new RegExp(`^Connection lost: the docs platform does not answer\\. Retrying \\(${tries} tries so far\\)`));
    const lost = updates.filter((update) => update.type === 'connection');
    assert.deepEqual(lost.map((update) => update.type === 'connection' && update.retries), lost.map((_, index) => index + 1), 'one update per try, counting');
    assert.deepEqual(updates.filter((update) => update.type === 'notice'), [], 'no notice repeated on each look');
    // The panel's feed for these updates: a summary carrying the one line, no notices.
    const message = coalesceUpdates(lost, () => jobSummaryView(tracker.job));
    assert.deepEqual(message.notices, []);
    assert.equal(message.job?.connection, view.connection);

    await server.start();
    const done = await tracker.done;
    assert.equal(done.phase, 'finished');
    assert.equal(done.record?.status, 'completed');
    assert.equal(done.connectionLost, undefined);
    const back = updates.filter((update) => update.type === 'connection' && !update.lost);
    assert.equal(back.length, 1, 'back once');
    assert.deepEqual(coalesceUpdates(back, () => jobSummaryView(done)).notices, [`The connection is back after ${(back[0] as { retries: number }).retries} tries; following the job again.`]);
    assert.equal(jobSummaryView(done).connection, undefined);
    assert.equal(jobSummaryView(done).statusText, 'Completed');
  });

  it('gives up once, as failed, when the server stays away longer than the retry time; the job stays known', async () => {
    const tracker = JobTracker.create(api, 'p-gone', { messages: [{ role: 'user', content: 'Fix the links' }] }, { ...OPTIONS, connectionRetryMs: 400 });
    const phases: string[] = [];
    tracker.onUpdate((update) => update.type === 'phase' && phases.push(update.phase));
    await until('the first record', () => tracker.job.record?.status === 'active');
    await server.stop();
    try {
      const done = await tracker.done;
      assert.equal(done.phase, 'failed');
      assert.deepEqual(phases.filter((phase) => phase === 'failed'), ['failed'], 'ends once');
      assert.match(done.failure?.message ?? '', /^Lost the connection to the docs platform: no answer for \d+ s \(\d+ tries\); stopped following the job, which may still be running\. Refresh to look again\.$/);
      assert.equal(done.failure?.kind, 'network');
      assert.equal(done.connectionLost, undefined);
      assert.ok(done.sessionId, 'the job keeps its id, to look again later');
      assert.equal(jobSummaryView(done).statusText, 'Could not follow');
    } finally {
      await server.start();
    }
  });
});
