import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { AgentApiClient, type AgentJobApi, type CreateJobRequest } from '../../agent/src/apiClient';
import { createAgentJobApi } from '../../agent/src/apiVersion';
import { isCompleted } from '../../agent/src/jobRecord';
import { JobTracker, type TrackerOptions, type TrackerUpdate } from '../../agent/src/jobTracker';
import { trackedJobForSession, type TrackedJob } from '../../agent/src/trackedJob';
import { emptyTranscript } from '../../agent/src/transcript';

const FAST: Partial<TrackerOptions> = { pollIntervalMs: 30, maxPollIntervalMs: 100 };

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
    assert.ok(notices(updates).some((message) => /live output broke off; following the job by looking at it every few seconds/.test(message)));
    assert.equal(done.record?.haultReason, 'completed');
    assert.ok(!done.transcript.events.some((event) => event.type === 'finish'), 'the stream did not get to its end');
    assert.equal(posts('p-cut'), 1);
  });

  it('finds the job in the list when the POST answer is lost, instead of sending it again', async () => {
    const tracker = JobTracker.create(api, 'p-drop', job('[fault:drop]', 'docs/dropped'), FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.ok(notices(updates).some((message) => /^Could not reach the docs platform.*Looking for the job in the jobs list before anything else\.$/.test(message)));
    assert.ok(notices(updates).some((message) => /created despite the failure; following it/.test(message)));
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

  it('says the server failed on create, looks the job up first, and ends not-created when it is not there', async () => {
    server.injectFault({ fault: '500', method: 'POST', pathIncludes: '/p-500/' });
    const tracker = JobTracker.create(api, 'p-500', job('x'), { ...FAST, lookUpAttempts: 2 });
    const updates = record(tracker);
    const done = await tracker.done;
    assert.equal(notices(updates)[0], 'The platform failed while creating the job. Looking for the job in the jobs list before anything else.');
    assert.equal(done.phase, 'not-created');
    assert.equal(done.failure?.message, 'The platform failed while creating the job. The job is not in the jobs list, so it was most likely not created. Start it again.');
    assert.equal(done.failure?.action, 'TryAgain');
    assert.match(done.failure?.detail ?? '', /HTTP 500/);
    assert.doesNotMatch(JSON.stringify(updates), /could not follow/i);
    assert.equal(server.requests.filter((request) => request.path.startsWith('/v1/agent/p-500/jobs')).length, 2, 'looked up twice');
    assert.equal(posts('p-500'), 1);
  });

  it('does not take an earlier job on the same branch for the one a failed create may have made', async () => {
    const earlier = await JobTracker.create(api, 'p-same-branch', job('first', 'docs/same'), FAST).done;
    server.injectFault({ fault: '500', method: 'POST', pathIncludes: '/p-same-branch/' });
    const knownJobIds = new Set([earlier.sessionId!]);
    const done = await JobTracker.create(api, 'p-same-branch', job('second', 'docs/same'), { ...FAST, lookUpAttempts: 1, knownJobIds }).done;
    assert.equal(done.phase, 'not-created');
    assert.equal(done.sessionId, undefined);
    assert.equal(posts('p-same-branch'), 2);
  });

  it('cannot tell whether a lost job exists when the list fails: says so, and to look in the dashboard', async () => {
    server.injectFault({ fault: '500', method: 'GET', pathIncludes: '/p-lost/jobs', times: 20 });
    const done = await JobTracker.create(api, 'p-lost', job('[fault:drop]'), { ...FAST, lookUpAttempts: 2 }).done;
    assert.equal(done.phase, 'not-created');
    assert.match(done.failure?.message ?? '', /^Could not reach the docs platform.* The jobs list could not be read to tell whether it exists .*look in the dashboard before starting it again\.$/);
    assert.equal(done.failure?.action, 'OpenDashboard');
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
      assert.equal(done.phase, 'not-created');
      assert.equal(done.problemKind, 'unauthorized');
      assert.deepEqual(
        { message: done.failure?.message, action: done.failure?.action },
        { message: 'The API key was not accepted. The job was not created.', action: 'SetApiKey' },
      );
      assert.match(done.failure?.detail ?? '', /HTTP 401/);
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
    assert.ok(notices(updates).some((message) => /^The platform is having trouble right now/.test(message)));
    assert.ok(updates.some((update) => update.type === 'notice' && /HTTP 500/.test(update.detail ?? '')), 'the detail, for the log');
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

  const notFoundGets = (project: string) => server.requests.filter((request) => request.method === 'GET' && request.path.includes(`/${project}/job/`) && request.status === 404).length;
  const JOB_NOT_FOUND = 'The platform no longer knows this job: it may have been deleted, or the project id changed.';

  it('a job id the platform does not know is forgotten at the first answer, said once', async () => {
    const tracker = JobTracker.resume(api, trackedJobForSession({ apiUrl: api.baseUrl, projectId: 'p-unknown' }, 'sess_nope'), FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.equal(done.phase, 'forgotten');
    assert.equal(done.problemKind, 'not-found');
    assert.equal(done.failure?.message, JOB_NOT_FOUND);
    assert.deepEqual(phases(updates), ['polling', 'forgotten']);
    assert.deepEqual(notices(updates), []);
    assert.equal(notFoundGets('p-unknown'), 1);
  });

  it('a job the platform forgets mid-run (a restart of its server) is forgotten at once, without blaming API v1', async () => {
    const tracker = JobTracker.create(api, 'p-forgotten', job('[fault:trickle]'), { ...FAST, streamSilenceMs: 50 });
    const updates = record(tracker);
    tracker.onUpdate((update, current) => {
      if (update.type === 'record' && current.sessionId) server.forgetJobs(current.sessionId);
    });
    const done = await tracker.done;
    assert.equal(done.phase, 'forgotten');
    assert.equal(done.problemKind, 'not-found');
    assert.equal(done.failure?.message, JOB_NOT_FOUND);
    assert.equal(done.failure?.action, undefined);
    assert.ok(done.record, 'what was known of the job is kept');
    assert.ok(updates.some((update) => update.type === 'record'), 'the job was known before it was forgotten');
    assert.equal(phases(updates).at(-1), 'forgotten');
    assert.deepEqual(notices(updates).filter((notice) => notice.includes('no longer knows')), [], 'said once, as the problem, not as notices');
    assert.equal(notFoundGets('p-forgotten'), 1);
  });

  it('a job the platform forgets before showing anything of it (no record, no live output) is forgotten at once, not "Checking"', async () => {
    const tracker = JobTracker.create(api, 'p-forgotten-early', job('[fault:trickle]'), { ...FAST, streamSilenceMs: 20 });
    const updates = record(tracker);
    tracker.onUpdate((update) => {
      if (update.type === 'session') server.forgetJobs(update.sessionId);
    });
    const done = await tracker.done;
    assert.equal(done.transcript.events.length, 0, 'nothing shown before the job was forgotten');
    assert.equal(done.record, undefined);
    assert.equal(done.phase, 'forgotten');
    assert.equal(done.failure?.message, JOB_NOT_FOUND);
    assert.equal(notFoundGets('p-forgotten-early'), 1);
    assert.deepEqual(notices(updates).filter((notice) => notice.includes('no longer knows')), []);
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

describe('job tracker with API v2 against the dev server', () => {
  let server: DevApiServer;
  let api: AgentJobApi;
  const requests = (method: string, pathPart: string) =>
    server.requests.filter((request) => request.method === method && request.path.includes(pathPart));

  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, jobDurationMs: 250 });
    api = createAgentJobApi({ apiVersion: 2, baseUrl: server.url, apiKey: server.apiKey, retry: { maxRetries: 1, baseDelayMs: 5 } });
  });
  after(async () => {
    await api.close();
    await server.close();
  });

  const create = (project: string, text: string, options: Partial<TrackerOptions> = {}) =>
    JobTracker.create(api, project, { messages: [{ role: 'user', content: text }] }, { ...FAST, ...options });

  it('creates with the prompt, polls the record (no stream) and ends completed with the PR link', async () => {
    const tracker = create('t2-happy', 'Update the quickstart');
    const updates = record(tracker);
    const done = await tracker.done;
    assert.deepEqual(phases(updates), ['creating', 'polling', 'finished']);
    const firstRecord = updates.find((update) => update.type === 'record');
    assert.equal(firstRecord?.type === 'record' && firstRecord.record.status, 'active', 'the 201 record');
    assert.equal(done.record?.status, 'completed');
    assert.ok(isCompleted(done.record!));
    assert.match(done.record?.pullRequestLink ?? '', /\/pull\/\d+$/);
    assert.equal(requests('POST', '/t2-happy/').length, 1);
  });

  it('ends a failed job finished, not completed', async () => {
    const done = await create('t2-failed', '[fault:error]').done;
    assert.equal(done.phase, 'finished');
    assert.equal(done.record?.status, 'failed');
    assert.equal(isCompleted(done.record!), false);
  });

  it('a follow-up to a job the platform forgot is not sent, and the job is forgotten at once', async () => {
    const created = await create('t2-forgotten', 'First').done;
    assert.equal(created.phase, 'finished');
    server.forgetJobs(created.sessionId);
    const done = await JobTracker.sendFollowUp(api, created as TrackedJob, 'Again', FAST).done;
    assert.equal(done.phase, 'forgotten');
    assert.equal(done.followUps?.at(-1)?.outcome, 'not-sent');
    assert.equal(done.failure?.message, 'Your message was not sent: the platform no longer knows this job: it may have been deleted, or the project id changed.');
  });

  it('sends a follow-up: the same job runs again in place and ends with a new PR link', async () => {
    const first = await create('t2-follow', 'First').done;
    const firstLink = first.record?.pullRequestLink;
    const tracker = JobTracker.sendFollowUp(api, first as TrackedJob, 'Now fix the typo too', FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.deepEqual(phases(updates), ['sending', 'polling', 'finished']);
    assert.equal(done.localId, first.localId);
    assert.equal(done.sessionId, first.sessionId);
    assert.deepEqual(done.followUps?.map(({ prompt, outcome }) => ({ prompt, outcome })), [{ prompt: 'Now fix the typo too', outcome: 'sent' }]);
    assert.ok(updates.some((update) => update.type === 'record' && update.record.status === 'active'), 'seen running again');
    assert.equal(done.record?.status, 'completed');
    assert.notEqual(done.record?.pullRequestLink, firstLink);
    assert.equal(requests('POST', '/message').filter((request) => request.path.includes('/t2-follow/')).length, 1);
  });

  it('a follow-up the server refused leaves the job as it was, saying why', async () => {
    const first = await create('t2-refused', 'First').done;
    server.injectFault({ fault: '429', method: 'POST', pathIncludes: '/t2-refused/', retryAfter: 120 });
    const done = await JobTracker.sendFollowUp(api, first as TrackedJob, 'again', FAST).done;
    assert.equal(done.phase, 'finished');
    assert.equal(done.record?.pullRequestLink, first.record?.pullRequestLink);
    assert.equal(done.followUps?.[0].outcome, 'not-sent');
    assert.match(done.failure?.message ?? '', /^Your message was not sent: the platform allows 100 jobs and follow-up messages an hour per project; try again at (?:[A-Z][a-z]{2} \d{1,2}, )?\d\d:\d\d\.$/);
    assert.equal(done.failure?.action, 'TryAgainLater');
  });

  it('a follow-up refused while the job still runs is reported, and the job is followed on', async () => {
    const running = create('t2-running', '[fault:never-ends]');
    await new Promise<void>((resolve) => running.onUpdate((update) => update.type === 'record' && resolve()));
    running.stop();
    const job = (await running.done) as TrackedJob;
    server.injectFault({ fault: '401', method: 'POST', pathIncludes: '/t2-running/' });
    const tracker = JobTracker.sendFollowUp(api, job, 'again', { ...FAST, staleAfterMs: 200 });
    const updates = record(tracker);
    const done = await tracker.done;
    assert.deepEqual(phases(updates), ['sending', 'polling', 'stale']);
    assert.ok(notices(updates).includes('Your message was not sent: the API key was not accepted.'));
    assert.equal(done.followUps?.[0].outcome, 'not-sent');
    assert.equal(done.followUps?.[0].failure?.action, 'SetApiKey');
  });

  it('a follow-up whose answer was lost is not sent again: the record tells whether the job took it', async () => {
    const first = await create('t2-lost', 'First').done;
    server.injectFault({ fault: 'drop', method: 'POST', pathIncludes: '/t2-lost/' });
    const tracker = JobTracker.sendFollowUp(api, first as TrackedJob, 'again', FAST);
    const updates = record(tracker);
    const done = await tracker.done;
    assert.match(notices(updates)[0] ?? '', /Looking at the job to see whether it took your message\.$/);
    assert.equal(done.followUps?.[0].outcome, 'sent');
    assert.equal(done.phase, 'finished');
    assert.equal(done.failure, undefined);
    assert.notEqual(done.record?.pullRequestLink, first.record?.pullRequestLink);
    assert.equal(requests('POST', '/t2-lost/').length, 2, 'one create, one message');
  });

  it('a follow-up that failed on the server and was not taken says so', async () => {
    const first = await create('t2-500', 'First').done;
    server.injectFault({ fault: '500', method: 'POST', pathIncludes: '/message' });
    const done = await JobTracker.sendFollowUp(api, first as TrackedJob, 'again', { ...FAST, lookUpAttempts: 2 }).done;
    assert.equal(done.phase, 'finished');
    assert.equal(done.followUps?.[0].outcome, 'unknown');
    assert.equal(
      done.failure?.message,
      'The platform failed while taking your message. The job did not start again, so it most likely did not take your message: send it again.',
    );
  });

  it('a create that failed on the server is not a job: no jobs list to look in, so it says to check the dashboard', async () => {
    server.injectFault({ fault: '500', method: 'POST', pathIncludes: '/t2-create-500/' });
    const done = await create('t2-create-500', 'x').done;
    assert.equal(done.phase, 'not-created');
    assert.equal(done.sessionId, undefined);
    assert.match(done.failure?.message ?? '', /^The platform failed while creating the job\. Whether the job exists cannot be told here .* look in the dashboard before starting it again\.$/);
    assert.equal(done.failure?.action, 'OpenDashboard');
    assert.equal(requests('POST', '/t2-create-500/').length, 1);
  });

  it('a job stored while being created is not guessed at after a reload: v2 has no list, so it says to look in the dashboard', async () => {
    const startedAt = new Date().toISOString();
    const stored: TrackedJob = { apiUrl: api.baseUrl, projectId: 't2-reload', localId: 'local-2', startedAt, updatedAt: startedAt, phase: 'creating', transcript: emptyTranscript() };
    const done = await JobTracker.resume(api, stored, FAST).done;
    assert.equal(done.phase, 'not-created');
    assert.match(done.failure?.message ?? '', /^The job was being created when following it was interrupted\. Whether the job exists cannot be told here/);
    assert.equal(done.failure?.action, 'OpenDashboard');
    assert.equal(requests('POST', '/t2-reload/').length, 0);
  });
});
