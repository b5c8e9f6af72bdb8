// `docsjson check --cache` reports exactly what a check without it reports, and a run after one
// that kept every page's facts parses none (DOCSJSON_STATS counts the pages parsed), and leaves
// the cache's file as it was: on a small site with every kind of page finding (and on each of the
// ten shared real sites, in sharedSites.test.ts). An edited page is parsed again; a corrupt cache,
// or one another version wrote, is read as empty.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pageCacheFile } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { checkWithStats, type CheckRun } from '../support/checkWithStats';
import { pageFindingCodes, pageFindingsSite, pageWithFindings, reportedCodes } from '../support/pageFindingsSite';
import { tempFolder } from '../support/tempFolder';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

/** The same report. */
function assertSameReport(run: CheckRun, cold: CheckRun, what: string): void {
  assert.equal(run.status, cold.status, what);
  assert.equal(run.stdout, cold.stdout, what);
}

const fixtureSite = () => pageFindingsSite(12);

const cacheFile = (root: string) => pageCacheFile(join(root, 'node_modules', '.cache', 'docsjson'));

/** Rewrites the cache's header (its body's hash kept true), as another version of docsjson would have written it. */
function rewriteHeader(file: string, change: (header: Record<string, unknown>) => Record<string, unknown>): void {
  const text = readFileSync(file, 'utf8');
  const body = text.slice(text.indexOf('\n') + 1);
  const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify(change({ ...header, sha256: createHash('sha256').update(body).digest('base64url') }))}\n${body}`);
}

describe('docsjson check --cache', { timeout: 600_000 }, () => {
  test('reports what a check without the cache reports, and parses no page once every page is kept', () => {
    const root = fixtureSite();
    const cold = checkWithStats(root);
    assert.equal(cold.status, 1);
    const codes = reportedCodes(cold.stdout);
    for (const code of pageFindingCodes) assert.ok(codes.has(code), `the site has ${code}: ${[...codes].join(', ')}`);
    assert.equal(cold.parsed, 12);

    const first = checkWithStats(root, '--cache');
    assertSameReport(first, cold, 'the run that fills the cache');
    assert.deepEqual([first.parsed, first.stored], [12, 0]);
    assert.ok(existsSync(cacheFile(root)), 'kept in the site\'s node_modules/.cache/docsjson');

    const kept = { text: readFileSync(cacheFile(root), 'utf8'), stat: statSync(cacheFile(root)) };
    const warm = checkWithStats(root, '--cache');
    assertSameReport(warm, cold, 'the run that reads the cache');
    assert.deepEqual([warm.parsed, warm.stored], [0, 12]);
    const after = statSync(cacheFile(root));
    assert.equal(readFileSync(cacheFile(root), 'utf8'), kept.text, 'the run that only reads the cache leaves its bytes');
    assert.deepEqual([after.ino, after.mtimeMs], [kept.stat.ino, kept.stat.mtimeMs], 'and does not write it');
  });

  test('parses an edited page again, and reports it as a check without the cache does', () => {
    const root = fixtureSite();
    checkWithStats(root, '--cache');
    writeFileSync(join(root, 'page-4.mdx'), `${pageWithFindings(4)}\n<Frame>unclosed\n`);
    const edited = checkWithStats(root, '--cache');
    assert.deepEqual([edited.parsed, edited.stored], [1, 11]);
    const cold = checkWithStats(root);
    assertSameReport(edited, cold, 'after the edit');
    assert.match(cold.stdout, /"path":"page-4\.mdx"[^\]]*mdx\/syntax/, 'the edit is a syntax error of page-4');
  });

  test('reads a corrupt cache, or one another version wrote, as empty', () => {
    const root = fixtureSite();
    const cold = checkWithStats(root);
    checkWithStats(root, '--cache');
    const kept = readFileSync(cacheFile(root), 'utf8');
    const corruptions: [string, () => void][] = [
      // Facts that would still read, but of another component: the body no longer hashes to its header's.
      ['a body that no longer hashes to its header', () => writeFileSync(cacheFile(root), kept.replaceAll('"Accordion"', '"Accordian"'))],
      ['a cut file', () => writeFileSync(cacheFile(root), kept.slice(0, kept.length / 2))],
      ['a file of something else', () => writeFileSync(cacheFile(root), '\u0000\u0001 not a cache')],
      ['the cache of another version of docsjson', () => rewriteHeader(cacheFile(root), (header) => ({ ...header, stack: 'another-version' }))],
      ['the cache of another version of the format', () => rewriteHeader(cacheFile(root), (header) => ({ ...header, version: Number(header.version) + 1 }))],
    ];
    for (const [what, corrupt] of corruptions) {
      writeFileSync(cacheFile(root), kept);
      corrupt();
      const run = checkWithStats(root, '--cache');
      assertSameReport(run, cold, what);
      assert.deepEqual([run.parsed, run.stored], [12, 0], what);
      assert.deepEqual([checkWithStats(root, '--cache').parsed], [0], `${what}: written anew`);
    }
  });

  test('keeps the cache in the folder --cache-location names', () => {
    const root = fixtureSite();
    const folder = join(tempFolder('docsjson-cache-'), 'ci-cache');
    checkWithStats(root, '--cache-location', folder);
    assert.deepEqual(readdirSync(folder), ['page-facts']);
    assert.ok(!existsSync(cacheFile(root)));
    assert.deepEqual([checkWithStats(root, '--cache', '--cache-location', folder).parsed], [0]);
  });

  test('says so when the cache cannot be written, and reports all the same', () => {
    const root = fixtureSite();
    const cold = checkWithStats(root);
    const file = join(tempFolder('docsjson-cache-'), 'a-file');
    writeFileSync(file, '');
    // Under /proc, Node's own recursive mkdirSync never returns.
    for (const location of [join(file, 'cache'), '/proc/docsjson-cache/pages']) {
      const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json', '--cache-location', location], { cwd: root, encoding: 'utf8', timeout: 120_000 });
      assert.deepEqual([result.status, result.stdout], [cold.status, cold.stdout], location);
      assert.match(result.stderr, /^docsjson: the page cache could not be written to .*: the next run parses these pages again$/m, location);
    }
  });
});
