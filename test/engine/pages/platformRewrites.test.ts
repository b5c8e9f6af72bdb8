import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rewriteAsPlatform } from '../../../server/src/engine/pages/mdx/platformRewrites';

// What the platform parses for a page as written: code in <MDX> blocks escaped, `## Title {#id}` headings made <hN id> elements.
const rewrites: [page: string, parsed: string][] = [
  ["<MDX>\n`a <b> {c}`\n</MDX>", "<MDX>\n`a &lt;b&gt; &#123;c&#125;`\n</MDX>"],
  ["<MDX className=\"x\">\n``a `<b>` c``\n</MDX>\n`<after>`", "<MDX className=\"x\">\n``a `<b>` c``\n</MDX>\n`<after>`"],
  ["<MDX />\n`<b>`", "<MDX />\n`<b>`"],
  ['<MDX className="x">\n`<b>`\n</MDX>\n`<after>`', '<MDX className="x">\n`&lt;b&gt;`\n</MDX>\n`<after>`'],
  ['<MDX>\n    ## Deep {#deep}\n</MDX>', '<MDX>\n    <h2 id="deep">\n    Deep\n    </h2>\n</MDX>'],
  ["<MDXProvider>\n`<b>`\n</MDXProvider>", "<MDXProvider>\n`<b>`\n</MDXProvider>"],
  ["`<MDX>` `<b>`", "`<MDX>` `<b>`"],
  ["x \"<MDX>\" `<b>`", "x \"<MDX>\" `<b>`"],
  ["<MDX></MDX> `<b>`", "<MDX></MDX> `<b>`"],
  ["<MDX>\n</MDX>\n</MDX>\n`<b>`", "<MDX>\n</MDX>\n</MDX>\n`<b>`"],
  ["<MDX>\n<MDX>\n</MDX>\n`{b}`\n</MDX>", "<MDX>\n<MDX>\n</MDX>\n`&#123;b&#125;`\n</MDX>"],
  ["<MDX>\n```\n<b>{c}\n```\n`<d>`\n</MDX>", "<MDX>\n```\n&lt;b&gt;&#123;c&#125;\n```\n`&lt;d&gt;`\n</MDX>"],
  ["<MDX>\n~~~~\n<b>\n~~~\n<c>\n~~~~   \n`<d>`\n</MDX>", "<MDX>\n~~~~\n&lt;b&gt;\n~~~\n&lt;c&gt;\n~~~~   \n`&lt;d&gt;`\n</MDX>"],
  ["<MDX>\n```\n<b>\n``` x\n<c>\n```\n</MDX>", "<MDX>\n```\n&lt;b&gt;\n``` x\n&lt;c&gt;\n```\n</MDX>"],
  ["<MDX>\n  ```\nplain\n  ```\n</MDX>", "<MDX>\n  ```\nplain\n  ```\n</MDX>"],
  ["<MDX>\n``\n`<b>`\n</MDX>", "<MDX>\n``\n`&lt;b&gt;`\n</MDX>"],
  ["<MDX>`x` </MDX> `<b>`", "<MDX>`x` </MDX> `<b>`"],
  ["<MDX   >\n`<b>`\n</MDX  >", "<MDX   >\n`&lt;b&gt;`\n</MDX  >"],
  ["## Title {#my-id}\n\ntext", "<h2 id=\"my-id\">\nTitle\n</h2>\n\ntext"],
  ["   ### Deep {  #a b  }  ", "   <h3 id=\"a-b\">\n   Deep\n   </h3>"],
  ["    ## Code {#x}", "    ## Code {#x}"],
  ["####### Seven {#x}", "####### Seven {#x}"],
  ["#Title {#x}", "#Title {#x}"],
  ["## T {#x}\r\nnext", "<h2 id=\"x\">\nT\n</h2>\nnext"],
  ["## A <b>, \"c\"? {#Id:(1)!; [x] 🚀 two}", "<h2 id=\"Id1-x-two\">\nA <b>, \"c\"?\n</h2>"],
  ["```\n## A {#a}\n```\n## B {#b}", "```\n## A {#a}\n```\n<h2 id=\"b\">\nB\n</h2>"],
  ["{/* ## A {#a} */}\n## B {#b}", "{/* ## A {#a} */}\n<h2 id=\"b\">\nB\n</h2>"],
  ["{/*\n## A {#a}\n*/}\n## B {#b}", "{/*\n## A {#a}\n*/}\n<h2 id=\"b\">\nB\n</h2>"],
  ["`{/*` ## A {#a}", "`{/*` ## A {#a}"],
  ["\"{/*\" x\n## A {#a}", "\"{/*\" x\n<h2 id=\"a\">\nA\n</h2>"],
  ["{/* a */} {/* b\n## A {#a}\nc */ ## C {#c}\n## D {#d}", "{/* a */} {/* b\n## A {#a}\nc */ ## C {#c}\n<h2 id=\"d\">\nD\n</h2>"],
  ["<MDX>\n   ## In {#in}\n</MDX>\n   ## Out {#out}\n    ## Code {#code}", "<MDX>\n   <h2 id=\"in\">\n   In\n   </h2>\n</MDX>\n   <h2 id=\"out\">\n   Out\n   </h2>\n    ## Code {#code}"],
  ["<MDX>\n## In {#in}\n</MDX>", "<MDX>\n<h2 id=\"in\">\nIn\n</h2>\n</MDX>"],
  ["{/* <MDX> */}\n    ## X {#x}", "{/* <MDX> */}\n    ## X {#x}"],
  ["## {#empty}", "## {#empty}"],
  ["## A {#}", "## A {#}"],
  ["~~~\n## A {#a}\n~~~~\n## B {#b}", "~~~\n## A {#a}\n~~~~\n<h2 id=\"b\">\nB\n</h2>"],
  ["{/*\n```\n*/}\n## A {#a}", "{/*\n```\n*/}\n<h2 id=\"a\">\nA\n</h2>"],
  ["<MDX>\r\n```\r\n<b>\r\n```\t\r\n`<c>`\r\n</MDX>", "<MDX>\r\n```\r\n&lt;b&gt;\r\n```\t\r\n`&lt;c&gt;`\r\n</MDX>"],
  ["<MDX>\n```\n<b>\n```x\n<c>\n````\n`<d>`\n</MDX>", "<MDX>\n```\n&lt;b&gt;\n```x\n&lt;c&gt;\n````\n`&lt;d&gt;`\n</MDX>"],
  ["<MDX>\n`a` \"`<b>`\" `<c>`\n</MDX>", "<MDX>\n`a` \"`&lt;b&gt;`\" `&lt;c&gt;`\n</MDX>"],
  ["<MDX>\n\"x\" `<b>` \"y\"\n</MDX>", "<MDX>\n\"x\" `&lt;b&gt;` \"y\"\n</MDX>"],
  ["<MDX> `<a>` </MDX> `<b>` <MDX> `<c>`\n</MDX>", "<MDX> `&lt;a&gt;` </MDX> `<b>` <MDX> `&lt;c&gt;`\n</MDX>"],
  ["```\n## A {#a}\n``", "```\n## A {#a}\n``"],
  ["````\n## A {#a}\n```\n## B {#b}\n````\n## C {#c}", "````\n## A {#a}\n```\n## B {#b}\n````\n<h2 id=\"c\">\nC\n</h2>"],
  ["  ~~~\n## A {#a}\n  ~~~\n## B {#b}", "  ~~~\n## A {#a}\n  ~~~\n<h2 id=\"b\">\nB\n</h2>"],
  ["x '<MDX>' `<b>`", "x '<MDX>' `<b>`"],
  ["``<MDX>``\n`<b>`", "``<MDX>``\n`<b>`"],
  ["`` {/* ``\n## A {#a}", "`` {/* ``\n<h2 id=\"a\">\nA\n</h2>"],
  ["<MDX>\n`<b>` </MDX >\n`<c>`", "<MDX>\n`&lt;b&gt;` </MDX >\n`<c>`"],
  ["## Title{#x}", "<h2 id=\"x\">\nTitle\n</h2>"],
  ["##  Two  spaces {#x}", "<h2 id=\"x\">\nTwo  spaces\n</h2>"],
  ["## A {#a} tail", "## A {#a} tail"],
  ["## A { #a }  ", "<h2 id=\"a\">\nA\n</h2>"],
  ["<MDX>\n## Title{#x}\n</MDX>", "<MDX>\n<h2 id=\"x\">\nTitle\n</h2>\n</MDX>"],
  ["<MDX>\n##  Two {#x}\n</MDX>", "<MDX>\n<h2 id=\"x\">\nTwo\n</h2>\n</MDX>"],
  ["<MDX>\n## A {#a} tail\n</MDX>", "<MDX>\n## A {#a} tail\n</MDX>"],
  ["<MDX>\n## A { #a }  \n</MDX>", "<MDX>\n<h2 id=\"a\">\nA\n</h2>\n</MDX>"],
];

