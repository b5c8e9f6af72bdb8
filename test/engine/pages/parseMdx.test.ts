import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mdxParseCount, parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';
import { rewriteAsPlatform } from '../../../server/src/engine/pages/mdx/platformRewrites';

const errorAt = (text: string) => {
  const { error } = parseMdx(text);
  assert.ok(error, `expected an error for ${JSON.stringify(text)}`);
  return { line: error.start.line, column: error.start.column, reason: error.reason };
};

describe('parseMdx: the platform parser', () => {
  it('gives the tree with positions in the page', () => {
    const { tree } = parseMdx('---\ntitle: A\n---\n\n# Hi\n\n<Card title="x">\n  | a |\n  |---|\n  | $x$ |\n</Card>\n');
    assert.ok(tree);
    assert.deepEqual(
      tree.children.map((node) => [node.type, node.position?.start.line]),
      [
        ['yaml', 1],
        ['heading', 5],
        ['mdxJsxFlowElement', 7],
      ],
    );
  });

  it('reads TOML frontmatter, GFM and math as the platform does', () => {
    const { tree } = parseMdx('+++\ntitle = "A"\n+++\n\n~~gone~~ $$\n{x}\n$$\n');
    assert.ok(tree);
    assert.equal(tree.children[0].type, 'toml');
  });

  it('places an unclosed tag where the message names it (the parser gives no place)', () => {
    assert.deepEqual(errorAt('Intro\n\n<Card title="x">\n\ntext\n'), { line: 3, column: 1, reason: 'Expected a closing tag for `<Card>` (3:1-3:17)' });
    assert.equal(errorAt('One\ntwo <b>bold\n').line, 2);
  });

  it('places other errors where the parser does', () => {
    assert.deepEqual(errorAt('a <5'), { line: 1, column: 4, reason: errorAt('a <5').reason });
    assert.equal(errorAt('<Note>text</Tip>').column, 11);
    assert.equal(errorAt('x\n\nexport const x = ;\n').line, 3);
  });

  it('places an error after a line ended by a CR alone, in a page the platform rewrites or not', () => {
    for (const page of ['A.\rB.\r\n\r\n<Card tit"le="x">\n', 'A.\rB.\n\n## Title {#x}\n\n<Card tit"le="x">\n']) {
      const { error } = parseMdx(page);
      assert.equal(error?.start.offset, page.indexOf('"'), JSON.stringify(page));
      assert.equal(error?.start.column, 10);
    }
  });

  it("names the parser's rule of each error, with its end where the parser gives one", () => {
    const unclosed = parseMdx('<Card>\n\ntext\n').error;
    assert.equal(unclosed?.rule, 'mdast-util-mdx-jsx:end-tag-mismatch');
    const mismatch = parseMdx('<Note>text</Tip>').error;
    assert.equal(mismatch?.rule, 'mdast-util-mdx-jsx:end-tag-mismatch');
    assert.deepEqual(mismatch?.end, { line: 1, column: 17, offset: 16 });
    const expression = parseMdx('Sum: {a b}\n').error;
    assert.equal(expression?.rule, 'micromark-extension-mdx-expression:acorn');
    assert.equal(expression?.acornReason, 'Unexpected content after expression');
  });

  it('gives a page nested past the parser\'s stack as an error on its first line, without throwing', () => {
    const error = parseMdx(`${'>'.repeat(20000)} deep\n`).error;
    assert.deepEqual(error, { start: { line: 1, column: 1, offset: 0 }, end: undefined, reason: 'Maximum call stack size exceeded', rule: 'parser:error', acornReason: undefined });
  });

  it('counts each parse, of a page with an error too', () => {
    const before = mdxParseCount();
    parseMdx('# A\n');
    parseMdx('<Card>\n');
    assert.equal(mdxParseCount() - before, 2);
  });

  it('accepts what the platform accepts', () => {
    for (const text of ['a < 3', '$5 and $6', '{/* comment */}', 'a } b', '<br />', '```\n<br>\n```']) {
      assert.equal(parseMdx(text).error, undefined, text);
    }
  });

  it('accepts `{#id}` headings as the platform rewrites them, and maps later lines back', () => {
    const { tree } = parseMdx('## Title {#my-id}\n\ntext\n');
    assert.ok(tree);
    const heading = tree.children[0];
    assert.equal(heading.type === 'mdxJsxFlowElement' && heading.name, 'h2');
    assert.equal(tree.children[1].position?.start.line, 3);
    assert.deepEqual(errorAt('## A {#a}\n\n## B {#b}\n\n<br>\n').line, 5);
    assert.equal(parseMdx('```\n## A {#a}\n```\n{#a}\n').error?.start.line, 4, 'not inside a fence');
  });

  it('escapes code inside <MDX> blocks as the platform does', () => {
    assert.equal(rewriteAsPlatform('<MDX>\n`a <b> {c}`\n</MDX>').text, '<MDX>\n`a &lt;b&gt; &#123;c&#125;`\n</MDX>');
    assert.equal(rewriteAsPlatform('`a <b>`').text, '`a <b>`', 'not outside <MDX>');
    const error = errorAt('<MDX>\n`<x>` <br>\n</MDX>\n');
    assert.deepEqual([error.line, error.column], [2, 7], 'the column in the page as written, before the escapes');
  });
});
