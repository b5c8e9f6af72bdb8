// Our MDX verdict against the reference (test/support/mdxReference.ts) on pages mutated where MDX
// is fragile: pieces of the shared sites' pages with `<`, `>`, `{`, `}`, quotes, tags, fences,
// comments, `{#id}` headings and `<MDX>` blocks inserted, deleted or swapped. The same accept or
// reject on each, and the same line for an error. MDX_MUTATION_SEED and MDX_MUTATION_PAGES change
// the run (a nightly run: MDX_MUTATION_PAGES=200000); a failure prints its seed.
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { test } from 'node:test';
import { pagesUnder, productVerdict, readPage, referenceVerdict } from '../../support/mdxReference';
import { generator, inserted } from '../../support/mdxMutations';
import { sitesDir } from '../../support/sites';

const seed = Number(process.env.MDX_MUTATION_SEED ?? 20261126);
const count = Number(process.env.MDX_MUTATION_PAGES ?? 5000);

const fragile = /[<>{}"'`$\\/!=\n]/g;

function mutate(page: string, random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const lines = page.split('\n');
  const start = random() < 0.2 ? 0 : Math.floor(random() * lines.length);
  let text = lines.slice(start, start + 3 + Math.floor(random() * 30)).join('\n');
  const edits = 1 + Math.floor(random() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (text.length + 1));
    const kind = random();
    if (kind < 0.5) {
      text = text.slice(0, at) + pick(inserted) + text.slice(at);
    } else if (kind < 0.8) {
      const positions = [...text.matchAll(fragile)].map((match) => match.index);
      if (positions.length === 0) continue;
      const removed = pick(positions);
      text = text.slice(0, removed) + text.slice(removed + 1);
    } else {
      const positions = [...text.matchAll(fragile)].map((match) => match.index).filter((index) => index + 1 < text.length);
      if (positions.length === 0) continue;
      const swapped = pick(positions);
      text = text.slice(0, swapped) + text[swapped + 1] + text[swapped] + text.slice(swapped + 2);
    }
  }
  return text;
}

test(`${count} mutated pages (seed ${seed}): the same verdict as the platform parser, the same line`, () => {
  const files = pagesUnder(sitesDir).sort();
  assert.ok(files.length > 2000, `expected the shared sites' pages, found ${files.length}`);
  const random = generator(seed);
  const disagreements: string[] = [];
  let rejected = 0;
  for (let i = 0; i < count; i++) {
    const file = files[Math.floor(random() * files.length)];
    const page = mutate(readPage(file), random);
    const expected = referenceVerdict(page);
    if (expected !== 'accepted') rejected++;
    const actual = productVerdict(page);
    if (actual !== expected && disagreements.length < 10) {
      disagreements.push(`#${i} from ${relative(sitesDir, file)}: reference ${expected}, ours ${actual}\n${JSON.stringify(page.slice(0, 2000))}`);
    }
  }
  assert.deepEqual(disagreements, [], `MDX_MUTATION_SEED=${seed} MDX_MUTATION_PAGES=${count}`);
  // The mutations must reach both verdicts for the comparison to mean something.
  assert.ok(rejected > count / 5 && rejected < count - count / 5, `${rejected} of ${count} mutated pages rejected`);
});
