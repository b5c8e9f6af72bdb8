import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, pageRules, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { linkWithoutBasePath, routeWithoutBasePath } from '../../../server/src/engine/pages/basePath';
import { docsJson, writeSite } from '../../support/site';

const pages = {
  'quickstart.mdx': '# Quickstart\n',
  'guides/setup.mdx': '# Setup\n',
  'v2/intro.mdx': '# Intro\n',
  'images/logo.png': '',
};

/** Every finding of the whole site's check, as `file code message`. */
function findings(files: Record<string, string>, redirects: unknown[] = [], navigation = '{ "pages": ["quickstart", "guides/setup", "v2/intro"] }'): string[] {
  const text = docsJson(navigation, `\n  "redirects": ${JSON.stringify(redirects)},`);
  const root = writeSite({ ...pages, ...files, 'docs.json': text });
  const host = new DiskSiteHost(root);
  const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), [...pageRules, ...docsJsonSiteRules]);
  return [...found].flatMap(([file, diagnostics]) => diagnostics.filter((d) => d.code !== 'page/orphaned').map((d) => `${file} ${d.code} ${d.message}`));
}

test('two paths written with the base path are each told the cause, with their own fix', () => {
  assert.deepEqual(findings({ 'a.mdx': '[setup](/docs/guides/setup)\n' }, [{ source: '/start', destination: '/docs/quickstart' }]), [
    'a.mdx link/missing-page Link "/docs/guides/setup" leads nowhere, but "/guides/setup" is a page of the site: paths never hold the base path the site is served under ("/docs", set in the dashboard), so write "/guides/setup"',
    'docs.json redirect/missing-destination "/docs/quickstart" leads nowhere, but "/quickstart" is a page: routes never hold the base path the site is served under ("/docs" set in the dashboard), so write "/quickstart"',
  ]);
});

test('three are told once, at the first redirect, and not one by one; an image counts as a link', () => {
  const found = findings({ 'a.mdx': '[setup](/docs/guides/setup) ![logo](/docs/images/logo.png)\n' }, [{ source: '/start', destination: '/docs/quickstart' }]);
  assert.deepEqual(found, [
    'docs.json link/base-path 1 redirect and 2 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)',
  ]);
});

test('without redirects, the first link in the pages in path order tells it; its fix holds every link', () => {
  const text = docsJson('{ "pages": ["quickstart", "guides/setup", "v2/intro"] }');
  const root = writeSite({ ...pages, 'docs.json': text, 'b.mdx': '[a](/docs/quickstart)\n', 'a.mdx': 'x [a](/docs/quickstart)\n\n<Card title="B" href="/docs/guides/setup" />\n' });
  const host = new DiskSiteHost(root);
  const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), pageRules);
  assert.deepEqual([...found.keys()].filter((file) => found.get(file)!.some((d) => d.code !== 'page/orphaned')), ['a.mdx']);
  const [told] = found.get('a.mdx')!.filter((d) => d.code === 'link/base-path');
  assert.equal(told.range.start, 'x [a]('.length);
  assert.deepEqual(told.related?.map((place) => `${place.file} ${place.message}`), ['a.mdx "/docs/guides/setup" is "/guides/setup"', 'b.mdx "/docs/quickstart" is "/quickstart"']);
  assert.deepEqual(told.suggestions?.[0].alsoEdits?.map(({ file, newText }) => `${file} ${newText}`), ['a.mdx /guides/setup', 'b.mdx /quickstart']);
});

test('a first segment that holds pages of the site is no base path', () => {
  const found = findings({ 'a.mdx': '[a](/v2/quickstart) [b](/v2/guides/setup) [c](/v2/v2/intro)\n' });
  assert.equal(found.length, 3);
  assert.ok(found.every((line) => line.includes('link/missing-page') && !line.includes('base path')), found.join('\n'));
});

