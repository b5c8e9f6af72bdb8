// The page scanner reads links, images, definitions and headings with its own fast reader; the
// platform's parser is the authority on what a page holds. Each case here is read by both, and the
// scanner must find exactly what the parser's tree holds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';
import { rewriteAsPlatform } from '../../../server/src/engine/pages/mdx/platformRewrites';
import { readPage } from '../../../server/src/engine/pages/pageModel';
import { normaliseLabel } from '../../../server/src/engine/pages/scanLinks';
import { scanPage } from '../../../server/src/engine/pages/scanPage';

function treeOf(page: string): Root {
  const parse = parseMdx(page);
  assert.ok(parse.tree, `the parser takes ${JSON.stringify(page)}: ${parse.error?.reason}`);
  return parse.tree;
}

function nodesOf(node: Nodes): Nodes[] {
  return 'children' in node ? [node, ...node.children.flatMap((child) => nodesOf(child as Nodes))] : [node];
}

/** The links, images and definitions of the parser's tree, reference links resolved through the definitions, in page order. */
function parserLinks(page: string): string[] {
  const nodes = nodesOf(treeOf(page));
  const definitions = new Map<string, string>();
  for (const node of nodes) if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node.url);
  return nodes.flatMap((node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') return [`${node.type} ${node.url}`];
    if (node.type === 'linkReference' || node.type === 'imageReference') return [`${node.type === 'linkReference' ? 'link' : 'image'} ${definitions.get(node.identifier)}`];
    return [];
  });
}

function scannerLinks(page: string): string[] {
  return scanPage(page)
    .references.filter((r) => r.kind === 'link' || r.kind === 'image' || r.kind === 'definition')
    .map((r) => `${r.kind} ${r.target}`);
}

/** The same links, images and definitions, in any order (the tree lists a link before the image it holds, the scanner by their targets). */
function assertSameLinks(pages: string[]): void {
  const differ = pages.filter((page) => JSON.stringify(scannerLinks(page).sort()) !== JSON.stringify(parserLinks(page).sort()));
  assert.deepEqual(
    differ.map((page) => ({ page, scanner: scannerLinks(page), parser: parserLinks(page) })),
    [],
  );
}

