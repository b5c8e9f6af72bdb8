import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, runSiteRules, SiteGraph, type Diagnostic } from '../../server/src/engine';
import { RedirectIndex, indexedRedirect } from '../../server/src/engine/redirects/redirectIndex';
import { compileRoutePattern } from '../../server/src/engine/redirects/redirectPattern';
import { linkRule } from '../../server/src/engine/rules/linkRule';
import { redirectRule } from '../../server/src/engine/rules/redirectRule';
import { cpuPerCall } from '../support/cpuTime';
import { docsJson, writeSite } from '../support/site';

/**
 * One table of redirect sources and paths, run through both places that match redirects: link
 * resolution (a link to the path is a page, or leads nowhere) and the redirect rule (a redirect to
 * the path is redirected again, or leads nowhere). Both must agree with the table.
 */
const table: { source: string; path: string; matches: boolean }[] = [
  { source: '/blog/:slug?', path: '/blog', matches: true },
  { source: '/blog/:slug?', path: '/blog/a', matches: true },
  { source: '/blog/:slug?', path: '/blog/a/b', matches: false },
  { source: '/blog/:slug', path: '/blog/a', matches: true },
  { source: '/blog/:slug', path: '/blog/a/b', matches: false },
  { source: '/blog/:slug', path: '/blog', matches: false },
  { source: '/blog/:slug+', path: '/blog/a/b', matches: true },
  { source: '/blog/:slug+', path: '/blog', matches: false },
  { source: '/blog/:slug*', path: '/blog', matches: true },
  { source: '/blog/:slug*', path: '/blog/a/b/c', matches: true },
  { source: '/blog/:slug*', path: '/blogs', matches: false },
  { source: '/blog/*', path: '/blog/a/b', matches: true },
  { source: '/blog/*', path: '/blog', matches: true },
  { source: '/release-*', path: '/release-2024', matches: true },
  { source: '/release-*', path: '/release-2024/notes', matches: true },
  { source: '/release-*', path: '/releases', matches: false },
  { source: '/v1/:section/intro', path: '/v1/guides/intro', matches: true },
  { source: '/v1/:section/intro', path: '/v1/guides/setup', matches: false },
  { source: '/old/', path: '/old', matches: true },
  { source: '/old', path: '/old/', matches: true },
  { source: '/caf%C3%A9', path: '/café', matches: true },
  { source: '/café', path: '/caf%C3%A9', matches: true },
  { source: '/a.b/(x)', path: '/a.b/(x)', matches: true },
  { source: '/a.b/(x)', path: '/aXb/(x)', matches: false },
];

const pages = { 'index.mdx': '# Home\n', 'target.mdx': '# Target\n' };

function siteWith(redirects: object[], page: string): SiteGraph {
  const root = writeSite({ ...pages, 'page.mdx': page, 'docs.json': docsJson('{ "pages": ["index", "target", "page"] }', `\n  "redirects": ${JSON.stringify(redirects)},`) });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
}

const codesOf = (diagnostics: Diagnostic[] | undefined) => (diagnostics ?? []).map((d) => d.code);

for (const { source, path, matches } of table) {
  test(`"${source}" ${matches ? 'matches' : 'does not match'} "${path}", for links and redirects alike`, () => {
    const graph = siteWith([{ source, destination: '/target' }, { source: '/from', destination: path }], `[link](${path})\n`);
    const linkCodes = codesOf(runSiteRules(graph, [linkRule]).get('page.mdx'));
    assert.deepEqual(linkCodes, matches ? [] : ['link/missing-page'], 'the link to the path');
    const redirectCodes = codesOf(runSiteRules(graph, [redirectRule], []).get('docs.json'));
    assert.deepEqual(redirectCodes, matches ? ['redirect/chain'] : ['redirect/missing-destination'], 'the redirect to the path');
  });
}

test('the first written pattern that matches wins, an exact source before any pattern', () => {
  const index = new RedirectIndex();
  [
    indexedRedirect('/docs/:slug*', '/a', 0),
    indexedRedirect('/docs/guides/:slug', '/b', 1),
    indexedRedirect('/:slug*', '/c', 2),
    indexedRedirect('/docs/guides/setup', '/d', 3),
  ].forEach((redirect) => index.add(redirect));
  assert.equal(index.find('/docs/guides/x')?.redirect.destination, '/a');
  assert.equal(index.find('/docs/guides/setup')?.redirect.destination, '/d');
  assert.equal(index.find('/elsewhere')?.redirect.destination, '/c');
});

/** The redirect rule's time on `count` dynamic redirects, each the end of a chain, half of them to another wildcard. */
function timeOfDynamicRedirects(count: number): number {
  const redirects: object[] = [];
  for (let i = 0; i < count; i++) {
    redirects.push({ source: `/old-${i}/:slug*`, destination: i % 2 === 0 ? '/index' : `/new-${i}/:slug*` });
    redirects.push({ source: `/new-${i}/:slug*`, destination: '/index' });
    redirects.push({ source: `/start-${i}`, destination: `/old-${i}/page` });
  }
  const root = writeSite({ 'index.mdx': '', 'docs.json': docsJson('{ "pages": ["index"] }', `\n  "redirects": ${JSON.stringify(redirects)},`) });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
  const started = performance.now();
  const found = runSiteRules(graph, [redirectRule], []).get('docs.json') ?? [];
  const elapsed = performance.now() - started;
  assert.equal(found.length, count, 'each redirect to /old-N/page is a chain, nothing else');
  assert.ok(found.every((d) => d.code === 'redirect/chain'));
  return elapsed;
}

test('10,000 dynamic redirects are checked in time that grows about linearly with their number', () => {
  timeOfDynamicRedirects(500); // warm up
  const small = timeOfDynamicRedirects(2_500);
  const large = timeOfDynamicRedirects(10_000);
  // Four times the redirects: about four times the time when linear, sixteen when quadratic (as it was).
  assert.ok(large / small < 10, `2,500 redirects took ${small.toFixed(0)} ms, 10,000 took ${large.toFixed(0)} ms`);
});

test('a source of many wildcards matches in time linear in the link, where backtracking took seconds', () => {
  const pattern = compileRoutePattern(`/${'*a'.repeat(14)}*!`);
  const short = cpuPerCall(() => pattern.match(`/${'a'.repeat(8)}`));
  // 32 letters: over 10 s when each wildcard was a backtracking "(.*)".
  const long = cpuPerCall(() => pattern.match(`/${'a'.repeat(32)}`));
  // Four times the letters: about four times the time when linear.
  assert.ok(long / short < 12, `8 letters: ${short.toFixed(4)} ms, 32 letters: ${long.toFixed(4)} ms`);
});

test('a link to a path no hostile source matches is checked at once, by the link rule and the redirect rule', () => {
  const link = '/a'.repeat(48);
  const redirects = [
    { source: `/${'*a'.repeat(14)}*!`, destination: '/target' },
    { source: `/${':p+/'.repeat(12)}:q+/!`, destination: '/target' },
    { source: '/from', destination: link },
  ];
  const graph = siteWith(redirects, `[link](${link})\n`);
  assert.deepEqual(codesOf(runSiteRules(graph, [linkRule]).get('page.mdx')), ['link/missing-page']);
  assert.deepEqual(codesOf(runSiteRules(graph, [redirectRule], []).get('docs.json')), ['redirect/missing-destination']);
});
