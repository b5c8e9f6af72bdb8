import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, runSiteRules, type Diagnostic } from '../../server/src/engine';
import { SiteGraph } from '../../server/src/engine/pages/siteGraph';
import { compileRoutePattern, substitute } from '../../server/src/engine/redirects/redirectPattern';
import { redirectRule } from '../../server/src/engine/rules/redirectRule';
import { remoteSpecRule } from '../../server/src/engine/rules/remoteSpecRule';
import { docsJson, extractMarkers, writeSite } from '../support/site';

const pages = {
  'index.mdx': '',
  'quickstart.mdx': '',
  'guides/setup.mdx': '',
  'guides/deploy/index.mdx': '',
  'v2/intro.mdx': '',
  'v2/api/users.mdx': '',
  'images/logo.png': '',
};

function withRedirects(redirects: string): string {
  return docsJson('{ "pages": ["index", "quickstart", "guides/setup"] }', `\n  "redirects": [\n    ${redirects}\n  ],`);
}

interface RedirectCheck {
  diagnostics: Diagnostic[];
  ranges: { start: number; end: number }[];
}

/** The redirect diagnostics of a docs.json (with optional ⟦markers⟧) in a site made of `files`, its routes from the site graph. */
function checkSite(marked: string, files: Record<string, string>): RedirectCheck {
  const { text, ranges } = extractMarkers(marked);
  const host = new DiskSiteHost(writeSite({ ...files, 'docs.json': text }));
  const check = checkDocsJson(text, host);
  return { diagnostics: runSiteRules(new SiteGraph(host, check), [redirectRule], []).get('docs.json') ?? [], ranges };
}

function withCode(check: RedirectCheck, code: string): Diagnostic[] {
  return check.diagnostics.filter((d) => d.code === code);
}

function expectOne(check: RedirectCheck, code: string): Diagnostic {
  const found = withCode(check, code);
  assert.equal(found.length, 1, JSON.stringify(check.diagnostics, null, 1));
  if (check.ranges.length > 0) assert.deepEqual(found[0].range, check.ranges[0]);
  return found[0];
}

function redirectDiagnostics(redirects: string) {
  const check = checkSite(withRedirects(redirects), pages);
  return { check, found: check.diagnostics };
}

test('route patterns: :param, :param?, :param+, :param*, * and literal text', () => {
  const cases: [string, string, boolean][] = [
    ['/old/:slug', '/old/a', true],
    ['/old/:slug', '/old/a/b', false],
    ['/old/:slug', '/old', false],
    ['/old/:slug?', '/old', true],
    ['/old/:slug+', '/old', false],
    ['/old/:slug+', '/old/a/b', true],
    ['/old/:slug*', '/old', true],
    ['/old/:slug*', '/old/a/b', true],
    ['/old/:slug*', '/older', false],
    ['/old/*', '/old/a/b', true],
    ['/a.b/(x)', '/a.b/(x)', true],
    ['/a.b/(x)', '/aXb/(x)', false],
    ['/Old/', '/Old', true],
  ];
  for (const [pattern, route, expected] of cases) assert.equal(!!compileRoutePattern(pattern).match(route), expected, `${pattern} ~ ${route}`);
  assert.equal(compileRoutePattern('/docs/v1/:slug*').literalPrefix, '/docs/v1');
  assert.equal(substitute('/new/:slug*', compileRoutePattern('/old/:slug*').match('/old/a/b')!), '/new/a/b');
  assert.equal(substitute('/new/:slug*', compileRoutePattern('/old/:slug*').match('/old')!), '/new');
  assert.equal(substitute('/new/:other', compileRoutePattern('/old/:slug').match('/old/a')!), undefined);
});

test('redirects to pages, index pages, files, external URLs, and through wildcards pass', () => {
  const { found } = redirectDiagnostics(`{ "source": "/start", "destination": "/quickstart" },
    { "source": "/setup/", "destination": "/guides/setup#install" },
    { "source": "/deploy", "destination": "/guides/deploy?x=1" },
    { "source": "/home", "destination": "/" },
    { "source": "/logo", "destination": "/images/logo.png" },
    { "source": "/blog", "destination": "https://example.com/blog" },
    { "source": "/v1/:slug*", "destination": "/v2/:slug*" },
    { "source": "/legacy/*", "destination": "/v2/intro" }`);
  assert.deepEqual(found, []);
});

