import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { AgentApiClient } from '../../agent/src/apiClient';
import { parseJobRecord } from '../../agent/src/jobRecord';
import { JobStore, type JobStorage } from '../../agent/src/jobStore';
import { JobTracker } from '../../agent/src/jobTracker';
import { JsonFileStorage } from '../../agent/src/jsonFileStorage';
import { persistJobProgress } from '../../agent/src/persistJobProgress';
import { trackedJobForSession, type TrackedJob } from '../../agent/src/trackedJob';
import { appendEvent, emptyTranscript } from '../../agent/src/transcript';

let directory: string;
before(async () => {
  directory = await mkdtemp(join(tmpdir(), 'docsjson-jobstore-'));
});
after(() => rm(directory, { recursive: true, force: true }));

let fileCount = 0;
const freshFile = () => join(directory, `state-${++fileCount}`, 'jobs.json');

function storedJob(scope: { apiUrl: string; projectId: string }, sessionId: string, fields: Partial<TrackedJob> = {}): TrackedJob {
  return { ...trackedJobForSession(scope, sessionId), ...fields };
}

describe('JSON file storage', () => {
  it('keeps entries across reopening, and removes a key given undefined', async () => {
    const path = freshFile();
    const storage = await JsonFileStorage.open(path);
    await storage.update('a', { n: 1 });
    await storage.update('b', [2]);
    await storage.update('a', undefined);
    const reopened = await JsonFileStorage.open(path);
    assert.deepEqual(reopened.keys(), ['b']);
    assert.deepEqual(reopened.get('b'), [2]);
    assert.equal((await stat(path)).mode & 0o777, 0o600);
  });

  it('does not lose the keys another process wrote to the same file', async () => {
    const path = freshFile();
    const first = await JsonFileStorage.open(path);
    const second = await JsonFileStorage.open(path);
    await first.update('from-first', 1);
    await second.update('from-second', 2);
    assert.deepEqual([...(await JsonFileStorage.open(path)).keys()].sort(), ['from-first', 'from-second']);
  });

  it('sets an unreadable file aside and starts empty', async () => {
    const path = freshFile();
    await (await JsonFileStorage.open(path)).update('x', 1);
    await writeFile(path, '{ broken');
    const storage = await JsonFileStorage.open(path);
    assert.deepEqual(storage.keys(), []);
    const names = await readdir(join(path, '..'));
    const aside = names.find((name) => name.startsWith('jobs.json.corrupt-'));
    assert.ok(aside);
    assert.equal(await readFile(join(path, '..', aside), 'utf8'), '{ broken');
  });
});

