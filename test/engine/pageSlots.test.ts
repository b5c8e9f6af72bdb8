import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PageSlots } from '../../server/src/engine/model/pageSlots';

function slotsOf(pairs: [number, number][], capacity?: number): PageSlots {
  const slots = new PageSlots(capacity);
  for (const [owner, index] of pairs) slots.push(owner, index);
  return slots;
}

function pairsOf(slots: PageSlots): [number, number][] {
  return Array.from({ length: slots.length }, (_, slot) => [slots.owner(slot), slots.index(slot)]);
}

describe('page slots', () => {
  it('keeps every pushed entry in order as it grows, from any starting capacity', () => {
    for (const capacity of [0, 1, 64]) {
      const pairs = Array.from({ length: 1000 }, (_, i): [number, number] => [i >> 3, i & 7]);
      assert.deepEqual(pairsOf(slotsOf(pairs, capacity)), pairs, `capacity ${capacity}`);
    }
  });

  it('finds the first entry owned by an element range', () => {
    const slots = slotsOf([[1, 0], [1, 1], [4, 0], [6, 0]]);
    assert.equal(slots.findOwnedWithin(2, 5), 2);
    assert.equal(slots.findOwnedWithin(2, 4), -1);
  });

  it('replaces a run of entries with a longer or shorter one, moving the new owners', () => {
    const grown = slotsOf([[0, 0], [1, 0], [1, 1], [2, 0]], 4);
    grown.replace(1, 2, slotsOf([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]]), 1);
    assert.deepEqual(pairsOf(grown), [[0, 0], [1, 0], [1, 1], [2, 0], [2, 1], [2, 2], [2, 0]]);
    const shrunk = slotsOf([[0, 0], [1, 0], [1, 1], [2, 0]]);
    shrunk.replace(1, 2, new PageSlots(), 1);
    assert.deepEqual(pairsOf(shrunk), [[0, 0], [2, 0]]);
  });

  it('shifts only the owners at or past a threshold, from a given slot', () => {
    const slots = slotsOf([[0, 0], [5, 0], [1, 0], [5, 1]]);
    slots.shiftOwners(1, 5, 3);
    assert.deepEqual(pairsOf(slots), [[0, 0], [8, 0], [1, 0], [8, 1]]);
    slots.shiftOwners(2, 0, -1);
    assert.deepEqual(pairsOf(slots), [[0, 0], [8, 0], [0, 0], [7, 1]]);
  });
});