test('a destination that is no page, file or redirect source is an error with a did-you-mean', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/start", "destination": ⟦"/quickstrat"⟧ }'), pages), 'redirect/missing-destination');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, '"/quickstrat" is not a page, a file or another redirect\'s source: the redirect leads nowhere. Did you mean "/quickstart"?');
  assert.deepEqual(d.suggestions, [{ title: 'Change to "/quickstart"', replacement: '"/quickstart"' }]);
});

test('a wildcard destination that matches no page is an error', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/v1/:slug*", "destination": ⟦"/v3/:slug*"⟧ }'), pages), 'redirect/missing-destination');
  assert.equal(d.message, 'No page matches "/v3/:slug*": the redirect leads nowhere');
});

test('a chain is information with the final destination as fix (the platform follows it: visitors reach the page); its last link is checked on its own', () => {
  const check = checkSite(
    withRedirects(`{ "source": "/a", "destination": ⟦"/b"⟧ },
    { "source": "/b", "destination": "/c" },
    { "source": "/c", "destination": "/quickstart" }`),
    pages,
  );
  const chains = withCode(check, 'redirect/chain');
  assert.equal(chains.length, 2);
  assert.deepEqual(chains[0].range, check.ranges[0]);
  assert.equal(chains[0].severity, 'information');
  assert.equal(chains[0].message, '"/b" is redirected again: "/b" → "/c" → "/quickstart". Point this redirect straight at "/quickstart"');
  assert.deepEqual(chains[0].suggestions, [{ title: 'Change to "/quickstart"', replacement: '"/quickstart"' }]);
  assert.deepEqual(withCode(check, 'redirect/missing-destination'), []);
});

test('a chain through a wildcard source follows its parameters', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/x", "destination": ⟦"/v1/intro"⟧ },\n    { "source": "/v1/:slug*", "destination": "/v2/:slug*" }'), pages), 'redirect/chain');
  assert.equal(d.message, '"/v1/intro" is redirected again: "/v1/intro" → "/v2/intro". Point this redirect straight at "/v2/intro"');
});

test('a chain that ends nowhere leads nowhere: an error on each redirect of it, as the platform follows the chain (link-rot getBrokenRedirects)', () => {
  const check = checkSite(
    withRedirects(`{ "source": "/a", "destination": ⟦"/b"⟧ },
    { "source": "/b", "destination": "/quickstrt" },
    { "source": "/h", "destination": "/old/intro" },
    { "source": "/old/:slug*", "destination": "/v3/:slug*" },
    { "source": "/f", "destination": "/g" },
    { "source": "/g", "destination": "/v2" }`),
    pages,
  );
  assert.deepEqual(withCode(check, 'redirect/chain'), []);
  const missing = withCode(check, 'redirect/missing-destination');
  assert.deepEqual(
    missing.map((d) => [d.severity, d.message]),
    [
      ['error', '"/b" is redirected again: "/b" → "/quickstrt", and "/quickstrt" is not a page, a file or another redirect\'s source: the redirect leads nowhere. Did you mean "/quickstart"?'],
      ['error', '"/quickstrt" is not a page, a file or another redirect\'s source: the redirect leads nowhere. Did you mean "/quickstart"?'],
      ['error', '"/old/intro" is redirected again: "/old/intro" → "/v3/intro", and "/v3/intro" is not a page, a file or another redirect\'s source: the redirect leads nowhere. Did you mean "/v2/intro"?'],
      ['error', 'No page matches "/v3/:slug*": the redirect leads nowhere'],
    ],
  );
  assert.deepEqual(missing[0].range, check.ranges[0]);
  assert.deepEqual(missing[0].suggestions, [{ title: 'Change to "/quickstart"', replacement: '"/quickstart"' }]);
  const folders = withCode(check, 'redirect/folder-destination');
  assert.deepEqual(
    folders.map((d) => [d.severity, d.message]),
    [
      ['warning', '"/g" is redirected again: "/g" → "/v2", and "/v2" is a folder with no index page: no page of the site is at /v2. Redirect to its first page, "/v2/api/users"'],
      ['warning', '"/v2" is a folder with no index page: no page of the site is at /v2. Redirect to its first page, "/v2/api/users"'],
    ],
  );
});

