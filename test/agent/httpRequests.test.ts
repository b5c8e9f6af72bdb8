import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiHttp } from '../../agent/src/http/apiHttp';
import { rejection } from './helpers/rejection';

/** A local HTTP server that records what it is sent and answers with the status and text queued for the next request. */
describe('what the HTTP layer sends and how it reads answers', () => {
  let server: Server;
  let url: string;
  const seen: { method: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let answer = { status: 200, text: '{"ok":true}' };
  const label = { request: 'get' as const, apiVersion: 1 as const };
  const http = (options: { userAgent?: string } = {}) => new ApiHttp({ baseUrl: url, apiKey: 'mint_test_key_1234', retry: { maxRetries: 0 }, ...options });

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method!, headers: req.headers, body });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a read sends the key, asks for JSON and names the client; only a request with a body says its type', async () => {
    answer = { status: 200, text: '{"ok":true}' };
    const client = http();
    assert.deepEqual(await client.json('GET', '/v1/x', label, undefined), { ok: true });
    assert.deepEqual(await client.json('POST', '/v1/y', label, undefined, { a: 1 }), { ok: true });
    await client.close();
    const [get, post] = seen.slice(-2);
    assert.deepEqual([get.method, get.headers.authorization, get.headers.accept, get.headers['user-agent'], get.headers['content-type'], get.body], [
      'GET',
      'Bearer mint_test_key_1234',
      'application/json',
      'docsjson-agent-client',
      undefined,
      '',
    ]);
    assert.deepEqual([post.method, post.headers['content-type'], post.body], ['POST', 'application/json', '{"a":1}']);
    const named = http({ userAgent: 'docsjson-vscode/1.0' });
    await named.json('GET', '/v1/x', label, undefined);
    await named.close();
    assert.equal(seen.at(-1)!.headers['user-agent'], 'docsjson-vscode/1.0');
  });

  it('any 2xx status is an answer; 300 and above are errors', async () => {
    const client = http();
    answer = { status: 299, text: '{"ok":1}' };
    assert.deepEqual(await client.json('GET', '/v1/x', label, undefined), { ok: 1 });
    answer = { status: 300, text: '{}' };
    assert.equal((await rejection(client.json('GET', '/v1/x', label, undefined))).kind, 'http');
    await client.close();
  });

  it('an answer that is not JSON is a bad response that may have reached the server, quoted on one line', async () => {
    const client = http();
    answer = { status: 200, text: 'Service\nunavailable' };
    const error = await rejection(client.json('POST', '/v1/job', label, undefined, {}));
    await client.close();
    assert.deepEqual([error.kind, error.message, error.mayHaveReachedServer], ['bad-response', 'The answer to POST /v1/job is not JSON: Service unavailable', true]);
  });

  it('refuses an empty key, or one with spaces, saying so', () => {
    assert.throws(() => new ApiHttp({ baseUrl: url, apiKey: '  ' }), { message: 'No API key was given.' });
    assert.throws(() => new ApiHttp({ baseUrl: url, apiKey: 'mint a' }), { message: 'The API key contains spaces or characters that cannot be sent in a header.' });
  });
});