test("a redirect's source is rewritten only with a destination written with the prefix: an old URL under /docs redirected to a page is left alone", () => {
  const text = docsJson('{ "pages": ["quickstart", "guides/setup", "v2/intro"] }', `\n  "redirects": ${JSON.stringify([{ source: '/docs/old', destination: '/quickstart' }, { source: '/docs/older', destination: '/docs/guides/setup' }])},`);
  const root = writeSite({ ...pages, 'docs.json': text, 'a.mdx': '[a](/docs/quickstart) [b](/docs/v2/intro)\n' });
  const host = new DiskSiteHost(root);
  const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), [...pageRules, ...docsJsonSiteRules]);
  const [told] = found.get('docs.json')!;
  assert.equal(told.code, 'link/base-path');
  assert.match(told.message, /^1 redirect and 2 links start with "\/docs"/);
  const replaced = [told.suggestions![0].replacement, ...told.suggestions![0].alsoEdits!.map((edit) => edit.newText)];
  assert.deepEqual(replaced, ['"/guides/setup"', '"/older"', '/quickstart', '/v2/intro']);
});

test('a destination with a parameter written with the base path counts with the others, its source too', () => {
  const redirects = [
    { source: '/docs/old/:slug*', destination: '/docs/guides/:slug*' },
    { source: '/start', destination: '/docs/quickstart' },
  ];
  const text = docsJson('{ "pages": ["quickstart", "guides/setup", "v2/intro"] }', `\n  "redirects": ${JSON.stringify(redirects)},`);
  const root = writeSite({ ...pages, 'docs.json': text, 'a.mdx': '[a](/docs/quickstart)\n' });
  const host = new DiskSiteHost(root);
  const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), [...pageRules, ...docsJsonSiteRules]);
  const [told, ...others] = found.get('docs.json')!;
  assert.deepEqual(others, []);
  assert.match(told.message, /^2 redirects and 1 link start with "\/docs", which is not part of this site's paths: "\/docs\/guides\/:slug\*" is "\/guides\/:slug\*"/);
  assert.deepEqual([told.suggestions![0].replacement, ...told.suggestions![0].alsoEdits!.map((edit) => edit.newText)], ['"/guides/:slug*"', '"/old/:slug*"', '"/quickstart"', '/quickstart']);
  assert.deepEqual(found.get('a.mdx')?.map((d) => d.code), ['page/orphaned']);
});

test('below three, a destination with a parameter is told the cause on its own', () => {
  assert.deepEqual(findings({}, [{ source: '/old/:slug*', destination: '/docs/guides/:slug*' }]), [
    'docs.json redirect/missing-destination "/docs/guides/:slug*" leads nowhere, but "/guides/:slug*" matches pages: routes never hold the base path the site is served under ("/docs" set in the dashboard), so write "/guides/:slug*"',
  ]);
});

test('links alone: the count and the fix name links only, and a query and a fragment stay in the fix', () => {
  const found = findingsWithFix({ 'a.mdx': '[a](/docs/quickstart) [b](/docs/guides/setup?x=1#y) [c](/docs/v2/intro)\n' });
  assert.deepEqual(found, [
    'a.mdx link/base-path 3 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)',
    'fix: Remove "/docs" from the 3 links: /quickstart, /guides/setup?x=1#y, /v2/intro',
  ]);
});

test('redirects alone: the count and the fix name redirects only; entries that are not redirects are left out', () => {
  const redirects = [7, { source: '/a', destination: '/docs/quickstart' }, { source: '/c', destination: 5 }, { source: '/b', destination: '/docs/guides/setup' }, { source: '/d', destination: '/docs/v2/intro' }];
  assert.deepEqual(findingsWithFix({}, redirects), [
    'docs.json link/base-path 3 redirects start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)',
    'fix: Remove "/docs" from the 3 redirects: "/quickstart", "/guides/setup", "/v2/intro"',
  ]);
});

test('no base path: the prefix alone, a path that leads nowhere without it, a pattern that would match any page', () => {
  const found = findings({ 'a.mdx': '[a](/docs) [b](/docs/) [c](/docs/missing)\n' }, [{ source: '/x/:slug*', destination: '/docs/:slug*' }]);
  assert.ok(found.length === 4 && found.every((line) => !line.includes('base path')), found.join('\n'));
});

