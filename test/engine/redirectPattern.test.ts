import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../server/src/engine';
import { RedirectIndex, indexedRedirect, writtenSource } from '../../server/src/engine/redirects/redirectIndex';
import { redirectListOf } from '../../server/src/engine/redirects/redirectList';
import { compileRoutePattern, normaliseRoute, substitute } from '../../server/src/engine/redirects/redirectPattern';
import { docsJson, writeSite } from '../support/site';

const values = (source: string, route: string) => compileRoutePattern(source).match(route);

test('the home page "/" is matched by a pattern that may be empty, and by no other', () => {
  assert.deepEqual(values('/:slug?', '/'), new Map([['slug', '']]));
  assert.deepEqual(values('/*', '/'), new Map([['*0', '']]));
  assert.deepEqual(values('/:slug*', '/'), new Map([['slug', '']]));
  assert.equal(values('/:slug', '/'), undefined);
  assert.equal(values('/:slug+', '/'), undefined);
  assert.equal(values('/:slug?', '/a/b'), undefined, 'an optional segment is one segment at most');
  assert.equal(values('/docs/:slug?', '/'), undefined);
});

test('a parameter captures its segment; literal characters of the source are matched as written', () => {
  assert.deepEqual(values('/v1.0/:slug', '/v1.0/intro'), new Map([['slug', 'intro']]));
  assert.equal(values('/v1.0/:slug', '/v1x0/intro'), undefined);
  assert.deepEqual(values('/a/:x/b/:y', '/a/1/b/2'), new Map([['x', '1'], ['y', '2']]));
});

test('a route is read without query, fragment and trailing slashes; malformed percent-encoding stays as written', () => {
  assert.equal(normaliseRoute('guides/setup/?x=1#top'), '/guides/setup');
  assert.equal(normaliseRoute('/a%zz'), '/a%zz');
  assert.equal(normaliseRoute('/caf%C3%A9//'), '/café');
  assert.equal(normaliseRoute('/blog/:slug?'), '/blog/:slug?');
  assert.equal(normaliseRoute(' /a/ '), '/a');
  assert.equal(normaliseRoute('/'), '/');
  assert.equal(normaliseRoute(''), '/');
});

test('a destination gets the values of the parameters and wildcards its source matched', () => {
  const from = (source: string, route: string, destination: string) => substitute(destination, values(source, route)!);
  assert.equal(from('/old/:slug', '/old/intro', '/new/:slug'), '/new/intro');
  assert.equal(from('/old/*', '/old/a/b', '/new/*'), '/new/a/b');
  assert.equal(from('/blog-*', '/blog-2024', '/posts/*'), '/posts/2024');
  assert.equal(from('/a-*/b-*', '/a-1/b-2', '/x/*/y/*'), '/x/1/y/2', 'wildcards in order');
  assert.equal(from('/x/*/y/*', '/x/1/y/2', '/n/*/*'), '/n/1/2', 'whole-segment wildcards in order');
  assert.equal(from('/a-*/:slug', '/a-1/x', '/n/:slug/*'), '/n/x/1', 'a parameter after a partial wildcard');
  assert.equal(from('/blog/:slug?', '/blog', '/news/:slug/all'), '/news/all', 'an empty value leaves no empty segment');
  assert.equal(from('/old/:slug', '/old/intro', '/new/:other'), undefined, 'a parameter the source lacks');
  assert.equal(from('/old/:slug', '/old/intro', '/new/*'), undefined, 'a wildcard the source lacks');
});

test('patterns are found by their literal start, parameters further on and escaped characters included', () => {
  const index = new RedirectIndex();
  [indexedRedirect('/a/:x/b/:y', '/one', 0), indexedRedirect('/docs/v1.0/:slug', '/two', 1)].forEach((redirect) => index.add(redirect));
  assert.equal(index.find('/a/1/b/2')?.redirect.destination, '/one');
  assert.equal(index.find('/docs/v1.0/intro')?.redirect.destination, '/two');
  assert.equal(compileRoutePattern('/docs/v1.0/:slug').literalPrefix, '/docs/v1.0');
});

test('patterns with the same literal start are all tried, in written order', () => {
  const index = new RedirectIndex();
  [indexedRedirect('/docs/:a/x', '/one', 0), indexedRedirect('/docs/:b/y', '/two', 1)].forEach((redirect) => index.add(redirect));
  assert.equal(index.find('/docs/1/x')?.redirect.destination, '/one');
  assert.equal(index.find('/docs/1/y')?.redirect.destination, '/two');
});

test('of two redirects with the same source, the first written is taken', () => {
  const index = new RedirectIndex();
  [indexedRedirect('/old', '/first', 0), indexedRedirect('/old/', '/second', 1)].forEach((redirect) => index.add(redirect));
  assert.equal(index.find('/old')?.redirect.destination, '/first');
});

test('a written source is compared without its surrounding spaces and trailing slash, query and fragment kept', () => {
  assert.equal(writtenSource(' /a/?x=1 '), '/a?x=1');
  assert.equal(writtenSource('/a/#b'), '/a#b');
  assert.equal(writtenSource('/a/'), '/a');
});

function checked(files: Record<string, string>) {
  const host = new DiskSiteHost(writeSite(files));
  return checkDocsJson(host.readFile('docs.json')!, host);
}

test('the redirects are read through "$ref" files, a chain of them included, where the list is written', () => {
  const redirects = [{ source: '/a', destination: '/b' }];
  const list = redirectListOf(
    checked({
      'docs.json': docsJson('{ "pages": ["index"] }', '\n  "redirects": { "$ref": "config/redirects.json" },'),
      'config/redirects.json': JSON.stringify({ $ref: 'more.json' }),
      'config/more.json': JSON.stringify(redirects),
      'index.mdx': '',
    }),
  );
  assert.deepEqual(list?.items, redirects);
  assert.equal(list?.document.path, 'config/more.json');
  assert.deepEqual(list?.path, []);

  const inline = redirectListOf(checked({ 'docs.json': docsJson('{ "pages": ["index"] }', `\n  "redirects": ${JSON.stringify(redirects)},`), 'index.mdx': '' }));
  assert.deepEqual([inline?.document.path, inline?.path, inline?.items], ['docs.json', ['redirects'], redirects]);
});

test('no redirect list where "$ref" names a missing file or the value is not a list', () => {
  assert.equal(redirectListOf(checked({ 'docs.json': docsJson('{ "pages": ["index"] }', '\n  "redirects": { "$ref": "missing.json" },'), 'index.mdx': '' })), undefined);
  assert.equal(redirectListOf(checked({ 'docs.json': docsJson('{ "pages": ["index"] }', '\n  "redirects": { "source": "/a" },'), 'index.mdx': '' })), undefined);
  assert.equal(redirectListOf(checked({ 'docs.json': docsJson('{ "pages": ["index"] }'), 'index.mdx': '' })), undefined);
  assert.equal(redirectListOf(checked({ 'docs.json': 'null' })), undefined, 'a docs.json that is not an object');
  const circular = { 'docs.json': docsJson('{ "pages": ["index"] }', '\n  "redirects": { "$ref": "a.json" },'), 'a.json': '{ "$ref": "b.json" }', 'b.json': '{ "$ref": "a.json" }', 'index.mdx': '' };
  assert.equal(redirectListOf(checked(circular)), undefined, '"$ref" files that name each other');
});
