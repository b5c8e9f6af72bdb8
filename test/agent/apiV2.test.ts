import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { rejection } from './helpers/rejection';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import type { AgentJobApi } from '../../agent/src/apiClient';
import { API_VERSION_SETTING, DEFAULT_API_VERSION, createAgentJobApi, parseApiVersion, settingApiVersion } from '../../agent/src/apiVersion';
import { describeFailure } from '../../agent/src/failure';
import { pullRequestUrl } from '../../agent/src/jobRecord';
import { checkApiKey } from '../../agent/src/keyCheck';

const CANARY_KEY = 'mint_CANARY_v2_k3y_that_must_never_show_1a2b';


const prompt = (text: string) => ({ messages: [{ role: 'user', content: text }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('agent API v2 client against the dev server', () => {
  let server: DevApiServer;
  const logs: string[] = [];
  const clients: AgentJobApi[] = [];
  const client = (apiKey = server.apiKey, apiVersion: 1 | 2 = 2) => {
    const created = createAgentJobApi({ apiVersion, baseUrl: server.url, apiKey, retry: { baseDelayMs: 5, maxDelayMs: 20 }, log: (line) => logs.push(line) });
    clients.push(created);
    return created;
  };
  const count = (method: string, pathPart: string) =>
    server.requests.filter((request) => request.method === method && request.path.includes(pathPart)).length;

  before(async () => {
    server = await startDevApiServer({ apiKey: CANARY_KEY, eventIntervalMs: 5, jobDurationMs: 200 });
  });
  after(async () => {
    await Promise.all(clients.map((created) => created.close()));
    await server.close();
  });

  it('creates a job with a prompt (201) and polls its record until it is completed with a PR link', async () => {
    const api = client();
    assert.deepEqual(api.features, { liveStream: false, followUps: true, jobsList: false, createOptions: false });
    const created = await api.createJob('v2-create', prompt('Update the quickstart'));
    assert.match(created.sessionId ?? '', /^sess_/);
    assert.equal(created.eventBatches, undefined);
    assert.equal(created.record?.status, 'active');
    assert.equal(created.record?.repository, 'example/docs');
    assert.equal(created.record?.pullRequestLink, undefined, 'prLink null while active');
    const post = server.requests.find((request) => request.method === 'POST' && request.path === '/v2/agent/v2-create/job');
    assert.deepEqual(post?.body, { prompt: 'Update the quickstart' });
    assert.equal(post?.status, 201);
    await sleep(250);
    const record = await api.getJob('v2-create', created.sessionId!);
    assert.equal(record.status, 'completed');
    assert.match(pullRequestUrl(record) ?? '', /^https:\/\/github\.com\/example\/docs\/pull\/\d+$/);
    const asSent = (await api.getJobAsSent('v2-create', created.sessionId!)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(asSent).sort(), ['archivedAt', 'createdAt', 'id', 'model', 'prLink', 'source', 'status']);
  });

  it('sends a follow-up message to the same job, which runs again towards a new pull request', async () => {
    const api = client();
    const created = await api.createJob('v2-follow', prompt('First'));
    await sleep(250);
    const first = await api.getJob('v2-follow', created.sessionId!);
    const again = await api.sendMessage('v2-follow', created.sessionId!, 'Also fix the typo in the title');
    assert.equal(again.sessionId, created.sessionId);
    assert.equal(again.status, 'active');
    await sleep(250);
    const second = await api.getJob('v2-follow', created.sessionId!);
    assert.equal(second.status, 'completed');
    assert.notEqual(second.pullRequestLink, first.pullRequestLink);
    const posted = server.requests.filter((request) => request.path === `/v2/agent/v2-follow/job/${created.sessionId}/message`);
    assert.deepEqual(posted.map((request) => [request.body, request.status]), [[{ prompt: 'Also fix the typo in the title' }, 200]]);
  });

  it('maps each error status of v2, with the server {error} kept for the log', async () => {
    const api = client();
    const cases = [
      ['400', () => api.sendMessage('v2-err', 'sess_x', ' '), 'bad-option'],
      ['404', () => api.getJob('v2-err', 'sess_missing'), 'not-found'],
      ['404 message', () => api.sendMessage('v2-err', 'sess_missing', 'hi'), 'not-found'],
      ['401', () => client('mint_WRONG_v2_key_99').createJob('v2-err', prompt('x')), 'unauthorized'],
    ] as const;
    for (const [name, call, kind] of cases) {
      const error = await rejection(call());
      assert.equal(error.kind, kind, name);
      assert.equal(error.apiVersion, 2, name);
    }
    server.injectFault({ fault: '403', pathIncludes: '/v2/agent/v2-ip/' });
    const forbidden = await rejection(api.createJob('v2-ip', prompt('x')));
    assert.equal(forbidden.kind, 'forbidden');
    assert.match(forbidden.serverSaid ?? '', /IP allowlist/);
    const failure = describeFailure(forbidden, { surface: 'editor' });
    assert.equal(failure.message, 'The API key may not be used from this network: it is limited to other IP addresses.');
    assert.equal(failure.action, 'OpenDashboard');
  });

  it('answers 400 {error} for an empty prompt (the server validates it too), creating nothing', async () => {
    const response = await fetch(`${server.url}/v2/agent/v2-400/job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${CANARY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '' }),
    });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: '`prompt` must be a non-empty string' });
    const error = await rejection(client().createJob('v2-400', { messages: [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }] }));
    assert.equal(error.kind, 'bad-option');
    assert.match(error.message, /one message \(the prompt\); 2 were given/);
    assert.equal(count('POST', '/v2-400/'), 1, 'only the raw request above reached the server');
  });

  it('gives a 429 on create to the caller with its Retry-After, as "try again at HH:MM"; never repeats the POST', async () => {
    server.injectFault({ fault: '429', method: 'POST', pathIncludes: '/v2-429/', retryAfter: 600 });
    const error = await rejection(client().createJob('v2-429', prompt('x')));
    assert.equal(error.kind, 'rate-limited');
    assert.equal(error.retryAfterMs, 600_000);
    const now = new Date(2026, 10, 24, 13, 55, 10).getTime();
    const failure = describeFailure(error, { surface: 'editor', now });
    assert.equal(failure.message, 'The platform allows 100 jobs and follow-up messages an hour per project; try again at 14:06.');
    assert.equal(failure.action, 'TryAgainLater');
    assert.equal(new Date(failure.retryAt!).getTime(), new Date(2026, 10, 24, 14, 6, 0).getTime());
    await sleep(50);
    assert.equal(count('POST', '/v2-429/'), 1);
  });

  for (const [fault, kind, mayExist] of [
    ['500', 'server', true],
    ['drop', 'network', true],
  ] as const) {
    it(`never repeats a create or a follow-up POST (${fault}); says the request may have reached the server`, async () => {
      const project = `v2-post-${fault}`;
      const api = client();
      server.injectFault({ fault, method: 'POST', pathIncludes: `/${project}/job`, times: 1 });
      const error = await rejection(api.createJob(project, prompt('x')));
      assert.equal(error.kind, kind);
      assert.equal(error.mayHaveReachedServer, mayExist);
      const created = await api.createJob(`${project}-m`, prompt('x'));
      server.injectFault({ fault, method: 'POST', pathIncludes: '/message' });
      const messageError = await rejection(api.sendMessage(`${project}-m`, created.sessionId!, 'again'));
      assert.equal(messageError.kind, kind);
      assert.equal(messageError.request, 'message');
      await sleep(50);
      assert.equal(count('POST', `/${project}/`), 1);
      assert.equal(count('POST', `/${project}-m/job/${created.sessionId}/message`), 1);
    });
  }

  it('retries a GET after a 429 as long as Retry-After says, then reads the record', async () => {
    const api = client();
    const created = await api.createJob('v2-get-429', prompt('x'));
    server.injectFault({ fault: '429', method: 'GET', pathIncludes: '/v2-get-429/', retryAfter: 0.2 });
    const record = await api.getJob('v2-get-429', created.sessionId!);
    assert.equal(record.sessionId, created.sessionId);
    assert.equal(count('GET', '/v2-get-429/'), 2);
  });

  it('checks a key with a cheap authenticated GET: accepted, rejected, or could not be checked', async () => {
    const before = count('POST', '/');
    assert.deepEqual(await checkApiKey(client(), 'v2-key', 'editor'), { outcome: 'accepted', message: 'The API key was accepted.' });
    const rejected = await checkApiKey(client('mint_WRONG_v2_key_77'), 'v2-key', 'editor');
    assert.equal(rejected.outcome, 'rejected');
    assert.equal(rejected.message, 'The API key was not accepted.');
    assert.equal(rejected.failure?.action, 'SetApiKey');
    server.injectFault({ fault: '500', pathIncludes: '/v2-key-down/' });
    const down = await checkApiKey(client(), 'v2-key-down', 'editor');
    assert.equal(down.outcome, 'could-not-check');
    assert.match(down.message, /^The API key could not be checked: the platform is having trouble/);
    const noProject = await checkApiKey(client(), undefined, 'editor');
    assert.equal(noProject.outcome, 'could-not-check');
    assert.equal(noProject.failure?.action, 'SetProjectId');
    assert.equal(count('POST', '/'), before, 'a key check creates nothing');
    const v1 = await checkApiKey(client(server.apiKey, 1), 'v1-key', 'editor');
    assert.equal(v1.outcome, 'accepted');
    assert.equal((await checkApiKey(client('mint_WRONG_v1_key_55', 1), 'v1-key', 'cli')).outcome, 'rejected');
  });

  it('refuses a follow-up on v1, naming the setting that chooses v2', async () => {
    const error = await rejection(client(server.apiKey, 1).sendMessage('p', 'sess_x', 'hi'));
    assert.equal(error.kind, 'unsupported');
    assert.equal(describeFailure(error, { surface: 'editor' }).message, 'Follow-up messages need agent API version 2: set "docsjson.agent.apiVersion" to 2.');
  });

  it('parses the version from a setting, flag or environment value', () => {
    assert.equal(parseApiVersion(undefined), undefined);
    assert.equal(parseApiVersion(''), undefined);
    assert.equal(parseApiVersion('2'), 2);
    assert.equal(parseApiVersion('v1'), 1);
    assert.equal(parseApiVersion(2), 2);
    assert.throws(() => parseApiVersion('3'), /must be 1 or 2 \(got "3"\)/);
  });

  it('is the default, as the platform recommends: a client given no version sends v2 requests, one given 1 sends v1', async () => {
    const byDefault = createAgentJobApi({ baseUrl: server.url, apiKey: server.apiKey });
    const v1 = client(server.apiKey, 1);
    clients.push(byDefault);
    assert.equal(byDefault.apiVersion, 2);
    await byDefault.createJob('v2-default', prompt('Update the quickstart'));
    await v1.createJob('v1-chosen', { branch: 'docs/v1', ...prompt('Update the quickstart') }).then((created) => created.eventBatches?.[Symbol.asyncIterator]().return?.());
    const paths = (project: string) => server.requests.filter((request) => request.path.includes(`/${project}/`)).map((request) => `${request.method} ${request.path}`);
    assert.deepEqual(paths('v2-default'), ['POST /v2/agent/v2-default/job']);
    assert.deepEqual(paths('v1-chosen'), ['POST /v1/agent/v1-chosen/job']);
  });

  it("the editor setting: package.json declares 1 and 2 with the code's default; an unset or odd value reads as the default", () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    const properties = Object.assign({}, ...manifest.contributes.configuration.map((section: { properties: object }) => section.properties));
    const setting = properties[API_VERSION_SETTING];
    assert.deepEqual([setting.type, setting.enum, setting.default], ['number', [1, 2], DEFAULT_API_VERSION]);
    assert.equal(DEFAULT_API_VERSION, 2);
    assert.equal(settingApiVersion(1), 1);
    assert.equal(settingApiVersion(2), 2);
    for (const odd of [undefined, null, 3, '1', 'v2']) assert.equal(settingApiVersion(odd), DEFAULT_API_VERSION, String(odd));
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    assert.ok(/^\| `docsjson\.agent\.apiVersion` \| `2` \| .*deprecated/m.test(readme), "the README's settings table gives the default and why");
  });

  it('never put the key in a log line or an error', () => {
    assert.ok(logs.length > 10);
    for (const line of logs) assert.ok(!line.includes(CANARY_KEY), line);
  });
});

describe('a v1 path that answers 410 (v1 retired)', () => {
  let server: DevApiServer;
  const clients: AgentJobApi[] = [];
  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, jobDurationMs: 200, retireV1: true });
  });
  after(async () => {
    await Promise.all(clients.map((created) => created.close()));
    await server.close();
  });

  it('says v1 may be retired and names the setting (editor) or the flag (CLI); v2 still works', async () => {
    const v1 = createAgentJobApi({ apiVersion: 1, baseUrl: server.url, apiKey: server.apiKey });
    const v2 = createAgentJobApi({ apiVersion: 2, baseUrl: server.url, apiKey: server.apiKey });
    clients.push(v1, v2);
    const error = await rejection(v1.createJob('p', prompt('x')));
    assert.equal(error.kind, 'gone');
    assert.equal(error.status, 410);
    const editor = describeFailure(error, { surface: 'editor' });
    assert.equal(
      editor.message,
      'The platform no longer serves agent API v1 (deprecated since March 2026); it may have retired it: set "docsjson.agent.apiVersion" to 2.',
    );
    assert.equal(editor.action, 'SetApiVersion');
    assert.match(describeFailure(error, { surface: 'cli' }).message, /use --api-version 2 \(or DOCS_AGENT_API_VERSION=2\)\.$/);
    assert.equal((await rejection(v1.getJob('p', 'sess_x'))).kind, 'gone');
    const created = await v2.createJob('p', prompt('x'));
    assert.equal(created.record?.status, 'active');
  });

  it("a 404 on a job's record says the platform no longer knows the job (not that v1 is retired); a 404 on v1's create suggests v2", async () => {
    const open = await startDevApiServer({ eventIntervalMs: 5, jobDurationMs: 60_000 });
    const v1 = createAgentJobApi({ apiVersion: 1, baseUrl: open.url, apiKey: open.apiKey });
    const v2 = createAgentJobApi({ apiVersion: 2, baseUrl: open.url, apiKey: open.apiKey });
    try {
      const created = await v2.createJob('p', prompt('x'));
      assert.equal((await v2.getJob('p', created.sessionId!)).status, 'active');
      open.forgetJobs(created.sessionId);
      for (const api of [v1, v2]) {
        const error = await rejection(api.getJob('p', created.sessionId!));
        assert.equal(error.kind, 'not-found');
        const failure = describeFailure(error, { surface: 'editor' });
        assert.equal(failure.message, 'The platform no longer knows this job: it may have been deleted, or the project id changed.', `v${api.apiVersion}`);
        assert.equal(failure.action, undefined, 'no "Use API Version 2" for a job that is gone');
      }
      open.injectFault({ fault: '404', method: 'POST', pathIncludes: '/v1/agent/p/job' });
      const createError = await rejection(v1.createJob('p', prompt('y')));
      const onCreate = describeFailure(createError, { surface: 'cli' });
      assert.match(onCreate.message, /^The platform did not find the route that creates agent jobs: it may have retired agent API v1 .*use --api-version 2 \(or DOCS_AGENT_API_VERSION=2\)\. If you use v1 on purpose, check --project\.$/);
      assert.equal(onCreate.action, 'SetApiVersion');
    } finally {
      await Promise.all([v1.close(), v2.close()]);
      await open.close();
    }
  });
});