test('a generated page written with the base path is told so; a folder of generated pages is no base path', () => {
  const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List users', tags: ['Users'] } } } });
  const navigation = '{ "groups": [ { "group": "G", "openapi": "api.json", "pages": ["quickstart", "guides/setup", "v2/intro"] } ] }';
  const found = findings({ 'api.json': spec, 'a.mdx': '[a](/docs/api-reference/users/list-users) [b](/api-reference/quickstart)\n' }, [], navigation);
  assert.equal(found.length, 2, found.join('\n'));
  assert.match(found[0], /^a\.mdx link\/missing-page Link "\/docs\/api-reference\/users\/list-users" leads nowhere, but "\/api-reference\/users\/list-users" is a page of the site/);
  assert.doesNotMatch(found[1], /base path/);
});

/** The findings of the whole site's check, each followed by its first fix: its title, then what each of its edits writes. */
function findingsWithFix(files: Record<string, string>, redirects: unknown[] = []): string[] {
  const text = docsJson('{ "pages": ["quickstart", "guides/setup", "v2/intro"] }', `\n  "redirects": ${JSON.stringify(redirects)},`);
  const root = writeSite({ ...pages, ...files, 'docs.json': text });
  const host = new DiskSiteHost(root);
  const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), [...pageRules, ...docsJsonSiteRules]);
  return [...found].flatMap(([file, diagnostics]) =>
    diagnostics
      .filter((d) => d.code !== 'page/orphaned')
      .flatMap((d) => {
        const fix = d.suggestions?.[0];
        const edits = fix ? [fix.replacement, ...(fix.alsoEdits ?? []).map((edit) => edit.newText)] : [];
        return [`${file} ${d.code} ${d.message}`, ...(fix ? [`fix: ${fix.title}: ${edits.join(', ')}`] : [])];
      }),
  );
}

test('a definition counts once for the links that use it, and an import is no link', () => {
  const found = findings({
    'snippets/x.mdx': 'x\n',
    'a.mdx': "import X from '/docs/snippets/x.mdx';\n\n[a][q] [b][q] [c](/docs/guides/setup) [d](/docs/v2/intro)\n\n[q]: /docs/quickstart\n",
  });
  assert.deepEqual(found, [
    'a.mdx link/missing-snippet Snippet "/docs/snippets/x.mdx" not found: the import names no file of the site (with .mdx, .md, .jsx, .js or no extension)',
    'a.mdx link/base-path 3 links start with "/docs", which is not part of this site\'s paths: "/docs/guides/setup" is "/guides/setup". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)',
  ]);
});

/** The graph of a site made of the pages above, a page `x`, a generated page `api-reference/users/list-users`, and the given files and redirects. */
function graphOf(files: Record<string, string> = {}, redirects: unknown[] = []): SiteGraph {
  const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List users', tags: ['Users'] } } } });
  const text = docsJson('{ "groups": [ { "group": "G", "openapi": "api.json", "pages": ["quickstart", "guides/setup", "v2/intro", "x"] } ] }', `\n  "redirects": ${JSON.stringify(redirects)},`);
  const root = writeSite({ ...pages, 'x.mdx': '# X\n', 'api.json': spec, ...files, 'docs.json': text });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(text, host));
}

test('a route written with a base path: the prefix and the route without it, as written', () => {
  const { routes } = graphOf();
  assert.deepEqual(routeWithoutBasePath(routes, '/docs/quickstart'), { prefix: '/docs', route: '/quickstart' });
  assert.deepEqual(routeWithoutBasePath(routes, '/docs/quickstart/'), { prefix: '/docs', route: '/quickstart/' });
  assert.deepEqual(routeWithoutBasePath(routes, '/docs//quickstart//'), { prefix: '/docs', route: '//quickstart//' });
  assert.deepEqual(routeWithoutBasePath(routes, '/docs/api-reference/users/list-users'), { prefix: '/docs', route: '/api-reference/users/list-users' });
});

test('a route with a parameter written with a base path matches pages, generated ones too', () => {
  const { routes } = graphOf();
  assert.deepEqual(routeWithoutBasePath(routes, '/docs/api-reference/users/:operation'), { prefix: '/docs', route: '/api-reference/users/:operation' });
  assert.deepEqual(routeWithoutBasePath(routes, '/docs/v2/:page'), { prefix: '/docs', route: '/v2/:page' });
});