test('loops are errors on every redirect in them, a redirect to itself included', () => {
  const check = checkSite(withRedirects('{ "source": "/a", "destination": ⟦"/b"⟧ },\n    { "source": "/b", "destination": "/a" },\n    { "source": "/self", "destination": "/self/" }'), pages);
  const loops = withCode(check, 'redirect/loop');
  assert.deepEqual(
    loops.map((d) => d.message),
    ['Redirect loop: "/a" → "/b" → "/a": visitors never reach a page', 'Redirect loop: "/b" → "/a" → "/b": visitors never reach a page', 'Redirect loop: "/self" → "/self": visitors never reach a page'],
  );
  assert.deepEqual(loops[0].range, check.ranges[0]);
  assert.deepEqual(withCode(check, 'redirect/chain'), []);
});

test('a duplicate source is an error at the second one', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/start", "destination": "/quickstart" },\n    { "source": ⟦"/start/"⟧, "destination": "/guides/setup" }'), pages), 'redirect/duplicate-source');
  assert.equal(d.message, '"/start/" is already redirected by redirect 1 (to "/quickstart"): only one of them takes effect');
});

test('a source that is an existing page, or a wildcard that covers pages, is a warning', () => {
  const page = expectOne(checkSite(withRedirects('{ "source": ⟦"/quickstart"⟧, "destination": "/guides/setup" }'), pages), 'redirect/shadows-page');
  assert.equal(page.severity, 'warning');
  assert.equal(page.message, '"/quickstart" is the page quickstart.mdx: this redirect sends its visitors to "/guides/setup", so the page is never shown');
  const wildcard = expectOne(checkSite(withRedirects('{ "source": ⟦"/v2/:slug*"⟧, "destination": "/quickstart" }'), pages), 'redirect/shadows-page');
  assert.equal(wildcard.message, '"/v2/:slug*" matches 2 pages: v2/api/users.mdx, v2/intro.mdx: they are never shown, as this redirect sends their visitors elsewhere');
  const index = expectOne(checkSite(withRedirects('{ "source": "/guides/deploy", "destination": "/quickstart" }'), pages), 'redirect/shadows-page');
  assert.match(index.message, /is the page guides\/deploy\/index\.mdx/);
});

test('malformed entries are left to the schema; no redirects is fine', () => {
  assert.deepEqual(redirectDiagnostics('{ "source": 1, "destination": "/x" }, { "destination": "/y" }, { "source": "/z", "destination": 2 }').found, []);
  assert.deepEqual(checkSite(docsJson('{ "pages": ["index"] }'), pages).diagnostics, []);
});

test('sources with a query or a fragment are their own: not duplicates of the plain path, not hiding its page, not in chains', () => {
  const { found } = redirectDiagnostics(`{ "source": "/quickstart#old-anchor", "destination": "/quickstart#new-anchor" },
    { "source": "/quickstart?ref=blog", "destination": "/guides/setup" },
    { "source": "/start", "destination": "/quickstart#install" }`);
  assert.deepEqual(found, []);
  const d = expectOne(checkSite(withRedirects('{ "source": "/a#x", "destination": "/quickstart" },\n    { "source": ⟦"/a/#x"⟧, "destination": "/guides/setup" }'), pages), 'redirect/duplicate-source');
  assert.match(d.message, /^"\/a\/#x" is already redirected by redirect 1/);
});

test("a graph built on the last one's files (after an edit of docs.json) finds what a fresh graph does, after the redirects change and after a page is deleted", () => {
  const first = withRedirects('{ "source": "/start", "destination": "/quickstart" }, { "source": "/old/:slug*", "destination": "/v2/:slug*" }');
  const host = new DiskSiteHost(writeSite({ ...pages, 'docs.json': first }));
  const findings = (graph: SiteGraph) => runSiteRules(graph, [redirectRule], []).get('docs.json') ?? [];
  let check = checkDocsJson(first, host);
  let graph = new SiteGraph(host, check);
  assert.deepEqual(findings(graph), []);

  const misspelt = first.replace('"/quickstart"', '"/quickstrat"');
  check = checkDocsJson(misspelt, host);
  graph = new SiteGraph(host, check, graph);
  assert.deepEqual(findings(graph).map((d) => d.code), ['redirect/missing-destination']);
  assert.deepEqual(findings(graph), findings(new SiteGraph(host, check)));

  check = checkDocsJson(first, host);
  graph = new SiteGraph(host, check, graph);
  assert.deepEqual(findings(graph), []);
  host.files.delete('quickstart.mdx');
  graph = new SiteGraph(host, check, graph);
  assert.deepEqual(findings(graph).map((d) => d.code), ['redirect/missing-destination']);
  assert.deepEqual(findings(graph), findings(new SiteGraph(host, check)));
});

