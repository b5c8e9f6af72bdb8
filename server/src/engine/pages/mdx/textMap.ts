import { lineStartsOf, loneCr } from './lineEndings';

/**
 * Where each line of a rewritten text came from in the text before the rewrite: the platform
 * rewrites a page before parsing it (platformRewrites.ts), and the parser's positions are in the
 * rewritten text. Lines and columns here are zero-based.
 */
export interface LineOrigin {
  /** The line of the text before the rewrite. */
  line: number;
  /**
   * Column pieces, sorted by `at`: a rewritten column `c >= at` maps to `to + (c - at)`, or to
   * `to` alone when the piece is `fixed` (text the rewrite made up or expanded). Columns before
   * the first piece are unchanged.
   */
  pieces?: { at: number; to: number; fixed?: boolean }[];
}

/** The line origins of one rewrite. */
export class LineMap {
  constructor(private readonly origins: LineOrigin[]) {}

  toBefore(line: number, column: number): { line: number; column: number } {
    const origin = this.origins[Math.min(Math.max(line, 0), this.origins.length - 1)];
    if (!origin) return { line, column };
    let piece: { at: number; to: number; fixed?: boolean } | undefined;
    for (const candidate of origin.pieces ?? []) {
      if (candidate.at > column) break;
      piece = candidate;
    }
    if (!piece) return { line: origin.line, column };
    return { line: origin.line, column: piece.fixed ? piece.to : piece.to + (column - piece.at) };
  }
}

/** Maps positions of the text the parser read back to the page as written, through each rewrite made. */
export class TextMap {
  /** The page's line starts as the parser reads line endings: LF, CRLF, and a CR alone. */
  private readonly lineStarts: number[];
  /**
   * With a rewrite and a CR alone in the page: the rewrites number lines split at LF (as the
   * platform splits them) and the parser numbers them at a CR alone too, so a point goes through
   * offsets. The parsed text's line starts the parser's way and at LF, the page's at LF.
   */
  private readonly splitAtLf?: { parsed: number[]; parsedAtLf: number[]; pageAtLf: number[] };

  /** `rewrites` in the order they were made; `parsed`, the text they made. */
  constructor(page: string, private readonly rewrites: LineMap[], parsed = page) {
    this.lineStarts = lineStartsOf(page);
    if (rewrites.length > 0 && (loneCr.test(page) || loneCr.test(parsed))) {
      this.splitAtLf = { parsed: lineStartsOf(parsed), parsedAtLf: lineStartsOf(parsed, true), pageAtLf: lineStartsOf(page, true) };
    }
  }

  get rewritten(): boolean {
    return this.rewrites.length > 0;
  }

  /** A 1-based line and column of the parsed text, as a 1-based line and column and an offset of the page. */
  toSource(line: number, column: number): { line: number; column: number; offset: number } {
    const split = this.splitAtLf;
    let point = split ? zeroBasedPoint(split.parsedAtLf, lineStart(split.parsed, line - 1) + column - 1) : { line: line - 1, column: column - 1 };
    for (let i = this.rewrites.length - 1; i >= 0; i--) point = this.rewrites[i].toBefore(point.line, point.column);
    if (split) return this.pointAt(lineStart(split.pageAtLf, point.line) + point.column);
    const lineIndex = Math.min(Math.max(point.line, 0), this.lineStarts.length - 1);
    return { line: lineIndex + 1, column: point.column + 1, offset: this.lineStarts[lineIndex] + point.column };
  }

  /** The 1-based line and column of an offset of the page. */
  pointAt(offset: number): { line: number; column: number; offset: number } {
    const { line, column } = zeroBasedPoint(this.lineStarts, offset);
    return { line: line + 1, column: column + 1, offset };
  }
}

function lineStart(starts: number[], line: number): number {
  return starts[Math.min(Math.max(line, 0), starts.length - 1)];
}

function zeroBasedPoint(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low, column: offset - starts[low] };
}
