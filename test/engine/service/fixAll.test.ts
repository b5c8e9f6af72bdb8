import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from '../../../server/src/engine';
import type { CodeAction } from '../../../server/src/engine/service/actions';
import { fileFixAllEdits, fixedTexts, fixWithoutChoice, nonOverlapping } from '../../../server/src/engine/service/fixAll';

const diagnostic = (code: string): Diagnostic => ({ range: { start: 0, end: 0 }, severity: 'warning', code, message: code });

function fix(code: string, file: string, start: number, end: number, newText: string, extra: Partial<CodeAction> = {}): CodeAction {
  return { title: code, diagnostic: diagnostic(code), isPreferred: true, edits: [{ file, edits: [{ range: { start, end }, newText }] }], ...extra };
}

test('a fix is taken without a choice only when it is the one quick fix, preferred, creating no file, in a JSON file or a page', () => {
  const only = fix('a', 'docs.json', 0, 1, 'x');
  assert.equal(fixWithoutChoice([only]), only);
  assert.equal(fixWithoutChoice([only, fix('b', 'docs.json', 0, 1, 'y', { isPreferred: false })]), undefined, 'two fixes: a choice');
  assert.equal(fixWithoutChoice([fix('a', 'docs.json', 0, 1, 'x', { isPreferred: false })]), undefined);
  assert.equal(fixWithoutChoice([fix('a', 'docs.json', 0, 0, '', { createFile: { file: 'new.mdx', content: '' } })]), undefined);
  assert.equal(fixWithoutChoice([fix('a', 'api/openapi.yaml', 0, 1, 'x')]), undefined, 'a YAML spec is not read again before it is kept');
  assert.ok(fixWithoutChoice([fix('a', 'guides/page.md', 0, 1, 'x')]));
});

test('fixes whose edits overlap or touch one taken before wait; in other files they do not clash', () => {
  const first = fix('a', 'index.mdx', 2, 5, 'X');
  const inside = fix('b', 'index.mdx', 3, 4, 'Y');
  const touching = fix('c', 'index.mdx', 5, 7, 'Z');
  const apart = fix('d', 'index.mdx', 8, 9, 'W');
  const elsewhere = fix('e', 'docs.json', 2, 5, 'V');
  const { taken, left } = nonOverlapping([first, inside, touching, apart, elsewhere]);
  assert.deepEqual(taken, [first, apart, elsewhere]);
  assert.deepEqual(left, [inside, touching]);
  const texts = fixedTexts(taken, (file) => (file === 'index.mdx' ? '0123456789' : file === 'docs.json' ? 'abcdefg' : undefined));
  assert.deepEqual([...texts], [
    ['index.mdx', '01X567W9'],
    ['docs.json', 'abVfg'],
  ]);
});

test("the editor's fix-all of a file takes the fixes that edit it alone", () => {
  const own = fix('a', 'index.mdx', 0, 1, 'X');
  const reachesAnother: CodeAction = { ...fix('b', 'index.mdx', 4, 5, 'Y'), edits: [...fix('b', 'index.mdx', 4, 5, 'Y').edits, ...fix('b', 'docs.json', 0, 1, 'Z').edits] };
  assert.deepEqual(fileFixAllEdits([own, reachesAnother, fix('c', 'index.mdx', 0, 2, 'W')], 'index.mdx'), [{ range: { start: 0, end: 1 }, newText: 'X' }]);
});
