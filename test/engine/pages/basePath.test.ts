import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, pageRules, runSiteRules, SiteGraph } from '../../../server/src/engine';
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
