import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, SiteGraph, type CheckOptions } from '../../../server/src/engine';
import { parseSpec } from '../../../server/src/engine/openapi/openapiSpec';
import { trimSlashes } from '../../../server/src/engine/pages/routes';
import { docsJson, writeSite } from '../../support/site';

const info = { title: 'T', version: '1' };
const items = {
  openapi: '3.1.0',
  info,
  paths: {
    '/items': { get: { summary: 'List' }, post: { summary: 'Create' } },
    '/items/{id}/parts': { get: {} },
    '/same1': { get: { summary: 'Same' } },
    '/same2': { get: { summary: 'Same' } },
    '/same3': { get: { summary: 'Same' } },
    '/odd': { get: { summary: ' Odd - name ' } },
  },
};
const itemsRoutes = ['api-reference/create', 'api-reference/get-items-parts', 'api-reference/list', 'api-reference/odd--name', 'api-reference/same', 'api-reference/same-1', 'api-reference/same-2'];
const listB = { openapi: '3.1.0', info, paths: { '/items': { get: { summary: 'List B' } } } };
const alsoListB = { openapi: '3.1.0', info, paths: { '/things': { get: { summary: 'List B' } } } };

/** The graph of a site with the specs `items.json`, `b.json` and `c.json`, its navigation given, and more files. */
function graphOf(navigation: string, files: Record<string, string> = {}, options: CheckOptions = {}, extra = ''): SiteGraph {
  const root = writeSite({
    'intro.mdx': '',
    'items.json': JSON.stringify(items),
    'b.json': JSON.stringify(listB),
    'c.json': JSON.stringify(alsoListB),
    'docs.json': docsJson(navigation, extra),
    ...files,
  });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host, options));
}

function generatedRoutes(navigation: string, options?: CheckOptions): string[] {
  return [...graphOf(navigation, {}, options).routes.generated.keys()].sort();
}

test('"/" serves the index page, else the first page of the navigation that exists', () => {
  const withoutIndex = graphOf('{ "pages": ["missing", "guide", "intro"] }', { 'guide.mdx': '' });
  assert.deepEqual(withoutIndex.routes.lookup(''), { kind: 'page', file: 'guide.mdx' });
  const withIndex = graphOf('{ "pages": ["intro", "index"] }', { 'index.mdx': '' });
  assert.deepEqual(withIndex.routes.lookup(''), { kind: 'page', file: 'index.mdx' });
  assert.equal(graphOf('{ "pages": ["missing"] }').routes.lookup(''), undefined, 'no index page and no navigation page: "/" serves nothing');
});

test('a page route is x.mdx before x.md, x.mdx before x/index.mdx, and x/index at any depth', () => {
  const { routes } = graphOf('{ "pages": ["intro"] }', { 'guide.md': '', 'guide.mdx': '', 'setup/index.mdx': '', 'setup.mdx': '', 'a/b/index.mdx': '', 'notes.md': '' });
  assert.equal(routes.pageAt('guide'), 'guide.mdx');
  assert.equal(routes.pageAt('setup'), 'setup.mdx');
  assert.equal(routes.pageAt('setup/index'), 'setup/index.mdx');
  assert.equal(routes.pageAt('a/b'), 'a/b/index.mdx');
  assert.equal(routes.pageAt('notes'), 'notes.md');
  assert.equal(routes.pageAt('a'), undefined);
});

test("a folder's page to link is the navigation's first page in it, else its first page by name", () => {
  const files = { 'guides/c.mdx': '', 'guides/a.mdx': '', 'guides/b.mdx': '', 'other/x.mdx': '' };
  const { routes } = graphOf('{ "pages": ["guides/missing", "intro", "guides/b", "guides/c"] }', files);
  assert.equal(routes.firstPageIn('guides'), 'guides/b');
  assert.equal(routes.firstPageIn('other'), 'other/x');
  assert.equal(routes.firstPageIn('none'), undefined);
  assert.equal(graphOf('{ "pages": ["intro"] }', { 'docs/x/index.mdx': '' }).routes.firstPageIn('docs'), 'docs/x', 'the folder before its index page');
  const unchecked = new SiteGraph(new DiskSiteHost(writeSite(files)));
  assert.equal(unchecked.routes.firstPageIn('guides'), 'guides/a', 'without a check, the first by name');
  assert.equal(unchecked.routes.lookup('guides/c')?.kind, 'page');
});

test('redirects: only entries with a text source and destination, and no query or fragment in the source', () => {
  const redirects =
    '\n  "redirects": [ 1, { "source": 2, "destination": "/intro" }, { "source": "/number", "destination": 3 }, { "source": "/asked?x=1", "destination": "/intro" }, { "source": "/old", "destination": "/intro" } ],';
  const { routes } = graphOf('{ "pages": ["intro"] }', {}, {}, redirects);
  assert.deepEqual(routes.lookup('old'), { kind: 'redirect', redirect: { ...routes.redirectFor('old')!, written: '/old' } });
  assert.equal(routes.redirectFor('old')?.destination, '/intro');
  assert.equal(routes.lookup('number'), undefined);
  assert.equal(routes.lookup('asked'), undefined);
  assert.equal(routes.lookup('2'), undefined);
});

