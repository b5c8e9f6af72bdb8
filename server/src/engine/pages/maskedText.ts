/**
 * A page's text with the parts that hold no links or headings blanked out: the same length, line
 * breaks kept, so an offset found in the mask is the same offset in the page. Each stage of the
 * scan blanks what it has read, and the next stage reads the mask. The characters are kept as
 * UTF-16 code units and blanked in place: rebuilding strings by slices was 60% of a scan.
 */
export class MaskedText {
  private readonly units: Uint16Array;
  private current: string;
  private dirty = false;

  constructor(original: string) {
    this.current = original;
    const bytes = Buffer.from(original, 'utf16le');
    this.units = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  }

  /** Blanks [start, end) with spaces (or `filler`), line breaks excepted, from the next read of `text` on. */
  blank(start: number, end: number, filler = ' '): void {
    const code = filler.charCodeAt(0);
    const units = this.units;
    for (let i = start; i < end; i++) if (units[i] !== 10) units[i] = code;
    if (end > start) this.dirty = true;
  }

  get text(): string {
    if (this.dirty) {
      this.current = Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength).toString('utf16le');
      this.dirty = false;
    }
    return this.current;
  }
}
