// A page's frontmatter read as the frontmatter rules see it: each field with its value and where its key
// and its value are written in the page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFrontmatter } from '../../../server/src/engine/pages/frontmatter';
import { readFrontmatterBlock } from '../../../server/src/engine/pages/scanPage';

/** The frontmatter of a page, with each field as [key, value, key as written, value as written]. */
function read(page: string) {
  const frontmatter = parseFrontmatter(readFrontmatterBlock(page)!);
  const at = (range: { start: number; end: number }) => page.slice(range.start, range.end);
  const fields = [...frontmatter.fields.values()].map((field) => [field.key, field.value, at(field.keyRange), at(field.valueRange)]);
  return { frontmatter, fields };
}

describe('a page’s frontmatter fields', () => {
  it('are the keys of the mapping, each with its value and the places of its key and value in the page', () => {
    const { frontmatter, fields } = read('---\ntitle: Quickstart\nicon: "rocket"\n---\n\n# Body\n');
    assert.deepEqual(frontmatter.errors, []);
    assert.deepEqual(fields, [
      ['title', 'Quickstart', 'title', 'Quickstart'],
      ['icon', 'rocket', 'icon', '"rocket"'],
    ]);
  });

  it('hold a key that is a list or a mapping (`? [a, b]`) as the platform names it, not placed (no rule tells of it), without a warning on the process (the CLI’s output)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const { frontmatter } = read('---\n? [a, b]\n: 1\n[c]: 2\ntitle: Kept\n---\n');
      assert.deepEqual(frontmatter.errors, []);
      assert.deepEqual(
        [...frontmatter.fields.values()].map((field) => [field.key, field.value, field.placed]),
        [['a,b', 1, false], ['c', 2, false], ['title', 'Kept', true]],
      );
      // A process warning is emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    assert.deepEqual(warnings, []);
  });

  it('take a key written with no value at all (`? title`) as a field whose value is null, placed at its key', () => {
    const { frontmatter, fields } = read('---\n? title\ndescription: Text\n---\n');
    assert.deepEqual(frontmatter.errors, []);
    assert.deepEqual(fields, [
      ['title', null, 'title', 'title'],
      ['description', 'Text', 'description', 'Text'],
    ]);
  });

  it('are none when a key is written twice in two forms (`1:` and `"1":`): the platform\'s reader (js-yaml 3) takes them for one key written twice', () => {
    const page = '---\n1: first\n"1": second\n---\n';
    const { frontmatter, fields } = read(page);
    assert.deepEqual(fields, []);
    assert.deepEqual(
      frontmatter.errors.map((error) => [error.message, page.slice(error.range.start, error.range.end)]),
      [['duplicated mapping key', '"1": second']],
    );
  });

  it('hold a double-quoted value written over several lines, which the platform reads though the `yaml` package does not, placed from its start', () => {
    const page = '---\ntitle: "Overview"\ndescription: "Plans are made to\napply prices to usage."\nicon: rocket\n---\n';
    const { frontmatter, fields } = read(page);
    assert.deepEqual(frontmatter.errors, []);
    assert.deepEqual(fields, [
      ['title', 'Overview', 'title', '"Overview"'],
      ['description', 'Plans are made to apply prices to usage.', 'description', '"Plans are made to'],
      ['icon', 'rocket', 'icon', 'rocket'],
    ]);
  });

  it('hold a key indented with a tab as a key of the mapping, as the platform reads it', () => {
    const { frontmatter, fields } = read('---\ntitle: A\n\tdescription: B\n---\n');
    assert.deepEqual(frontmatter.errors, []);
    assert.deepEqual(fields.map(([key, value]) => [key, value]), [['title', 'A'], ['description', 'B']]);
  });

  it('read numbers as YAML 1.1 does, as the platform reads them (`012` is eight and ten, `1_000` a thousand)', () => {
    const { frontmatter } = read('---\noctal: 012\nthousand: 1_000\nsixty: 1:20\n---\n');
    assert.deepEqual(frontmatter.data, { octal: 10, thousand: 1000, sixty: 80 });
  });

  it('are none when a key is written twice alike: that is a YAML error, at the second key', () => {
    const page = '---\ntitle: One\ntitle: Two\n---\n';
    const { frontmatter, fields } = read(page);
    assert.deepEqual(fields, []);
    assert.deepEqual(
      frontmatter.errors.map((error) => [error.code, error.range.start]),
      [['DUPLICATE_KEY', page.indexOf('title: Two')]],
    );
  });

  it('are none when the frontmatter holds no mapping: a list or a text holds something else, an empty one or comments nothing', () => {
    for (const [block, notKeys] of [
      ['- a\n- b', true],
      ['just text', true],
      ['', false],
      ['# a comment', false],
    ] as const) {
      const { frontmatter, fields } = read(`---\n${block}\n---\n`);
      assert.deepEqual([fields, frontmatter.errors, frontmatter.notKeys], [[], [], notKeys], block);
    }
  });

  it('are none, with js-yaml\'s error on the line of the alias, where an alias names no anchor', () => {
    const page = '---\ntitle: &t One\ndescription: *none\n---\n';
    const { frontmatter, fields } = read(page);
    assert.deepEqual(fields, []);
    assert.deepEqual(
      frontmatter.errors.map((error) => [error.code, error.message, page.slice(error.range.start, error.range.end)]),
      [[undefined, 'unidentified alias "none"', 'description: *none']],
    );
  });
});
