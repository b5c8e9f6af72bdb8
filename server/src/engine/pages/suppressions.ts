import type { Diagnostic } from '../diagnostic';
import type { SuppressionComment } from './mdx/suppressionComments';

/** A code a suppression comment names (or, `code` undefined, a comment that names none) under which nothing was suppressed. */
export interface UnusedSuppression {
  comment: SuppressionComment;
  code?: string;
}

export interface SuppressedFindings {
  /** The findings no comment suppresses, in their order. */
  kept: Diagnostic[];
  unused: UnusedSuppression[];
}

/** Where one code (or, undefined, every code) of a comment suppresses: findings that start from `from` to `to`, both included. */
interface Span {
  comment: SuppressionComment;
  code?: string;
  from: number;
  to: number;
  used: boolean;
}

/**
 * A page's findings without those its suppression comments suppress: a `disable-next-line` those
 * that start on the line after it, a `disable-line` those on its own lines, a `disable` those from
 * it to the `enable` that ends it (one with no code ends all; one with codes ends those codes) or
 * to the end of the page. Each code of a comment that suppressed nothing, and each `enable` code
 * that ended nothing, is unused.
 */
export function suppressFindings(text: string, comments: readonly SuppressionComment[], findings: readonly Diagnostic[]): SuppressedFindings {
  const spans: Span[] = [];
  const unused: UnusedSuppression[] = [];
  let open: Span[] = [];
  const codesOf = (comment: SuppressionComment) => (comment.codes.length === 0 ? [undefined] : comment.codes);
  for (const comment of comments) {
    const { start, end } = comment.range;
    if (comment.kind === 'enable') {
      for (const code of codesOf(comment)) {
        const ended = open.filter((span) => code === undefined || span.code === code);
        for (const span of ended) span.to = start - 1;
        open = open.filter((span) => !ended.includes(span));
        if (ended.length === 0) unused.push({ comment, code });
      }
      continue;
    }
    const [from, to] = comment.kind === 'disable' ? [start, Infinity] : comment.kind === 'disable-line' ? [lineStart(text, start), lineEnd(text, end)] : nextLine(text, end);
    for (const code of codesOf(comment)) {
      const span: Span = { comment, code, from, to, used: false };
      spans.push(span);
      if (comment.kind === 'disable') open.push(span);
    }
  }
  const kept = findings.filter((finding) => {
    const at = finding.range.start;
    let suppressed = false;
    for (const span of spans) {
      if (at < span.from || at > span.to || (span.code !== undefined && span.code !== finding.code)) continue;
      span.used = suppressed = true;
    }
    return !suppressed;
  });
  for (const span of spans) if (!span.used) unused.push({ comment: span.comment, code: span.code });
  unused.sort((a, b) => a.comment.range.start - b.comment.range.start);
  return { kept, unused };
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset of the end of the line that holds `offset` (its line break, or the end of the text). */
function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
}

/** The first and last offsets of the line after the one `offset` ends (none, an empty span, on the last line). */
function nextLine(text: string, offset: number): [number, number] {
  const end = text.indexOf('\n', offset);
  return end < 0 ? [Infinity, -Infinity] : [end + 1, lineEnd(text, end + 1)];
}