describe('the scanner reads links as the platform parser does', () => {
  it('destinations: spaces and line breaks around them, angle brackets, nothing, characters that end them', () => {
    assertSameLinks([
      '[a](/x)\n',
      '[a]( /x )\n',
      '[a](\t/x\t)\n',
      '[a](\n/x\n)\n',
      '[a](<x y>)\n',
      '[a](<x y> "t")\n',
      '[a](< x >)\n',
      '[a](<>)\n',
      '[a]()\n',
      '[a](/x y)\n',
      '[a](/x\ty)\n',
      '[a](/x\u0001y)\n',
      '[a](/x\n\ny)\n',
      '[a](/x\n',
      '[a](/x',
    ]);
  });

  it('parentheses in a destination: balanced ones are part of it, up to the nesting the parser allows', () => {
    assertSameLinks([
      '[a](/x(y))\n',
      '[a](/x(y)z)\n',
      '[a](/x(y)\n',
      '[a](/x)y)\n',
      '[a](/x((y)))\n',
      `[a](/x${'('.repeat(32)}${')'.repeat(32)})\n`,
      `[a](/x${'('.repeat(33)}${')'.repeat(33)})\n`,
    ]);
  });

  it('titles: in double quotes, single quotes or parentheses, on the next line; anything else after the destination is no link', () => {
    assertSameLinks([
      '[a](/x "t")\n',
      "[a](/x 't')\n",
      '[a](/x (t))\n',
      '[a](/x\n"t"\n)\n',
      '[a](/x "t" )\n',
      '[a](/x "t" x)\n',
      '[a](/x "t"x)\n',
      '[a](/x t)\n',
      '[a](/x "t)\n',
      "[a](/x 't)\n",
      '[a](/x (t)\n',
      '[a](/x "t\n\nu")\n',
      "[a](/x 't\n \nu')\n",
      '[a](/x (t\n\nu))\n',
      '[a](/x "t\nu")\n',
      '[a](/x "t") [b](/y "u\n\nv") [c](/z "w")\n',
      '[a](/x "',
    ]);
  });

  it('reference links: full, collapsed and shortcut, with labels as the parser matches them', () => {
    const definitions = '\n\n[b]: /defined\n[Long  Label]: /long\n';
    assertSameLinks(
      [
        '[a][b]',
        '[a][B]',
        '[b][]',
        '[b]',
        '![i][b]',
        '[x][long label]',
        '[long\nlabel]',
        '[a][ b ]',
        '[a][b',
        '[a][]',
        '[a] [b]',
        '[a][b][c]',
        '[[b]]',
        '[b]][',
        '[a][x[b]]',
      ].map((line) => line + definitions),
    );
  });

  it('brackets: nested ones, one left open, and a blank line between an opening and its closing', () => {
    assertSameLinks([
      '[[a]](/x)\n',
      '[a [b] c](/x)\n',
      '[a](/x) [b](/y)\n',
      '[[a](/x)\n',
      '[a]](/x)\n',
      '[a\n\nb](/x)\n',
      '[a\n \t\nb](/x)\n',
      '[a\r\n\r\nb](/x)\n',
      '[a\nb](/x)\n',
      '[a\n## H\n](/x)\n',
      '[a\n###### H\n](/x)\n',
      '[a\n#H\n](/x)\n',
      '![i](/p.png)\n',
      '[a [b](/y) c](/x)\n',
      '[a [[b](/y)] c](/x)\n',
      '[![i](/p.png)](/x)\n',
      '![i [b](/y)](/p.png)\n',
      '![i ![j](/q.png)](/p.png)\n',
      '[![i [b](/y)](/p.png)](/x)\n',
      '[a [b](/y) [c](/z)](/x) [d](/w)\n',
      '![a [b [c](/z)](/y)](/x)\n',
      '[a]([b](/y))\n',
      '[a](/x[b](/y))\n',
      '\\[a](/x)\n',
    ]);
  });

  it('on random pages of link syntax, reads what the parser reads, but for the shapes it is known to read otherwise', () => {
    const pieces = [
      '\n', '\n\n', '\n   ', '\r\n', ' ', '  ', '    ', '\t', 'text ', '_', '!', '#', '# H\n', '{#', '}', '&amp;', '/x',
      '[', ']', '(', ')', '<', '"', "'", '`', '\\', '](', '![', '<y>', '"t"', "'t'", '(t)',
      '[a](/x)', '[a](/x "t")', '[a](<y z>)', '![i](/p.png)', '[a]: ', '[b]: /d\n',
    ];
    /** What the scanner reads otherwise (each rare in real pages): */
    const knownShapes = [
      /\]\[[^\]]*\]\(|\[\]\(/, // a reference followed by `(`: the scanner also reads the parentheses as an inline link
      /\]\[[^\]\n]*(?:\n|$)/, // a full reference whose label does not close on its line
      /\\`/, // an escaped backtick: the scanner takes escapes before code spans
      /\\\[/, // an escaped `[` (in a label spanning lines)
      /`[^`]*\n[^`]*`/, // a code span over several lines, which a heading or definition may cut
    ];
    const pages = fc.array(fc.constantFrom(...pieces), { maxLength: 25 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(pages, (page) => {
        if (knownShapes.some((shape) => shape.test(page)) || parseMdx(page).error) return;
        const checked = (links: string[]) => links.filter((link) => link !== 'link ' && link !== 'image ').sort();
        assert.deepEqual(checked(scannerLinks(page)), checked(parserLinks(page)));
      }),
      // Fewer under mutation testing, where every surviving mutant runs it.
      { numRuns: Number(process.env.SCAN_AS_PARSER_RUNS ?? 2000) },
    );
  });

  it('reads a link holding a reference link as a link: it does not resolve labels while reading links', () => {
    const page = '[a [b][] c](/x)\n\n[b]: /d\n';
    assert.deepEqual(parserLinks(page), ['link /d', 'definition /d']);
    assert.deepEqual(scannerLinks(page), ['link /d', 'link /x', 'definition /d']);
  });

  it('definitions: with a title, in angle brackets, and lines that are not definitions', () => {
    assertSameLinks(['[b]: /x "t"\n', '[b]: <x y>\n', '[b]:\n/x\n', '[b]: /x y\n', '[b]:\n\n/x\n', ' [b]: /x\n', '[b]: /x\n[b]: /y\n', 'p [b]: /x\n']);
  });

  it('definition titles: on the line or the next, over several lines but no blank one, escapes inside; a line that is no title is read as text', () => {
    assertSameLinks([
      '[b]: /x "t" \n[a](/y)\n',
      "[b]: /x 't'\n",
      '[b]: /x (t)\n',
      '[b]: /x\n"[a](/y)"\n',
      '[b]: /x\n  "[a](/y)"  \n',
      '[b]: /x\n\t(\'[a](/y)\')\n',
      '[b]: /x\r\n"[a](/y)"\r\n',
      '[b]: /x\n"[a](/y)" junk\n',
      '[b]: /x\n"[a](/y)\n',
      '[b]: /x "[a](/y)\n[c](/z)"\n',
      '[b]: /x "t\n\n[a](/y)"\n',
      '[b]: /x "t\n \r\n[a](/y)"\n',
      '[b]: /x "t\\"[a](/y)"\n',
      '[b]: /x "t" [a](/y)\n',
      '[b]: /x"t"\n',
      '[b]: <x y> "t"\n',
      "[a]:     \n   [a]: 't'\n",
      '[b]:/x\n',
      '[b]:\n/x\n"t"\n',
      '[b]:\n  /x\n',
      '[b]: /x\n',
      '[b]: /x',
    ]);
  });

  it('where a definition may start: not inside a paragraph, a list item or a quote, nor after a line a code span starts', () => {
    assertSameLinks([
      '# H\n[b]: /x\n',
      'text\n\n[b]: /x\n',
      'text\n[b]: /x\n',
      '[a]: /x\ntext\n[b]: /y\n',
      '[a]: /x\n[b]: /y\n[c]: /z\n',
      '- item\n[b]: /x\n',
      '> quote\n[b]: /x\n',
      '`code` text\n[b]: /x\n',
      '```\ncode\n```\n[b]: /x\n',
      '<div>\n\n</div>\n[b]: /x\n',
      '`a\nb` c\n[b]: /x\n',
      '    [b]: /x\n',
      '\t[b]: /x\n',
      '`[b]: /x`\n',
      '[b]:\n# H\n',
      '[b]:\n#\n',
      '[b]:\n-\n',
      '[b]:\n- /x\n',
      '`x` [b]: /y\n',
      '[[b]]: /x\n',
      '[b]: (x\n',
      '[b]: x)\n',
      '[b]: \\(x\n',
    ]);
  });
});

/** The parser's headings: depth and the text they show. */
function parserHeadings(page: string): string[] {
  const shown = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? node.children.map((child) => shown(child as Nodes)).join('') : '');
  return nodesOf(treeOf(page)).flatMap((node) => (node.type === 'heading' ? [`${node.depth} ${shown(node)}`] : []));
}

function scannerHeadings(page: string): string[] {
  return readPage('p.mdx', page).headings.map((h) => `${h.depth} ${h.text}`);
}

function assertSameHeadings(pages: string[]): void {
  for (const page of pages) assert.deepEqual(scannerHeadings(page), parserHeadings(page), JSON.stringify(page));
}

describe('the scanner reads headings as the platform parser does', () => {
  it('ATX headings: one to six marks, a closing sequence, escapes, indents and tabs', () => {
    assertSameHeadings([
      '# Title\n',
      '###### Six\n',
      '####### Seven\n',
      '#Title\n',
      '#\tTitle\n',
      '# Title #\n',
      '# Title ##   \n',
      '# Title#\n',
      '# Title \\#\n',
      '# #\n',
      '#\n',
      '   # Indented\n',
      '\t# Tab-indented\n',
      '# Title ## more\n',
      '\\# Not\n',
    ]);
  });

  it('setext underlines turn the paragraph above into a heading, never a list item, quote, table row, tag or statement, nor a line continuing one', () => {
    assertSameHeadings([
      'Title\n===\n',
      'Title\n---\n',
      '  Title\n  ===\n',
      'Title\n= =\n',
      'Title\n===  \n',
      '- item\n---\n',
      '* item\n---\n',
      '+ item\n===\n',
      '-item\n---\n',
      '1. item\n---\n',
      '1) item\n---\n',
      '12. item\n===\n',
      '1.item\n---\n',
      '> quote\n---\n',
      '| a |\n|---|\n| b |\n---\n',
      '<div>\n\n</div>\n---\n',
      'text\n\n---\n',
      '## ATX\n---\n',
      '\tTitle\n===\n',
      'Line one\nline two\n---\n',
      'Line one\n  line two  \nthree\n===\n',
      'Line one\\\nline two\r\n---\n',
      'Line one \n line two\n---\n',
      '# Heading\nline two\n---\n',
      'text\n\nLine one\nline two\n---\n',
      '- a\n  b\n---\n',
      '- a\nb\n---\n',
      '> a\nb\n---\n',
      '1. a\nb\nc\n===\n',
      '12. a\nb\n---\n',
      '#\n---\n',
      '<br/>\n---\n',
      'a\n- - -\n',
      '<div>\n\n</div>\nLine\n---\n',
    ]);
  });
});

describe('where the scanner reads headings otherwise than the parser', () => {
  it('takes a line starting `|` above an underline for a table row (a table ends so more often than a heading starts so)', () => {
    const page = '| a | b |\n---\n';
    assert.deepEqual(parserHeadings(page), ['2 | a | b |']);
    assert.deepEqual(scannerHeadings(page), []);
  });
});

/** The id the platform's rewrite gives a heading line (it makes a `{#id}` heading an element with that id), if any. */
function platformHeadingId(line: string): string | undefined {
  return /^\s*<h[1-6] id="([^"]*)">/.exec(rewriteAsPlatform(`${line}\n`).text)?.[1];
}

describe('the scanner reads `{#id}` headings as the platform does', () => {
  it('gives the heading the id the platform rewrites it with, spaces inside the braces and marks it drops included', () => {
    for (const line of [
      '## Title {#id}',
      '## Title{#id}',
      '## Title  \t{#id}',
      '## Title {#id}  ',
      '## Title {# id }',
      '## Title { #id }',
      '## Title {#my id}',
      '## Title {#a(b)!c}',
      '## Title {#a<b>&c}',
      '## Title {#a}{#b}',
      '## Title } {#b}',
      '## Title {x {#y}',
      '## Title {#a{b}',
      '## Title {#{#}',
      '#### Title {#ID}',
      '## `code` {#x}',
    ]) {
      const platform = platformHeadingId(line);
      assert.ok(platform, `the platform gives ${JSON.stringify(line)} an id`);
      assert.equal(readPage('p.mdx', `${line}\n`).headings[0].anchor, platform, line);
    }
  });

  it('reads no id where the platform rewrites none: an id alone, an empty one, text after it, no `#` or no braces', () => {
    for (const line of ['## {#id}', '## Title {#}', '## Title {#id} x', '## Title {id}', '## Title #id}', '## Title {#id', '## Title {#a}}']) {
      assert.equal(platformHeadingId(line), undefined, line);
      assert.equal(scanPage(`${line}\n`).headings[0].customId, undefined, line);
    }
  });
});

it('normalises labels as the parser matches them: case and runs of white space', () => {
  assert.equal(normaliseLabel('  Long \n\t Label '), 'long label');
});
