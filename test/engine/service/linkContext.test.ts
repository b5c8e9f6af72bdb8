import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linkContextAt } from '../../../server/src/engine/service/linkContext';

/** The context at the "|" of a page text, with the text its range covers. */
function at(marked: string) {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const context = linkContextAt(text, offset);
  return context && { ...context, covers: text.slice(context.range.start, context.range.end) };
}

test('after "](" a path is typed; the range is the whole path part of the target', () => {
  assert.deepEqual(at('See [setup](/gu|ides/setup#install) now.'), { kind: 'path', form: 'link', path: '/guides/setup', typed: '/gu', range: { start: 12, end: 25 }, covers: '/guides/setup' });
  assert.deepEqual(at('See [setup](|)'), { kind: 'path', form: 'link', path: '', typed: '', range: { start: 12, end: 12 }, covers: '' });
  assert.equal(at('![logo](/images/|)')?.form, 'image');
  assert.equal(at('[a [nested] text](./|)')?.typed, './');
});

test('after "#" an anchor is typed, of the page before it or of this page', () => {
  assert.deepEqual(at('[x](/quickstart#ins|tall)'), { kind: 'anchor', form: 'link', path: '/quickstart', typed: 'ins', range: { start: 16, end: 23 }, covers: 'install' });
  assert.deepEqual(at('[x](#|)'), { kind: 'anchor', form: 'link', path: '', typed: '', range: { start: 5, end: 5 }, covers: '' });
  assert.equal(at('[x](../setup?tab=a#|)')?.path, '../setup');
});

test('href and src attributes of HTML and components, and reference definitions', () => {
  assert.deepEqual(at('<Card title="Setup" href="/guides/|" icon="gear" />'), { kind: 'path', form: 'href', path: '/guides/', typed: '/guides/', range: { start: 26, end: 34 }, covers: '/guides/' });
  assert.equal(at('<img src="/images/lo|go.png" />')?.form, 'src');
  assert.equal(at('<Card\n  href="/quick|"')?.form, 'href');
  assert.equal(at('[docs]: /guides/|')?.form, 'definition');
});

test('nothing outside link targets, in code, for URLs or while a query is typed', () => {
  for (const marked of [
    'Plain text |here',
    '[text|](/x)',
    '<Card title="|" />',
    'Inline `[x](/|)` code',
    '```mdx\n[x](/|)\n```',
    '[x](https://example.com/|)',
    '[x](mailto:|)',
    '[x](/guides?tab=|)',
    'import Note from "/snippets/|"',
  ]) {
    assert.equal(at(marked), undefined, marked);
  }
  assert.ok(at('```mdx\n[x](/a)\n```\n\n[x](/|)'), 'after a closed fence');
});
