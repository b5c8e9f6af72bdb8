// Our MDX verdict against the reference (test/support/mdxReference.ts) on every page and snippet
// of the shared corpus and sites: the same accept or reject on each, and the same line for an error.
import assert from 'node:assert/strict';
import { dirname, relative } from 'node:path';
import { test } from 'node:test';
import { corpusDir } from '../../support/corpus';
import { pagesUnder, productVerdict, readPage, referenceVerdict } from '../../support/mdxReference';
import { sitesDir } from '../../support/sites';

test('every page of the shared corpus and sites: the same verdict as the platform parser, the same line', () => {
  const shared = dirname(sitesDir);
  const files = [...pagesUnder(corpusDir), ...pagesUnder(sitesDir)];
  assert.ok(files.length > 2000, `expected the shared sites' pages, found ${files.length} under ${shared}`);
  const disagreements: string[] = [];
  const rejected: string[] = [];
  for (const file of files) {
    const page = readPage(file);
    const expected = referenceVerdict(page);
    if (expected !== 'accepted') rejected.push(relative(shared, file));
    const actual = productVerdict(page);
    if (actual !== expected) disagreements.push(`${relative(shared, file)}: reference ${expected}, ours ${actual}`);
  }
  assert.deepEqual(disagreements, [], `${disagreements.length} of ${files.length} pages`);
  // Each page the platform's parser refuses, reviewed: spree's design notes (a `.md` the site builds as MDX) hold a `{` the parser
  // reads as JavaScript; the platform's own link checker fails on the same page. Any other means the pipeline differs from the platform's.
  assert.deepEqual(rejected, ['sites/spree+spree/docs/plans/decisions.md']);
});
