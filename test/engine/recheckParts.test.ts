import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { editSpan } from '../../server/src/engine/recheck/editSpan';
import { composeEdits, type TextEdit } from '../../server/src/engine/pages/textEdit';
import { innermostUnit, shiftRange, type Unit } from '../../server/src/engine/recheck/units';

test('no span between equal texts', () => {
  assert.equal(editSpan('same', 'same'), undefined);
  assert.equal(editSpan('', ''), undefined);
});

test('the span of an edit is what lies between the common start and the common end', () => {
  assert.deepEqual(editSpan('abcdef', 'abXYef'), { start: 2, oldEnd: 4, newEnd: 4 });
  assert.deepEqual(editSpan('abcdef', 'abcXdef'), { start: 3, oldEnd: 3, newEnd: 4 }, 'an insertion');
  assert.deepEqual(editSpan('abcdef', 'abef'), { start: 2, oldEnd: 4, newEnd: 2 }, 'a deletion');
  assert.deepEqual(editSpan('abc', 'Xabc'), { start: 0, oldEnd: 0, newEnd: 1 }, 'at the start');
  assert.deepEqual(editSpan('abc', 'abcX'), { start: 3, oldEnd: 3, newEnd: 4 }, 'at the end');
  assert.deepEqual(editSpan('abc', 'xyz'), { start: 0, oldEnd: 3, newEnd: 3 }, 'everything');
  assert.deepEqual(editSpan('', 'ab'), { start: 0, oldEnd: 0, newEnd: 2 }, 'from nothing');
});

test('a repeated character at the edge of an edit counts once: the common end never overlaps the common start', () => {
  assert.deepEqual(editSpan('aa', 'aaa'), { start: 2, oldEnd: 2, newEnd: 3 });
  assert.deepEqual(editSpan('aaa', 'aa'), { start: 2, oldEnd: 3, newEnd: 2 });
});

test('in long texts the span is the same as character by character, wherever the edit lies against the chunks compared at once', () => {
  const long = Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
  for (const at of [0, 1, 1023, 1024, 1025, 4096, 8192, 10_000, 18_975, 18_976, 18_977, 19_999, 20_000]) {
    const inserted = `${long.slice(0, at)}#${long.slice(at)}`;
    assert.deepEqual(editSpan(long, inserted), { start: at, oldEnd: at, newEnd: at + 1 }, `an insertion at ${at}`);
    assert.deepEqual(editSpan(inserted, long), { start: at, oldEnd: at + 1, newEnd: at }, `a deletion at ${at}`);
    if (at < long.length) {
      const replaced = `${long.slice(0, at)}#${long.slice(at + 1)}`;
      assert.deepEqual(editSpan(long, replaced), { start: at, oldEnd: at + 1, newEnd: at + 1 }, `a replacement at ${at}`);
    }
  }
  const twoPlaces = `${long.slice(0, 5000)}#${long.slice(5001, 12_000)}#${long.slice(12_001)}`;
  assert.deepEqual(editSpan(long, twoPlaces), { start: 5000, oldEnd: 12_001, newEnd: 12_001 }, 'two edits far apart make one span');
});

test('in long runs of one character, where chunks compare equal at any offset, the span never reaches into the common start', () => {
  // Character by character: the common start first, then the common end, which stops at the start.
  const byCharacter = (before: string, after: string) => {
    let start = 0;
    while (start < Math.min(before.length, after.length) && before[start] === after[start]) start++;
    let [oldEnd, newEnd] = [before.length, after.length];
    while (oldEnd > start && newEnd > start && before[oldEnd - 1] === after[newEnd - 1]) [oldEnd, newEnd] = [oldEnd - 1, newEnd - 1];
    return { start, oldEnd, newEnd };
  };
  const run = 'a'.repeat(20_000);
  for (const at of [0, 1, 3000, 4095, 4096, 4097, 10_000]) {
    for (const length of [0, 1, 4095, 4096, 5000, 9000]) {
      const inserted = `${run.slice(0, at)}b${'a'.repeat(length)}${run.slice(at)}`;
      assert.deepEqual(editSpan(run, inserted), byCharacter(run, inserted), `${length + 1} characters inserted at ${at}`);
      assert.deepEqual(editSpan(inserted, run), byCharacter(inserted, run), `${length + 1} characters deleted at ${at}`);
      const replaced = `${run.slice(0, at)}b${run.slice(at + 1 + length)}`;
      assert.deepEqual(editSpan(run, replaced), byCharacter(run, replaced), `${length + 1} characters replaced by one at ${at}`);
    }
  }
});

