import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rejection } from './helpers/rejection';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { AgentApiClient, type AgentApiClientOptions, type CreateJobRequest } from '../../agent/src/apiClient';
import { AgentApiError } from '../../agent/src/errors';
import type { AgentEvent } from '../../agent/src/stream/events';
import { startTestProxy } from './helpers/proxyServer';
import { startSilentServer } from './helpers/silentServer';

const CANARY_KEY = 'mint_CANARY_k3y_that_must_never_show_9f8e7d';

async function collect(eventBatches: AsyncIterable<AgentEvent[]> | undefined): Promise<AgentEvent[]> {
  assert.ok(eventBatches, 'a v1 job has a live stream');
  const list: AgentEvent[] = [];
  for await (const batch of eventBatches) list.push(...batch);
  return list;
}


function job(content: string): CreateJobRequest {
  return { branch: 'docs/test', messages: [{ role: 'user', content }], model: 'sonnet' };
}

describe('agent API client against the dev server', () => {
  let server: DevApiServer;
  const logs: string[] = [];
  const clients: AgentApiClient[] = [];
  const client = (options: Partial<AgentApiClientOptions> = {}) => {
    const created = new AgentApiClient({
      baseUrl: server.url,
      apiKey: server.apiKey,
      retry: { baseDelayMs: 20, maxDelayMs: 100 },
      log: (line) => logs.push(line),
      ...options,
    });
    clients.push(created);
    return created;
  };
  const count = (method: string, pathPart: string) =>
    server.requests.filter((request) => request.method === method && request.path.includes(pathPart)).length;

  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, jobDurationMs: 300 });
  });
  after(async () => {
    await Promise.all(clients.map((created) => created.close()));
    await server.close();
  });

  it('creates a job: session id, branch and the decoded live stream', async () => {
    const created = await client().createJob('proj-create', job('Update the quickstart'));
    assert.match(created.sessionId ?? '', /^sess_/);
    assert.equal(created.branch, 'docs/test');
    const events = await collect(created.eventBatches);
    const types = new Set(events.map((event) => event.type));
    for (const type of ['text', 'reasoning', 'tool-call', 'tool-result', 'todos', 'finish']) assert.ok(types.has(type as never), type);
    const lastTodos = events.filter((event) => event.type === 'todos').at(-1);
    assert.deepEqual(
      lastTodos?.type === 'todos' ? lastTodos.todos.map((todo) => todo.status) : [],
      ['completed', 'completed', 'completed'],
    );
  });

  it('gets the record, which ends with a pull request link, and lists the jobs', async () => {
    const api = client();
    const created = await api.createJob('proj-get', job('Update'));
    await collect(created.eventBatches);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const record = await api.getJob('proj-get', created.sessionId!);
    assert.equal(record.sessionId, created.sessionId);
    assert.equal(record.haulted, true);
    assert.equal(record.haultReason, 'completed');
    assert.match(record.pullRequestLink ?? '', /^https:\/\/github\.com\/example\/docs\/pull\/\d+$/);
    const listed = await api.listJobs('proj-get', { take: 5 });
    assert.deepEqual(listed?.map((entry) => entry.sessionId), [created.sessionId]);
  });

  it('answers undefined from listJobs when the server has no list endpoint (404)', async () => {
    server.injectFault({ fault: '404', method: 'GET', pathIncludes: '/jobs' });
    assert.equal(await client().listJobs('proj-nolist'), undefined);
  });

  it('keeps hostile strings from the API as plain data', async () => {
    const api = client();
    const created = await api.createJob('proj-html', job('[fault:html]'));
    const text = (await collect(created.eventBatches)).flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
    assert.match(text, /<script>alert\("pwned"\)<\/script>/);
    assert.match(text, /\u001b\[31m/);
    await new Promise((resolve) => setTimeout(resolve, 350));
    assert.match((await api.getJob('proj-html', created.sessionId!)).messageToUser ?? '', /<iframe/);
  });

  it('bounds a huge messageToUser, and refuses answers over the size limit', async () => {
    const created = await client().createJob('proj-huge', job('[fault:huge]'));
    await collect(created.eventBatches);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const record = await client().getJob('proj-huge', created.sessionId!);
    assert.ok((record.messageToUser ?? '').length <= 20_100, `length ${record.messageToUser?.length}`);
    const error = await rejection(client({ maxResponseBytes: 1024 * 1024 }).getJob('proj-huge', created.sessionId!));
    assert.equal(error.kind, 'too-large');
    assert.match(error.message, /^The answer to GET \/\S+ is larger than 1048576 bytes; not read\.$/);
  });

  it('explains a rejected key without repeating it, even when the server echoes it', async () => {
    const before = count('POST', '/proj-401/');
    const error = await rejection(client({ apiKey: CANARY_KEY }).createJob('proj-401', job('hi')));
    assert.equal(error.kind, 'unauthorized');
    assert.equal(error.status, 401);
    assert.match(error.message, /rejected the API key \(HTTP 401\)/);
    assert.match(error.message, /Invalid API key "\[redacted\]"/, 'the echo is there, redacted');
    assert.ok(!error.message.includes(CANARY_KEY));
    assert.equal(count('POST', '/proj-401/') - before, 1);
    const getError = await rejection(client({ apiKey: CANARY_KEY }).getJob('proj-401', 'sess_x'));
    assert.equal(getError.kind, 'unauthorized');
    assert.ok(!getError.message.includes(CANARY_KEY));
  });

  it('maps 403 and 404 to their own kinds; a rejected POST did not create a job', async () => {
    const forbidden = await rejection(client().createJob('proj-403', job('[fault:403]')));
    assert.equal(forbidden.kind, 'forbidden');
    assert.equal(forbidden.mayHaveReachedServer, false);
    const missing = await rejection(client().getJob('proj-404', 'sess_does_not_exist'));
    assert.equal(missing.kind, 'not-found');
    assert.equal(count('GET', '/proj-404/'), 1, 'a 404 is not retried');
  });

  it('retries a GET after 429, waiting as long as Retry-After says', async () => {
    const created = await client().createJob('proj-429', job('x'));
    await collect(created.eventBatches);
    server.injectFault({ fault: '429', method: 'GET', pathIncludes: '/proj-429/', retryAfter: 1 });
    const started = performance.now();
    const record = await client({ retry: { baseDelayMs: 1, maxDelayMs: 1 } }).getJob('proj-429', created.sessionId!);
    const waited = performance.now() - started;
    assert.equal(record.sessionId, created.sessionId);
    assert.ok(waited >= 990, `waited ${waited} ms`);
    assert.ok(waited < 2_000, `waited ${waited} ms`);
    assert.equal(count('GET', '/proj-429/'), 2);
  });

  it('does not wait out a Retry-After longer than the policy allows: the caller gets it', async () => {
    server.injectFault({ fault: '429', method: 'GET', pathIncludes: '/proj-429-long/', retryAfter: 3600 });
    const started = performance.now();
    const error = await rejection(client().getJob('proj-429-long', 'sess_x'));
    assert.ok(performance.now() - started < 500);
    assert.equal(error.kind, 'rate-limited');
    assert.equal(error.retryAfterMs, 3_600_000);
    assert.match(error.message, /try again in 3600 s/);
  });

  it('retries a GET after 5xx and dropped connections, with backoff, then succeeds', async () => {
    const created = await client().createJob('proj-retry', job('x'));
    await collect(created.eventBatches);
    server.injectFault({ fault: '500', method: 'GET', pathIncludes: '/proj-retry/', times: 2 });
    server.injectFault({ fault: 'drop', method: 'GET', pathIncludes: '/proj-retry/', times: 1 });
    const record = await client().getJob('proj-retry', created.sessionId!);
    assert.equal(record.sessionId, created.sessionId);
    assert.equal(count('GET', '/proj-retry/'), 4);
    assert.ok(logs.some((line) => /retrying in \d+ ms \(retry 3 of 4\)/.test(line)));
  });

  it('gives up on a GET after the last retry with the last error', async () => {
    server.injectFault({ fault: '500', method: 'GET', pathIncludes: '/proj-down/', times: 10 });
    const error = await rejection(client({ retry: { maxRetries: 2, baseDelayMs: 1 } }).getJob('proj-down', 'sess_x'));
    assert.equal(error.kind, 'server');
    assert.equal(error.status, 500);
    assert.doesNotMatch(error.message, /<script>|<html>/, 'an HTML error page is not dumped into the message');
    assert.equal(count('GET', '/proj-down/'), 3);
  });

  for (const [fault, kind, mayExist] of [
    ['500', 'server', true],
    ['429', 'rate-limited', false],
    ['drop', 'network', true],
  ] as const) {
    it(`never retries a POST (${fault}); says whether the job may exist`, async () => {
      const project = `proj-post-${fault}`;
      server.injectFault({ fault, method: 'POST', pathIncludes: `/${project}/` });
      const error = await rejection(client().createJob(project, job('x')));
      assert.equal(error.kind, kind);
      assert.equal(error.mayHaveReachedServer, mayExist);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(count('POST', `/${project}/`), 1);
    });
  }

  it('says a POST that could not connect created nothing', async () => {
    const closed = await startSilentServer('no-headers');
    await closed.close();
    const error = await rejection(client({ baseUrl: closed.url }).createJob('p', job('x')));
    assert.equal(error.kind, 'network');
    assert.equal(error.mayHaveReachedServer, false);
    assert.match(error.message, /ECONNREFUSED/);
  });

  it('times out waiting for headers; the POST may have reached the server', async () => {
    const silent = await startSilentServer('no-headers');
    try {
      const started = performance.now();
      const error = await rejection(client({ baseUrl: silent.url, timeouts: { headersMs: 200 } }).createJob('p', job('x')));
      assert.equal(error.kind, 'timeout');
      assert.equal(error.mayHaveReachedServer, true);
      assert.match(error.message, /No answer from 127\.0\.0\.1:\d+ within 0\.2 s/);
      assert.ok(performance.now() - started < 1_500);
      assert.equal(silent.received.length, 1);
    } finally {
      await silent.close();
    }
  });

  it('a read that times out is tried again, then gives up with the timeout', async () => {
    const silent = await startSilentServer('no-headers');
    try {
      const reader = client({ baseUrl: silent.url, timeouts: { headersMs: 100 }, retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 20 } });
      const error = await rejection(reader.getJob('p', 'sess_1'));
      assert.equal(error.kind, 'timeout');
      assert.deepEqual(silent.received, ['GET /v1/agent/p/job/sess_1', 'GET /v1/agent/p/job/sess_1', 'GET /v1/agent/p/job/sess_1']);
    } finally {
      await silent.close();
    }
  });

  it('times out a stream that stays silent (idle body timeout)', async () => {
    const silent = await startSilentServer('no-body');
    try {
      const created = await client({ baseUrl: silent.url, timeouts: { bodyIdleMs: 200 } }).createJob('p', job('x'));
      assert.equal(created.sessionId, 'sess_silent');
      const error = await rejection(collect(created.eventBatches));
      assert.equal(error.kind, 'timeout');
      assert.match(error.message, /stalled for more than 0\.2 s/);
    } finally {
      await silent.close();
    }
  });

  it('reports a stream cut mid-way as stream-broken, after the events that arrived', async () => {
    const created = await client().createJob('proj-cut', job('[fault:cut]'));
    const received: AgentEvent[] = [];
    const error = await rejection(
      (async () => {
        for await (const batch of created.eventBatches!) received.push(...batch);
      })(),
    );
    assert.equal(error.kind, 'stream-broken');
    assert.ok(received.length > 3);
    assert.ok(!received.some((event) => event.type === 'finish'));
  });

  it('cancels a stream and a retry wait with an AbortSignal', async () => {
    const controller = new AbortController();
    const created = await client().createJob('proj-cancel', job('[fault:trickle]'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    assert.equal((await rejection(collect(created.eventBatches))).kind, 'cancelled');
    assert.ok(performance.now() - started < 1_000);

    server.injectFault({ fault: '429', method: 'GET', pathIncludes: '/proj-cancel-wait/', retryAfter: 30 });
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(), 100);
    const waitStarted = performance.now();
    const error = await rejection(client().getJob('proj-cancel-wait', 'sess_x', { signal: waiting.signal }));
    assert.equal(error.kind, 'cancelled');
    assert.equal(error.message, 'Cancelled while waiting to retry.');
    assert.ok(performance.now() - waitStarted < 1_000);
  });

  it('sends nothing once closed, and may be closed twice', async () => {
    const closed = client();
    await closed.close();
    await closed.close();
    const before = server.requests.length;
    const error = await rejection(closed.getJob('proj-closed', 'sess_x'));
    assert.equal(server.requests.length, before);
    assert.equal(error.kind, 'network', error.message);
  });

  it('requires HTTPS except for loopback hosts', () => {
    const make = (baseUrl: string) => () => new AgentApiClient({ baseUrl, apiKey: 'mint_x' });
    assert.throws(make('http://api.example.com'), (error: AgentApiError) => error.kind === 'insecure-url' && /use https/.test(error.message));
    assert.throws(make('http://10.0.0.5:8080'), (error: AgentApiError) => error.kind === 'insecure-url');
    assert.throws(make('ftp://api.example.com'), (error: AgentApiError) => error.kind === 'bad-option');
    assert.throws(make('https://user:pw@api.example.com'), (error: AgentApiError) => error.kind === 'bad-option' && !error.message.includes('pw'));
    assert.throws(make('not a url'), (error: AgentApiError) => error.kind === 'bad-option');
    for (const ok of ['https://api.example.com/', 'http://localhost:3000', 'http://127.0.0.2', 'http://[::1]:8080', 'http://docs.localhost']) {
      const created = make(ok)();
      assert.equal(created.baseUrl, ok.replace(/\/$/, ''));
      void created.close();
    }
  });

  it('rejects an empty key or one that cannot go in a header, without showing it', () => {
    assert.throws(() => new AgentApiClient({ baseUrl: server.url, apiKey: ' ' }), /No API key/);
    assert.throws(
      () => new AgentApiClient({ baseUrl: server.url, apiKey: 'mint_bad\nkey' }),
      (error: AgentApiError) => error.kind === 'bad-option' && !error.message.includes('mint_bad'),
    );
  });

  it('logs each request with its status and time, and each retry with its wait, never with the key', () => {
    assert.ok(logs.length > 20);
    const requests = logs.map((line) => /^(GET|POST) \/\S+ -> HTTP (\d{3}) \((\d+) ms\)$/.exec(line)).filter((match) => match !== null);
    assert.ok(requests.length > 10, logs.join('\n'));
    assert.ok(requests.every((match) => Number(match[3]) < 60_000), 'the time a request took, not a date');
    assert.ok(logs.some((line) => /^retrying in \d+ ms \(retry 1 of \d+\)$/.test(line)), logs.join('\n'));
    for (const line of logs) {
      assert.ok(!line.includes(CANARY_KEY), line);
      assert.ok(!line.includes(server.apiKey), line);
    }
  });
});

