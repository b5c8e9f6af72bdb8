import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readPage } from '../../../server/src/engine/pages/pageModel';
import { readFrontmatterBlock, scanPage } from '../../../server/src/engine/pages/scanPage';
import { extractMarkers } from '../../support/site';

/** The targets the scanner finds, with the text each range covers, in page order. */
function references(page: string): string[] {
  const scan = scanPage(page);
  return scan.references.map((r) => `${r.kind} ${r.target} =${page.slice(r.range.start, r.range.end)}`);
}

describe('page scanner: references', () => {
  it('reads Markdown links and images with their target ranges', () => {
    const { text, ranges } = extractMarkers('See [the guide](⟦/guides/start#install⟧ "Title") and ![logo](⟦../images/logo.png⟧).\n');
    const scan = scanPage(text);
    assert.deepEqual(
      scan.references.map((r) => [r.kind, r.target]),
      [
        ['link', '/guides/start#install'],
        ['image', '../images/logo.png'],
      ],
    );
    assert.deepEqual(scan.references.map((r) => r.range), ranges);
  });

  it('reads reference-style links through their definitions, and the definitions themselves', () => {
    const page = 'Read [the API][api], [Api][] and [api].\n\n[api]: /api-reference/intro\n';
    assert.deepEqual(references(page), [
      'link /api-reference/intro =api',
      'link /api-reference/intro =Api',
      'link /api-reference/intro =api',
      'definition /api-reference/intro =/api-reference/intro',
    ]);
  });

  it('reads href, src and img of HTML tags and components, on one line or several, and string expressions', () => {
    const page = '<Card title="A" href="/a">x</Card>\n<img\n  src="/images/b.png"\n  alt="b"\n/>\n<Tile href={"/c"} />\n<Card img=\'/d.png\' href={dynamic} />\n';
    assert.deepEqual(references(page), ['attribute /a =/a', 'attribute /images/b.png =/images/b.png', 'attribute /c =/c', 'attribute /d.png =/d.png']);
  });

  it('reads attributes however the tag is written: spreads and bare names between them, spaces and line breaks around `=`, braces with spaces', () => {
    const cases: [page: string, found: string[]][] = [
      ['<Card title="A" {...props} href="/a" />\n[x](/after)', ['attribute /a =/a', 'link /after =/after']],
      ['<Card\thref\t=\t"/tab"/>[x](/after)', ['attribute /tab =/tab', 'link /after =/after']],
      ['<Card href =\n"/newline">text</Card>', ['attribute /newline =/newline']],
      ['<Card disabled href="/b">', ['attribute /b =/b']],
      ['<Card href={ "/spaced" } src={"/x" + y} poster={"/a${b}"} />', ['attribute /spaced =/spaced']],
      ["<Card href={'/single'} />", ['attribute /single =/single']],
      ['<a href="/in-quote>" >[x](/after)', ['attribute /in-quote> =/in-quote>', 'link /after =/after']],
      ['<Card href={"/c"}/>[x](/after-self-closing)', ['attribute /c =/c', 'link /after-self-closing =/after-self-closing']],
      ['<Outer sub={<a href="/inner">x</a>} href="/outer">[x](/after)</Outer>', ['attribute /inner =/inner', 'attribute /outer =/outer', 'link /after =/after']],
    ];
    for (const [page, found] of cases) assert.deepEqual(references(page), found, page);
  });

  it('reads no Markdown inside a tag, up to its `>` or `/>`', () => {
    assert.deepEqual(references('<Card title="[x](/in-title)" href="/a" />'), ['attribute /a =/a']);
    assert.deepEqual(references('<Card title="[x](/in-title)" href="/a">text</Card>'), ['attribute /a =/a']);
  });

  it('reads no tag where a name or a value is not one the parser takes', () => {
    assert.deepEqual(references('<Card 1bad="/x" href="/y">'), []);
    assert.deepEqual(references('<Card href=/bare>'), []);
  });

  it('reads snippet imports, default and named, and the range of their source', () => {
    const page = "import Intro from '/snippets/intro.mdx';\nimport { A, B as C } from \"../snippets/parts.mdx\"\n\n# Title\n";
    const scan = scanPage(page);
    assert.deepEqual(
      scan.imports.map((i) => [i.names, i.source, page.slice(i.range.start, i.range.end)]),
      [
        [['Intro'], '/snippets/intro.mdx', '/snippets/intro.mdx'],
        [['A', 'C'], '../snippets/parts.mdx', '../snippets/parts.mdx'],
      ],
    );
  });

  it('finds no link in code, comments, escapes or frontmatter', () => {
    const page = [
      '---',
      'title: "[x](/front)"',
      '---',
      '```md',
      '[a](/fenced)',
      '```',
      '<Tab title="T">',
      '    ```',
      '    [b](/indented-fence)',
      '    ```',
      '</Tab>',
      'Inline `[c](/code)` and ``[d](/double) ` tick``.',
      '{/* [e](/comment) */}',
      '\\[f](/escaped)',
      '[g](/real)',
    ].join('\n');
    assert.deepEqual(references(page), ['link /real =/real']);
  });

  it('reads fences as the parser does: backticks in a backtick fence\'s info make it no fence, a tilde fence may hold them, a fence starts its line', () => {
    assert.deepEqual(references('``` a`b\n[x](/not-fenced)\n\nText.\n'), ['link /not-fenced =/not-fenced']);
    assert.deepEqual(references('~~~ a`b\n[x](/fenced)\n~~~\n[y](/after)\n'), ['link /after =/after']);
    assert.deepEqual(references('Text ```\n[x](/not-fenced)\n'), ['link /not-fenced =/not-fenced']);
    assert.deepEqual(references('````\n```\n[x](/fenced)\n````\n[y](/after)\n'), ['link /after =/after'], 'a shorter fence does not close it');
  });

  it('reads a link target as meant: escapes and entities', () => {
    assert.deepEqual(references('[x](https://x.com/dify\\_ai?a=1&amp;b=2)'), ['link https://x.com/dify_ai?a=1&b=2 =https://x.com/dify\\_ai?a=1&amp;b=2']);
  });

  it('decodes every entity a target may hold: decimal, hexadecimal and the named ones', () => {
    const scan = scanPage('[a](/a&#47;b&#x2F;c&#X2f;d&lt;&gt;&quot;&apos;&nbsp;e&amp;f)');
    assert.deepEqual(scan.references.map((r) => r.target), ['/a/b/c/d<>"\'\u00a0e&f']);
  });

  it('reads comments with spaces inside their braces, imports with spaces between their words, and side-effect imports', () => {
    assert.deepEqual(references('{ /* [a](/in-comment) */ } [b](/out)\n\n{/* [c](/c) */  } [d](/d)'), ['link /out =/out', 'link /d =/d']);
    const page = "import X from  '/snippets/a.mdx';\nimport   \"/snippets/side.mdx\"  ;\n\n# T\n";
    assert.deepEqual(scanPage(page).imports.map((i) => [i.names, i.source]), [[['X'], '/snippets/a.mdx'], [[], '/snippets/side.mdx']]);
    assert.deepEqual(references(page), ['import /snippets/a.mdx =/snippets/a.mdx', 'import /snippets/side.mdx =/snippets/side.mdx']);
  });

  it('reads the names an import brings: a namespace, a default beside named ones, renamed ones, never an invalid name', () => {
    const page = "import * as All from '/snippets/a.mdx';\nimport Def, { One, two as $Two, _x } from '/snippets/b.mdx';\nimport { 3bad, ok } from '/snippets/c.mdx';\nimport {\n  A,\n  B\n} from '/snippets/d.mdx'\n";
    assert.deepEqual(
      scanPage(page).imports.map((i) => [i.names, i.source]),
      [
        [['All'], '/snippets/a.mdx'],
        [['Def', 'One', '$Two', '_x'], '/snippets/b.mdx'],
        [['ok'], '/snippets/c.mdx'],
        [['A', 'B'], '/snippets/d.mdx'],
      ],
    );
  });

  it('ends an export at the first blank line outside its braces and strings; a quote left open ends at its line', () => {
    for (const exported of ["export const a = {\n\n  b: '[x](/in-export)',\n};", 'export const s = "}";', 'export const t = `a\n\n[x](/in-template)`;', "export const e = 'it\\'s{';", "export const u = 'open", "export const list = [\n\n  '[x](/in-list)',\n];", 'export const call = f(\n\n  "[x](/in-call)",\n);']) {
      assert.deepEqual(references(`${exported}\n\n[y](/after)\n`), ['link /after =/after'], exported);
    }
  });

  it('takes import and export only at a line start: in prose they are words', () => {
    const page = "We said import X from '/snippets/a.mdx' in prose, and we export [data](/data) daily.\n";
    assert.deepEqual(scanPage(page).imports, []);
    assert.deepEqual(references(page), ['link /data =/data']);
  });

  it('ends a code span at its paragraph: backticks a blank line apart open none', () => {
    assert.deepEqual(references('`a\n\n[x](/y) b`\n'), ['link /y =/y']);
  });

  it('reads links in JSX inside an attribute expression, which the page shows', () => {
    assert.deepEqual(references('<Head sub={<>See <a href="/pricing">pricing</a></>} />'), ['attribute /pricing =/pricing']);
  });
});

