import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { loadRemoteSpecs, type RemoteSpecOptions } from '../../cli/src/remoteSpecs';
import { remoteSpecLimits } from '../../server/src/lsp/remoteFetch';
import { tempFolder } from '../support/tempFolder';

/** A spec of about `size` bytes: its description pads it, with characters that JSON writes as six bytes each where `escaped`. */
function paddedSpec(size: number, escaped: boolean): string {
  const padding = (escaped ? '\u0001' : 'a').repeat(size);
  return JSON.stringify({ openapi: '3.0.0', info: { title: 'Users', version: '1', description: padding }, paths: { '/users': { get: { summary: 'List users', responses: { '200': { description: 'ok' } } } } } });
}

let server: Server;
let base: string;

before(async () => {
  server = createServer((request, response) => {
    const match = /^\/(plain|escaped)\/(\d+)\.json$/.exec(request.url ?? '');
    if (!match) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(paddedSpec(100_000, match[1] === 'escaped'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => server.close());

const options = (cacheDir: string): RemoteSpecOptions => ({ offline: false, allowedHosts: ['127.0.0.1'], timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, cacheDir });
const urls = (kind: string, count: number) => Array.from({ length: count }, (_, n) => `${base}/${kind}/${n}.json`);

test('the bytes fetched in all are bounded: the specs past the limit are not read, each saying why, and a note tells the user', async () => {
  const limits = { ...remoteSpecLimits, concurrency: 1, maxTotalBytes: 350_000 };
  const { specs, notes } = await loadRemoteSpecs(urls('plain', 5), options(tempFolder('docsjson-cache-')), limits);
  const read = [...specs.values()].filter((spec) => spec.ok);
  assert.equal(read.length, 3);
  for (const spec of specs.values()) if (!spec.ok) assert.match(spec.error, /^it could not be fetched: the specs fetched before it passed 0\.33\d* MB in all$/);
  assert.deepEqual(notes, [`The OpenAPI specs fetched by URL passed ${350_000 / 1024 / 1024} MB in all (a check fetches at most that much): the specs left were not fetched`]);
});

test('the bytes written to the cache are bounded, counted as written (JSON escapes included): the specs are still read, a note says they were not kept', async () => {
  const cacheDir = tempFolder('docsjson-cache-');
  const limits = { ...remoteSpecLimits, concurrency: 1, maxCacheBytes: 1_000_000 };
  const { specs, notes } = await loadRemoteSpecs(urls('escaped', 3), options(cacheDir), limits);
  assert.ok([...specs.values()].every((spec) => spec.ok));
  assert.equal(readdirSync(cacheDir).length, 1, 'one copy of 600 KB fits in 1 MB, not two');
  assert.deepEqual(notes, [`2 OpenAPI specs fetched by URL were not kept on disk for the next runs: a check writes at most ${1_000_000 / 1024 / 1024} MB there`]);
});
