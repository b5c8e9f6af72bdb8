import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { writeSite } from '../support/site';
import { tempFolder } from '../support/tempFolder';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

const listUsers = { summary: 'List users', tags: ['Users'], responses: { '200': { description: 'The users' } } };
const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'Users', version: '1' }, paths: { '/users': { get: listUsers } } });
/** A spec the platform refuses: a response schema pointing to a definition it does not have. */
const refused = JSON.stringify(
  {
    openapi: '3.0.0',
    info: { title: 'Users', version: '1' },
    paths: { '/users': { get: { ...listUsers, responses: { '200': { description: 'The users', content: { 'application/json': { schema: { $ref: '#/components/schema/User' } } } } } } } },
  },
  null,
  2,
);
const etag = '"v1"';

/** What the spec server was asked, by path: the status it answered each time. */
const answered = new Map<string, number[]>();
/** Requests of /many/ specs the server was answering at once: now, and at most. */
const many = { inFlight: 0, most: 0 };
let server: Server;
let base: string;

before(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    const answer = (status: number, body = '', headers: Record<string, string> = {}) => {
      answered.set(path, [...(answered.get(path) ?? []), status]);
      response.writeHead(status, headers).end(body);
    };
    if (path === '/spec.json') {
      if (request.headers['if-none-match'] === etag) return answer(304);
      return answer(200, spec, { etag, 'content-type': 'application/json' });
    }
    if (path === '/slow.json') return void setTimeout(() => answer(200, spec), 5_000).unref();
    if (path === '/huge.json') {
      answered.set(path, [200]);
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, ' ');
      let sent = 0;
      const write = () => {
        while (sent < 12 && response.write(chunk)) sent++;
        if (sent >= 12) response.end();
        else response.once('drain', write);
      };
      response.on('error', () => undefined);
      return write();
    }
    const numbered = /^\/many\/(\d+)\.json$/.exec(path);
    if (numbered) {
      many.most = Math.max(many.most, ++many.inFlight);
      const body = JSON.stringify({ openapi: '3.0.0', info: { title: 'Users', version: '1' }, paths: { '/users': { get: { ...listUsers, tags: [`Users ${numbered[1]}`] } } } });
      return void setTimeout(() => {
        many.inFlight--;
        answer(200, body);
      }, 50);
    }
    if (path === '/invalid.json') return answer(200, '{"hello": "world"}');
    if (path === '/refused.json') return answer(200, refused);
    answer(404, 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => server.close());

/** A site whose API group takes its pages from the spec at `path` of the server, with a page and a redirect leading to one of them. */
function siteWithRemoteSpec(path: string, config?: object): string {
  return writeSite({
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'A',
      colors: { primary: '#000' },
      navigation: { groups: [{ group: 'Guides', pages: ['index'] }, { group: 'API', openapi: `${base}${path}` }] },
      redirects: [{ source: '/users', destination: '/api-reference/users/list-users' }],
    }),
    'index.mdx': '# Home\n\nThe [users](/api-reference/users/list-users).\n',
    ...(config ? { 'docsjson.config.json': JSON.stringify(config) } : {}),
  });
}

interface Run {
  code: number | null;
  findings: string[];
  /** What the check says it left out by its limits. */
  notes: string[];
  seconds: number;
}

function check(root: string, args: string[], cacheDir: string): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, 'check', '.', '--format', 'json', ...args], { cwd: root, env: { ...process.env, DOCSJSON_CACHE_DIR: cacheDir }, timeout: 60_000 }, (error, stdout) => {
      const report = JSON.parse(stdout) as { files: { path: string; diagnostics: { severity: string; code: string; message: string }[] }[]; notes?: string[] };
      const findings = report.files.flatMap((file) => file.diagnostics.map((d) => `${file.path} ${d.severity} ${d.code} ${d.message}`));
      resolve({ code: error ? (error.code as number) : 0, findings, notes: report.notes ?? [], seconds: (performance.now() - started) / 1000 });
    });
  });
}

const allow = ['--allow-host', '127.0.0.1'];

/** The one information line a spec not read gives, and that nothing else was reported. */
function assertOnlyUnread(run: Run, why: RegExp): void {
  assert.equal(run.code, 0, run.findings.join('\n'));
  assert.equal(run.findings.length, 1, run.findings.join('\n'));
  assert.match(run.findings[0], /^docs\.json information ref\/remote-unread Cannot check 2 links and redirects into \/api-reference\/, where the spec at http:\/\/127\.0\.0\.1:\d+\/\S+ makes its pages: /);
  assert.match(run.findings[0], why);
}

test('without --fetch-remote, links and redirects into a remote spec give one information line, no error', async () => {
  assertOnlyUnread(await check(siteWithRemoteSpec('/spec.json'), [], tempFolder('docsjson-cache-')), /it was not fetched\. Run docsjson check with --fetch-remote/);
  assert.equal(answered.get('/spec.json'), undefined, 'nothing is fetched without the option');
});

test('--fetch-remote refuses a loopback host unless --allow-host names it', async () => {
  assertOnlyUnread(await check(siteWithRemoteSpec('/spec.json'), ['--fetch-remote'], tempFolder('docsjson-cache-')), /127\.0\.0\.1 is a private or loopback address/);
});

