/**
 * A page's text with the parts that hold no links or headings blanked out: the same length, line
 * breaks kept, so an offset found in the mask is the same offset in the page. Each stage of the
 * scan blanks what it has read, and the next stage reads the mask.
 */
export class MaskedText {
  private current: string;
  private pending: [number, number][] = [];

  constructor(original: string) {
    this.current = original;
  }

  /** Blanks [start, end), line breaks excepted, from the next read of `text` on. */
  blank(start: number, end: number): void {
    if (end > start) this.pending.push([start, end]);
  }

  get text(): string {
    if (this.pending.length === 0) return this.current;
    this.pending.sort((a, b) => a[0] - b[0]);
    const parts: string[] = [];
    let at = 0;
    for (const [start, end] of this.pending) {
      const from = Math.max(start, at);
      if (end <= from) continue;
      parts.push(this.current.slice(at, from), this.current.slice(from, end).replace(/[^\n]/g, ' '));
      at = end;
    }
    parts.push(this.current.slice(at));
    this.current = parts.join('');
    this.pending = [];
    return this.current;
  }
}