test('no base path in a route: not starting with "/", one segment, a first segment that holds pages, a rest that leads nowhere', () => {
  const { routes } = graphOf();
  assert.equal(routeWithoutBasePath(routes, 'docs/quickstart'), undefined);
  assert.equal(routeWithoutBasePath(routes, '/ax'), undefined, 'a route of one segment, even when its last letter names a page');
  assert.equal(routeWithoutBasePath(routes, '/v2/quickstart'), undefined);
  assert.equal(routeWithoutBasePath(routes, '/docs/missing'), undefined);
  assert.equal(routeWithoutBasePath(routes, '/docs/:slug*'), undefined, 'a pattern that would match any page');
  assert.equal(routeWithoutBasePath(routes, '/docs/guides/:page/more'), undefined, 'a pattern under a folder of pages that matches none of them');
  assert.equal(routeWithoutBasePath(routes, '/docs/api-reference/:group/:operation/more'), undefined, 'a pattern under the folder of generated pages that matches none of them');
});

test('a link written with a base path: the prefix and the link without it, its query and fragment kept', () => {
  const graph = graphOf();
  assert.deepEqual(linkWithoutBasePath(graph, ' /docs/quickstart ', 'a.mdx'), { prefix: '/docs', fixed: '/quickstart' });
  assert.deepEqual(linkWithoutBasePath(graph, '/docs/x', 'a.mdx'), { prefix: '/docs', fixed: '/x' });
  assert.deepEqual(linkWithoutBasePath(graph, '/docs/x#top', 'a.mdx'), { prefix: '/docs', fixed: '/x#top' });
  assert.deepEqual(linkWithoutBasePath(graph, '/docs/guides/setup/', 'a.mdx'), { prefix: '/docs', fixed: '/guides/setup/' });
  assert.deepEqual(linkWithoutBasePath(graph, '/docs/quickstart#install', 'a.mdx'), { prefix: '/docs', fixed: '/quickstart#install' });
  assert.deepEqual(linkWithoutBasePath(graph, '/docs/quickstart?tab=a', 'a.mdx'), { prefix: '/docs', fixed: '/quickstart?tab=a' });
});

test('no base path in a link: a relative link, the prefix alone (even on a site with a page named "undefined"), a rest that leads nowhere, a first segment that holds pages', () => {
  const graph = graphOf({ 'undefined.mdx': '# Undefined\n' });
  assert.equal(linkWithoutBasePath(graph, 'x/docs/quickstart', 'a.mdx'), undefined);
  assert.equal(linkWithoutBasePath(graph, '/docs', 'a.mdx'), undefined);
  assert.equal(linkWithoutBasePath(graph, '/docs#x', 'a.mdx'), undefined);
  assert.equal(linkWithoutBasePath(graph, '/docs/#x', 'a.mdx'), undefined);
  assert.equal(linkWithoutBasePath(graph, '/docs/?tab=a', 'a.mdx'), undefined);
  assert.equal(linkWithoutBasePath(graph, '/docs/quickstart#a\nb', 'a.mdx'), undefined, 'a fragment that runs onto a second line, which a fix would cut short');
  assert.equal(linkWithoutBasePath(graph, '/docs/missing', 'a.mdx'), undefined);
  assert.equal(linkWithoutBasePath(graph, '/v2/quickstart', 'a.mdx'), undefined);
});

test('a mixed group: its fix is named for redirects and links', () => {
  const found = findingsWithFix({ 'a.mdx': '[a](/docs/guides/setup) [b](/docs/v2/intro)\n' }, [{ source: '/start', destination: '/docs/quickstart' }]);
  assert.equal(found[1], 'fix: Remove "/docs" from the 3 redirects and links: "/quickstart", /guides/setup, /v2/intro');
});

test('the one report of a group is at its first use only, not at a use in another file at the same offset', () => {
  const found = findings({ 'a.mdx': '[a](/docs/quickstart)\n', 'b.mdx': '[a](/docs/quickstart)\n', 'c.mdx': '[a](/docs/v2/intro)\n' });
  assert.deepEqual(found, [
    'a.mdx link/base-path 3 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)',
  ]);
});

