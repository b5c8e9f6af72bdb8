import type { JsonPath, OffsetRange, RangeTarget } from './json/path';
import type { SourceDocument } from './model/sourceDocument';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A fix the editor can offer: replace the reported range's text (or the key) with `replacement`. */
export interface Suggestion {
  title: string;
  replacement: string;
}

/** A problem found by a rule, located by JSON path; ranges are found once, at the end. */
export interface Problem {
  document: SourceDocument;
  path: JsonPath;
  target: RangeTarget;
  /** A range known up front (syntax errors), used instead of path and target. */
  range?: OffsetRange;
  severity: Severity;
  code: string;
  message: string;
  suggestions?: Suggestion[];
  /** Marks content that has no effect (editors fade it). */
  unnecessary?: boolean;
  data?: Record<string, unknown>;
}

export interface Diagnostic {
  range: OffsetRange;
  severity: Severity;
  code: string;
  message: string;
  suggestions?: Suggestion[];
  unnecessary?: boolean;
  data?: Record<string, unknown>;
}

export function toDiagnostic(problem: Problem, range: OffsetRange): Diagnostic {
  return {
    range,
    severity: problem.severity,
    code: problem.code,
    message: problem.message,
    suggestions: problem.suggestions,
    unnecessary: problem.unnecessary,
    data: problem.data,
  };
}


/** Document order; diagnostics on the same range by code, then message, so any check lists them alike. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    a.range.start - b.range.start ||
    a.range.end - b.range.end ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}
