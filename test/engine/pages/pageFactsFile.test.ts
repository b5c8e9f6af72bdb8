// The page facts kept in a file across runs: found again by the page's text in the next run, a
// file of another stack or format or a corrupt one read as empty, within its size by dropping the
// pages used longest ago, and written through a file of its own renamed over the old one.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { mdxFactsOf } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { PageFactsFile, type PageFactsFileOptions } from '../../../server/src/engine/pages/mdx/pageFactsFile';
import { parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';
import { tempFolder } from '../../support/tempFolder';

const factsOf = (text: string) => mdxFactsOf(text, parseMdx(text));
const pages = Array.from({ length: 6 }, (_, n) => `# Page ${n}\n\n<Card title="${n}">text</Card>\n`);

function options(more: Partial<PageFactsFileOptions> = {}): PageFactsFileOptions {
  return { file: join(tempFolder('docsjson-facts-'), 'cache', 'page-facts'), stack: 'stack-1', maxBytes: 1024 * 1024, ...more };
}

function written(at: PageFactsFileOptions, texts: readonly string[]): void {
  const store = PageFactsFile.open(at);
  for (const text of texts) store.set(text, factsOf(text));
  store.save();
}

describe('PageFactsFile', () => {
  test("finds a page's facts by its text in the next run, and no other text's", () => {
    const at = options();
    written(at, pages);
    const next = PageFactsFile.open(at);
    for (const text of pages) assert.deepStrictEqual(next.get(text), factsOf(text));
    assert.equal(next.get(`${pages[0]} `), undefined);
  });

  test('reads a file of another stack, another version of its format, or not its own as empty', () => {
    const at = options();
    written(at, pages);
    assert.equal(PageFactsFile.open({ ...at, stack: 'stack-2' }).get(pages[0]), undefined, 'another stack');
    const text = readFileSync(at.file, 'utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
    writeFileSync(at.file, JSON.stringify({ ...header, version: 0 }) + text.slice(text.indexOf('\n')));
    assert.equal(PageFactsFile.open(at).get(pages[0]), undefined, 'another version');
    writeFileSync(at.file, 'not a cache\n');
    assert.equal(PageFactsFile.open(at).get(pages[0]), undefined, 'a foreign file');
  });

  test('reads a corrupt file as empty, and an entry of another shape as a miss', () => {
    const at = options();
    written(at, pages);
    const text = readFileSync(at.file, 'utf8');
    // A component's name changed: the facts would still read, but the body no longer hashes to its header's.
    const changed = text.replace('"Card"', '"Cord"');
    assert.notEqual(changed, text);
    writeFileSync(at.file, changed);
    assert.equal(PageFactsFile.open(at).get(pages[0]), undefined, 'a changed body');
    writeFileSync(at.file, text.slice(0, text.length - 20));
    assert.equal(PageFactsFile.open(at).get(pages.at(-1)!), undefined, 'a cut body');

    // An entry of another shape under a header that matches it (a foreign writer's) is a miss.
    const lines = text.split('\n');
    const [key, used] = lines[1].split('\t');
    const body = [`${key}\t${used}\t{"elements":"no"}`, ...lines.slice(2)].join('\n');
    const header = JSON.parse(lines[0]) as Record<string, unknown>;
    writeFileSync(at.file, `${JSON.stringify({ ...header, sha256: createHash('sha256').update(body).digest('base64url') })}\n${body}`);
    const read = PageFactsFile.open(at);
    assert.equal(pages.filter((page) => read.get(page) === undefined).length, 1, 'the one entry of another shape');
  });

  test('keeps within its size the pages used most recently', () => {
    const at = options();
    written(at, pages.slice(0, 1));
    const size = readFileSync(at.file, 'utf8').split('\n')[1].length + 1;
    // Room for three entries: of the six pages of the first run, the last three set.
    const bounded = { ...at, maxBytes: 3 * size + 2 };
    written(bounded, pages);
    const first = PageFactsFile.open(bounded);
    assert.deepEqual(
      pages.map((page) => first.get(page) !== undefined),
      [false, false, false, true, true, true],
    );
    // Page 3 used again and pages 0 and 1 added by the next run: pages 4 and 5, used longest ago, are dropped.
    const second = PageFactsFile.open(bounded);
    assert.ok(second.get(pages[3]));
    second.set(pages[0], factsOf(pages[0]));
    second.set(pages[1], factsOf(pages[1]));
    second.save();
    const third = PageFactsFile.open(bounded);
    assert.deepEqual(
      pages.map((page) => third.get(page) !== undefined),
      [true, true, false, true, false, false],
    );
  });

  test('is left as it was by a run that only finds pages, and stamps again the pages found a day or more after their stamp', () => {
    const at = options();
    written(at, pages);
    const before = { text: readFileSync(at.file, 'utf8'), stat: statSync(at.file) };
    const reader = PageFactsFile.open(at);
    assert.ok(pages.every((page) => reader.get(page)));
    reader.save();
    const after = statSync(at.file);
    assert.equal(readFileSync(at.file, 'utf8'), before.text, 'the same bytes');
    assert.deepEqual([after.ino, after.mtimeMs], [before.stat.ino, before.stat.mtimeMs], 'not written again');

    // Every page stamped two days ago, and room for four: the run that finds page 0, the first of the file, stamps it anew and drops pages 1 and 2.
    const lines = before.text.split('\n');
    const body = lines.slice(1).map((line) => line.replace(/\t\d+\t/, `\t${Date.now() - 2 * 24 * 60 * 60 * 1000}\t`)).join('\n');
    const header = JSON.parse(lines[0]) as Record<string, unknown>;
    writeFileSync(at.file, `${JSON.stringify({ ...header, sha256: createHash('sha256').update(body).digest('base64url') })}\n${body}`);
    const bounded = { ...at, maxBytes: (lines[1].length + 1) * 4 + 2 };
    const stale = PageFactsFile.open(bounded);
    assert.ok(stale.get(pages[0]));
    stale.save();
    const stamps = readFileSync(at.file, 'utf8').split('\n').slice(1, -1).map((line) => Number(line.split('\t')[1]));
    assert.equal(stamps.filter((stamp) => Date.now() - stamp < 60_000).length, 1, 'page 0 stamped anew, the others not');
    const next = PageFactsFile.open(bounded);
    assert.deepEqual(
      pages.map((page) => next.get(page) !== undefined),
      [true, false, false, true, true, true],
    );
  });

  test('adds to the file what a run found, and of two runs at once keeps the one written last, whole', () => {
    const at = options();
    written(at, pages.slice(0, 2));
    written(at, pages.slice(2, 4));
    assert.ok(pages.slice(0, 4).every((page) => PageFactsFile.open(at).get(page)), 'a later run keeps the earlier run\'s pages');
    const [one, other] = [PageFactsFile.open(at), PageFactsFile.open(at)];
    one.set(pages[4], factsOf(pages[4]));
    other.set(pages[5], factsOf(pages[5]));
    one.save();
    other.save();
    assert.deepEqual(readdirSync(join(at.file, '..')), ['page-facts'], 'no file of a run left behind');
    const read = PageFactsFile.open(at);
    assert.deepEqual(
      pages.map((page) => read.get(page) !== undefined),
      [true, true, true, true, false, true],
    );
  });
});