test('an element with a spec gets a page per operation: summaries made file names, a number after each repeat', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": "items.json" } ] }'), itemsRoutes);
});

test('an operation entry gives the page of the operation of its method and path', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": "items.json", "pages": ["POST /items"] } ] }'), ['api-reference/create']);
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": "items.json", "pages": ["GET /same2"] } ] }'), ['api-reference/same']);
});

test('an operation entry that names a spec takes the operation from that spec', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": ["items.json", "b.json"], "pages": ["b.json GET /items"] } ] }'), [...itemsRoutes, 'api-reference/list-b'].sort());
});

test('an operation entry without a spec looks in the first spec in force only', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": ["b.json", "items.json"], "pages": ["POST /items"] } ] }'), ['api-reference/list-b']);
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "pages": ["intro", "GET /items"] } ] }'), [], 'no spec in force: no page');
});

test('the navigation root gives every page of its spec, whatever operation entries below it name', () => {
  assert.deepEqual(generatedRoutes('{ "openapi": "items.json", "groups": [ { "group": "G", "pages": ["POST /items"] } ] }'), itemsRoutes);
});

test('two specs that make the same route: the first keeps it', () => {
  const { routes } = graphOf('{ "groups": [ { "group": "B", "openapi": "b.json" }, { "group": "C", "openapi": "c.json" } ] }');
  assert.deepEqual([...routes.generated.keys()], ['api-reference/list-b']);
  assert.equal(routes.generated.get('api-reference/list-b')?.spec, 'b.json');
  assert.equal(routes.lookup('api-reference/list-b')?.kind, 'generated');
});

test('"directory": a spec declared without one goes under api-reference, whatever its ancestors say', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": { "source": "b.json" } } ] }'), ['api-reference/list-b']);
  assert.deepEqual(
    generatedRoutes('{ "groups": [ { "group": "O", "openapi": { "source": "b.json", "directory": "outer" }, "pages": [ { "group": "I", "openapi": "c.json", "pages": ["intro"] } ] } ] }'),
    ['api-reference/list-b', 'outer/list-b'],
  );
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": { "source": "b.json", "directory": "./ref" } } ] }'), ['ref/list-b']);
});

test('a spec file that is missing gives no pages and leaves no ground unknown', () => {
  const { routes } = graphOf('{ "groups": [ { "group": "API", "openapi": "missing.json", "pages": ["GET /items"] } ] }');
  assert.deepEqual([[...routes.generated.keys()], [...routes.uncheckedSpecs.keys()]], [[], []]);
  assert.equal(routes.uncheckedSpecAt('api-reference/list'), undefined);
});

test('page entries that are not text neither give pages nor stop the others', () => {
  const graph = graphOf('{ "groups": [ { "group": "API", "openapi": "b.json", "pages": [5, ["POST /items"], "GET /items"] }, { "group": "G", "pages": [7, "intro"] } ] }');
  assert.deepEqual([...graph.routes.generated.keys()], ['api-reference/list-b']);
  assert.deepEqual(graph.routes.lookup(''), { kind: 'page', file: 'intro.mdx' });
});

test('a spec by URL: its pages when the check was given it, else its directory is unknown ground', () => {
  const url = 'https://example.com/openapi.json';
  const navigation = `{ "groups": [ { "group": "API", "openapi": { "source": "${url}", "directory": "remote" }, "pages": ["GET /items"] }, { "group": "B", "openapi": "${url}" } ] }`;
  const fetched = parseSpec(JSON.stringify(listB), 'openapi.json');
  assert.deepEqual(generatedRoutes(navigation, { remoteSpecs: { get: (asked) => (asked === url ? fetched : undefined) } }), ['api-reference/list-b', 'remote/list-b']);

  const unfetched = graphOf(navigation).routes;
  assert.deepEqual([...unfetched.generated.keys()], []);
  assert.deepEqual([...unfetched.uncheckedSpecs.values()].map(({ url, error, directory }) => ({ url, error, directory })), [{ url, error: undefined, directory: 'remote' }]);
  assert.equal(unfetched.uncheckedSpecAt('remote/list-b')?.url, url);
  assert.equal(unfetched.uncheckedSpecAt('remotely/list-b'), undefined);
  assert.equal(unfetched.uncheckedSpecAt('other/remote/list-b'), undefined);

  const unreadable = parseSpec('{ "openapi": ', 'openapi.json');
  const refused = graphOf(navigation, {}, { remoteSpecs: { get: () => unreadable } }).routes;
  assert.equal(unreadable.ok, false);
  assert.equal([...refused.uncheckedSpecs.values()][0].error, unreadable.ok ? undefined : unreadable.error);
});

test('slashes are trimmed at both ends, however many', () => {
  assert.equal(trimSlashes('//a/b//'), 'a/b');
  assert.equal(trimSlashes('a//b'), 'a//b');
});
