// The language server's fetcher of specs given by URL, within its session's limits: so many specs,
// so many at a time, so many bytes in all. A spec past a limit says why, as one that failed.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { LoadedSpec } from '../../server/src/engine/openapi/loadedSpec';
import { remoteSpecLimits } from '../../server/src/lsp/remoteFetch';
import { RemoteSpecFetcher } from '../../server/src/lsp/remoteSpecs';

const spec = (n: string) => JSON.stringify({ openapi: '3.0.0', info: { title: `API ${n}`, version: '1', description: 'a'.repeat(100_000) }, paths: {} });
const requests = { inFlight: 0, most: 0, count: 0 };
let server: Server;
let base: string;

before(async () => {
  server = createServer((request, response) => {
    requests.count++;
    requests.most = Math.max(requests.most, ++requests.inFlight);
    setTimeout(() => {
      requests.inFlight--;
      response.writeHead(200, { 'content-type': 'application/json' }).end(spec(request.url ?? ''));
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => server.close());

/** Asks for each URL, then waits until every one asked for is fetched or has failed. */
async function fetchAll(fetcher: RemoteSpecFetcher, urls: string[]): Promise<(LoadedSpec | undefined)[]> {
  let pending = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const specs = fetcher.allowing(['127.0.0.1'], () => {
    if (--pending === 0) done();
  });
  for (const url of urls) if (specs.get(url) === undefined) pending++;
  if (pending > 0) await finished;
  return urls.map((url) => specs.get(url));
}

test('a session fetches at most so many specs by URL, so many at a time; the others say why', async () => {
  Object.assign(requests, { most: 0, count: 0 });
  const urls = Array.from({ length: 7 }, (_, n) => `${base}/count/${n}.json`);
  const specs = await fetchAll(new RemoteSpecFetcher({ ...remoteSpecLimits, maxSpecs: 5, concurrency: 2 }), urls);
  assert.equal(requests.count, 5);
  assert.equal(requests.most, 2);
  assert.deepEqual(specs.map((loaded) => loaded?.ok), [true, true, true, true, true, false, false]);
  assert.equal(specs[5]?.ok === false && specs[5].error, 'it was not fetched: the editor fetches at most 5 specs by URL in a session');
});

test('a session fetches so many bytes in all: a spec past them could not be fetched, saying why', async () => {
  const urls = Array.from({ length: 4 }, (_, n) => `${base}/bytes/${n}.json`);
  const specs = await fetchAll(new RemoteSpecFetcher({ ...remoteSpecLimits, concurrency: 1, maxTotalBytes: 250_000 }), urls);
  assert.deepEqual(specs.map((loaded) => loaded?.ok), [true, true, false, false]);
  assert.match(specs[2]?.ok === false ? specs[2].error : '', /^it could not be fetched: the specs fetched before it passed 0\.2\d* MB in all$/);
});