describe('job store', () => {
  const scope = { apiUrl: 'https://api.example.com', projectId: 'acme' };

  it('keeps jobs per API URL and project, newest first', async () => {
    const store = new JobStore(await JsonFileStorage.open(freshFile()));
    await store.save(storedJob(scope, 's-old', { startedAt: '2025-01-01T00:00:00.000Z' }));
    await store.save(storedJob(scope, 's-new', { startedAt: '2025-02-01T00:00:00.000Z' }));
    await store.save(storedJob({ ...scope, projectId: 'other' }, 's-other'));
    await store.save(storedJob({ ...scope, apiUrl: 'http://localhost:8787' }, 's-local'));
    assert.deepEqual(store.list({ apiUrl: 'https://api.example.com/', projectId: 'acme' }).map((job) => job.sessionId), ['s-new', 's-old']);
    assert.deepEqual(store.list({ ...scope, projectId: 'other' }).map((job) => job.sessionId), ['s-other']);
    assert.equal(store.list().length, 4);
    assert.equal(store.findBySession(scope, 's-old')?.startedAt, '2025-01-01T00:00:00.000Z');
    assert.equal(store.findBySession({ ...scope, projectId: 'other' }, 's-old'), undefined);
  });

  it('reads back what it saved, record and transcript included', async () => {
    const path = freshFile();
    const record = parseJobRecord({ sessionId: 's1', haulted: true, haultReason: 'completed', todos: [{ content: 'A' }] });
    const transcript = emptyTranscript();
    appendEvent(transcript, { type: 'text', text: 'hello' });
    const job = storedJob(scope, 's1', { phase: 'finished', record, transcript, problem: 'none' });
    await new JobStore(await JsonFileStorage.open(path)).save(job);
    assert.deepEqual(new JobStore(await JsonFileStorage.open(path)).list(scope), [job]);
  });

  it('skips stored entries that are not jobs', async () => {
    const storage = await JsonFileStorage.open(freshFile());
    await storage.update('docsjson.agentJob:https%3A%2F%2Fapi.example.com/acme/broken', { nonsense: true });
    await storage.update('unrelated', { apiUrl: 'x' });
    const store = new JobStore(storage);
    await store.save(storedJob(scope, 's1', { phase: 'nonsense' as never }));
    assert.deepEqual(store.list(scope).map((job) => [job.sessionId, job.phase]), [['s1', 'stopped']]);
  });

  it('lists the jobs to resume after a reload', async () => {
    const store = new JobStore(await JsonFileStorage.open(freshFile()));
    for (const phase of ['creating', 'streaming', 'polling', 'finished', 'stale', 'failed', 'stopped'] as const) {
      await store.save(storedJob(scope, `s-${phase}`, { phase }));
    }
    assert.deepEqual(store.listActive(scope).map((job) => job.phase).sort(), ['creating', 'polling', 'streaming']);
  });

  it('keeps at most the newest jobs of a scope, never dropping one still running', async () => {
    const store = new JobStore(await JsonFileStorage.open(freshFile()), 3);
    await store.save(storedJob(scope, 'running-oldest', { phase: 'polling', startedAt: '2025-01-01T00:00:00.000Z' }));
    for (let day = 2; day <= 6; day++) {
      await store.save(storedJob(scope, `done-${day}`, { phase: 'finished', startedAt: `2025-01-0${day}T00:00:00.000Z` }));
    }
    assert.deepEqual(store.list(scope).map((job) => job.sessionId), ['done-6', 'done-5', 'running-oldest']);
  });

  it('adds jobs from the list endpoint, refreshes changed ones and leaves unchanged ones alone', async () => {
    const storage = await JsonFileStorage.open(freshFile());
    let writes = 0;
    const counting: JobStorage = {
      get: (key) => storage.get(key),
      keys: () => storage.keys(),
      update: (key, value) => {
        writes++;
        return storage.update(key, value);
      },
    };
    const store = new JobStore(counting);
    const runningFields = { sessionId: 'a', haultReason: 'processing', haulted: false, createdAt: '2025-03-01T10:00:00Z', branch: 'b' };
    const running = parseJobRecord(runningFields);
    const done = parseJobRecord({ sessionId: 'b', haultReason: 'completed', haulted: true });
    const added = await store.mergeListed(scope, [running, done, parseJobRecord({})]);
    assert.deepEqual(added.map((job) => [job.sessionId, job.phase]), [['a', 'polling'], ['b', 'finished']]);
    assert.equal(store.findBySession(scope, 'a')?.startedAt, '2025-03-01T10:00:00.000Z');
    const writesBefore = writes;
    assert.deepEqual(await store.mergeListed(scope, [running, done]), []);
    assert.equal(writes, writesBefore);
    const finished = parseJobRecord({ ...runningFields, haulted: true, haultReason: 'completed' });
    assert.deepEqual((await store.mergeListed(scope, [finished])).map((job) => job.phase), ['finished']);
    assert.equal(store.list(scope).length, 2);
  });
});

describe('transcript bounds', () => {
  it('merges adjacent text and adjacent reasoning', () => {
    const transcript = emptyTranscript();
    for (const event of [
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
      { type: 'reasoning', text: 'r' },
      { type: 'text', text: 'c' },
    ] as const) {
      appendEvent(transcript, event);
    }
    assert.deepEqual(transcript.events, [
      { type: 'text', text: 'ab' },
      { type: 'reasoning', text: 'r' },
      { type: 'text', text: 'c' },
    ]);
    assert.equal(transcript.size, 4);
  });

  it('drops the oldest events past the limits and counts them', () => {
    const transcript = emptyTranscript();
    for (let index = 0; index < 50; index++) {
      appendEvent(transcript, { type: 'error', message: `e${index}` }, { maxEvents: 10, maxChars: 1_000_000 });
    }
    assert.equal(transcript.events.length, 10);
    assert.equal(transcript.dropped, 40);
    assert.deepEqual(transcript.events[0], { type: 'error', message: 'e40' });

    const bySize = emptyTranscript();
    for (let index = 0; index < 10; index++) {
      appendEvent(bySize, { type: 'unknown', kind: 'k', raw: 'x'.repeat(100) }, { maxEvents: 1_000, maxChars: 500 });
    }
    assert.ok(bySize.size <= 500);
    assert.equal(bySize.dropped + bySize.events.length, 10);
  });

  it('keeps the end of a single text larger than the limit', () => {
    const transcript = emptyTranscript();
    appendEvent(transcript, { type: 'text', text: 'start ' }, { maxEvents: 10, maxChars: 20 });
    appendEvent(transcript, { type: 'text', text: `${'x'.repeat(100)} the end` }, { maxEvents: 10, maxChars: 20 });
    assert.deepEqual(transcript.events, [{ type: 'text', text: `${'x'.repeat(12)} the end` }]);
    assert.equal(transcript.size, 20);
    assert.equal(transcript.dropped, 1);
  });
});

