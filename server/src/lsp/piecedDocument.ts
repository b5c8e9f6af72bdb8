import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { PiecedText } from './piecedText';

const lineFeed = 10;
const carriageReturn = 13;

/**
 * An open document as `vscode-languageserver-textdocument`'s, with the same positions and
 * offsets, but its text kept in pieces (PiecedText): an incremental change neither copies nor
 * reads the whole text, and its line table is updated from the change alone. `getText()` makes
 * the whole string, once per version, for the features that read it.
 */
export class PiecedDocument implements TextDocument {
  /** The start of each line; made from the text when first needed. */
  private lineStarts: number[] | undefined;

  private constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    /** The current version's text. */
    public text: PiecedText,
  ) {}

  /** `pieceLength`: see PiecedText. */
  static create(uri: string, languageId: string, version: number, content: string, pieceLength?: number): PiecedDocument {
    return new PiecedDocument(uri, languageId, version, PiecedText.of(content, pieceLength));
  }

  /** Applies the changes in order, in place (as the library's `TextDocument.update` does). */
  static update(document: PiecedDocument, changes: TextDocumentContentChangeEvent[], version: number): PiecedDocument {
    for (const change of changes) {
      if ('range' in change) document.applyRangeChange(change.range, change.text);
      else {
        document.text = PiecedText.of(change.text, document.text.pieceLength);
        document.lineStarts = undefined;
      }
    }
    document.version = version;
    return document;
  }

  get lineCount(): number {
    return this.lines().length;
  }

  getText(range?: Range): string {
    return range ? this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text.toString();
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.text.length), 0);
    const lines = this.lines();
    let low = 0;
    let high = lines.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (lines[middle] > offset) high = middle;
      else low = middle + 1;
    }
    const line = low - 1;
    return { line, character: this.beforeLineEnd(offset, lines[line]) - lines[line] };
  }

  offsetAt(position: Position): number {
    const lines = this.lines();
    if (position.line >= lines.length) return this.text.length;
    if (position.line < 0) return 0;
    const lineStart = lines[position.line];
    if (position.character <= 0) return lineStart;
    return this.beforeLineEnd(Math.min(lineStart + position.character, this.nextLineStart(position.line)), lineStart);
  }

  getLineRange(line: number): Range {
    const lines = this.lines();
    if (line >= lines.length) {
      const last = lines.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.text.length - lines[last] } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const end = this.beforeLineEnd(this.nextLineStart(line), lines[line]);
    return { start: { line, character: 0 }, end: { line, character: end - lines[line] } };
  }

  getEOLCharacters(line: number): string {
    const lines = this.lines();
    if (line < 0 || line >= lines.length) return '';
    const next = this.nextLineStart(line);
    return this.text.slice(this.beforeLineEnd(next, lines[line]), next);
  }

  private nextLineStart(line: number): number {
    const lines = this.lines();
    return line + 1 < lines.length ? lines[line + 1] : this.text.length;
  }

  private applyRangeChange(range: Range, inserted: string): void {
    const [from, to] = before(range.end, range.start) ? [range.end, range.start] : [range.start, range.end];
    const start = this.offsetAt(from);
    const end = this.offsetAt(to);
    const lines = this.lines();
    this.text = this.text.edit(start, end, inserted);
    const insertedEnd = start + inserted.length;
    // A "\r\n" the edit joins or splits is not in the inserted text's own line starts.
    if (this.splitsLineEnd(start) || this.splitsLineEnd(insertedEnd)) {
      this.lineStarts = undefined;
      return;
    }
    const firstLine = Math.max(from.line, 0);
    const lastLine = Math.max(to.line, 0);
    const added = lineStartsOf([inserted], start);
    if (lastLine - firstLine === added.length) {
      for (let i = 0; i < added.length; i++) lines[firstLine + 1 + i] = added[i];
    } else {
      const tail = lines.splice(firstLine + 1);
      tail.splice(0, lastLine - firstLine);
      for (const line of added) lines.push(line);
      for (const line of tail) lines.push(line);
    }
    const delta = inserted.length - (end - start);
    if (delta !== 0) for (let i = firstLine + 1 + added.length; i < lines.length; i++) lines[i] += delta;
  }

  private splitsLineEnd(offset: number): boolean {
    return this.text.charCodeAt(offset - 1) === carriageReturn && this.text.charCodeAt(offset) === lineFeed;
  }

  private lines(): number[] {
    this.lineStarts ??= [0, ...lineStartsOf(this.text.parts(), 0)];
    return this.lineStarts;
  }

  /** The offset moved back before the line end it is in or after, not before `lineStart`. */
  private beforeLineEnd(offset: number, lineStart: number): number {
    while (offset > lineStart && isLineEnd(this.text.charCodeAt(offset - 1))) offset--;
    return offset;
  }
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function isLineEnd(code: number): boolean {
  return code === carriageReturn || code === lineFeed;
}

/** Where each line after a line end of the text starts ("\r\n", "\r" and "\n" end lines), the text given in parts, the first at `offset`. */
function lineStartsOf(parts: Iterable<string>, offset: number): number[] {
  const starts: number[] = [];
  let afterCarriageReturn = false;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      const code = part.charCodeAt(i);
      if (afterCarriageReturn) {
        afterCarriageReturn = false;
        if (code === lineFeed) {
          starts[starts.length - 1]++;
          offset++;
          continue;
        }
      }
      if (code === carriageReturn) afterCarriageReturn = true;
      if (code === carriageReturn || code === lineFeed) starts.push(offset + 1);
      offset++;
    }
  }
  return starts;
}