test('a destination written with the base path the site is served under names the route without it', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/start", "destination": ⟦"/docs/guides/setup"⟧ }'), pages), 'redirect/missing-destination');
  assert.equal(
    d.message,
    '"/docs/guides/setup" leads nowhere, but "/guides/setup" is a page: routes never hold the base path the site is served under ("/docs" set in the dashboard), so write "/guides/setup"',
  );
  assert.deepEqual(d.suggestions, [{ title: 'Change to "/guides/setup"', replacement: '"/guides/setup"' }]);
  const other = expectOne(checkSite(withRedirects('{ "source": "/start", "destination": "/v2/quickstart" }'), pages), 'redirect/missing-destination');
  assert.doesNotMatch(other.message, /base path/, '"/v2" holds pages of the site: it is no base path');
});

/** The redirect diagnostics of a site whose docs.json has this navigation and these redirects. */
function redirectsIn(navigation: string, redirects: string, files: Record<string, string>, rules = [redirectRule]): Map<string, Diagnostic[]> {
  const text = docsJson(navigation, `\n  "redirects": [\n    ${redirects}\n  ],`);
  const host = new DiskSiteHost(writeSite({ ...files, 'docs.json': text }));
  return runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), rules, []);
}

test('a wildcard source that hides one page names it; more than three are counted, three named', () => {
  const one = expectOne(checkSite(withRedirects('{ "source": ⟦"/v2/:slug"⟧, "destination": "/quickstart" }'), pages), 'redirect/shadows-page');
  assert.equal(one.message, '"/v2/:slug" matches the page v2/intro.mdx: it is never shown, as this redirect sends their visitors elsewhere');
  const more = { ...pages, 'more/a.mdx': '', 'more/b.mdx': '', 'more/c.mdx': '', 'more/d.mdx': '' };
  const four = expectOne(checkSite(withRedirects('{ "source": "/more/:slug", "destination": "/quickstart" }'), more), 'redirect/shadows-page');
  assert.equal(four.message, '"/more/:slug" matches 4 pages: more/a.mdx, more/b.mdx, more/c.mdx, …: they are never shown, as this redirect sends their visitors elsewhere');
  const { 'more/d.mdx': _, ...three } = more;
  const three_ = expectOne(checkSite(withRedirects('{ "source": "/more/:slug", "destination": "/quickstart" }'), three), 'redirect/shadows-page');
  assert.equal(three_.message, '"/more/:slug" matches 3 pages: more/a.mdx, more/b.mdx, more/c.mdx: they are never shown, as this redirect sends their visitors elsewhere');
});

test('a wildcard source hides the pages under its literal start: the page at that start, not a folder that only begins like it', () => {
  const withNeighbour = { ...pages, 'v2x/other.mdx': '' };
  const under = expectOne(checkSite(withRedirects('{ "source": "/v2/:slug*", "destination": "/quickstart" }'), withNeighbour), 'redirect/shadows-page');
  assert.match(under.message, /^"\/v2\/:slug\*" matches 2 pages: v2\/api\/users\.mdx, v2\/intro\.mdx:/);
  const at = expectOne(checkSite(withRedirects('{ "source": "/v2/intro/:slug?", "destination": "/quickstart" }'), withNeighbour), 'redirect/shadows-page');
  assert.match(at.message, /^"\/v2\/intro\/:slug\?" matches the page v2\/intro\.mdx:/);
  const root = expectOne(checkSite(withRedirects('{ "source": "/:slug", "destination": "/v2/intro" }'), pages), 'redirect/shadows-page');
  assert.match(root.message, /^"\/:slug" matches 2 pages: index\.mdx, quickstart\.mdx:/);
});

