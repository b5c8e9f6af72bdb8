// A proxy URL is the user's or the environment's text: a malformed one is said plainly, never a
// crash (a password with "%zz" threw "URI malformed"), and its password stays out of messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { AgentApiClient } from '../../agent/src/apiClient';
import { ApiHttp } from '../../agent/src/http/apiHttp';
import { isAgentApiError } from '../../agent/src/errors';
import { describeFailure } from '../../agent/src/failure';

describe('malformed proxy URLs', () => {
  let server: DevApiServer;
  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 5, jobDurationMs: 50 });
  });
  after(() => server.close());

  for (const [name, proxyUrl] of [
    ['a password with a malformed percent escape', 'http://user:s3cret%zz@127.0.0.1:3128'],
    ['a URL that does not parse', 'http://user:s3cret@[not-a-host'],
  ]) {
    it(`${name} is refused with a plain message that does not repeat it`, () => {
      let thrown: unknown;
      try {
        new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey, proxyUrl });
      } catch (error) {
        thrown = error;
      }
      assert.ok(isAgentApiError(thrown, 'bad-option'), `refused as a bad option, not ${String(thrown)}`);
      const failure = describeFailure(thrown, { surface: 'editor' });
      assert.equal(failure.message, 'The proxy URL (proxy setting, HTTPS_PROXY or HTTP_PROXY) is not valid.');
      assert.doesNotMatch(`${failure.message} ${failure.detail}`, /s3cret/);
    });
  }
});

describe('the secrets the client keeps out of its messages and logs', () => {
  it('the API key, whatever its shape, and the proxy passwords of the option and the environment, as written and decoded', async () => {
    const names = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    for (const name of names) delete process.env[name];
    process.env.http_proxy = 'http://env-user:env-pa55word@127.0.0.1:3128';
    process.env.HTTPS_PROXY = 'not a URL';
    try {
      const http = new ApiHttp({ baseUrl: 'http://127.0.0.1:9', apiKey: 'plain-key-0001', proxyUrl: 'http://user:op%40ti0n%2Fpass@127.0.0.1:3128' });
      assert.equal(
        http.redact('key plain-key-0001; passwords op%40ti0n%2Fpass, op@ti0n/pass, env-pa55word'),
        'key [redacted]; passwords [redacted], [redacted], [redacted]',
      );
      await http.close();
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});
