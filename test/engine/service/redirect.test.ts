import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FileEdit } from '../../../server/src/engine/service/edits';
import { addRedirectsEdit, redirectsFor, routeOf } from '../../../server/src/engine/service/redirect';

function applied(text: string, added: { edit: FileEdit } | undefined): string {
  assert.ok(added, 'an edit');
  let result = text;
  for (const { range, newText } of [...added.edit.edits].sort((a, b) => b.range.start - a.range.start)) result = result.slice(0, range.start) + newText + result.slice(range.end);
  return result;
}

test('a page is served at its path without extension; an index page at its folder; snippets nowhere', () => {
  assert.equal(routeOf('guides/setup.mdx'), '/guides/setup');
  assert.equal(routeOf('guides/index.md'), '/guides');
  assert.equal(routeOf('index.mdx'), '/');
  assert.equal(routeOf('snippets/note.mdx'), undefined);
  assert.equal(routeOf('_snippets/note.mdx'), undefined, 'the older snippet folder');
  assert.equal(routeOf('snippets.mdx'), '/snippets', 'a page named like the folder is a page');
  assert.equal(routeOf('images/logo.png'), undefined);
});

test('a moved page gets one redirect, a moved folder one wildcard redirect, snippets and files none', () => {
  const isFile = (path: string) => /\.\w+$/.test(path);
  assert.deepEqual(redirectsFor({ from: 'guides/setup.mdx', to: 'start/install.mdx' }, isFile), [{ source: '/guides/setup', destination: '/start/install' }]);
  assert.deepEqual(redirectsFor({ from: 'guides', to: 'tutorials' }, isFile), [{ source: '/guides/:slug*', destination: '/tutorials/:slug*' }]);
  assert.deepEqual(redirectsFor({ from: 'snippets/a.mdx', to: 'snippets/b.mdx' }, isFile), []);
  assert.deepEqual(redirectsFor({ from: '_snippets/parts', to: '_snippets/pieces' }, isFile), []);
  assert.deepEqual(redirectsFor({ from: 'images/a.png', to: 'images/b.png' }, isFile), []);
  assert.deepEqual(redirectsFor({ from: 'guides/setup.mdx', to: 'guides/setup.md' }, isFile), [], 'same address');
});

test('redirects are appended to the list, in the file\'s indentation', () => {
  const text = '{\n    "name": "A",\n    "redirects": [\n        { "source": "/a", "destination": "/b" }\n    ]\n}\n';
  const result = applied(text, addRedirectsEdit('docs.json', text, [{ source: '/old', destination: '/new' }, { source: '/x', destination: '/y' }]));
  assert.deepEqual(JSON.parse(result).redirects, [
    { source: '/a', destination: '/b' },
    { source: '/old', destination: '/new' },
    { source: '/x', destination: '/y' },
  ]);
  assert.equal(result, text.replace('"/b" }', '"/b" },\n        { "source": "/old", "destination": "/new" },\n        { "source": "/x", "destination": "/y" }'), 'one-line entries follow in one line; nothing else changes');
  const multiLine = '{\n\t"redirects": [\n\t\t{\n\t\t\t"source": "/a",\n\t\t\t"destination": "/b"\n\t\t}\n\t]\n}';
  assert.equal(applied(multiLine, addRedirectsEdit('docs.json', multiLine, [{ source: '/old', destination: '/new' }])), multiLine.replace('\t\t}', '\t\t},\n\t\t{\n\t\t\t"source": "/old",\n\t\t\t"destination": "/new"\n\t\t}'));
});

test('a docs.json without redirects gets the list; a source already listed is not added twice', () => {
  const text = '{\n  "name": "A"\n}';
  const result = applied(text, addRedirectsEdit('docs.json', text, [{ source: '/old', destination: '/new' }]));
  assert.equal(result, '{\n  "name": "A",\n  "redirects": [\n    {\n      "source": "/old",\n      "destination": "/new"\n    }\n  ]\n}');
  assert.equal(addRedirectsEdit('docs.json', result, [{ source: '/old', destination: '/elsewhere' }]), undefined);
});

test('a docs.json that is broken or has a redirects value that is not a list is left alone', () => {
  assert.equal(addRedirectsEdit('docs.json', '{ "name": ', [{ source: '/a', destination: '/b' }]), undefined);
  assert.equal(addRedirectsEdit('docs.json', '{ "redirects": {} }', [{ source: '/a', destination: '/b' }]), undefined);
});