test('a redirect from an API page the spec generates hides it', () => {
  const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
  const found = redirectsIn(
    '{ "groups": [{ "group": "G", "pages": ["index"] }, { "group": "API", "openapi": "openapi.json", "pages": ["GET /users"] }] }',
    '{ "source": "/api-reference/list-users", "destination": "/index" }, { "source": "/api-reference/:slug", "destination": "/index" }',
    { 'index.mdx': '', 'api-reference/intro.mdx': '', 'openapi.json': spec },
  ).get('docs.json');
  assert.deepEqual(found?.map((d) => [d.code, d.message]), [
    ['redirect/shadows-page', '"/api-reference/list-users" is the page the API page of GET /users (openapi.json): this redirect sends its visitors to "/index", so the page is never shown'],
    ['redirect/shadows-page', '"/api-reference/:slug" matches 2 pages: api-reference/intro.mdx, the API page of GET /users (openapi.json): they are never shown, as this redirect sends their visitors elsewhere'],
  ]);
});

test('a chain that ends at an external URL points at it', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/a", "destination": ⟦"/b"⟧ },\n    { "source": "/b", "destination": "https://example.com/b" }'), pages), 'redirect/chain');
  assert.equal(d.message, '"/b" is redirected again: "/b" → "https://example.com/b". Point this redirect straight at "https://example.com/b"');
});

test('a chain longer than 32 redirects is taken for a loop; 32 are a chain', () => {
  const redirects = Array.from({ length: 34 }, (_, n) => `{ "source": "/r${n}", "destination": "${n === 33 ? '/quickstart' : `/r${n + 1}`}" }`).join(',\n    ');
  const { found } = redirectDiagnostics(redirects);
  assert.deepEqual(
    found.map((d) => d.code),
    ['redirect/loop', ...Array.from({ length: 32 }, () => 'redirect/chain')],
    'from /r0, 33 redirects follow; from /r1, 32',
  );
});

test('a destination with nothing close to it has no did-you-mean; a colon in a path is no URL scheme', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/start", "destination": ⟦"/release/version:2"⟧ }'), pages), 'redirect/missing-destination');
  assert.equal(d.message, '"/release/version:2" is not a page, a file or another redirect\'s source: the redirect leads nowhere');
  assert.equal(d.suggestions, undefined);
});

test('a destination that is a folder without an index page is a warning (the platform\'s checker takes any folder) naming its first page', () => {
  const d = expectOne(checkSite(withRedirects('{ "source": "/start", "destination": ⟦"/v2"⟧ }'), pages), 'redirect/folder-destination');
  assert.equal(d.severity, 'warning');
  assert.equal(d.message, '"/v2" is a folder with no index page: no page of the site is at /v2. Redirect to its first page, "/v2/api/users"');
  assert.deepEqual(d.suggestions, [{ title: 'Change to "/v2/api/users"', replacement: '"/v2/api/users"' }]);
});

test('a wildcard destination another wildcard redirect picks up is a chain, not nowhere; its own source does not count', () => {
  const { found } = redirectDiagnostics(`{ "source": "/a/:slug*", "destination": "/b/:slug*" },
    { "source": "/b/:slug*", "destination": "/v2/:slug*" },
    { "source": "/c/:slug*", "destination": "/b/x/:slug*" },
    { "source": "/d/:slug*", "destination": "/e/x/:slug*" },
    { "source": "/e/:part/z/:slug*", "destination": "/v2/:slug*" },
    { "source": "/f/:slug*", "destination": "/f/new/:slug*" }`);
  assert.deepEqual(
    found.map((d) => d.message),
    ['No page matches "/e/x/:slug*": the redirect leads nowhere', 'No page matches "/f/new/:slug*": the redirect leads nowhere'],
  );
});

test('redirects into the pages of a spec that was not read, at once or at the end of a chain, are counted at the spec, not reported', () => {
  const found = redirectsIn(
    '{ "groups": [{ "group": "G", "pages": ["index"] }, { "group": "API", "openapi": "https://example.com/openapi.json" }] }',
    '{ "source": "/a", "destination": "/api-reference/users/list" }, { "source": "/b/:slug*", "destination": "/api-reference/:slug*" }, { "source": "/c", "destination": "/b/users/get" }',
    { 'index.mdx': '' },
    [redirectRule, remoteSpecRule],
  ).get('docs.json');
  assert.deepEqual(found?.map((d) => [d.code, d.message]), [
    [
      'ref/remote-unread',
      'Cannot check 3 links and redirects into /api-reference/, where the spec at https://example.com/openapi.json makes its pages: it was not fetched. Run docsjson check with --fetch-remote (in the editor, turn on docsjson.openapi.fetchRemote)',
    ],
  ]);
});

