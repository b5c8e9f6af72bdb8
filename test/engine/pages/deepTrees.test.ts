// A page's depth drives no recursion: 5,000 nested quotes take 5 KB, and a walk that recursed
// into each level exhausted the stack. Each walk of a page's tree is run on a tree far deeper
// than any stack holds frames.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Root, RootContent } from 'mdast';
import { mdxFactsOf } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { treeNodes } from '../../../server/src/engine/pages/mdx/treeNodes';

const depth = 200_000;
const at = (offset: number) => ({ start: { line: 1, column: offset + 1, offset }, end: { line: 1, column: offset + 2, offset: offset + 1 } });

/** The tree of `<Note>` inside `depth` quotes inside `<Card>`, holding an image: as the parser gives it, without parsing a page that deep. */
function deepTree(): { text: string; tree: Root } {
  const text = '<Card>\n<Note>![a diagram](/d.png)</Note>\n</Card>\n';
  const image = { type: 'image', url: '/d.png', alt: 'a diagram', position: at(text.indexOf('!')) } as RootContent;
  let node = { type: 'mdxJsxFlowElement', name: 'Note', attributes: [], children: [image], position: at(text.indexOf('<Note')) } as unknown as RootContent;
  for (let level = 0; level < depth; level++) node = { type: 'blockquote', children: [node] } as RootContent;
  const card = { type: 'mdxJsxFlowElement', name: 'Card', attributes: [], children: [node], position: at(0) } as unknown as RootContent;
  return { text, tree: { type: 'root', children: [card] } };
}

test('the facts of a page (its elements, each in the one it sits in, and its images) are read whatever its depth', () => {
  const { text, tree } = deepTree();
  const facts = mdxFactsOf(text, { tree });
  if (facts.error) assert.fail('no syntax error in a tree the parser gave');
  assert.deepEqual(
    facts.elements.map((element) => [element.name, element.parent?.name]),
    [
      ['Card', undefined],
      ['Note', 'Card'],
    ],
  );
  assert.deepEqual(facts.images.map((image) => image.alt), ['a diagram']);
});

test('the nodes of a tree come in document order, each before what it holds', () => {
  const tree = { type: 'root', children: [{ type: 'a', children: [{ type: 'b' }, { type: 'c', attributes: [{ type: 'd' }], children: [{ type: 'e' }] }] }, { type: 'f' }] };
  assert.deepEqual([...treeNodes([tree])].map((node) => node.type), ['root', 'a', 'b', 'c', 'e', 'f']);
  assert.deepEqual([...treeNodes([tree], ['children', 'attributes'])].map((node) => node.type), ['root', 'a', 'b', 'c', 'e', 'd', 'f']);
});