describe('page scanner: headings and anchors', () => {
  const anchors = (page: string) => readPage('p.mdx', page).headings.map((h) => `${h.depth} ${h.anchor}`);

  it('gives ATX and setext headings their slugs, numbering repeats', () => {
    assert.deepEqual(anchors('# Intro\n\n## Quick Start ##\n\nSetup\n-----\n\nIntro\n=====\n\n## Intro\n'), ['1 intro', '2 quick-start', '2 setup', '1 intro-2', '2 intro-3']);
  });

  it('reads the shown text: code kept, links, emphasis and tags removed', () => {
    assert.deepEqual(anchors('## `getUser()` with **bold** [link](/x) <Icon icon="a" /> and_snake\n### Auto Sequence (`<ms>-*`)'), [
      '2 getuser-with-bold-link-and_snake',
      '3 auto-sequence-<ms>',
    ]);
  });

  it('reads the content exactly whatever the spaces around it, and Windows line ends', () => {
    assert.deepEqual(anchors('###   Overwriting a schedule   \r\n#\tTabbed\t#\t\r\n#NotAHeading\n#\n'), ['3 overwriting-a-schedule', '1 tabbed', '1 ']);
  });

  it('gives each heading the range of its lines: an ATX line whole, a setext heading its paragraph without the underline', () => {
    const text = '# One ##\n\nLine a\nline b\n---\n\n  ### Three\n';
    assert.deepEqual(
      scanPage(text).headings.map((h) => text.slice(h.range.start, h.range.end)),
      ['# One ##', 'Line a\nline b', '  ### Three'],
    );
  });

  it('takes {#id} as the anchor as written', () => {
    const page = readPage('p.mdx', '## Quick start {#start}\n## Quick start\n');
    assert.deepEqual(
      page.headings.map((h) => [h.text, h.anchor]),
      [
        ['Quick start', 'start'],
        ['Quick start', 'quick-start'],
      ],
    );
  });

  it('finds no heading in code or frontmatter', () => {
    assert.deepEqual(anchors('---\ntitle: x\n---\n```bash\n# a comment\n```\n## Real\n'), ['2 real']);
  });

  it('gives components their anchors: ids, fields, tabs, accordions, updates', () => {
    const page = readPage(
      'p.mdx',
      '<div id="products" />\n<ParamField path="expireAfterSecs" type="number">x</ParamField>\n<ResponseField name="userId">y</ResponseField>\n<Tab title="New Agent">z</Tab>\n<Accordion title="Why?">w</Accordion>\n<Update label="March 2026">v</Update>\n',
    );
    assert.deepEqual(
      page.componentAnchors.map((a) => a.anchor),
      ['products', 'param-expire-after-secs', 'param-user-id', 'new-agent', 'why', 'march-2026'],
    );
  });
});