describe('saving a tracked job as it progresses', () => {
  let server: DevApiServer;
  let api: AgentApiClient;
  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, trickleIntervalMs: 40, jobDurationMs: 300 });
    api = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey });
  });
  after(async () => {
    await api.close();
    await server.close();
  });

  it('saves at once when the session id arrives, batches stream events, and saves the final state', async () => {
    const path = freshFile();
    const storage = await JsonFileStorage.open(path);
    const saved: TrackedJob[] = [];
    const store = new JobStore({
      get: (key) => storage.get(key),
      keys: () => storage.keys(),
      update: (key, value) => {
        saved.push(value as TrackedJob);
        return storage.update(key, value);
      },
    });
    const tracker = JobTracker.create(api, 'p-save', { branch: 'b', messages: [{ role: 'user', content: 'x' }] }, { pollIntervalMs: 20 });
    let savedWithSession = false;
    let events = 0;
    tracker.onUpdate((update) => {
      if (update.type === 'event' && ++events === 3) savedWithSession = saved.some((job) => job.sessionId === tracker.job.sessionId);
    });
    const stopSaving = persistJobProgress(tracker, store, { intervalMs: 1_000 });
    const done = await tracker.done;
    await stopSaving();
    assert.ok(savedWithSession, 'the session id was being saved before the stream went on');
    assert.ok(saved.length < events / 2, `${saved.length} saves for ${events} events`);
    const stored = new JobStore(await JsonFileStorage.open(path)).list();
    assert.equal(stored.length, 1);
    assert.equal(stored[0].phase, 'finished');
    assert.deepEqual(stored[0].record, done.record);
    assert.deepEqual(stored[0].transcript, done.transcript);
  });

  it('survives a reload mid-job: the stored job resumes and finishes', async () => {
    const path = freshFile();
    const store = new JobStore(await JsonFileStorage.open(path));
    const tracker = JobTracker.create(api, 'p-reload', { branch: 'b', messages: [{ role: 'user', content: '[fault:trickle]' }] }, { pollIntervalMs: 20 });
    const stopSaving = persistJobProgress(tracker, store, { intervalMs: 10 });
    await new Promise<void>((resolve) => tracker.onUpdate((update) => update.type === 'event' && resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The window goes away: what was pending is saved, then nothing more; the tracker is gone.
    await stopSaving();
    tracker.stop();

    const reloaded = new JobStore(await JsonFileStorage.open(path));
    const active = reloaded.listActive({ apiUrl: api.baseUrl, projectId: 'p-reload' });
    assert.equal(active.length, 1);
    assert.equal(active[0].phase, 'streaming');
    assert.ok(active[0].transcript.events.length > 0);
    const resumed = JobTracker.resume(api, active[0], { pollIntervalMs: 20 });
    const stopSavingResumed = persistJobProgress(resumed, reloaded);
    const done = await resumed.done;
    await stopSavingResumed();
    assert.equal(done.record?.haultReason, 'completed');
    assert.deepEqual(reloaded.listActive(), []);
    assert.equal(reloaded.list()[0].phase, 'finished');
  });

  it('never stores or lists a job that was not created, though it was saved while being created', async () => {
    const path = freshFile();
    const storage = await JsonFileStorage.open(path);
    const saved: (TrackedJob | undefined)[] = [];
    const store = new JobStore({
      get: (key) => storage.get(key),
      keys: () => storage.keys(),
      update: (key, value) => {
        saved.push(value as TrackedJob | undefined);
        return storage.update(key, value);
      },
    });
    const scope = { apiUrl: api.baseUrl, projectId: 'p-not-created' };
    server.injectFault({ fault: '403', method: 'POST', pathIncludes: '/p-not-created/' });
    const tracker = JobTracker.create(api, 'p-not-created', { branch: 'b', messages: [{ role: 'user', content: 'x' }] }, { pollIntervalMs: 20 });
    const stopSaving = persistJobProgress(tracker, store, { intervalMs: 10 });
    const done = await tracker.done;
    await stopSaving();
    await store.save(done);
    assert.equal(done.phase, 'not-created');
    assert.equal(saved[0]?.phase, 'creating', 'kept while being created (a reload then looks it up)');
    assert.equal(saved.at(-1), undefined, 'then removed');
    assert.deepEqual(store.list(scope), []);
    assert.deepEqual(new JobStore(await JsonFileStorage.open(path)).list(), []);
  });

  it('keeps a follow-up and a failure across a reload', async () => {
    const store = new JobStore(await JsonFileStorage.open(freshFile()));
    const job = storedJob({ apiUrl: 'https://api.example.com', projectId: 'p' }, 'sess_f', {
      phase: 'finished',
      followUps: [{ prompt: 'again', sentAt: '2026-11-24T10:00:00.000Z', outcome: 'not-sent' }],
      failure: { message: 'Your message was not sent: the API key was not accepted.', action: 'SetApiKey', detail: 'HTTP 401', kind: 'unauthorized' },
    });
    await store.save(job);
    const [read] = store.list();
    assert.deepEqual(read.followUps, job.followUps);
    assert.deepEqual(read.failure, job.failure);
  });
});
