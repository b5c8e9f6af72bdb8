// The extension's job manager (no VS Code needed) against the dev server, with in-memory storage
// standing in for the Memento: create, persist, resume after a "reload", list, stop, remove.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { AgentApiClient } from '../../agent/src/apiClient';
import { createAgentJobApi } from '../../agent/src/apiVersion';
import type { JobStorage } from '../../agent/src/jobStore';
import type { TrackerOptions } from '../../agent/src/jobTracker';
import { JobTracker } from '../../agent/src/jobTracker';
import type { TrackedJob } from '../../agent/src/trackedJob';
import { JobManager } from '../../client/src/agent/jobManager';
import { jobSummaryView } from '../../client/src/agent/jobView';
import { createPanelFeed } from '../../client/src/agent/panelFeed';
import type { HostMessage } from '../../client/webview/protocol';
import { replaceApiKey } from '../../client/src/agent/keyReplacement';
import { checkApiKey } from '../../agent/src/keyCheck';
import { until } from './helpers/until';

class MemoryStorage implements JobStorage {
  readonly entries = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.entries.delete(key);
    else this.entries.set(key, structuredClone(value));
  }
  keys(): readonly string[] {
    return [...this.entries.keys()];
  }
}

const FAST: Partial<TrackerOptions> = { pollIntervalMs: 30, maxPollIntervalMs: 100 };

