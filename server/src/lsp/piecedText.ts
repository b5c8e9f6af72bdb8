import type { TextSource } from '../engine/textSource';

/** The longest piece; an edit copies the pieces it touches (one to three of them). */
const defaultPieceLength = 8192;

/**
 * A text kept as pieces of half to all of `pieceLength` characters, each version its own object. An edit
 * makes a new version from the pieces it touches, so neither it nor a read of a part copies the
 * whole text: in V8, a string made by joining parts of a large one is copied whole into fresh
 * memory by its first reader (2.3 MB, a thousand page faults, 15-20 ms per keystroke). The whole
 * string is made only when asked for, once per version.
 */
export class PiecedText implements TextSource {
  private whole: string | undefined;

  private constructor(
    private readonly pieces: readonly string[],
    /** Where each piece starts. */
    private readonly starts: readonly number[],
    readonly length: number,
    readonly pieceLength: number,
  ) {}

  static of(text: string, pieceLength = defaultPieceLength): PiecedText {
    const pieces = cut(text, pieceLength);
    const version = new PiecedText(pieces, startsOf(pieces, 0, 0, []), text.length, pieceLength);
    version.whole = text;
    return version;
  }

  /** This text with `[start, end)` replaced by `inserted`; offsets are clamped to the text. */
  edit(start: number, end: number, inserted: string): PiecedText {
    start = clamp(start, this.length);
    end = Math.max(start, clamp(end, this.length));
    if (this.pieces.length === 0) return PiecedText.of(inserted, this.pieceLength);
    let first = this.pieceAt(start);
    let last = this.pieceAt(Math.max(start, end - 1));
    let text = this.pieces[first].slice(0, start - this.starts[first]) + inserted + this.pieces[last].slice(end - this.starts[last]);
    // A piece left short joins a neighbour: with several pieces, each holds half of pieceLength to all of it.
    const short = this.pieceLength / 2;
    if (text.length < short && last + 1 < this.pieces.length) text += this.pieces[++last];
    else if (text.length < short && first > 0) text = this.pieces[--first] + text;
    const pieces = [...this.pieces.slice(0, first), ...cut(text, this.pieceLength), ...this.pieces.slice(last + 1)];
    const starts = startsOf(pieces, first, this.starts[first], this.starts.slice(0, first));
    return new PiecedText(pieces, starts, this.length - (end - start) + inserted.length, this.pieceLength);
  }

  slice(start = 0, end = this.length): string {
    start = clamp(start, this.length);
    end = clamp(end, this.length);
    if (end <= start) return '';
    if (this.whole !== undefined) return this.whole.slice(start, end);
    const first = this.pieceAt(start);
    const last = this.pieceAt(end - 1);
    if (first === last) return this.pieces[first].slice(start - this.starts[first], end - this.starts[first]);
    const parts = [this.pieces[first].slice(start - this.starts[first])];
    for (let piece = first + 1; piece < last; piece++) parts.push(this.pieces[piece]);
    parts.push(this.pieces[last].slice(0, end - this.starts[last]));
    return parts.join('');
  }

  /** As a string's: NaN outside the text. */
  charCodeAt(offset: number): number {
    if (!(offset >= 0 && offset < this.length)) return NaN;
    const piece = this.pieceAt(offset);
    return this.pieces[piece].charCodeAt(offset - this.starts[piece]);
  }

  /** The pieces in order, for a pass over the whole text that needs no whole string. */
  *parts(): IterableIterator<string> {
    yield* this.pieces;
  }

  toString(): string {
    this.whole ??= this.pieces.join('');
    return this.whole;
  }

  /** The piece holding an offset of the text (the last one for its length). */
  private pieceAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

function clamp(offset: number, length: number): number {
  return Math.max(0, Math.min(offset, length));
}

/** A text in pieces of at most `pieceLength` and, when there are several, more than half of it (none for the empty text). */
function cut(text: string, pieceLength: number): string[] {
  const count = Math.ceil(text.length / pieceLength);
  if (count <= 1) return text.length === 0 ? [] : [text];
  return Array.from({ length: count }, (_, piece) => text.slice(Math.floor((piece * text.length) / count), Math.floor(((piece + 1) * text.length) / count)));
}

/** `starts` (the starts of the pieces before `from`) followed by those of the pieces from `from`, the first at `offset`. */
function startsOf(pieces: readonly string[], from: number, offset: number, starts: number[]): number[] {
  for (let piece = from; piece < pieces.length; piece++) {
    starts.push(offset);
    offset += pieces[piece].length;
  }
  return starts;
}