test('a link or a redirect written with the prefix that a redirect of the site serves is left out of the group', () => {
  const redirects = [
    { source: '/docs/guides/setup', destination: '/guides/setup' },
    { source: '/old1', destination: '/docs/guides/setup' },
    { source: '/old2', destination: '/docs/guides/setup//' },
  ];
  const found = findings({ 'a.mdx': '[a](/docs/quickstart) [b](/docs/guides/setup) [c](/docs/v2/intro)\n' }, redirects);
  assert.deepEqual(
    found.filter((line) => !line.includes('redirect/chain')).map((line) => line.split(' leads')[0]),
    ['a.mdx link/missing-page Link "/docs/quickstart"', 'a.mdx link/missing-page Link "/docs/v2/intro"'],
  );
});

test('links and redirects with the prefix that lead nowhere without it are left out of the group', () => {
  const found = findings({ 'a.mdx': '[a](/docs/quickstart) [b](/docs/guides/setup) [c](/docs/missing)\n' }, [{ source: '/old', destination: '/docs/gone' }]);
  assert.equal(found.length, 4, found.join('\n'));
  assert.ok(!found.some((line) => line.includes('link/base-path')), found.join('\n'));
});

test('a redirect entry whose source is not a string is left out of the group', () => {
  const found = findings({ 'a.mdx': '[a](/docs/guides/setup) [b](/docs/v2/intro)\n' }, [{ source: 5, destination: '/docs/quickstart' }]);
  assert.ok(!found.some((line) => line.includes('link/base-path')), found.join('\n'));
});

test("the fix of a group edits each redirect's string and each link's target, one written with a space first too", () => {
  const text = docsJson('{ "pages": ["quickstart", "guides/setup", "v2/intro"] }', `\n  "redirects": ${JSON.stringify([{ source: '/docs/old', destination: '/docs/quickstart' }])},`);
  const root = writeSite({ ...pages, 'docs.json': text, 'a.mdx': '<Card href=" /docs/v2/intro" /> [b](/docs/guides/setup)\n' });
  const host = new DiskSiteHost(root);
  const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), [...pageRules, ...docsJsonSiteRules]);
  const [told] = found.get('docs.json')!;
  assert.equal(told.code, 'link/base-path');
  assert.equal(text.slice(told.range.start, told.range.end), '"/docs/quickstart"');
  const page = '<Card href=" /docs/v2/intro" /> [b](/docs/guides/setup)\n';
  const edits = told.suggestions![0].alsoEdits!.map(({ file, range, newText }) => `${file} ${(file === 'docs.json' ? text : page).slice(range.start, range.end)} -> ${newText}`);
  assert.deepEqual(edits, ['docs.json "/docs/old" -> "/old"', 'a.mdx  /docs/v2/intro -> /v2/intro', 'a.mdx /docs/guides/setup -> /guides/setup']);
});

test('a page gone between the listing of the site and its check is skipped: the other links still form the group', () => {
  const text = docsJson('{ "pages": ["quickstart", "guides/setup", "v2/intro"] }');
  const root = writeSite({ ...pages, 'docs.json': text, 'a.mdx': '[a](/docs/quickstart) [b](/docs/guides/setup) [c](/docs/v2/intro)\n', 'b.mdx': '[a](/docs/quickstart)\n' });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(text, host));
  rmSync(join(root, 'b.mdx'));
  const found = runSiteRules(graph, pageRules);
  const [told] = found.get('a.mdx')!.filter((d) => d.code === 'link/base-path');
  assert.match(told.message, /^3 links start with "\/docs"/);
});

test('a redirect to a file of the site under the prefix is no base path, trailing slashes or not', () => {
  const found = findings({ 'docs/quickstart': 'a file without extension', 'a.mdx': '[a](/docs/guides/setup) [b](/docs/v2/intro)\n' }, [{ source: '/old', destination: '/docs/quickstart//' }]);
  assert.ok(!found.some((line) => line.includes('link/base-path')), found.join('\n'));
  assert.equal(found.filter((line) => line.includes('a.mdx link/missing-page')).length, 2, found.join('\n'));
});

test('a literal <a> reaches the browser as written: with the base path of a site served under it, it is neither a broken link nor one of those told', () => {
  const found = findings({
    'a.mdx': '[a](/docs/quickstart) [b](/docs/guides/setup) [c](/docs/v2/intro)\n\n<a href="/docs/guides/setup">Setup</a> <a href="/docs/guides">Guides</a>\n',
  });
  assert.deepEqual(found, [
    'a.mdx link/base-path 3 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)',
  ]);
});
