// MdxFacts written as JSON and read back are the same facts (every key, undefined ones included,
// and each element's parent the same object as the element read for it), on pages of every shape
// and on every page of a real site; anything else read back is no facts, never other facts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { checkDocsJson, DiskSiteHost, SiteGraph } from '../../../server/src/engine';
import { mdxFactsOf, unreadFacts, type MdxFacts } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { factsFromJson, factsToJson } from '../../../server/src/engine/pages/mdx/mdxFactsJson';
import { parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';
import { checkedFiles } from '../../../server/src/engine/pages/siteCheck';
import { materialiseSite } from '../../support/sites';

const factsOf = (text: string) => mdxFactsOf(text, parseMdx(text));
const readBack = (facts: MdxFacts) => factsFromJson(JSON.parse(factsToJson(facts)!));

const everyShape = [
  "import { Shared } from '/snippets/shared.mdx';",
  'export const version = 2;',
  '',
  '![Logo](/logo.png) and ![](/no-alt.png)',
  '',
  '<Tabs>',
  '<Tab title="One" quoted=\'single\' flag count={3} literal={"star"} spread={{ a: 1 }}>',
  '<Card title="Inner" href="/inner">Card with <b>bold</b> and ![in](/in.png).</Card>',
  '</Tab>',
  '</Tabs>',
  '',
  '<Frame {...props}>spread</Frame>',
  '',
  '<Note>Plain <a href="/x">link</a>.</Note>',
  '',
  '{/* docsjson-disable-next-line link/missing-page, icon/unknown -- kept for the old readers */}',
  '[Old](/old)',
  '{/* docsjson-enable */}',
  '',
].join('\n');

describe('MdxFacts as JSON', () => {
  test('reads back as the same facts: elements with every kind of attribute, nested, spread; images with and without alt; ESM names; suppression comments', () => {
    const facts = factsOf(everyShape);
    assert.ok(!facts.error && facts.elements.some((element) => element.parent?.parent) && facts.elements.some((element) => element.attributes === undefined));
    assert.deepEqual(facts.suppressions.map(({ kind, codes }) => `${kind} ${codes.join(',')}`), ['disable-next-line link/missing-page,icon/unknown', 'enable ']);
    const read = readBack(facts);
    assert.deepStrictEqual(read, facts);
    assert.ok(read && !read.error);
    for (const [at, element] of read.elements.entries()) {
      if (element.parent) assert.equal(element.parent, read.elements[facts.elements.indexOf(facts.elements[at].parent!)], 'a parent is the element read for it');
    }
  });

  test('reads back syntax errors, with and without an end and the reason acorn gave', () => {
    for (const text of ['<Card>\n\ntext\n', '<Note>text</Tip>', 'Sum: {a b}\n', '<a b=>']) {
      const facts = factsOf(text);
      assert.ok(facts.error, text);
      assert.deepStrictEqual(readBack(facts), facts, text);
    }
  });

  test('writes no facts of an unread page: they say how one run went', () => {
    assert.equal(factsToJson(unreadFacts({ reason: 'time-limit', limitMs: 5000 })), undefined);
  });

  test('reads anything of another shape as no facts', () => {
    const written = JSON.parse(factsToJson(factsOf(everyShape))!) as { elements: unknown[][] };
    const [first, second] = written.elements;
    const page = { images: [], esmNames: [], suppressions: [] };
    /** An array with one item replaced. */
    const changed = (items: unknown[], at: number, item: unknown) => items.map((old, index) => (index === at ? item : old));
    const foreign: [string, unknown][] = [
      ['null', null],
      ['an array', []],
      ['a key missing', { elements: [], images: [], esmNames: [] }],
      ['a key added', { elements: [], images: [], esmNames: [], suppressions: [], extra: 1 }],
      ['a name not a string', { elements: [], images: [], esmNames: [1], suppressions: [] }],
      ['a negative offset', { elements: [], images: [{ alt: null, range: { start: -1, end: 2 } }], esmNames: [], suppressions: [] }],
      ['a range ending before it starts', { elements: [], images: [{ alt: null, range: { start: 3, end: 2 } }], esmNames: [], suppressions: [] }],
      ['a suppression of no known kind', { elements: [], images: [], esmNames: [], suppressions: [{ kind: 'disable-everything', codes: [], range: { start: 0, end: 4 } }] }],
      ['a parent read after its child', { ...written, elements: [changed(second, 2, 1), first] }],
      ['an element of another length', { ...page, elements: [first.slice(0, 7)] }],
      ['an element neither block nor inline', { ...page, elements: [changed(first, 1, true)] }],
      ['an element whose range ends before it starts', { ...page, elements: [changed(first, 6, 0)] }],
      ['an attribute with a key of no known kind', { ...page, elements: [changed(first, 7, [['title', 1, 0, 4, 16]])] }],
      ['an attribute with a key it says it lacks', { ...page, elements: [changed(first, 7, [['title', 1, 0, 4, 0, 'x']])] }],
      ['an attribute with a key it says it has missing', { ...page, elements: [changed(first, 7, [['title', 1, 0, 4, 1]])] }],
      ['an error without its rule', { error: { start: { line: 1, column: 1, offset: 0 }, reason: 'x' } }],
    ];
    for (const [what, value] of foreign) assert.equal(factsFromJson(value), undefined, what);
  });

  test('reads back the facts of every page of a real site', () => {
    const root = materialiseSite('supermemoryai+supermemory');
    const host = new DiskSiteHost(root);
    const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host, {}, 'docs.json'));
    let pages = 0;
    for (const file of checkedFiles(graph)) {
      const page = graph.page(file);
      if (!page) continue;
      pages++;
      assert.deepStrictEqual(readBack(page.mdxFacts), page.mdxFacts, file);
    }
    assert.ok(pages > 100, `${pages} pages`);
  });
});
