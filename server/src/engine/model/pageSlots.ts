/**
 * The page entries of a navigation in document order, each as two numbers: the position of the
 * element whose "pages" list holds it, and its index in that list. A large site has tens of
 * thousands; kept in one typed array, they cost the garbage collector nothing while the much
 * larger parsed document is live.
 */
export class PageSlots {
  private slots: Int32Array;
  private size = 0;

  constructor(capacity = 64) {
    this.slots = new Int32Array(capacity * 2);
  }

  get length(): number {
    return this.size;
  }

  push(owner: number, index: number): void {
    if (this.size * 2 === this.slots.length) this.grow(this.size + 1);
    this.slots[this.size * 2] = owner;
    this.slots[this.size * 2 + 1] = index;
    this.size++;
  }

  owner(slot: number): number {
    return this.slots[slot * 2];
  }

  index(slot: number): number {
    return this.slots[slot * 2 + 1];
  }

  /** The first slot whose owner is in [from, to), or -1. */
  findOwnedWithin(from: number, to: number): number {
    for (let slot = 0; slot < this.size; slot++) {
      const owner = this.slots[slot * 2];
      if (owner >= from && owner < to) return slot;
    }
    return -1;
  }

  /** Replaces `count` slots from `start` with another list's, whose owners move by `ownerShift`. */
  replace(start: number, count: number, other: PageSlots, ownerShift: number): void {
    const size = this.size - count + other.size;
    if (size * 2 > this.slots.length) this.grow(size);
    this.slots.copyWithin((start + other.size) * 2, (start + count) * 2, this.size * 2);
    for (let slot = 0; slot < other.size; slot++) {
      this.slots[(start + slot) * 2] = other.owner(slot) + ownerShift;
      this.slots[(start + slot) * 2 + 1] = other.index(slot);
    }
    this.size = size;
  }

  /** Moves the owners at or after `threshold` by `delta`, in the slots from `start`. */
  shiftOwners(start: number, threshold: number, delta: number): void {
    for (let slot = start; slot < this.size; slot++) if (this.slots[slot * 2] >= threshold) this.slots[slot * 2] += delta;
  }

  /** Room for at least `minimum` slots, and at least twice the slots in use. */
  private grow(minimum: number): void {
    const grown = new Int32Array(Math.max(minimum, this.size * 2, 16) * 2);
    grown.set(this.slots.subarray(0, this.size * 2));
    this.slots = grown;
  }
}
