// What a parse after an edit reads again (pages/mdx/reparse.ts): the block the edit touched, the
// block inside a component or the item of a list, the rest of the page from an edit that leaves a
// fence open, or the whole page where a part could read otherwise than in the page. Each case
// also gives what the whole page parsed afresh gives; reparse.test.ts checks that on real pages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mdxParseCount, parseMdx, type MdxParse } from '../../../server/src/engine/pages/mdx/parseMdx';
import { reparseMdx } from '../../../server/src/engine/pages/mdx/reparse';

/** The parse as plain data: estree data aside (its positions are the expression's own). */
const shape = (parse: MdxParse) => JSON.stringify(parse.error ? { error: parse.error } : parse.tree, (key, value) => (key === 'data' ? undefined : value));

/** The text of the page after the edit that was read again (or `whole page`), and how many parses it took. */
function readAgain(before: string, after: string): { read: string; parses: number } {
  const first = parseMdx(before);
  assert.ok(first.tree, `the text before parses: ${first.error?.reason}`);
  const parsesBefore = mdxParseCount();
  const parse = reparseMdx(after, { text: before, tree: first.tree });
  const parses = mdxParseCount() - parsesBefore;
  assert.equal(shape(parse), shape(parseMdx(after)), 'the same as the whole page parsed afresh');
  const part = parse.readAgain;
  return { read: part ? after.slice(part.start, part.oldEnd + part.delta) : 'whole page', parses };
}