test('--fetch-remote reads the spec: its pages resolve, a wrong one is reported; the next run asks with the ETag and gets 304; --offline uses the copy on disk', async () => {
  const cacheDir = tempFolder('docsjson-cache-');
  const root = siteWithRemoteSpec('/spec.json');
  answered.delete('/spec.json');
  const first = await check(root, ['--fetch-remote', ...allow], cacheDir);
  assert.deepEqual(first.findings, []);
  assert.equal(first.code, 0);
  const second = await check(root, ['--fetch-remote', ...allow], cacheDir);
  assert.deepEqual(second.findings, []);
  assert.deepEqual(answered.get('/spec.json'), [200, 304]);
  const offline = await check(root, ['--offline'], cacheDir);
  assert.deepEqual(offline.findings, []);
  assert.deepEqual(answered.get('/spec.json'), [200, 304], 'offline fetches nothing');
  assertOnlyUnread(await check(root, ['--offline'], tempFolder('docsjson-cache-')), /it is not in the cache \(run once with --fetch-remote, without --offline\)/);
});

test('"openapi": { "fetchRemote": true } in docsjson.config.json does not turn fetching on: the repository does not decide to fetch', async () => {
  answered.delete('/spec.json');
  const run = await check(siteWithRemoteSpec('/spec.json', { openapi: { fetchRemote: true } }), allow, tempFolder('docsjson-cache-'));
  assertOnlyUnread(run, /it was not fetched\. Run docsjson check with --fetch-remote/);
  assert.equal(answered.get('/spec.json'), undefined, 'nothing is fetched without the option');
});

test('"openapi": { "fetchRemote": false } in docsjson.config.json turns --fetch-remote off, with a note that says so', async () => {
  answered.delete('/spec.json');
  const run = await check(siteWithRemoteSpec('/spec.json', { openapi: { fetchRemote: false } }), ['--fetch-remote', ...allow], tempFolder('docsjson-cache-'));
  assert.equal(answered.get('/spec.json'), undefined);
  assert.deepEqual(run.notes, ['docsjson.config.json turns fetching off ("openapi": { "fetchRemote": false }): the specs given by URL were not fetched']);
});

test('a site naming many specs by URL: 20 are fetched, 4 at a time, and a note says the others were not', async () => {
  const count = 23;
  const root = writeSite({
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'A',
      colors: { primary: '#000' },
      navigation: { groups: [{ group: 'Guides', pages: ['index'] }, ...Array.from({ length: count }, (_, n) => ({ group: `API ${n}`, openapi: `${base}/many/${n}.json` }))] },
    }),
    'index.mdx': '# Home\n',
  });
  const run = await check(root, ['--fetch-remote', ...allow], tempFolder('docsjson-cache-'));
  assert.equal([...answered.keys()].filter((path) => path.startsWith('/many/')).length, 20, 'the first 20 are fetched');
  assert.ok(many.most <= 4 && many.most > 0, `${many.most} fetched at once`);
  assert.deepEqual(run.notes, [`The site names ${count} OpenAPI specs by URL: only the first 20 were read (a check reads at most 20); what leads into the others is not checked`]);
});

test('a slow server is given up after --fetch-timeout, a huge spec past 10 MB, a 404 and a file that is no spec: one information line each, never an error', async () => {
  const slow = await check(siteWithRemoteSpec('/slow.json'), ['--fetch-remote', ...allow, '--fetch-timeout', '1'], tempFolder('docsjson-cache-'));
  assertOnlyUnread(slow, /could not be fetched: .*(timeout|aborted)/i);
  assert.ok(slow.seconds < loadScaled(4500) / 1000, `gave up after ${slow.seconds.toFixed(1)} s`);
  assertOnlyUnread(await check(siteWithRemoteSpec('/huge.json'), ['--fetch-remote', ...allow], tempFolder('docsjson-cache-')), /larger than 10 MB/);
  assertOnlyUnread(await check(siteWithRemoteSpec('/missing.json'), ['--fetch-remote', ...allow], tempFolder('docsjson-cache-')), /HTTP 404/);
  assertOnlyUnread(await check(siteWithRemoteSpec('/invalid.json'), ['--fetch-remote', ...allow], tempFolder('docsjson-cache-')), /no "openapi: 3\.x"/);
});

test('with the spec read, a link to a page it does not make is an error', async () => {
  const root = siteWithRemoteSpec('/spec.json');
  writeFileSync(join(root, 'index.mdx'), '# Home\n\nThe [users](/api-reference/users/list-userz).\n');
  const run = await check(root, ['--fetch-remote', ...allow], tempFolder('docsjson-cache-'));
  assert.equal(run.code, 1);
  assert.equal(run.findings.length, 1, run.findings.join('\n'));
  assert.match(run.findings[0], /^index\.mdx error link\/missing-page Link "\/api-reference\/users\/list-userz" leads nowhere/);
});

test('--fetch-remote validates the spec as the platform does: one it refuses is an error on its reference, in a writer\'s words, with where in the fetched spec', async () => {
  const run = await check(siteWithRemoteSpec('/refused.json'), ['--fetch-remote', ...allow], tempFolder('docsjson-cache-'));
  assert.equal(run.code, 1);
  assert.equal(run.findings.length, 1, run.findings.join('\n'));
  const before = refused.slice(0, refused.indexOf('"#/components/schema/User"')).split('\n');
  const where = `${before.length}:${before[before.length - 1].length + 1}`;
  assert.equal(where, '20:27', 'the $ref is on a line of its own in the served spec');
  assert.equal(
    run.findings[0],
    `docs.json error ref/invalid-openapi The spec at ${base}/refused.json does not validate, so its one operation gets no page. The 200 response schema of GET /users points to "#/components/schema/User", which the spec does not define. Define it, or point to a definition the spec has (${base}/refused.json:${where})`,
  );
});