test('one redirect into the pages of a spec not read is counted at the spec reference; none, nothing is said', () => {
  const navigation = '{ "groups": [{ "group": "G", "pages": ["index"] }, { "group": "API", "openapi": "https://example.com/openapi.json" }] }';
  const one = redirectsIn(navigation, '{ "source": "/a", "destination": "/api-reference/users/list" }', { 'index.mdx': '' }, [redirectRule, remoteSpecRule]).get('docs.json');
  assert.deepEqual(one?.map((d) => d.message.slice(0, 60)), ['Cannot check 1 link or redirect into /api-reference/, where ']);
  const text = docsJson(navigation, '\n  "redirects": [\n    { "source": "/a", "destination": "/api-reference/users/list" }\n  ],');
  assert.equal(text.slice(one![0].range.start, one![0].range.end), '"https://example.com/openapi.json"');
  const none = redirectsIn(navigation, '{ "source": "/a", "destination": "/index" }', { 'index.mdx': '' }, [redirectRule, remoteSpecRule]);
  assert.deepEqual([...none.values()].flat(), []);
});

test('three redirects written with the same base path are told once, at the first; a wildcard one says it matches pages', () => {
  const check = checkSite(
    withRedirects(`{ "source": "/a", "destination": ⟦"/docs/quickstart"⟧ },
    { "source": "/b", "destination": "/docs/guides/setup" },
    { "source": "/c/:slug*", "destination": "/docs/v2/:slug*" }`),
    pages,
  );
  assert.deepEqual(check.diagnostics.map((d) => d.code), ['link/base-path']);
  const [told] = check.diagnostics;
  assert.deepEqual(told.range, check.ranges[0]);
  assert.match(told.message, /^3 redirects start with "\/docs", which is not part of this site's paths: "\/docs\/quickstart" is "\/quickstart"/);
  const alone = expectOne(checkSite(withRedirects('{ "source": "/c/:slug*", "destination": ⟦"/docs/v2/:slug*"⟧ }'), pages), 'redirect/missing-destination');
  assert.equal(
    alone.message,
    '"/docs/v2/:slug*" leads nowhere, but "/v2/:slug*" matches pages: routes never hold the base path the site is served under ("/docs" set in the dashboard), so write "/v2/:slug*"',
  );
});

test('a graph built on the last one\'s files finds what a fresh graph does after the pages of a spec move to another directory', () => {
  const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
  const withSpecs = (local: string, remote: string) =>
    docsJson(
      `{ "groups": [{ "group": "G", "pages": ["index"] }, { "group": "API", "openapi": ${local}, "pages": ["GET /users"] }, { "group": "Remote", "openapi": { "source": "https://example.com/openapi.json", "directory": "${remote}" } }] }`,
      '\n  "redirects": [{ "source": "/a", "destination": "/api-reference/list-users" }, { "source": "/b", "destination": "/remote/users/list" }],',
    );
  const first = withSpecs('"openapi.json"', 'remote');
  const host = new DiskSiteHost(writeSite({ 'index.mdx': '', 'openapi.json': spec, 'docs.json': first }));
  const findings = (graph: SiteGraph) => (runSiteRules(graph, [redirectRule], []).get('docs.json') ?? []).map((d) => d.message);
  let graph = new SiteGraph(host, checkDocsJson(first, host));
  assert.deepEqual(findings(graph), []);
  const nowhere = (route: string) => `"${route}" is not a page, a file or another redirect's source: the redirect leads nowhere`;
  // Each edit moves one spec's pages, the redirects staying as they are.
  for (const [edited, expected] of [
    [withSpecs('{ "source": "openapi.json", "directory": "api" }', 'remote'), [nowhere('/api-reference/list-users')]],
    [withSpecs('{ "source": "openapi.json", "directory": "api" }', 'elsewhere'), [nowhere('/api-reference/list-users'), nowhere('/remote/users/list')]],
  ] as const) {
    const check = checkDocsJson(edited, host);
    graph = new SiteGraph(host, check, graph);
    assert.deepEqual(findings(graph), expected);
    assert.deepEqual(findings(new SiteGraph(host, check)), expected);
  }
});
