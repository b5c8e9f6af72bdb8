// The "what breaks a page" table of the platform's MDX parser, one page per row, with where we
// report it and the quick fix; the CLI and the language server tests both go through every row.

export interface BreakingPage {
  /** The row of the table: what the writer wrote. */
  row: string;
  file: string;
  text: string;
  /** Where the report starts (1-based), and a part of its message. */
  line: number;
  column: number;
  says: string;
  /** The quick fix's title and the page after it, if the error has one obvious fix. */
  fix?: { title: string; fixed: string };
}

export const breakingPages: BreakingPage[] = [
  { row: '<Card title="x"> never closed', file: 'unclosed.mdx', text: 'Intro\n\n<Card title="x">\n\nSome text.\n', line: 3, column: 1, says: '`<Card>` is never closed' },
  { row: '<Note>text</Tip>', file: 'mismatched.mdx', text: 'Hello\n\n<Note>text</Tip>\n', line: 3, column: 11, says: '`</Tip>` is where `<Note>` must be closed' },
  {
    row: 'a lone { in text',
    file: 'brace.mdx',
    text: 'Text with a { stray brace.\n',
    line: 1,
    column: 13,
    says: 'is never closed, so the page does not build: write `\\{` for a brace',
    fix: { title: 'Escape it: \\{', fixed: 'Text with a \\{ stray brace.\n' },
  },
  {
    row: '{…} that is not JavaScript',
    file: 'expression.mdx',
    text: 'Call {entity id} here.\n',
    line: 1,
    column: 6,
    says: 'is JavaScript in MDX, and this is not valid JavaScript',
    fix: { title: 'Escape it: \\{', fixed: 'Call \\{entity id} here.\n' },
  },
  {
    row: '<!-- comment -->',
    file: 'comment.mdx',
    text: 'Hi\n\n<!-- TODO: fix -->\n',
    line: 3,
    column: 1,
    says: 'HTML comments do not work in MDX',
    fix: { title: 'Write it as an MDX comment {/* … */}', fixed: 'Hi\n\n{/* TODO: fix */}\n' },
  },
  { row: '<br> (HTML habit)', file: 'br.mdx', text: 'One<br>two\n', line: 1, column: 4, says: '`<br>` must be closed in MDX: write `<br />`', fix: { title: 'Write <br />', fixed: 'One<br />two\n' } },
  {
    row: '<img src="…"> (HTML habit)',
    file: 'img.mdx',
    text: 'See:\n\n<img src="/logo.png">\n',
    line: 3,
    column: 1,
    says: '`<img>` must be closed in MDX',
    fix: { title: 'Write <img src="/logo.png" />', fixed: 'See:\n\n<img src="/logo.png" />\n' },
  },
  {
    row: '<https://example.com> (Markdown autolink)',
    file: 'autolink.mdx',
    text: 'Visit <https://example.com> today.\n',
    line: 1,
    column: 7,
    says: 'write `[text](url)`',
    fix: { title: 'Write [https://example.com](https://example.com)', fixed: 'Visit [https://example.com](https://example.com) today.\n' },
  },
  { row: 'a <5 (< before a digit)', file: 'digit.mdx', text: 'Use a <5 ms timeout.\n', line: 1, column: 7, says: 'write `\\<` for a less-than sign', fix: { title: 'Escape it: \\<', fixed: 'Use a \\<5 ms timeout.\n' } },
  { row: '<@user>', file: 'mention.mdx', text: 'Ping <@user> now.\n', line: 1, column: 6, says: 'a tag name cannot start with `@`', fix: { title: 'Escape it: \\<', fixed: 'Ping \\<@user> now.\n' } },
  {
    row: '<Card title="A" icon=rocket>',
    file: 'unquoted.mdx',
    text: '<Card title="A" icon=rocket>\n  Go\n</Card>\n',
    line: 1,
    column: 22,
    says: 'Attribute values must be quoted in MDX',
    fix: { title: 'Quote it: "rocket"', fixed: '<Card title="A" icon="rocket">\n  Go\n</Card>\n' },
  },
  { row: '<Card title="x> (quote never closed)', file: 'quote.mdx', text: '<Card title="x>\nHello\n', line: 1, column: 13, says: 'quote " is never closed, so the page does not build (the platform reports it at the end of the page, line 3)' },
  { row: 'export const x = ;', file: 'export.mdx', text: 'export const x = ;\n\n# Hi\n', line: 1, column: 1, says: 'A line starting with `import` or `export` is JavaScript in MDX, and this one is not valid' },
  { row: 'a broken import', file: 'import.mdx', text: "import { Card } from;\n\n# Hi\n", line: 1, column: 1, says: 'A line starting with `import` or `export` is JavaScript in MDX' },
];

/** The table's "not errors". */
export const acceptedPages: Record<string, string> = {
  'less-than.mdx': 'If a < 3 then stop.\n',
  'dollars.mdx': 'It costs $5 and $6.\n',
  'mdx-comment.mdx': '{/* comment */}\n\nText.\n',
};