describe('reparseMdx reads again only what an edit touched', () => {
  it('the paragraph typed in, from the page start or to its end for the first or last', () => {
    assert.deepEqual(readAgain('A.\n\nB para.\n\nC.\n', 'A.\n\nB parax.\n\nC.\n'), { read: 'B parax.\n\n', parses: 1 });
    assert.deepEqual(readAgain('A.\n\nB.\n', 'Ax.\n\nB.\n'), { read: 'Ax.\n\n', parses: 1 });
    assert.deepEqual(readAgain('A.\n\nB.\n', 'A.\n\nBx.\n'), { read: 'Bx.\n', parses: 1 });
  });

  it('a paragraph written with CRLF line ends', () => {
    assert.deepEqual(readAgain('A.\r\n\r\nB.\r\n\r\nC.\r\n', 'A.\r\n\r\nBx.\r\n\r\nC.\r\n'), { read: 'Bx.\r\n\r\n', parses: 1 });
  });

  it("a `#` heading's line ends the paragraph before it and starts the next", () => {
    const page = 'A.\n\nPara one\n# Heading\nPara two\n\nB.\n';
    assert.equal(readAgain(page, page.replace('one', 'onex')).read, 'Para onex\n');
    assert.equal(readAgain(page, page.replace('two', 'twox')).read, 'Para twox\n\n');
  });

  it('a block inside a component written on lines of its own, down through nested components', () => {
    assert.equal(readAgain('A.\n\n<Note>\n\nOne.\n\nTwo.\n\nThree.\n\n</Note>\n\nB.\n', 'A.\n\n<Note>\n\nOne.\n\nTwox.\n\nThree.\n\n</Note>\n\nB.\n').read, 'Twox.\n\n');
    const step = (title: string, body: string) => `<Step title="${title}">\n\nOne.\n\n${body}\n\nThree.\n\n</Step>`;
    const steps = (middle: string) => `A.\n\n<Steps>\n${step('a', 'Two.')}\n${step('b', middle)}\n${step('c', 'Two.')}\n</Steps>\n\nB.\n`;
    assert.equal(readAgain(steps('Two.'), steps('Twox.')).read, 'Twox.\n\n');
  });

  it('the item of a tight bullet list, the first one too', () => {
    assert.equal(readAgain('A.\n\n- one\n- two\n- three\n\nB.\n', 'A.\n\n- one\n- twox\n- three\n\nB.\n').read, '- twox\n');
    assert.equal(readAgain('A.\n\n- one\n- two\n- three\n\nB.\n', 'A.\n\n- onex\n- two\n- three\n\nB.\n').read, '- onex\n');
  });

  it("the whole component for an edit of its first block, which no block of the component's comes before", () => {
    const page = 'A.\n\n<Note>\n\nOne.\n\nTwo.\n\n</Note>\n\nB.\n';
    assert.equal(readAgain(page, page.replace('One.', 'Onex.')).read, '<Note>\n\nOnex.\n\nTwo.\n\n</Note>\n\n');
  });

  it('the whole page for a part indented after a list, which it may continue', () => {
    assert.equal(readAgain('- a\n\nB.\n\nC.\n', '- a\n\n  B.\n\nC.\n').read, 'whole page');
  });

  it("an error inside a component's block is the whole page's: the part alone would read it otherwise", () => {
    const page = 'A.\n\n<Note>\n\nOne.\n\nTwo.\n\nThree.\n\n</Note>\n\nB.\n';
    for (const typed of ['x </Tip>', 'x <b>y']) readAgain(page, page.replace('Two.', typed));
  });

  it('the rest of the page after an edit that leaves a fence open, once the part alone read otherwise', () => {
    assert.deepEqual(readAgain('A.\n\nText.\n\nC.\n\nD.\n', 'A.\n\n```\nText.\n\nC.\n\nD.\n'), { read: '```\nText.\n\nC.\n\nD.\n', parses: 2 });
  });

  it('nothing for the same text', () => {
    assert.deepEqual(readAgain('A.\n\nB.\n', 'A.\n\nB.\n'), { read: '', parses: 0 });
  });

  it('the body after YAML frontmatter, but the whole page when its first line only looks like a frontmatter fence', () => {
    assert.equal(readAgain('---\ntitle: A\n---\n\nA.\n\nB.\n', '---\ntitle: A\n---\n\nA.\n\nBx.\n').read, 'Bx.\n');
    assert.equal(readAgain('---\n\nA.\n\nB.\n', '---\n\nA.\n\nBx.\n').read, 'whole page');
  });

  it('the whole page where the platform rewrites the text, or a link definition may change how the page reads', () => {
    assert.equal(readAgain('A.\n\n## B {#b}\n\nC.\n', 'A.\n\n## B {#b}\n\nCx.\n').read, 'whole page');
    assert.equal(readAgain('A.\n\n<MDX>\n`a`\n</MDX>\n\nC.\n', 'A.\n\n<MDX>\n`a`\n</MDX>\n\nCx.\n').read, 'whole page');
    assert.equal(readAgain('A.\n\n[a]: /x\n\nC.\n', 'A.\n\n[a]: /x\n\nCx.\n').read, 'whole page');
    assert.equal(readAgain('A.\n\nB.\n\nC.\n', 'A.\n\n[b]: /y\n\nC.\n').read, 'whole page', 'a definition typed');
    assert.equal(readAgain('A.\n\n## B\n\nC.\n', 'A.\n\n## B {#b}\n\nC.\n').read, 'whole page', 'an id typed');
    assert.equal(readAgain('A.\n\n## B {#b}\n\nC.\n', 'A.\n\n## B\n\nC.\n').read, 'whole page', 'an id removed');
  });

  it('reads as the whole page where a block stops starting afresh: a list or quote that no longer interrupts a paragraph, a heading made text', () => {
    const edits: [before: string, after: string][] = [
      ['X.\n\nA\n- b\n\nY.\n', 'X.\n\nA\nb\n\nY.\n'],
      ['X.\n\nA\n> b\n\nY.\n', 'X.\n\nA\nb\n\nY.\n'],
      ['X.\n\n# H\nA\n\nY.\n', 'X.\n\n#H\nA\n\nY.\n'],
      ['X.\n\nA\n# H\n\nY.\n', 'X.\n\nA\n#H\n\nY.\n'],
      ['X.\n\n<Note>a</Note>\nB\n\nY.\n', 'X.\n\n<Note>a</Note>\nBx\n\nY.\n'],
      ['X.\n\n```\nc\n```\nA\n\nY.\n', 'X.\n\n```\nc\n``\nA\n\nY.\n'],
    ];
    for (const [before, after] of edits) readAgain(before, after);
  });

  it('reads as the whole page where an edit changes a list: another bullet, a blank line that loosens it, an ordered or loose list', () => {
    const tight = 'X.\n\n- a\n- b\n- c\n\nY.\n';
    for (const after of [tight.replace('- b', '* b'), tight.replace('- b\n', '- b\n\n'), tight.replace('- b', '- b\n  - nested'), tight.replace('- b', '-b')]) readAgain(tight, after);
    const ordered = 'X.\n\n1. a\n2. b\n3. c\n\nY.\n';
    readAgain(ordered, ordered.replace('2. b', '2. bx'));
    readAgain(ordered, ordered.replace('2. b', '7) b'));
    const loose = 'X.\n\n- a\n\n- b\n\n- c\n\nY.\n';
    readAgain(loose, loose.replace('- b', '- bx'));
  });

  it('a list the part would join, with the part: the list before it by reading the whole page', () => {
    assert.equal(readAgain('- a\n\nPara.\n\nEnd.\n', '- a\n\n- b\n\nEnd.\n').read, 'whole page');
    assert.equal(readAgain('Start.\n\nPara.\n\n- a\n', 'Start.\n\n- b\n\n- a\n').read, '- b\n\n- a\n');
  });

  it('an error of the part alone, in one parse: a character the parser rejects where it stands, a lazy line, a tag error of a top-level block', () => {
    for (const part of [
      'B <5.',
      '> <Card\ntitle="x" />',
      '> {a\nb}',
      '</Tip>',
      'x <Note>text</Tip>',
      'x <Note>a</Note foo>',
      'x <Note>a</Note/>',
      'x <b>bold',
    ]) {
      assert.equal(readAgain('A.\n\nB.\n\nC.\n', `A.\n\n${part}\n\nC.\n`).parses, 1, part);
    }
  });

  it('a tag left open at the end of a block that may go on is read again to the end of the page', () => {
    assert.equal(readAgain('A.\n\nB.\n\nC.\n', 'A.\n\n<Note>\n\nC.\n').parses, 2);
  });

  it('a link definition written in any list item or quote makes the whole page read again', () => {
    for (const definition of ['1. [ab]: /x', '10. [ab]: /x', '>[ab]: /x', '- >  [ab]: /x', '  * [ab]: /x']) {
      assert.equal(readAgain('A.\n\nB.\n\nC.\n', `A.\n\n${definition}\n\nC.\n`).read, 'whole page', definition);
    }
  });
});
