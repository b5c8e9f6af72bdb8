// Remote OpenAPI specs are named by a repository's docs.json: only http(s) is fetched, redirects
// are followed by hand with the same checks, and loopback or private addresses are refused unless
// the user's docsjson.openapi.allowedHosts names the host. The spec server listens on 127.0.0.1:
// loopback is the test's address, so the tests that fetch allow it explicitly.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CompletionList, Diagnostic } from 'vscode-languageserver-protocol';
import { fetchRemoteText, isPrivateAddress, MAX_REDIRECTS, RemoteFetchError } from '../../server/src/lsp/remoteFetch';
import { LspTestClient } from './lspClient';

const spec = { openapi: '3.0.0', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'The pets' } } } } } };
const listUsers = { summary: 'List users', tags: ['Users'], responses: { '200': { description: 'The users' } } };
const users = { openapi: '3.0.0', info: { title: 'Users', version: '1' }, paths: { '/users': { get: listUsers } } };
/** A spec the platform refuses: a response schema pointing to a definition it does not have. */
const refused = {
  ...users,
  paths: { '/users': { get: { ...listUsers, responses: { '200': { description: 'The users', content: { 'application/json': { schema: { $ref: '#/components/schema/User' } } } } } } } },
};

describe('remote spec fetching', () => {
  const paths: string[] = [];
  let base: string;
  const http = createServer((request, response) => {
    paths.push(request.url ?? '');
    const url = new URL(request.url ?? '/', base);
    const redirect = (location: string) => response.writeHead(302, { location }).end();
    if (url.pathname === '/openapi.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spec));
    if (url.pathname === '/redirect') return void redirect('/openapi.json');
    if (url.pathname === '/users.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(users));
    if (url.pathname === '/refused.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(refused));
    if (url.pathname === '/to-localhost') return void redirect(base.replace('127.0.0.1', 'localhost') + '/openapi.json');
    if (url.pathname === '/to-file') return void redirect('file:///etc/passwd');
    if (url.pathname === '/loop') return void redirect(`/loop?${Number(url.searchParams.get('n') ?? 0) + 1}`);
    if (url.pathname === '/big') return void response.writeHead(200).end('x'.repeat(2048));
    return void response.writeHead(404).end();
  });
  const limits = (allowedHosts: string[] = []) => ({ maxBytes: 1024 * 1024, timeoutMs: 10_000, allowedHosts });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    assert.ok(error instanceof RemoteFetchError, `refused: ${String(error)}`);
    return error.message;
  };

  before(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  after(() => http.close());

  test('a loopback address is refused without the setting, before any request', async () => {
    paths.length = 0;
    assert.match(await refusal(fetchRemoteText(`${base}/openapi.json`, limits())), /^127\.0\.0\.1 is a private or loopback address: add "127\.0\.0\.1" to the setting docsjson\.openapi\.allowedHosts/);
    assert.match(await refusal(fetchRemoteText(`${base.replace('127.0.0.1', 'localhost')}/openapi.json`, limits())), /^localhost resolves to the private or loopback address (127\.0\.0\.1|::1)/);
    assert.deepEqual(paths, [], 'the server got no request');
  });

  test('an allowed host is fetched, through a redirect, each hop checked again', async () => {
    paths.length = 0;
    assert.deepEqual(JSON.parse(await fetchRemoteText(`${base}/redirect`, limits(['127.0.0.1']))), spec);
    assert.deepEqual(paths, ['/redirect', '/openapi.json']);
    paths.length = 0;
    assert.match(await refusal(fetchRemoteText(`${base}/to-localhost`, limits(['127.0.0.1']))), /^localhost resolves to the private or loopback address/, 'a redirect to a host not allowed');
    assert.deepEqual(paths, ['/to-localhost']);
    assert.match(await refusal(fetchRemoteText(`${base}/to-file`, limits(['127.0.0.1']))), /^only http and https URLs are fetched, not file$/);
    assert.match(await refusal(fetchRemoteText(`${base}/loop`, limits(['127.0.0.1']))), new RegExp(`^more than ${MAX_REDIRECTS} redirects$`));
    assert.match(await refusal(fetchRemoteText(`${base}/big`, { ...limits(['127.0.0.1']), maxBytes: 1024 })), /^larger than/);
  });

  test('only http and https, without credentials', async () => {
    assert.match(await refusal(fetchRemoteText('file:///etc/passwd', limits())), /not file$/);
    assert.match(await refusal(fetchRemoteText('ftp://example.com/spec.json', limits())), /not ftp$/);
    assert.match(await refusal(fetchRemoteText('https://user:secret@example.com/spec.json', limits())), /user name or password/);
    assert.match(await refusal(fetchRemoteText('not a url', limits())), /not a valid URL/);
  });

  test('private, loopback, link-local and mapped addresses are private; public ones are not', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      assert.ok(isPrivateAddress(address), address);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) assert.ok(!isPrivateAddress(address), address);
  });

  describe('in the language server', () => {
    let root: string;
    before(() => {
      root = mkdtempSync(join(tmpdir(), 'docsjson-remote-'));
      const docsJson = { theme: 'mint', name: 'Remote', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'API', openapi: `${base}/redirect`, pages: ['GET /'] }] } };
      writeFileSync(join(root, 'docs.json'), JSON.stringify(docsJson, null, 2));
    });
    after(() => rmSync(root, { recursive: true, force: true }));

    const operationLabels = async (client: LspTestClient) => {
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: client.uri('docs.json') }, position: client.position('docs.json', '"GET /"', 5) });
      return list.items.filter((item) => item.kind === 2).map((item) => item.label);
    };

    for (const [name, allowedHosts, expected] of [
      ['refused without docsjson.openapi.allowedHosts', [], []],
      ['fetched through the redirect when the setting names 127.0.0.1', ['127.0.0.1'], ['GET /pets']],
    ] as const) {
      test(name, async () => {
        paths.length = 0;
        const client = await LspTestClient.start({ root, settings: { openapi: { fetchRemote: true, allowedHosts } } });
        try {
          await client.open('docs.json');
          await operationLabels(client);
          // The first request starts the fetch; its answer is taken by the next ones.
          if (expected.length > 0) await client.until(() => paths.length === 2, 15_000);
          await new Promise((resolve) => setTimeout(resolve, 300));
          assert.deepEqual(await operationLabels(client), expected);
          assert.deepEqual(paths, expected.length > 0 ? ['/redirect', '/openapi.json'] : []);
        } finally {
          await client.stop();
        }
      });
    }
  });
  describe('in the language server\'s check', () => {
    const settings = () => ({ openapi: { fetchRemote: true, allowedHosts: ['127.0.0.1'] } });
    /** A site whose API group takes its pages from the spec at `path` of the server; its page links to one of them and to one it does not make. */
    const siteWithRemoteSpec = (path: string) => {
      const site = mkdtempSync(join(tmpdir(), 'docsjson-remote-'));
      const docsJson = { theme: 'mint', name: 'Remote', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'Guides', pages: ['index'] }, { group: 'API', openapi: `${base}${path}` }] } };
      writeFileSync(join(site, 'docs.json'), JSON.stringify(docsJson, null, 2));
      writeFileSync(join(site, 'index.mdx'), '# Home\n\nThe [users](/api-reference/users/list-users), and [nobody](/api-reference/users/list-userz).\n');
      return site;
    };
    /** A file's diagnostics once they satisfy `settled`, pulled again after each refresh the server asks for. */
    const pulledUntil = async (client: LspTestClient, path: string, settled: (diagnostics: Diagnostic[]) => boolean) => {
      for (;;) {
        const refreshes = client.refreshRequests;
        const diagnostics = await client.diagnostics(path);
        if (settled(diagnostics)) return diagnostics;
        await client.until(() => client.refreshRequests > refreshes, 30_000);
      }
    };

    test('the fetched spec makes its pages in the check: a link to one resolves, a link to one it does not make is an error', async () => {
      const site = siteWithRemoteSpec('/users.json');
      const client = await LspTestClient.start({ root: site, settings: settings() });
      try {
        await client.open('docs.json');
        await client.open('index.mdx');
        const links = (diagnostics: Diagnostic[]) => diagnostics.filter((diagnostic) => String(diagnostic.code).startsWith('link/'));
        const [missing, ...others] = links(await pulledUntil(client, 'index.mdx', (diagnostics) => links(diagnostics).length > 0));
        assert.deepEqual(others, []);
        assert.equal(missing.code, 'link/missing-page');
        assert.match(String(missing.message), /^Link "\/api-reference\/users\/list-userz" leads nowhere/);
        assert.deepEqual((await client.diagnostics('docs.json')).map((diagnostic) => diagnostic.code), []);
      } finally {
        await client.stop();
        rmSync(site, { recursive: true, force: true });
      }
    });

    test('a fetched spec the platform refuses is an error on its reference in docs.json, in a writer\'s words, with where in the fetched spec', async () => {
      const site = siteWithRemoteSpec('/refused.json');
      const client = await LspTestClient.start({ root: site, settings: settings() });
      try {
        await client.open('docs.json');
        const refusal = (diagnostics: Diagnostic[]) => diagnostics.filter((diagnostic) => diagnostic.code === 'ref/invalid-openapi');
        const [problem] = refusal(await pulledUntil(client, 'docs.json', (diagnostics) => refusal(diagnostics).length > 0));
        const served = JSON.stringify(refused);
        const column = served.indexOf('"#/components/schema/User"') + 1;
        assert.equal(
          problem.message,
          `The spec at ${base}/refused.json does not validate, so its one operation gets no page. The 200 response schema of GET /users points to "#/components/schema/User", which the spec does not define. Define it, or point to a definition the spec has (${base}/refused.json:1:${column})`,
        );
        assert.equal(problem.range.start.line, client.text('docs.json').slice(0, client.text('docs.json').indexOf('/refused.json')).split('\n').length - 1);
      } finally {
        await client.stop();
        rmSync(site, { recursive: true, force: true });
      }
    });
  });
});
