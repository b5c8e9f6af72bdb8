import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDevApiServer } from '../../agent/dev-server/server';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run dev:api` as a child process, as a user or the extension's end-to-end test runs it. */
async function startChild(): Promise<{ child: ChildProcess; url: string; apiKey: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'agent/dev-server/main.ts', '--port', '0', '--event-interval', '5', '--job-duration', '200', '--quiet'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`dev server exited with ${code}: ${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/^Agent API dev server: (\S+)$/m)?.[1];
      const apiKey = output.match(/^API key: (\S+)$/m)?.[1];
      if (url && apiKey) resolve({ child, url, apiKey });
    });
  });
}

describe('dev API server as a child process', () => {
  let child: ChildProcess;
  let url: string;
  let apiKey: string;
  const authorized = (headers: Record<string, string> = {}) => ({ authorization: `Bearer ${apiKey}`, ...headers });

  before(async () => {
    ({ child, url, apiKey } = await startChild());
  });
  after(() => {
    child.kill();
  });

  it('prints its URL and a random test key, and requires that key', async () => {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(apiKey, /^mint_dev_[0-9a-f]{24}$/, 'a key nobody knows in advance');
    assert.equal((await fetch(`${url}/v1/agent/demo/jobs`)).status, 401);
    assert.equal((await fetch(`${url}/v1/agent/demo/jobs`, { headers: { authorization: 'Bearer mint_wrong' } })).status, 401);
    const listed = await fetch(`${url}/v1/agent/demo/jobs`, { headers: authorized() });
    assert.equal(listed.status, 200);
    assert.deepEqual(await listed.json(), { jobs: [], total: 0 });
  });

  it('streams a job as SSE with X-Session-Id and X-Branch-Name, ending with [DONE]', async () => {
    const response = await fetch(`${url}/v1/agent/demo/job`, {
      method: 'POST',
      headers: authorized({ 'content-type': 'application/json' }),
      body: JSON.stringify({ branch: 'docs/child', messages: [{ role: 'user', content: 'Update' }], model: 'opus' }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    assert.match(response.headers.get('x-session-id') ?? '', /^sess_/);
    assert.equal(response.headers.get('x-branch-name'), 'docs/child');
    const body = await response.text();
    assert.match(body, /"type":"text-delta"/);
    assert.match(body, /"todos":\[/);
    assert.ok(body.endsWith('data: [DONE]\n\n'));
  });

  it('rejects a malformed job request with 400', async () => {
    const response = await fetch(`${url}/v1/agent/demo/job`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ messages: [], model: 'gpt' }),
    });
    assert.equal(response.status, 400);
  });

  it('fails on request: the X-Dev-Fault header, and faults queued through /__dev/faults', async () => {
    const viaHeader = await fetch(`${url}/v1/agent/demo/jobs`, { headers: authorized({ 'x-dev-fault': '500' }) });
    assert.equal(viaHeader.status, 500);
    assert.match(viaHeader.headers.get('content-type') ?? '', /text\/html/);
    const queued = await fetch(`${url}/__dev/faults`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ fault: '429', method: 'GET', times: 2, retryAfter: 7 }),
    });
    assert.equal(queued.status, 204);
    for (let attempt = 0; attempt < 2; attempt++) {
      const limited = await fetch(`${url}/v1/agent/demo/jobs`, { headers: authorized() });
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '7');
    }
    assert.equal((await fetch(`${url}/v1/agent/demo/jobs`, { headers: authorized() })).status, 200);
    const log = (await (await fetch(`${url}/__dev/requests`, { headers: authorized() })).json()) as { method: string; status: number }[];
    assert.deepEqual(log.slice(-4).map((entry) => entry.status), [500, 429, 429, 200]);
  });

  it('the control paths under /__dev/ take the key too: without it nothing is queued, listed or forgotten', async () => {
    const queue = await fetch(`${url}/__dev/faults`, { method: 'POST', body: JSON.stringify({ fault: '500', method: 'GET' }) });
    assert.equal(queue.status, 401);
    assert.equal((await fetch(`${url}/__dev/requests`)).status, 401);
    assert.equal((await fetch(`${url}/__dev/jobs`, { method: 'DELETE', headers: { authorization: 'Bearer mint_wrong' } })).status, 401);
    assert.equal((await fetch(`${url}/v1/agent/demo/jobs`, { headers: authorized() })).status, 200, 'no fault was queued');
  });

  it('answers only under a loopback name with its port: a page whose own host name resolves here (DNS rebinding) gets 403', async () => {
    const { port } = new URL(url);
    const statusAs = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${url}/__dev/requests`, { headers: { host, ...authorized() } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject).end();
      });
    assert.equal(await statusAs('attacker.example'), 403);
    assert.equal(await statusAs(`attacker.example:${port}`), 403);
    assert.equal(await statusAs('127.0.0.1:1'), 403);
    assert.equal(await statusAs(`localhost:${port}`), 200);
    assert.equal(await statusAs(`127.0.0.1:${port}`), 200);
    assert.equal(await statusAs(`[::1]:${port}`), 200);
  });

  it('speaks v2 too, with the same fault switches: 201 on create, a follow-up, 403 and 410 faults', async () => {
    const created = await fetch(`${url}/v2/agent/demo/job`, {
      method: 'POST',
      headers: authorized({ 'content-type': 'application/json' }),
      body: JSON.stringify({ prompt: 'Update the quickstart' }),
    });
    assert.equal(created.status, 201);
    const job = (await created.json()) as { id: string; status: string; prLink: null };
    assert.equal(job.status, 'active');
    assert.equal(job.prLink, null);
    const followUp = await fetch(`${url}/v2/agent/demo/job/${job.id}/message`, {
      method: 'POST',
      headers: authorized({ 'content-type': 'application/json' }),
      body: JSON.stringify({ prompt: 'And the title' }),
    });
    assert.equal(followUp.status, 200);
    assert.equal(((await followUp.json()) as { id: string }).id, job.id);
    const missing = await fetch(`${url}/v2/agent/demo/job/sess_none`, { headers: authorized() });
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: 'Job not found' });
    const ipLimited = await fetch(`${url}/v2/agent/demo/job/${job.id}`, { headers: authorized({ 'x-dev-fault': '403' }) });
    assert.equal(ipLimited.status, 403);
    assert.match(((await ipLimited.json()) as { error: string }).error, /IP allowlist/);
    const retired = await fetch(`${url}/v1/agent/demo/jobs`, { headers: authorized({ 'x-dev-fault': '410' }) });
    assert.equal(retired.status, 410);
  });
});

describe('dev API server: forgetting jobs, stopping and starting again', () => {
  it('DELETE /__dev/jobs/{id} forgets one job (its record answers 404), DELETE /__dev/jobs every job', async () => {
    const server = await startDevApiServer({ jobDurationMs: 60_000 });
    const headers = { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' };
    try {
      const ids: string[] = [];
      for (const prompt of ['one', 'two']) {
        const created = await fetch(`${server.url}/v2/agent/demo/job`, { method: 'POST', headers, body: JSON.stringify({ prompt }) });
        ids.push(((await created.json()) as { id: string }).id);
      }
      const record = (id: string) => fetch(`${server.url}/v2/agent/demo/job/${id}`, { headers }).then((response) => response.status);
      assert.equal((await fetch(`${server.url}/__dev/jobs/${ids[0]}`, { method: 'DELETE', headers })).status, 204);
      assert.deepEqual([await record(ids[0]), await record(ids[1])], [404, 200]);
      assert.equal((await fetch(`${server.url}/__dev/jobs`, { method: 'DELETE', headers })).status, 204);
      assert.equal(await record(ids[1]), 404);
    } finally {
      await server.close();
    }
  });

  it('stop() closes the port and cuts open connections; start() listens on the same port with the jobs it had', async () => {
    const server = await startDevApiServer({ jobDurationMs: 60_000, eventIntervalMs: 1_000 });
    const headers = { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' };
    try {
      const created = await fetch(`${server.url}/v1/agent/demo/job`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ messages: [{ role: 'user', content: 'slow' }] }),
      });
      const sessionId = created.headers.get('x-session-id');
      const body = created.text();
      await server.stop();
      await assert.rejects(body, 'the live stream is cut');
      await assert.rejects(fetch(`${server.url}/v1/agent/demo/jobs`, { headers }), /fetch failed/);
      await server.start();
      const record = await fetch(`${server.url}/v1/agent/demo/job/${sessionId}`, { headers });
      assert.equal(record.status, 200);
      assert.equal(((await record.json()) as { haulted: boolean }).haulted, false, 'still running');
    } finally {
      await server.close();
    }
  });
});
