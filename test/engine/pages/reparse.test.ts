// A page parsed again after an edit, reading only what the edit touched (pages/mdx/reparse.ts),
// against the whole page parsed afresh: the same tree (types, values, positions) or the same
// first error, over chains of seeded edits of pieces of the shared sites' pages, as a writer
// types, some pages with CRLF line ends. MDX_REPARSE_SEED and MDX_REPARSE_CHAINS change the run; a failure prints its seed.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { parseMdx, type MdxParse } from '../../../server/src/engine/pages/mdx/parseMdx';
import { reparseMdx, type ParsedText } from '../../../server/src/engine/pages/mdx/reparse';
import { pagesUnder, readPage } from '../../support/mdxReference';
import { generator, inserted } from '../../support/mdxMutations';
import { sitesDir } from '../../support/sites';

const seed = Number(process.env.MDX_REPARSE_SEED ?? 20261126);
const chains = Number(process.env.MDX_REPARSE_CHAINS ?? 400);
const editsPerChain = 6;
// Block markers among them, typed where they start, end or change a block (a list, a quote, a heading, a fence, a table).
const typed = [
  ...inserted, 'a', ' ', 'word ', '\n\nNew paragraph.\n\n', '[a]: /x\n', '- item\n', '```js\n', '$$', 'x}', '</Step>',
  '\n', '  ', '# ', '> ', '* ', '1. ', '---\n', '<Note>\n\n', '\n</Note>\n', '| a |\n|---|\n',
];

/** The parse as plain data: estree data aside (its positions are the expression's own). */
function shape(parse: MdxParse): string {
  return JSON.stringify(parse.error ? { error: parse.error } : parse.tree, (key, value) => (key === 'data' ? undefined : value));
}

test(`${chains} chains of ${editsPerChain} edits (seed ${seed}): reading only the edited part gives what reading the whole page gives`, () => {
  const files = pagesUnder(sitesDir).sort();
  const random = generator(seed);
  const failures: string[] = [];
  let partial = 0;
  for (let chain = 0; chain < chains && failures.length < 5; chain++) {
    const file = files[Math.floor(random() * files.length)];
    const lines = readPage(file).split('\n');
    const from = random() < 0.2 ? 0 : Math.floor(random() * lines.length);
    // One page in four written with CRLF line ends.
    let text = lines.slice(from, from + 20 + Math.floor(random() * 120)).join(random() < 0.25 ? '\r\n' : '\n');
    const first = parseMdx(text);
    let before: ParsedText | undefined = first.tree && { text, tree: first.tree };
    for (let step = 0; step < editsPerChain; step++) {
      const at = Math.floor(random() * (text.length + 1));
      const kind = random();
      const previous = text;
      if (kind < 0.6) text = text.slice(0, at) + typed[Math.floor(random() * typed.length)] + text.slice(at);
      else text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 8));
      const whole = parseMdx(text);
      const reread = reparseMdx(text, before);
      if (shape(reread) !== shape(whole)) {
        const saved = join(tmpdir(), `mdx-reparse-failure-${seed}-${chain}.json`);
        writeFileSync(saved, JSON.stringify({ before: before?.text, previous, after: text }));
        failures.push(`chain ${chain} step ${step} from ${relative(sitesDir, file)}: the texts are in ${saved}`);
        break;
      }
      if (reread !== whole && before) partial++;
      before = whole.tree ? { text, tree: whole.tree } : before;
    }
  }
  assert.deepEqual(failures, [], `MDX_REPARSE_SEED=${seed} MDX_REPARSE_CHAINS=${chains}`);
  assert.ok(partial > chains, `only ${partial} edits were read in part: the test would not see a wrong join`);
});

test('a link definition inside a list item or a quote makes an edit elsewhere read the whole page, as one at a line start does', () => {
  for (const definition of ['- [a]: /x', '> [a]: /x', '1. [a]: /x', '   * > [a]: /x', '[a]: /x']) {
    const before = `Intro.\n\n${definition}\n\nSee [b] here.\n`;
    const after = before.replace('[b]', '[a]');
    const first = parseMdx(before);
    assert.equal(shape(reparseMdx(after, { text: before, tree: first.tree! })), shape(parseMdx(after)), definition);
  }
});