describe('extension job manager against the dev server', () => {
  let server: DevApiServer;
  const clients: AgentApiClient[] = [];
  const client = () => {
    const api = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey, retry: { maxRetries: 1, baseDelayMs: 5 } });
    clients.push(api);
    return api;
  };
  const scopeFor = (projectId: string) => ({ apiUrl: server.url, projectId });

  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, trickleIntervalMs: 40, jobDurationMs: 300 });
  });
  after(async () => {
    await Promise.all(clients.map((api) => api.close().catch(() => {})));
    await server.close();
  });

  it('creates a job, reports its progress and its end once, and stores it for the scope', async () => {
    const manager = new JobManager(new MemoryStorage());
    await manager.configure({ scope: scopeFor('m-create'), api: client(), trackerOptions: FAST });
    const ended: Readonly<TrackedJob>[] = [];
    const kinds = new Set<string>();
    manager.onDidEnd((job) => ended.push(job));
    manager.onDidChange((change) => change.update && kinds.add(change.update.type));
    const job = manager.create({ branch: 'docs/m', messages: [{ role: 'user', content: 'Update the quickstart' }], model: 'sonnet' });
    assert.equal(manager.runningCount(), 1);
    assert.ok(manager.isFollowed(job.localId));
    await until('the end', () => ended.length === 1);
    await sleep(50);
    assert.equal(ended.length, 1);
    const done = manager.job(job.localId)!;
    const view = jobSummaryView(done);
    assert.equal(view.outcome, 'completed');
    assert.match(view.pullRequestUrl ?? '', /^https:\/\/github\.com\/example\/docs\/pull\/\d+$/);
    assert.deepEqual(view.todos.map((todo) => todo.status), ['completed', 'completed', 'completed']);
    assert.equal(view.explanation, 'The agent finished its work.');
    assert.ok(['phase', 'session', 'event', 'record'].every((kind) => kinds.has(kind)), [...kinds].join());
    assert.equal(manager.runningCount(), 0);
    assert.deepEqual(manager.jobs().map((stored) => stored.localId), [job.localId]);
    assert.equal(manager.store.list(scopeFor('m-create'))[0].phase, 'finished');
    manager.dispose();
  });

  it('resumes an unfinished job after a reload (a new manager on the same storage), which then finishes', async () => {
    const storage = new MemoryStorage();
    const first = new JobManager(storage);
    await first.configure({ scope: scopeFor('m-reload'), api: client(), trackerOptions: FAST });
    const job = first.create({ messages: [{ role: 'user', content: 'Slowly [fault:trickle]' }] });
    await until('the stream to start', () => first.job(job.localId)?.phase === 'streaming' && first.job(job.localId)!.transcript.events.length > 2);
    await until('the streaming job to be stored', () => first.store.list(scopeFor('m-reload'))[0]?.phase === 'streaming');
    first.dispose(); // the window reloads: trackers stop without marking the job stopped
    assert.equal(first.store.list(scopeFor('m-reload'))[0].phase, 'streaming', 'a reload does not mark the job stopped');

    const second = new JobManager(storage);
    const ended: Readonly<TrackedJob>[] = [];
    second.onDidEnd((ended_) => ended.push(ended_));
    await second.configure({ scope: scopeFor('m-reload'), api: client(), trackerOptions: FAST });
    assert.ok(second.isFollowed(job.localId), 'followed again at once');
    assert.equal(second.extras(job.localId).cutByReload, true, 'known to be cut by the reload');
    await until('the resumed job to end', () => ended.length === 1, 15_000);
    const view = jobSummaryView(second.job(job.localId)!, second.extras(job.localId));
    assert.equal(view.outcome, 'completed');
    assert.match(view.liveNote ?? '', /up to the window reload is kept/);
    assert.ok(second.job(job.localId)!.transcript.events.length > 2, 'the transcript from before the reload is kept');
    assert.equal(second.jobs().length, 1, 'not duplicated by the jobs list');
    second.dispose();
  });

  it('shows jobs from the list endpoint and follows the running ones', async () => {
    const api = client();
    // Started elsewhere (another machine, the CLI).
    const elsewhere = JobTracker.create(api, 'm-list', { branch: 'docs/elsewhere', messages: [{ role: 'user', content: 'Elsewhere' }] }, FAST);
    await until('a session id', () => elsewhere.job.sessionId);
    const manager = new JobManager(new MemoryStorage());
    const ended: Readonly<TrackedJob>[] = [];
    manager.onDidEnd((job) => ended.push(job));
    await manager.configure({ scope: scopeFor('m-list'), api, trackerOptions: FAST });
    const listed = manager.jobs();
    assert.equal(listed.length, 1);
    assert.equal(listed[0].sessionId, elsewhere.job.sessionId);
    assert.equal(listed[0].branch, 'docs/elsewhere');
    await until('the listed job to finish', () => ended.length === 1);
    await elsewhere.done;
    manager.dispose();
  });

  it('keeps jobs visible but unfollowed without a key, and follows them once a key is set', async () => {
    const storage = new MemoryStorage();
    const first = new JobManager(storage);
    await first.configure({ scope: scopeFor('m-nokey'), api: client(), trackerOptions: FAST });
    const job = first.create({ messages: [{ role: 'user', content: 'x [fault:trickle]' }] });
    await until('a session id', () => first.job(job.localId)?.sessionId);
    first.dispose();

    const manager = new JobManager(storage);
    await manager.configure({ scope: scopeFor('m-nokey'), api: undefined, problem: 'No API key' });
    assert.equal(manager.jobs().length, 1);
    assert.equal(manager.isFollowed(job.localId), false);
    assert.equal(manager.problem, 'No API key');
    assert.throws(() => manager.create({ messages: [{ role: 'user', content: 'y' }] }), /No API key/);
    const ended: Readonly<TrackedJob>[] = [];
    manager.onDidEnd((ended_) => ended.push(ended_));
    await manager.configure({ scope: scopeFor('m-nokey'), api: client(), trackerOptions: FAST });
    assert.equal(manager.isFollowed(job.localId), true);
    await until('the end', () => ended.length === 1, 15_000);
    manager.dispose();
  });

  it('stops watching without an end notification, refreshes a stopped job, and removes one', async () => {
    const manager = new JobManager(new MemoryStorage());
    await manager.configure({ scope: scopeFor('m-stop'), api: client(), trackerOptions: FAST });
    const ended: Readonly<TrackedJob>[] = [];
    manager.onDidEnd((job) => ended.push(job));
    const job = manager.create({ messages: [{ role: 'user', content: 'x [fault:trickle]' }] });
    await until('a session id', () => manager.job(job.localId)?.sessionId);
    manager.stop(job.localId);
    await until('stopped', () => manager.job(job.localId)?.phase === 'stopped' && !manager.isFollowed(job.localId));
    assert.equal(jobSummaryView(manager.job(job.localId)!).statusText, 'Not watched');
    assert.equal(ended.length, 0);
    await manager.refresh(job.localId);
    assert.ok(manager.isFollowed(job.localId));
    await until('the end', () => ended.length === 1, 15_000);
    const removed: string[] = [];
    manager.onDidChange((change) => change.removed && removed.push(change.job!.localId));
    await manager.remove(job.localId);
    assert.deepEqual(removed, [job.localId]);
    assert.equal(manager.jobs().length, 0);
    manager.dispose();
  });

  it('a job the platform forgets is said so once, at once, in the panel, and kept in the list as forgotten after a reload', async () => {
    const storage = new MemoryStorage();
    const manager = new JobManager(storage);
    await manager.configure({ scope: scopeFor('m-forgotten'), api: client(), trackerOptions: { ...FAST, streamSilenceMs: 50 } });
    const ended: Readonly<TrackedJob>[] = [];
    manager.onDidEnd((ended_) => ended.push(ended_));
    const job = manager.create({ messages: [{ role: 'user', content: 'Forgotten [fault:trickle]' }] });
    const messages: Extract<HostMessage, { type: 'update' }>[] = [];
    const feed = createPanelFeed({ post: (message) => messages.push(message), summarize: () => jobSummaryView(manager.job(job.localId)!), intervalMs: 20 });
    manager.onDidChange((change) => {
      if (change.update && change.job?.localId === job.localId) feed.push(change.update);
      if (change.update?.type === 'record' && change.job?.sessionId) server.forgetJobs(change.job.sessionId);
    });
    await until('the end', () => ended.length === 1, 15_000);
    feed.flush();
    feed.dispose();
    const notFound = 'The platform no longer knows this job: it may have been deleted, or the project id changed.';
    const summaries = messages.flatMap((message) => (message.job ? [message.job] : []));
    const last = summaries.at(-1)!;
    assert.equal(last.outcome, 'forgotten');
    assert.equal(last.statusText, 'Forgotten by the platform');
    assert.equal(last.problem, notFound);
    assert.equal(last.explanation, undefined, 'the last record, still running, says nothing true about now');
    assert.deepEqual(messages.flatMap((message) => message.notices).filter((notice) => notice.includes('no longer knows')), [], 'not repeated as notices');
    assert.equal(server.requests.filter((request) => request.path.includes('/m-forgotten/job/') && request.status === 404).length, 1);
    manager.dispose();

    const reloaded = new JobManager(storage);
    await reloaded.configure({ scope: scopeFor('m-forgotten'), api: client(), trackerOptions: FAST });
    const kept = reloaded.job(job.localId)!;
    assert.equal(kept.phase, 'forgotten');
    assert.equal(reloaded.isFollowed(job.localId), false, 'not followed again');
    assert.equal(jobSummaryView(kept).problem, notFound);
    reloaded.dispose();
  });

  it('renames a job (kept in the storage, gone with the job), and clears the finished ones only', async () => {
    const storage = new MemoryStorage();
    const manager = new JobManager(storage);
    await manager.configure({ scope: scopeFor('m-rename'), api: client(), trackerOptions: FAST });
    const ended: Readonly<TrackedJob>[] = [];
    manager.onDidEnd((job) => ended.push(job));
    const done = manager.create({ messages: [{ role: 'user', content: 'Add a FAQ\nplease' }] });
    await until('the first job to end', () => ended.length === 1, 15_000);
    const running = manager.create({ messages: [{ role: 'user', content: 'Slowly [fault:trickle]' }] });
    assert.equal(jobSummaryView(manager.job(done.localId)!, manager.extras(done.localId)).title, 'Add a FAQ');
    await manager.rename(done.localId, '  FAQ   page ');
    assert.equal(jobSummaryView(manager.job(done.localId)!, manager.extras(done.localId)).title, 'FAQ page');
    assert.equal(new JobManager(storage).extras(done.localId).userTitle, 'FAQ page', 'kept for the next window');
    await manager.rename(done.localId, ' ');
    assert.equal(manager.extras(done.localId).userTitle, undefined, 'an empty name goes back to the message');
    await manager.rename(done.localId, 'FAQ page');
    assert.equal(await manager.removeFinished(), 1);
    assert.deepEqual(manager.jobs().map((job) => job.localId), [running.localId]);
    assert.equal(manager.extras(done.localId).userTitle, undefined, 'the name went with the job');
    manager.dispose();
  });

  it('a new key is stored only once the platform accepts it: a rejected one leaves the key in use and the job list as they were', async () => {
    const storage = new MemoryStorage();
    const manager = new JobManager(storage);
    const secrets = new Map<string, string>([['key', server.apiKey]]);
    const connect = async () => {
      const api = new AgentApiClient({ baseUrl: server.url, apiKey: secrets.get('key')!, retry: { maxRetries: 0 } });
      clients.push(api);
      await manager.configure({ scope: scopeFor('m-key'), api, trackerOptions: FAST });
    };
    await connect();
    const job = manager.create({ branch: 'docs/key', messages: [{ role: 'user', content: 'Before the new key' }] });
    await until('the job to finish', () => manager.job(job.localId)?.phase === 'finished');
    const listed = () => manager.jobs().map(({ localId, phase }) => `${localId} ${phase}`);
    const before = listed();
    const checked: string[] = [];
    const steps = (onUnchecked: () => boolean) => ({
      check: (candidate: string) => {
        checked.push(candidate);
        const api = new AgentApiClient({ baseUrl: server.url, apiKey: candidate, retry: { maxRetries: 0 } });
        clients.push(api);
        return checkApiKey(api, 'm-key', 'editor');
      },
      store: async (candidate: string) => {
        secrets.set('key', candidate);
        await connect();
      },
      keepUnchecked: async () => onUnchecked(),
    });

    const rejected = await replaceApiKey('mint_wrong_new_key', steps(() => assert.fail('a rejected key is not "could not check"')));
    assert.equal(rejected.stored, false);
    assert.equal(rejected.check.outcome, 'rejected');
    assert.equal(rejected.check.failure?.message, 'The API key was not accepted.');
    assert.ok(!JSON.stringify(rejected).includes('mint_wrong_new_key'), 'the key is in no message');
    assert.equal(secrets.get('key'), server.apiKey, 'the working key is kept');
    assert.deepEqual(listed(), before, 'the job list is as it was');
    assert.ok(manager.canFollow);
    const getsBefore = server.requests.filter((request) => request.path.startsWith('/v1/agent/m-key/jobs')).length;
    await manager.refresh();
    assert.ok(server.requests.filter((request) => request.path.startsWith('/v1/agent/m-key/jobs')).length > getsBefore);
    assert.equal(manager.problem, undefined, 'the connection still works');

    server.injectFault({ fault: '500', pathIncludes: '/m-key/jobs' });
    const declined = await replaceApiKey('mint_unchecked', steps(() => false));
    assert.deepEqual([declined.stored, declined.check.outcome], [false, 'could-not-check']);
    assert.match(declined.check.message, /^The API key could not be checked: the platform is having trouble/);
    assert.equal(secrets.get('key'), server.apiKey);

    const accepted = await replaceApiKey(server.apiKey, steps(() => assert.fail('accepted')));
    assert.deepEqual([accepted.stored, accepted.check.outcome], [true, 'accepted']);
    assert.deepEqual(checked, ['mint_wrong_new_key', 'mint_unchecked', server.apiKey]);
    assert.deepEqual(listed(), before);
    manager.dispose();
  });

  it('API v2: a follow-up runs the job again in place and ends with a new pull request; the view offers the box once the job has ended', async () => {
    const manager = new JobManager(new MemoryStorage());
    try {
      const v2 = createAgentJobApi({ apiVersion: 2, baseUrl: server.url, apiKey: server.apiKey, retry: { maxRetries: 1, baseDelayMs: 5 } });
      clients.push(v2 as AgentApiClient);
      await manager.configure({ scope: scopeFor('m-v2'), api: v2, trackerOptions: FAST });
      const ended: Readonly<TrackedJob>[] = [];
      manager.onDidEnd((job) => ended.push(job));
      const job = manager.create({ messages: [{ role: 'user', content: 'Add a FAQ' }] });
      await until('the first run to end', () => ended.length === 1, 15_000);
      const first = jobSummaryView(manager.job(job.localId)!, manager.extras(job.localId));
      assert.equal(first.outcome, 'completed');
      assert.deepEqual(first.followUp, { enabled: true, sent: [] });
      assert.throws(() => manager.sendFollowUp('local-unknown', 'x'), /no longer in the list/);
      manager.sendFollowUp(job.localId, 'Also link it from the quickstart');
      assert.equal(jobSummaryView(manager.job(job.localId)!, manager.extras(job.localId)).followUp?.enabled, false, 'no second message while it runs');
      assert.throws(() => manager.sendFollowUp(job.localId, 'again'), /still running/);
      await until('the second run to end', () => ended.length === 2, 15_000);
      const second = jobSummaryView(manager.job(job.localId)!, manager.extras(job.localId));
      assert.equal(second.outcome, 'completed');
      assert.notEqual(second.pullRequestUrl, first.pullRequestUrl, 'a new pull request');
      assert.deepEqual(second.followUp, { enabled: true, sent: [{ prompt: 'Also link it from the quickstart', outcome: 'sent' }] });
      assert.equal(manager.jobs().length, 1, 'the same job, in place');
      const messages = server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/message'));
      assert.equal(messages.length, 1, 'one POST of the message');
    } finally {
      manager.dispose();
    }
  });

  it('a job the server failed to create (500) is said so, in plain words, and never listed', async () => {
    const storage = new MemoryStorage();
    const manager = new JobManager(storage);
    try {
      const v2 = createAgentJobApi({ apiVersion: 2, baseUrl: server.url, apiKey: server.apiKey, retry: { maxRetries: 0 } });
      clients.push(v2 as AgentApiClient);
      await manager.configure({ scope: scopeFor('m-500'), api: v2, trackerOptions: FAST });
      const ended: Readonly<TrackedJob>[] = [];
      manager.onDidEnd((job) => ended.push(job));
      manager.create({ messages: [{ role: 'user', content: 'Break it [fault:500]' }] });
      await until('the end', () => ended.length === 1, 15_000);
      assert.equal(ended[0].phase, 'not-created');
      assert.match(ended[0].failure?.message ?? '', /^The platform failed while creating the job\./);
      assert.doesNotMatch(ended[0].failure?.message ?? '', /500|HTTP|POST|could not follow/i);
      assert.equal(manager.jobs().length, 0, 'not listed');
      assert.equal(new JobManager(storage).store.list(scopeFor('m-500')).length, 0, 'not stored');
    } finally {
      manager.dispose();
    }
  });

  it('keeps jobs apart per API URL and project', async () => {
    const storage = new MemoryStorage();
    const manager = new JobManager(storage);
    await manager.configure({ scope: scopeFor('m-a'), api: client(), trackerOptions: FAST });
    manager.create({ messages: [{ role: 'user', content: 'in a' }] });
    await until('stored', () => manager.jobs().length === 1);
    await manager.configure({ scope: scopeFor('m-b'), api: client(), trackerOptions: FAST });
    assert.equal(manager.jobs().length, 0);
    await manager.configure({ scope: { apiUrl: 'https://other.example', projectId: 'm-a' }, api: undefined });
    assert.equal(manager.jobs().length, 0);
    await manager.configure({ scope: scopeFor('m-a'), api: client(), trackerOptions: FAST });
    assert.equal(manager.jobs().length, 1);
    manager.dispose();
  });
});
