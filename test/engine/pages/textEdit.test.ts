// What changed between two texts of a page: the longest common start, then the longest common
// end of what is left, compared a block at a time and then a character at a time. Checked
// against the same reading made a character at a time, on texts around the block's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { editBetween, type TextEdit } from '../../../server/src/engine/pages/textEdit';

/** The same edit, read a character at a time. */
function editByCharacters(old: string, text: string): TextEdit {
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start++;
  let suffix = 0;
  while (suffix < old.length - start && suffix < text.length - start && old[old.length - 1 - suffix] === text[text.length - 1 - suffix]) suffix++;
  return { start, oldEnd: old.length - suffix, newEnd: text.length - suffix };
}

const long = 'ab'.repeat(1500);

describe('editBetween', () => {
  it('finds one character typed, removed or changed in a long text, at either end or in the middle', () => {
    assert.deepEqual(editBetween(long, `${long.slice(0, 2500)}x${long.slice(2500)}`), { start: 2500, oldEnd: 2500, newEnd: 2501 });
    assert.deepEqual(editBetween(long, long.slice(0, 1024) + long.slice(1025)), { start: 1024, oldEnd: 1025, newEnd: 1024 });
    assert.deepEqual(editBetween(long, `x${long.slice(1)}`), { start: 0, oldEnd: 1, newEnd: 1 });
    assert.deepEqual(editBetween(long, `${long}x`), { start: 3000, oldEnd: 3000, newEnd: 3001 });
    assert.deepEqual(editBetween(`${long}x`, long), { start: 3000, oldEnd: 3001, newEnd: 3000 });
    assert.deepEqual(editBetween(long, `x${long}`), { start: 0, oldEnd: 0, newEnd: 1 });
  });

  it('gives an empty edit at the end for the same text, long or empty', () => {
    assert.deepEqual(editBetween(long, `${long}`), { start: 3000, oldEnd: 3000, newEnd: 3000 });
    assert.deepEqual(editBetween('a'.repeat(2048), 'a'.repeat(2048)), { start: 2048, oldEnd: 2048, newEnd: 2048 });
    assert.deepEqual(editBetween('', ''), { start: 0, oldEnd: 0, newEnd: 0 });
  });

  it('never counts a character in both the common start and the common end', () => {
    assert.deepEqual(editBetween('a'.repeat(3000), 'a'.repeat(1000)), { start: 1000, oldEnd: 3000, newEnd: 1000 });
    assert.deepEqual(editBetween('a'.repeat(1000), 'a'.repeat(3000)), { start: 1000, oldEnd: 1000, newEnd: 3000 });
  });

  it('reads any two texts as a reading character by character does', () => {
    // Texts of a few letters around the block's size, the second made from the first by an edit: long common starts and ends.
    const text = fc.tuple(fc.constantFrom('a', 'ab', 'abc'), fc.integer({ min: 0, max: 3500 })).map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
    const edited = text.chain((old) =>
      fc.tuple(fc.constant(old), fc.nat({ max: old.length }), fc.nat({ max: 1100 }), fc.constantFrom('', 'a', 'b', 'x', 'ab'.repeat(600))).map(([, at, removed, inserted]) => [old, old.slice(0, at) + inserted + old.slice(at + removed)] as const),
    );
    fc.assert(
      fc.property(edited, ([old, text]) => {
        assert.deepEqual(editBetween(old, text), editByCharacters(old, text));
      }),
      { numRuns: 2000 },
    );
  });
});
