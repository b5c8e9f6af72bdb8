import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';
import { syntaxProblem } from '../../../server/src/engine/pages/mdx/syntaxProblem';
import { breakingPages } from '../../support/mdxBreakingPages';

/** The problem told for a page the parser refuses, with the text it covers and the page after its quick fix (if any). */
function problemOf(text: string): { covered: string; message: string; fix?: { title: string; replacement: string }; fixed?: string } {
  const { error } = parseMdx(text);
  assert.ok(error, `expected a syntax error in ${JSON.stringify(text)}`);
  const { range, message, suggestions } = syntaxProblem(text, error);
  const [fix] = suggestions ?? [];
  assert.ok((suggestions ?? []).length <= 1, 'one quick fix at most');
  return {
    covered: text.slice(range.start, range.end),
    message,
    ...(fix && { fix: { title: fix.title, replacement: fix.replacement }, fixed: text.slice(0, range.start) + fix.replacement + text.slice(range.end) }),
  };
}

/** What the writer reads for each page of the "what breaks a page" table: the text covered and the whole message. */
const tableProblems: [file: string, covered: string, message: string][] = [
  ["unclosed.mdx", "<Card title=\"x\">", "`<Card>` is never closed, so the page does not build: add `</Card>` where its content ends, or write `<Card … />` if it has none"],
  ["mismatched.mdx", "</Tip>", "`</Tip>` is where `<Note>` must be closed, so the page does not build: close `<Note>` first with `</Note>`, or fix the tag's name"],
  ["brace.mdx", "{", "`{` starts a JavaScript expression in MDX and this one is never closed, so the page does not build: write `\\{` for a brace"],
  ["expression.mdx", "{entity id}", "`{…}` is JavaScript in MDX, and this is not valid JavaScript (unexpected content after expression), so the page does not build: write `\\{` for a brace, or fix the expression"],
  ["comment.mdx", "<!-- TODO: fix -->", "HTML comments do not work in MDX (the page does not build): write `{/* … */}`"],
  ["br.mdx", "<br>", "`<br>` must be closed in MDX: write `<br />` (the page does not build)"],
  ["img.mdx", "<img src=\"/logo.png\">", "`<img>` must be closed in MDX: write `<img src=\"/logo.png\" />` (the page does not build)"],
  ["autolink.mdx", "<https://example.com>", "A link in angle brackets (`<https://…>`) is a tag in MDX, and not a valid one (the page does not build): write `[text](url)`"],
  ["digit.mdx", "<", "`<` starts a tag in MDX, and a tag name cannot start with `5` (the page does not build): write `\\<` for a less-than sign"],
  ["mention.mdx", "<", "`<` starts a tag in MDX, and a tag name cannot start with `@` (the page does not build): write `\\<` for a less-than sign"],
  ["unquoted.mdx", "rocket", "Attribute values must be quoted in MDX (the page does not build): write \"rocket\""],
  ["quote.mdx", "\"", "This attribute value's quote \" is never closed, so the page does not build (the platform reports it at the end of the page, line 3): add the closing \""],
  ["export.mdx", "export", "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`"],
  ["import.mdx", "import", "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`"],
];

test('each page of the "what breaks a page" table: the text at fault, the whole message, the quick fix', () => {
  assert.deepEqual(tableProblems.map(([file]) => file), breakingPages.map((page) => page.file));
  for (const [index, page] of breakingPages.entries()) {
    const [, covered, message] = tableProblems[index];
    const problem = problemOf(page.text);
    assert.deepEqual([problem.covered, problem.message], [covered, message], page.row);
    assert.ok(message.includes(page.says), page.row);
    const start = page.text.split('\n').slice(0, page.line - 1).join('\n').length + (page.line > 1 ? 1 : 0) + page.column - 1;
    assert.equal(page.text.indexOf(covered, start), start, `${page.row}: starts at ${page.line}:${page.column}`);
    assert.deepEqual(problem.fix && { title: problem.fix.title, fixed: problem.fixed }, page.fix, page.row);
  }
});

