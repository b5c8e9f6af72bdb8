import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { isLoopbackHost, parseApiBaseUrl } from '../../agent/src/http/apiBaseUrl';
import { oneLine, serverMessage, statusError, transportError, type TransportFailure } from '../../agent/src/http/failures';
import { readBodyText } from '../../agent/src/http/readBody';
import { createRedactor } from '../../agent/src/redact';

const redact = createRedactor(['mint_secret_key']);
const what = 'GET /v1/agent/p/job/1';
const timeouts = { connectMs: 10_000, headersMs: 60_000, bodyIdleMs: 1_250 };

function transport(error: unknown, overrides: Partial<TransportFailure> = {}) {
  return transportError({ error, what, host: 'api.example.com', timeouts, cancelled: false, phase: 'request', ...overrides }, redact);
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('HTTP error statuses', () => {
  it('each status has its own kind and says what was asked; 5xx may have reached the server', () => {
    const cases: [number, string, string][] = [
      [400, 'bad-request', `The agent API refused the request (HTTP 400) ${what}.`],
      [422, 'bad-request', `The agent API refused the request (HTTP 422) ${what}.`],
      [401, 'unauthorized', `The agent API rejected the API key (HTTP 401) for ${what}.`],
      [403, 'forbidden', `The API key may not do ${what} (HTTP 403); it must be an admin key of this project, used from an allowed IP address.`],
      [404, 'not-found', `Not found (HTTP 404): ${what}; check the project id and job id.`],
      [410, 'gone', `Gone (HTTP 410): ${what}; the API no longer serves this path.`],
      [429, 'rate-limited', `Rate limited by the agent API (HTTP 429) for ${what}; try again later.`],
      [500, 'server', `The agent API failed (HTTP 500) for ${what}.`],
      [503, 'server', `The agent API failed (HTTP 503) for ${what}.`],
      [418, 'http', `The agent API answered HTTP 418 for ${what}.`],
      [499, 'http', `The agent API answered HTTP 499 for ${what}.`],
    ];
    for (const [status, kind, message] of cases) {
      const error = statusError({ status, body: '', what }, redact);
      assert.equal(error.kind, kind, String(status));
      assert.equal(error.message, message, String(status));
      assert.equal(error.status, status);
      assert.equal(error.mayHaveReachedServer, status >= 500, String(status));
      assert.equal(error.serverSaid, undefined);
    }
  });

  it('a 429 with Retry-After says when to try again, rounded up to the second', () => {
    const error = statusError({ status: 429, body: '', what, retryAfterMs: 2_100 }, redact);
    assert.equal(error.message, `Rate limited by the agent API (HTTP 429) for ${what}; try again in 3 s.`);
    assert.equal(error.retryAfterMs, 2_100);
  });

  it("quotes the server's explanation, redacted, and keeps it apart; the session id goes along", () => {
    const error = statusError({ status: 400, body: '{"error":"prompt too long for mint_secret_key"}', what, sessionId: 's1', request: 'create', apiVersion: 2 }, redact);
    assert.equal(error.message, `The agent API refused the request (HTTP 400) ${what}: prompt too long for [redacted]`);
    assert.equal(error.serverSaid, 'prompt too long for [redacted]');
    assert.deepEqual([error.sessionId, error.request, error.apiVersion], ['s1', 'create', 2]);
  });

  it("finds the server's explanation in error, message or detail, nested or not; an HTML page says nothing", () => {
    assert.equal(serverMessage('{"error":"a"}'), 'a');
    assert.equal(serverMessage('{"message":"b"}'), 'b');
    assert.equal(serverMessage('{"detail":"c"}'), 'c');
    assert.equal(serverMessage('{"error":{"message":"d"}}'), 'd');
    assert.equal(serverMessage('{"error":5,"detail":"e"}'), 'e', 'a field that is not text is passed over');
    assert.equal(serverMessage('{"error":null,"message":{"message":"f"}}'), 'f');
    assert.equal(serverMessage('{"other":"x"}'), '{"other":"x"}', 'no known field: the body as text');
    assert.equal(serverMessage('null'), 'null');
    assert.equal(serverMessage('plain\n\ttext'), 'plain text');
    assert.equal(serverMessage('  <html><body>Bad gateway</body></html>'), '');
    assert.equal(serverMessage('1 < 2 is not allowed'), '1 < 2 is not allowed', 'a "<" inside the text is not a page');
  });

  it('one line: control characters and runs of whitespace become one space, and the text is cut to its limit', () => {
    assert.equal(oneLine(' a\u0000\u001b[31m b\u007f\u0085c\n\n d '), 'a [31m b c d');
    assert.equal(oneLine('x'.repeat(301)), `${'x'.repeat(300)}… [1 more characters not shown]`);
    assert.equal(oneLine('x'.repeat(300)), 'x'.repeat(300));
    assert.equal(oneLine('abcdefgh', 5), 'abcde… [3 more characters not shown]');
  });
});

describe('HTTP transport failures', () => {
  it('a cancelled request is cancelled, whatever the error', () => {
    const error = transport(withCode('aborted', 'UND_ERR_HEADERS_TIMEOUT'), { cancelled: true });
    assert.deepEqual([error.kind, error.message, error.mayHaveReachedServer], ['cancelled', `Cancelled: ${what}.`, true]);
  });

  it('each timeout says which wait ran out and for how long; only a connect timeout surely sent nothing', () => {
    const connect = transport(withCode('x', 'UND_ERR_CONNECT_TIMEOUT'));
    assert.deepEqual([connect.kind, connect.message, connect.mayHaveReachedServer], ['timeout', `Could not connect to api.example.com within 10 s (${what}).`, false]);
    const headers = transport(withCode('x', 'UND_ERR_HEADERS_TIMEOUT'));
    assert.deepEqual([headers.kind, headers.message, headers.mayHaveReachedServer], ['timeout', `No answer from api.example.com within 60 s (${what}).`, true]);
    const body = transport(withCode('x', 'UND_ERR_BODY_TIMEOUT'));
    assert.deepEqual([body.kind, body.message, body.mayHaveReachedServer], ['timeout', `The answer from api.example.com stalled for more than 1.3 s (${what}).`, true]);
  });

  it('a refusing proxy is named as such', () => {
    const error = transport(new Error('Proxy response (407) !== 200 when HTTP Tunneling'));
    assert.deepEqual([error.kind, error.message, error.mayHaveReachedServer], ['network', 'The proxy refused to connect to api.example.com (Proxy response (407) !== 200 when HTTP Tunneling).', false]);
  });

  it('a stream that breaks off says so, with the cause and its code', () => {
    const error = transport(withCode('other side closed', 'UND_ERR_SOCKET'), { phase: 'stream' });
    assert.deepEqual([error.kind, error.message, error.mayHaveReachedServer], ['stream-broken', `The live stream of ${what} from api.example.com broke off: other side closed (UND_ERR_SOCKET).`, true]);
  });

  it('a request that could not be sent created nothing; any other network error may have reached the server', () => {
    const notSent = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'ERR_TLS_CERT_ALTNAME_INVALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'CERT_HAS_EXPIRED'];
    for (const code of notSent) {
      const error = transport(withCode('failed', code));
      assert.deepEqual([error.kind, error.message, error.mayHaveReachedServer], ['network', `Network error on ${what} to api.example.com: failed (${code}).`, false], code);
    }
    for (const error of [transport(withCode('reset', 'ECONNRESET')), transport('no code at all')]) {
      assert.equal(error.kind, 'network');
      assert.equal(error.mayHaveReachedServer, true, error.message);
    }
    assert.equal(transport('no code at all').message, `Network error on ${what} to api.example.com: no code at all.`);
  });

  it('an error without a text code, or no error at all, is a network error without a code', () => {
    assert.equal(transport(Object.assign(new Error('odd'), { code: 5 })).message, `Network error on ${what} to api.example.com: odd.`);
    assert.equal(transport(undefined).kind, 'network');
  });

  it('a key in an error text is redacted', () => {
    assert.doesNotMatch(transport(new Error('failed for mint_secret_key')).message, /mint_secret_key/);
  });
});

describe('API base URL', () => {
  it('accepts HTTPS, and plain HTTP to this machine only, without a trailing slash', () => {
    assert.equal(parseApiBaseUrl(' https://api.example.com/ '), 'https://api.example.com');
    assert.equal(parseApiBaseUrl('https://api.example.com/base//'), 'https://api.example.com/base');
    for (const local of ['http://localhost:8787', 'http://LOCALHOST', 'http://dev.localhost', 'http://[::1]:1', 'http://127.0.0.1', 'http://127.10.20.30']) {
      assert.ok(parseApiBaseUrl(local).startsWith('http://'), local);
    }
  });

  it('refuses what would send the key elsewhere or carry more than an address', () => {
    const refusals: [string, string, RegExp][] = [
      ['not a url', 'bad-option', /^The API URL is not a valid URL\.$/],
      ['https://user:pw@api.example.com', 'bad-option', /must not contain credentials/],
      ['https://user@api.example.com', 'bad-option', /must not contain credentials/],
      ['https://api.example.com/?x=1', 'bad-option', /must not contain a query or fragment/],
      ['https://api.example.com/#top', 'bad-option', /must not contain a query or fragment/],
      ['http://api.example.com', 'insecure-url', /^Refusing to send the API key over plain HTTP to api\.example\.com: use https:\/\//],
      ['http://127.0.0.1.example.com', 'insecure-url', /plain HTTP/],
      ['http://localhost.example.com', 'insecure-url', /plain HTTP/],
      ['ftp://api.example.com', 'bad-option', /^The API URL must start with https:\/\/ \(got ftp:\/\/\)\.$/],
    ];
    for (const [url, kind, message] of refusals) {
      assert.throws(() => parseApiBaseUrl(url), (error: { kind: string; message: string }) => error.kind === kind && message.test(error.message), url);
    }
  });

  it('loopback hosts are localhost, its subdomains, [::1] and 127.x.y.z', () => {
    for (const host of ['localhost', 'a.localhost', '[::1]', '127.0.0.1', '127.255.255.255']) assert.equal(isLoopbackHost(host), true, host);
    for (const host of ['localhost.evil', 'notlocalhost', '128.0.0.1', '127.0.0.1.evil', 'x127.0.0.1', '127.0.0', '::1']) assert.equal(isLoopbackHost(host), false, host);
  });
});

describe('reading a body with a size limit', () => {
  const body = (...chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));

  it('a body of exactly the limit is complete; one byte more is cut at the limit', async () => {
    assert.deepEqual(await readBodyText(body('abc', 'de'), 5), { text: 'abcde', complete: true });
    assert.deepEqual(await readBodyText(body('abc', 'def'), 5), { text: 'abcde', complete: false });
  });

  it('a character split between chunks is decoded whole', async () => {
    const bytes = Buffer.from('é');
    const split = Readable.from([bytes.subarray(0, 1), bytes.subarray(1)]);
    assert.deepEqual(await readBodyText(split, 10), { text: 'é', complete: true });
  });
});