describe('page frontmatter', () => {
  it('parses the YAML with the ranges of each field in the page', () => {
    const text = '---\ntitle: "Hello"\ntags: [a, b]\n---\n# Body\n';
    const { frontmatter } = readPage('p.mdx', text);
    assert.ok(frontmatter);
    assert.deepEqual(frontmatter.data, { title: 'Hello', tags: ['a', 'b'] });
    const title = frontmatter.fields.get('title')!;
    assert.equal(text.slice(title.keyRange.start, title.keyRange.end), 'title');
    assert.equal(text.slice(title.valueRange.start, title.valueRange.end), '"Hello"');
    assert.deepEqual(frontmatter.errors, []);
  });

  it('reports a YAML error at its place in the page', () => {
    const text = '---\ntitle: Setup: the basics\n---\n';
    const { frontmatter } = readPage('p.mdx', text);
    assert.equal(frontmatter?.errors.length, 1);
    const { range } = frontmatter!.errors[0];
    assert.equal(text.slice(0, range.start).split('\n').length, 2, 'on the title line');
    assert.equal(frontmatter!.data, undefined);
  });

  it('is absent when the page has no block at its top', () => {
    assert.equal(readPage('p.mdx', '# Title\n---\nx\n---\n').frontmatter, undefined);
  });
});

describe('page scanner: the frontmatter block', () => {
  const block = (text: string) => {
    const found = readFrontmatterBlock(text);
    return found && { raw: found.raw, start: found.start, end: found.range.end };
  };

  it('is the `---` lines at the very start and the YAML between, the closing line break included', () => {
    assert.deepEqual(block('---\ntitle: a\n---\n# H\n'), { raw: 'title: a\n', start: 4, end: 17 });
    assert.deepEqual(block('---  \r\ntitle: a\r\n---\r\n# H\r\n'), { raw: 'title: a\r\n', start: 7, end: 22 });
    assert.deepEqual(block('\uFEFF---\ntitle: a\n---\n'), { raw: 'title: a\n', start: 5, end: 18 });
  });

  it('may end the page with no line break after its closing line', () => {
    assert.deepEqual(block('---\ntitle: a\n---'), { raw: 'title: a\n', start: 4, end: 16 });
  });

  it('closes only at a line of `---`, not at `---` ending a line of YAML', () => {
    assert.deepEqual(block('---\ntitle: a ---\nb: c\n---\n'), { raw: 'title: a ---\nb: c\n', start: 4, end: 26 });
  });

  it('is none when the page does not open with a `---` line, even if such lines come later', () => {
    assert.equal(block('---x\n---\ntitle: a\n---\n'), undefined);
    assert.equal(block('# H\n---\ntitle: a\n---\n'), undefined);
    assert.equal(block('---\ntitle: a\n'), undefined);
  });
});
