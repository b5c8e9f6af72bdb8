import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mdxFactsOf } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { MdxFactsCache } from '../../../server/src/engine/pages/mdx/mdxFactsCache';
import { parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';

const factsOf = (text: string) => mdxFactsOf(text, parseMdx(text));

test('the facts of a file are found for the same text only', () => {
  const cache = new MdxFactsCache();
  const facts = factsOf('<Card title="a">x</Card>\n');
  cache.set('a.mdx', '<Card title="a">x</Card>\n', facts);
  assert.equal(cache.get('a.mdx', '<Card title="a">x</Card>\n'), facts);
  assert.equal(cache.get('a.mdx', '<Card title="b">x</Card>\n'), undefined);
  assert.equal(cache.get('b.mdx', '<Card title="a">x</Card>\n'), undefined);
});

test('keeping only the files given forgets the others and keeps theirs', () => {
  const cache = new MdxFactsCache();
  const [a, b, c] = ['# A\n', '# B\n', '# C\n'].map((text) => ({ text, facts: factsOf(text) }));
  cache.set('a.mdx', a.text, a.facts);
  cache.set('b.mdx', b.text, b.facts);
  cache.set('c.mdx', c.text, c.facts);
  cache.keepOnly(['a.mdx', 'c.mdx', 'new.mdx']);
  assert.equal(cache.get('a.mdx', a.text), a.facts);
  assert.equal(cache.get('b.mdx', b.text), undefined, 'a file no longer given is forgotten');
  assert.equal(cache.get('c.mdx', c.text), c.facts);
});
