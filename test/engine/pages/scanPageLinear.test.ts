// The page scanner is linear whatever a page holds: a repository's pages are untrusted input, and
// a quadratic search once made a 100 KB page of "[" take 13 s. Each pathological shape, and a
// fuzz of adversarial and random pages (fixed seed), is timed against an ordinary page of the same
// size in the same run: a ratio of CPU time per byte, so the test holds on a loaded machine.
// The bound is generous (4x; a linear scan of these shapes measured 0.01x-1.7x): a quadratic
// search is hundreds of times over it at these sizes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanPage } from '../../../server/src/engine/pages/scanPage';

const MAX_RATIO = 4;
const PAGE_BYTES = 1_000_000;

/** CPU time (user + system, ms) of the least loaded of `runs` scans: the scan's own cost, not the machine's. */
function cpuMs(text: string, runs = 3): number {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    scanPage(text);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

const ORDINARY_PARTS = [
  '## Install the SDK {#install}\n\nRun the installer, then read the [quickstart](/quickstart#first-steps) and the [API reference](../api-reference/introduction).\n\n',
  '<Card title="Authentication" icon="key" href="/essentials/authentication">\n  Keys, tokens and scopes: see [the guide](/guides/auth).\n</Card>\n\n',
  '```bash\nnpm install @example/sdk\nexport TOKEN="abc"\n```\n\n',
  '- First, `configure` the client ([options](#options)).\n- Then call **`run()`** with ![a diagram](/images/flow.png).\n\n',
  '<Tabs>\n  <Tab title="Python">\n    Use `pip install example`.\n  </Tab>\n</Tabs>\n\n',
  '| Field | Type |\n| --- | --- |\n| `name` | string |\n\n',
  '<ParamField path="id" type="string" required>\n  The record\'s id, from [the list](/api/list).\n</ParamField>\n\n',
  'Setext heading\n---------------\n\nSee [the docs][docs] and [FAQ].\n\n[docs]: /docs\n[FAQ]: https://example.com/faq\n\n',
  '{/* A comment for writers */}\n\n<Note>Plain text with a <a href="https://example.com">link</a>.</Note>\n\n',
];

/** A page as sites write them: frontmatter, an import, headings, links, components, code. */
function ordinaryPage(bytes: number): string {
  let page = '---\ntitle: "Quickstart"\ndescription: "Start here"\n---\n\nimport Snippet from "/snippets/intro.mdx";\n\n# Quickstart\n\n';
  for (let k = 0; page.length < bytes; k++) page += ORDINARY_PARTS[k % ORDINARY_PARTS.length];
  return page.slice(0, bytes);
}

/** `unit` repeated to `bytes`. */
const repeated = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

/** Each shape that made a search run to the end of the page from every opening. */
const SHAPES: Record<string, (bytes: number) => string> = {
  'brackets': (bytes) => repeated('[', bytes),
  'brackets on lines': (bytes) => repeated('[\n', bytes),
  'tags with an open brace': (bytes) => repeated('<a {', bytes),
  'export lines': (bytes) => repeated('export {\n', bytes),
  'JSX comment openers': (bytes) => repeated('{/*', bytes),
  'HTML comment openers': (bytes) => repeated('<!--', bytes),
  'link openers': (bytes) => repeated('[a](', bytes),
  'link openers with a title': (bytes) => repeated('[a](b (', bytes),
  'link openers with <': (bytes) => repeated('[a](<', bytes),
  'reference labels': (bytes) => repeated('[a][', bytes),
  'empty brackets': (bytes) => repeated('[]', bytes),
  'unclosed parentheses': (bytes) => `[a](${repeated('(', bytes - 4)}`,
  'backtick runs of every length': (bytes) => repeated(Array.from({ length: 400 }, (_, k) => '`'.repeat(k + 1)).join(' x '), bytes),
  'heading ids': (bytes) => `# ${repeated('{#a', bytes - 2)}`,
  'heading ids with spaces': (bytes) => `# ${repeated('{ #', bytes - 3)}}`,
  'links nested in links': (bytes) => '['.repeat(bytes / 6) + repeated('](/x)', (bytes * 5) / 6),
  'links nested in images': (bytes) => repeated('![i ', bytes / 2) + '[b](/y)' + repeated('](/p)', bytes / 2),
  'titles and blank lines': (bytes) => repeated('[a](/x "t\n\n', bytes),
  'definitions on two lines': (bytes) => repeated('[a]:\n', bytes),
  'setext underlines under one long paragraph': (bytes) => repeated('a\n', bytes / 2) + repeated('-\n', bytes / 2),
  'setext underlines after list items': (bytes) => repeated('- a\nb\n---\n', bytes),
  'import lines without from': (bytes) => repeated('import a\n', bytes),
  'export template strings': (bytes) => repeated('export const a = `\n', bytes),
  'tags in strings in braces': (bytes) => repeated('<A x={`<b y={', bytes),
  'nested attribute braces': (bytes) => repeated('<a x={', bytes / 2) + '}'.repeat(bytes / 2),
  'unclosed quotes in tags': (bytes) => `<a x="${repeated("<a x='", bytes - 6)}`,
  'fences': (bytes) => repeated('```\n', bytes),
};

describe('the page scanner is linear', () => {
  const ordinaryMs = cpuMs(ordinaryPage(PAGE_BYTES));

  for (const [name, make] of Object.entries(SHAPES)) {
    it(`a 1 MB page of ${name} takes at most ${MAX_RATIO}x the time of an ordinary page`, () => {
      const page = make(PAGE_BYTES);
      const ms = cpuMs(page);
      const perByte = ms / page.length / (ordinaryMs / PAGE_BYTES);
      assert.ok(perByte <= MAX_RATIO, `${name}: ${ms.toFixed(0)} ms for ${page.length} bytes, ${perByte.toFixed(2)}x an ordinary page's time per byte (${ordinaryMs.toFixed(0)} ms)`);
    });
  }

  it('1,000 adversarial and random pages (fixed seed) stay within the same bound', () => {
    let seed = 20_261_126;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const atoms = [
      '[', ']', '(', ')', '{', '}', '<', '>', '<a ', '<Card href="/x" ', 'x={', '{/*', '*/}', '<!--', '-->', '`', '``', '```\n',
      '"', "'", '\n', '\n\n', ' ', '\t', '#', '# ', '{#id}', 'import ', 'export ', ' from ', "'./a'", 'text', '](', '[a]: /b\n',
      '![', '\\', '=', '-', '$', '&amp;', 'é', '\u202e',
    ];
    const shapes = Object.values(SHAPES);
    let bytes = 0;
    let fuzzMs = 0;
    for (let k = 0; k < 1_000; k++) {
      const size = 8_000 + Math.floor(random() * 24_000);
      let page = '';
      const kind = k % 4;
      if (kind === 0) while (page.length < size) page += pick(atoms);
      else if (kind === 1) while (page.length < size) page += String.fromCharCode(Math.floor(random() * 128));
      else if (kind === 2) page = pick(shapes)(size);
      // A pathological run inside an ordinary page.
      else page = ordinaryPage(size / 2) + pick(shapes)(size / 2);
      const start = process.cpuUsage();
      scanPage(page);
      const used = process.cpuUsage(start);
      fuzzMs += (used.user + used.system) / 1000;
      bytes += page.length;
    }
    const ordinarySameBytes = cpuMs(ordinaryPage(bytes), 2);
    const ratio = fuzzMs / ordinarySameBytes;
    assert.ok(ratio <= MAX_RATIO, `1,000 pages, ${(bytes / 1e6).toFixed(1)} MB: ${fuzzMs.toFixed(0)} ms, ${ratio.toFixed(2)}x an ordinary page of the same size (${ordinarySameBytes.toFixed(0)} ms)`);
  });
});