const moreProblems: { name: string; text: string; covered: string; message: string; fix?: { title: string; replacement: string } }[] = [
  {
    name: 'another tag error on the last line, with no line end',
    text: 'a <b !> c',
    covered: '!>',
    message:
      'Unexpected character `!` after name: MDX expects a character that can start an attribute name, such as a letter, `$`, or `_`; whitespace before attributes; or the end of the tag (the page does not build)',
  },
  { name: "an HTML comment opening the page", text: "<!-- c -->\nText\n", covered: "<!-- c -->", message: "HTML comments do not work in MDX (the page does not build): write `{/* … */}`", fix: {"title":"Write it as an MDX comment {/* … */}","replacement":"{/* c */}"} },
  { name: "an expression that is not JavaScript, opening the page", text: "{a b}\n", covered: "{a b}", message: "`{…}` is JavaScript in MDX, and this is not valid JavaScript (unexpected content after expression), so the page does not build: write `\\{` for a brace, or fix the expression", fix: {"title":"Escape it: \\{","replacement":"\\{a b}"} },
  { name: "an expression with an object before its fault", text: "x { {a: 1} b }\n", covered: "{ {a: 1} b }", message: "`{…}` is JavaScript in MDX, and this is not valid JavaScript (unexpected content after expression), so the page does not build: write `\\{` for a brace, or fix the expression", fix: {"title":"Escape it: \\{","replacement":"\\{ {a: 1} b }"} },
  { name: "a brace never closed, opening the page", text: "{a", covered: "{", message: "`{` starts a JavaScript expression in MDX and this one is never closed, so the page does not build: write `\\{` for a brace", fix: {"title":"Escape it: \\{","replacement":"\\{"} },
  { name: "a link in angle brackets opening the page", text: "<https://x.com> here\n", covered: "<https://x.com>", message: "A link in angle brackets (`<https://…>`) is a tag in MDX, and not a valid one (the page does not build): write `[text](url)`", fix: {"title":"Write [https://x.com](https://x.com)","replacement":"[https://x.com](https://x.com)"} },
  { name: "a void tag on the last line", text: "One<br>", covered: "<br>", message: "`<br>` must be closed in MDX: write `<br />` (the page does not build)", fix: {"title":"Write <br />","replacement":"<br />"} },
  { name: "an HTML comment with a tag before it", text: "A <b>x</b> <!-- c\n", covered: "<!--", message: "HTML comments do not work in MDX (the page does not build): write `{/* … */}`" },
  { name: "an unclosed tag whose > is on a later line", text: "Text <Card\ntitle=\"x\">\n\nmore\n", covered: "<Card\ntitle=\"x\">", message: "`<Card>` is not closed before the end of its paragraph, so the page does not build: close it there with `</Card>`, or write `<Card … />` if it has no content" },
  { name: "an expression not closed before its line ends", text: "A {b c\n\nd}\n", covered: "\n", message: "`{` starts a JavaScript expression in MDX and this one is never closed, so the page does not build (the platform reports it at the end of the page, line 1): write `\\{` for a brace" },
  { name: "an export far down the page", text: "\n\n\n\n\n\n\n\n\n\n\nexport const a = 1 +;\n", covered: "export", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "an expression far down the page", text: "\n\n\n\n\n\n\n\n\n\n\n{a b}\n", covered: "{a b}", message: "`{…}` is JavaScript in MDX, and this is not valid JavaScript (unexpected content after expression), so the page does not build: write `\\{` for a brace, or fix the expression", fix: {"title":"Escape it: \\{","replacement":"\\{a b}"} },
  { name: "an import of nothing", text: "import from \"x\"\n", covered: "import", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "an export of a brace", text: "export {\n", covered: "export", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "a digit after a tag opening a line", text: "a\n<5\n", covered: "<", message: "`<` starts a tag in MDX, and a tag name cannot start with `5` (the page does not build): write `\\<` for a less-than sign", fix: {"title":"Escape it: \\<","replacement":"\\<"} },
  { name: "a value quoted by the page after", text: "<Card title=x\"y\">\nz\n</Card>\n", covered: "x", message: "Attribute values must be quoted in MDX (the page does not build): write \"x\"", fix: {"title":"Quote it: \"x\"","replacement":"\"x\""} },
  { name: "a value starting with a quote of another kind", text: "<Card a=`b`>\nx\n</Card>\n", covered: "`b`>", message: "An attribute value in MDX is text in quotes (\"…\") or JavaScript in braces ({…}); an element goes in braces: {<Element />} (the page does not build)" },
  { name: "a closing slash opening the page", text: "</Tip>\n", covered: "/", message: "This closing tag closes no open tag, so the page does not build: remove it, or add the opening tag before it" },
  { name: "a mismatched closing tag on a later line", text: "<Note>\n\ntext\n\n</Tip>\n", covered: "</Tip>", message: "`</Tip>` is where `<Note>` must be closed, so the page does not build: close `<Note>` first with `</Note>`, or fix the tag's name" },
  { name: "an email autolink", text: "<a@b.co>\n", covered: "<a@b.co>", message: "A link in angle brackets (`<https://…>`) is a tag in MDX, and not a valid one (the page does not build): write `[text](url)`", fix: {"title":"Write [a@b.co](mailto:a@b.co)","replacement":"[a@b.co](mailto:a@b.co)"} },
  { name: "a tag with a lone character", text: "a <b !> c\n", covered: "!>", message: "Unexpected character `!` after name: MDX expects a character that can start an attribute name, such as a letter, `$`, or `_`; whitespace before attributes; or the end of the tag (the page does not build)" },
  {
    name: 'a tag not closed in an image text',
    text: '![a <Tip> b](x)\n',
    covered: '<Tip>',
    message: '`<Tip>` is not closed before the end of the image around it, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content',
  },
  {
    name: 'a closing tag in strikethrough for a tag opened before it',
    text: '<Tip>\n~~a </Tip>~~\n',
    covered: '</Tip>',
    message:
      '`</Tip>` closes a tag opened outside the strikethrough around it, so the page does not build: a tag written inside a paragraph opens and closes in that paragraph; put `<Tip>` and `</Tip>` on lines of their own to wrap blocks',
  },
  { name: "a tag not closed inside emphasis", text: "A *b <Tip> c* d\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of the emphasis around it, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in its paragraph", text: "Text <Tip> more\n\nNext\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of its paragraph, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in its heading", text: "# A <Tip> b\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of its heading, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in its underlined heading", text: "A <Tip> b\n===\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of its heading, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in strikethrough", text: "~~a <Tip> b~~\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of the strikethrough around it, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in a table cell", text: "| a |\n|---|\n| x <Tip> y |\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of its table cell, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in a table heading", text: "| h <Tip> |\n|---|\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of its table cell, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in a link", text: "[a <Tip> b](x)\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of the link around it, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in bold text", text: "**a <Tip> b**\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of the bold text around it, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in its quote", text: "> <Tip>\n\n</Tip>\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of its quote, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a tag not closed in its list item", text: "- <Tip>\n\n</Tip>\n", covered: "<Tip>", message: "`<Tip>` is not closed before the end of its list item, so the page does not build: close it there with `</Tip>`, or write `<Tip … />` if it has no content" },
  { name: "a closing tag that closes nothing", text: "Hi </Tip> there\n", covered: "/", message: "This closing tag closes no open tag, so the page does not build: remove it, or add the opening tag before it" },
  { name: "a closing tag in a paragraph for a tag opened before it", text: "<Tip>\nA </Tip>\n", covered: "</Tip>", message: "`</Tip>` closes a tag opened outside its paragraph, so the page does not build: a tag written inside a paragraph opens and closes in that paragraph; put `<Tip>` and `</Tip>` on lines of their own to wrap blocks" },
  { name: "a void tag with spaces before its >", text: "One<hr   >two\n", covered: "<hr   >", message: "`<hr>` must be closed in MDX: write `<hr />` (the page does not build)", fix: {"title":"Write <hr />","replacement":"<hr />"} },
  { name: "a void tag never ended", text: "One <br\n", covered: "<br", message: "The tag `<br` is not finished, so the page does not build: end it with `/>`" },
  { name: "an HTML comment never closed", text: "Hi <!-- never\n", covered: "<!--", message: "HTML comments do not work in MDX (the page does not build): write `{/* … */}`" },
  { name: "an HTML comment holding */", text: "Hi <!-- a */ b -->\n", covered: "<!-- a */ b -->", message: "HTML comments do not work in MDX (the page does not build): write `{/* … */}`" },
  { name: "an e-mail address in angle brackets", text: "Mail <me@example.com> now\n", covered: "<me@example.com>", message: "A link in angle brackets (`<https://…>`) is a tag in MDX, and not a valid one (the page does not build): write `[text](url)`", fix: {"title":"Write [me@example.com](mailto:me@example.com)","replacement":"[me@example.com](mailto:me@example.com)"} },
  { name: "a link in angle brackets with a space", text: "See <https://a b> now\n", covered: "//a", message: "A link in angle brackets (`<https://…>`) is a tag in MDX, and not a valid one (the page does not build): write `[text](url)`" },
  { name: "an element as an attribute value", text: "<Card title=<b>x</b>>\nx\n</Card>\n", covered: "<b>", message: "An attribute value in MDX is text in quotes (\"…\") or JavaScript in braces ({…}); an element goes in braces: {<Element />} (the page does not build)" },
  { name: "a single quote never closed", text: "<Card title='x>\nHello\n", covered: "'", message: "This attribute value's quote ' is never closed, so the page does not build (the platform reports it at the end of the page, line 3): add the closing '" },
  { name: "a quote never closed on the last line", text: "<Card title=\"x>", covered: "\"", message: "This attribute value's quote \" is never closed, so the page does not build: add the closing \"" },
  { name: "a brace never closed, on the last line", text: "A {b", covered: "{", message: "`{` starts a JavaScript expression in MDX and this one is never closed, so the page does not build: write `\\{` for a brace", fix: {"title":"Escape it: \\{","replacement":"\\{"} },
  { name: "braces inside an expression", text: "Call {a {b} c} here.\n", covered: "{a {b} c}", message: "`{…}` is JavaScript in MDX, and this is not valid JavaScript (unexpected content after expression), so the page does not build: write `\\{` for a brace, or fix the expression", fix: {"title":"Escape it: \\{","replacement":"\\{a {b} c}"} },
  { name: "an export that is not JavaScript, after text", text: "Text\n\nexport const = 1\n", covered: "export", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "a tag in a quote continued without >", text: "> <Tip\nfoo />\n", covered: "foo", message: "Inside a list or a quote, every line of a tag or a `{…}` expression must keep the list's indent (or the quote's `>`), so the page does not build: indent this line" },
  { name: "another tag error", text: "A <Card !>\n", covered: "!>", message: "Unexpected character `!` after name: MDX expects a character that can start an attribute name, such as a letter, `$`, or `_`; whitespace before attributes; or the end of the tag (the page does not build)" },
  { name: "a void tag with a > inside a quoted value", text: "One <img alt=\"a>b\"> two\n", covered: "<img alt=\"a>b\">", message: "`<img>` must be closed in MDX: write `<img alt=\"a>b\" />` (the page does not build)", fix: {"title":"Write <img alt=\"a>b\" />","replacement":"<img alt=\"a>b\" />"} },
  { name: "a link in angle brackets with a digit in its scheme", text: "See <s3://bucket/key> now\n", covered: "<s3://bucket/key>", message: "A link in angle brackets (`<https://…>`) is a tag in MDX, and not a valid one (the page does not build): write `[text](url)`", fix: {"title":"Write [s3://bucket/key](s3://bucket/key)","replacement":"[s3://bucket/key](s3://bucket/key)"} },
  { name: "a link in angle brackets with no scheme (an underscore is none) and no @", text: "Open <my_app://home> now\n", covered: "<my_app://home>", message: "A link in angle brackets (`<https://…>`) is a tag in MDX, and not a valid one (the page does not build): write `[text](url)`" },
  { name: "a < ending the page", text: "a <\n", covered: "<", message: "The tag `<` is not finished, so the page does not build: write its name and end it with `>`, or write `\\<` for a less-than sign", fix: { title: "Escape it: \\<", replacement: "\\<" } },
  { name: "a < typed at the very end of the page", text: "# Title\n\nText\n\n<", covered: "<", message: "The tag `<` is not finished, so the page does not build: write its name and end it with `>`, or write `\\<` for a less-than sign", fix: { title: "Escape it: \\<", replacement: "\\<" } },
  { name: "a tag's name ending the page", text: "Text\n\n<Card", covered: "<Card", message: "The tag `<Card` is not finished, so the page does not build: end it with `>`, or `/>` if it has no content" },
  { name: "a space after a tag's name ending the page", text: "<Card ", covered: "<Card", message: "The tag `<Card` is not finished, so the page does not build: end it with `>`, or `/>` if it has no content" },
  { name: "a member name ending the page", text: "<Tree.F", covered: "<Tree.F", message: "The tag `<Tree.F` is not finished, so the page does not build: end it with `>`, or `/>` if it has no content" },
  { name: "an attribute name ending the page", text: "<Card title", covered: "<Card", message: "The tag `<Card …` is not finished, so the page does not build: end it with `>`, or `/>` if it has no content" },
  { name: "an = ending the page", text: "<Card title=", covered: "<Card", message: "The tag `<Card …` is not finished, so the page does not build: give the attribute a value in quotes (\"…\") or braces ({…}), and end the tag with `>`" },
  { name: "a value with a < and a > in it, the tag not ended", text: "<Card title=\"a<b\" icon={\"x>y\"} ", covered: "<Card", message: "The tag `<Card …` is not finished, so the page does not build: end it with `>`, or `/>` if it has no content" },
  { name: "a self-closing slash ending the page", text: "<Card title=\"x\" /", covered: "<Card", message: "The tag `<Card …` is not finished, so the page does not build: end it with `>` after its `/`" },
  { name: "a closing tag's </ ending the page", text: "<Note>\nx\n</", covered: "</", message: "The closing tag `</` is not finished, so the page does not build: write the name of the tag it closes and `>`" },
  { name: "a closing tag's name ending the page", text: "<Note>\nx\n</Note", covered: "</Note", message: "The closing tag `</Note` is not finished, so the page does not build: end it with `>`" },
  { name: "a tag not ended whose attributes run on to the end of the page", text: "x\n\n<Card title=\"x\"\n\nmore text\n", covered: "<Card", message: "The tag `<Card …` is not finished, so the page does not build (the platform reports it at the end of the page, line 6): end it with `>`, or `/>` if it has no content" },
  { name: "an HTML comment right after an arrow -->", text: "Go--><!-- c -->\n", covered: "<!-- c -->", message: "HTML comments do not work in MDX (the page does not build): write `{/* … */}`", fix: {"title":"Write it as an MDX comment {/* … */}","replacement":"{/* c */}"} },
  { name: "code that is no import or export, after an import", text: "import a from \"b\"; console.log(1)\n", covered: "import", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid, so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "an expression in a tag that is no spread", text: "<Card {x} />\n", covered: "x}", message: "Unexpected `Property` in code: only spread elements are supported (the page does not build)" },
  { name: "a broken export followed by an import", text: "export const = 1\n\nimport b from \"c\"\n", covered: "export", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "a broken export right after its keyword, below an import", text: "import a from \"b\"\nexport;\n", covered: "export;", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "a broken export naming something import", text: "export const a = x.import +;\n", covered: "export", message: "A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid (unexpected token), so the page does not build: fix it, or reword the line so it does not start with `import` or `export`" },
  { name: "an element as an attribute value, its > on the next line", text: "<Card title=<b\nc>x</b>>\nx\n</Card>\n", covered: "<b", message: "An attribute value in MDX is text in quotes (\"…\") or JavaScript in braces ({…}); an element goes in braces: {<Element />} (the page does not build)" },
  { name: "an element as an attribute value with no > after it", text: "x <Card title=<b", covered: "<b", message: "An attribute value in MDX is text in quotes (\"…\") or JavaScript in braces ({…}); an element goes in braces: {<Element />} (the page does not build)" },
  { name: "a tag error on the last line, at its very end", text: "a <b !>", covered: "!>", message: "Unexpected character `!` after name: MDX expects a character that can start an attribute name, such as a letter, `$`, or `_`; whitespace before attributes; or the end of the tag (the page does not build)" },
  { name: "a digit after the slash of a closing tag", text: "a </5\n", covered: "5", message: "Unexpected character `5` before name: MDX expects a character that can start a name, such as a letter, `$`, or `_` (the page does not build)" },
];

for (const { name, text, covered, message, fix } of moreProblems) {
  test(`${name}: told in a writer's words`, () => {
    const problem = problemOf(text);
    assert.deepEqual([problem.covered, problem.message, problem.fix], [covered, message, fix]);
  });
}

test("every HTML void element left open is told to be closed, whatever its case; another tag is told it is never closed", () => {
  for (const name of ['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'BR']) {
    const problem = problemOf(`One <${name}> two\n`);
    assert.equal(problem.message, `\`<${name}>\` must be closed in MDX: write \`<${name} />\` (the page does not build)`, name);
  }
  assert.match(problemOf("One <span> two\n").message, /^`<span>` is not closed before the end of its paragraph/);
});
