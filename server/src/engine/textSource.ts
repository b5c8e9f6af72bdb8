/**
 * A text that need not be one string: parts of it are read with `slice`, the whole string is made
 * by `toString` (the same string each time). A string is one; so is an editor's document kept in
 * pieces, whose every version would otherwise copy the whole text (see PiecedText).
 */
export interface TextSource {
  readonly length: number;
  slice(start: number, end: number): string;
  toString(): string;
}