describe('agent API client through a proxy', () => {
  let server: DevApiServer;
  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, jobDurationMs: 200 });
  });
  after(() => server.close());

  it('sends its requests through the proxy given as an option (CONNECT tunnel)', async () => {
    const proxy = await startTestProxy();
    const api = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey, proxyUrl: proxy.url });
    try {
      const created = await api.createJob('proj-proxy', job('x'));
      await collect(created.eventBatches);
      await api.getJob('proj-proxy', created.sessionId!);
      assert.ok(proxy.connects.length >= 1);
      assert.ok(proxy.connects.every((target) => target === new URL(server.url).host));
    } finally {
      await api.close();
      await proxy.close();
    }
  });

  it('uses HTTP_PROXY / HTTPS_PROXY from the environment, and NO_PROXY to bypass it', async () => {
    const proxy = await startTestProxy();
    const names = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    for (const name of names) delete process.env[name];
    process.env.HTTP_PROXY = proxy.url;
    const viaProxy = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey });
    const bypassingByOption = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey, noProxy: '127.0.0.1' });
    try {
      assert.deepEqual(await viaProxy.listJobs('proj-env'), []);
      assert.equal(proxy.connects.length, 1);
      await bypassingByOption.listJobs('proj-env');
      assert.equal(proxy.connects.length, 1, 'the noProxy option bypasses the proxy');
      process.env.NO_PROXY = 'localhost,127.0.0.1';
      const bypassingByEnv = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey });
      await bypassingByEnv.listJobs('proj-env');
      await bypassingByEnv.close();
      assert.equal(proxy.connects.length, 1, 'NO_PROXY bypasses the proxy');
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      await viaProxy.close();
      await bypassingByOption.close();
      await proxy.close();
    }
  });

  it('explains a proxy that refuses the credentials, without the password', async () => {
    const proxy = await startTestProxy('user:right-password');
    const proxyUrl = proxy.url.replace('http://', 'http://user:wr0ng-pa55word@');
    const api = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey, proxyUrl, retry: { maxRetries: 0 } });
    try {
      const error = await rejection(api.createJob('proj-proxy-auth', job('x')));
      assert.match(error.message, /proxy refused/i);
      assert.match(error.message, /407/);
      assert.ok(!error.message.includes('wr0ng-pa55word'));
      assert.equal(error.mayHaveReachedServer, false);
      assert.equal(server.requests.filter((request) => request.path.includes('proj-proxy-auth')).length, 0);
    } finally {
      await api.close();
      await proxy.close();
    }
  });
});