test('a range before an edit stays; one after it moves by the change of length; one holding it grows', () => {
  const span = { start: 10, oldEnd: 12, newEnd: 15 };
  assert.deepEqual(shiftRange({ start: 2, end: 8 }, span), { start: 2, end: 8 });
  assert.deepEqual(shiftRange({ start: 2, end: 11 }, span), { start: 2, end: 11 }, 'ends inside the edit');
  assert.deepEqual(shiftRange({ start: 2, end: 12 }, span), { start: 2, end: 15 }, 'ends where the edit ends');
  assert.deepEqual(shiftRange({ start: 12, end: 20 }, span), { start: 15, end: 23 }, 'starts where the edit ends');
  assert.deepEqual(shiftRange({ start: 13, end: 20 }, span), { start: 16, end: 23 });
  assert.deepEqual(shiftRange({ start: 5, end: 20 }, span), { start: 5, end: 23 }, 'holds the edit');
  assert.deepEqual(shiftRange({ start: 5, end: 20 }, { start: 10, oldEnd: 14, newEnd: 11 }), { start: 5, end: 17 }, 'shrinks with a deletion');
  const same = { start: 13, end: 20 };
  assert.equal(shiftRange(same, { start: 10, oldEnd: 12, newEnd: 12 }), same, 'an edit of the same length moves nothing');
});

test('a range moved keeps its other fields', () => {
  assert.deepEqual(shiftRange({ start: 20, end: 30, topLevelKey: 'seo' } as Unit, { start: 1, oldEnd: 2, newEnd: 4 }), { start: 22, end: 32, topLevelKey: 'seo' });
});

test('the unit re-checked is the innermost one that holds the whole edit strictly inside its value', () => {
  const outer: Unit = { start: 0, end: 100, topLevelKey: 'outer' };
  const inner: Unit = { start: 20, end: 50, topLevelKey: 'inner' };
  const later: Unit = { start: 60, end: 90, topLevelKey: 'later' };
  const units = [inner, outer, later];
  assert.equal(innermostUnit(units, { start: 30, oldEnd: 40, newEnd: 45 }), inner);
  assert.equal(innermostUnit([outer, inner, later], { start: 30, oldEnd: 40, newEnd: 45 }), inner, 'in any order');
  assert.equal(innermostUnit(units, { start: 21, oldEnd: 49, newEnd: 49 }), inner, 'just inside its first and last characters');
  assert.equal(innermostUnit(units, { start: 20, oldEnd: 30, newEnd: 30 }), outer, 'at its first character: the unit around it');
  assert.equal(innermostUnit(units, { start: 30, oldEnd: 50, newEnd: 50 }), outer, 'up to its last character');
  assert.equal(innermostUnit(units, { start: 45, oldEnd: 65, newEnd: 65 }), outer, 'across two units');
  assert.equal(innermostUnit(units, { start: 0, oldEnd: 5, newEnd: 5 }), undefined, 'at the start of everything');
  assert.equal(innermostUnit(units, { start: 95, oldEnd: 100, newEnd: 90 }), undefined, 'to the end of everything');
  assert.equal(innermostUnit([], { start: 1, oldEnd: 2, newEnd: 2 }), undefined);
});

test('two edits composed: outside the span, the first text and the last are the same', () => {
  const edit = (text: string, start: number, end: number, insert: string) => {
    const from = start % (text.length + 1);
    const to = from + (end % (text.length - from + 1));
    return { text: text.slice(0, from) + insert + text.slice(to), span: { start: from, oldEnd: to, newEnd: from + insert.length } };
  };
  const change = fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 4 }));
  fc.assert(
    fc.property(fc.string({ maxLength: 20 }), change, change, (text, first, then) => {
      const middle = edit(text, ...first);
      const last = edit(middle.text, ...then);
      const span: TextEdit = composeEdits(middle.span, last.span);
      assert.ok(span.start <= span.oldEnd && span.oldEnd <= text.length && span.start <= span.newEnd && span.newEnd <= last.text.length);
      assert.equal(last.text.slice(0, span.start), text.slice(0, span.start));
      assert.equal(last.text.slice(span.newEnd), text.slice(span.oldEnd));
    }),
  );
});