test('the text the platform parses: code escaped inside <MDX> blocks only, {#id} headings outside fences and comments', () => {
  for (const [page, parsed] of rewrites) assert.equal(rewriteAsPlatform(page).text, parsed, JSON.stringify(page));
});

test('a page the platform does not rewrite is parsed as written, with no map', () => {
  for (const page of ['plain `<b>` text', '<MDX />\n`<b>`', '## No id\n']) {
    const { text, map } = rewriteAsPlatform(page);
    assert.equal(text, page);
    assert.equal(map.rewritten, false);
  }
});

/** Each character of the parsed text, with the line and column of the page it is read at (`char@line:column`). */
function mapped(page: string): string[] {
  const { text, map } = rewriteAsPlatform(page);
  return text.split('\n').map((line, index) => [...line].map((char, column) => {
    const at = map.toSource(index + 1, column + 1);
    return `${char}@${at.line}:${at.column}`;
  }).join(' '));
}

test('every character the platform parses is placed in the page as written: escapes and made-up tags at the text they replace', () => {
  const expected: [page: string, lines: string[]][] = [
  ["<MDX>\n`a <b> {c}`\n</MDX>", [
      "<@1:1 M@1:2 D@1:3 X@1:4 >@1:5",
      "`@2:1 a@2:2  @2:3 &@2:4 l@2:4 t@2:4 ;@2:4 b@2:5 &@2:6 g@2:6 t@2:6 ;@2:6  @2:7 &@2:8 #@2:8 1@2:8 2@2:8 3@2:8 ;@2:8 c@2:9 &@2:10 #@2:10 1@2:10 2@2:10 5@2:10 ;@2:10 `@2:11",
      "<@3:1 /@3:2 M@3:3 D@3:4 X@3:5 >@3:6"
  ]],
  ["x\n   ## Deep {#a}\nz", [
      "x@1:1",
      " @2:4  @2:4  @2:4 <@2:4 h@2:4 2@2:4  @2:4 i@2:4 d@2:4 =@2:4 \"@2:4 a@2:4 \"@2:4 >@2:4",
      " @2:1  @2:2  @2:3 D@2:7 e@2:8 e@2:9 p@2:10",
      " @2:16  @2:16  @2:16 <@2:16 /@2:16 h@2:16 2@2:16 >@2:16",
      "z@3:1"
  ]],
  ["<MDX>\n```\n<b>c\n```\n</MDX>", [
      "<@1:1 M@1:2 D@1:3 X@1:4 >@1:5",
      "`@2:1 `@2:2 `@2:3",
      "&@3:1 l@3:1 t@3:1 ;@3:1 b@3:2 &@3:3 g@3:3 t@3:3 ;@3:3 c@3:4",
      "`@4:1 `@4:2 `@4:3",
      "<@5:1 /@5:2 M@5:3 D@5:4 X@5:5 >@5:6"
  ]],
  ["## T {#x}\r\nnext", [
      "<@1:1 h@1:1 2@1:1  @1:1 i@1:1 d@1:1 =@1:1 \"@1:1 x@1:1 \"@1:1 >@1:1",
      "T@1:4",
      "<@1:10 /@1:10 h@1:10 2@1:10 >@1:10",
      "n@2:1 e@2:2 x@2:3 t@2:4"
  ]],
  ];
  for (const [page, lines] of expected) assert.deepEqual(mapped(page), lines, JSON.stringify(page));
});
