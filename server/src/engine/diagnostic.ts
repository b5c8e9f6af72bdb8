import type { JsonPath, OffsetRange, RangeTarget } from './json/path';
import type { SourceDocument } from './model/sourceDocument';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A fix the editor can offer: replace the reported range's text (or the key) with `replacement`. */
export interface Suggestion {
  title: string;
  replacement: string;
  /** The range it replaces, when not the diagnostic's (a fix of a whole element found by its name). */
  range?: OffsetRange;
  /** Other ranges of the same file that take the same replacement (a tag's name in its closing tag). */
  alsoAt?: OffsetRange[];
  /** Further edits the fix makes, in this file or others (root-relative paths). */
  alsoEdits?: SiteEdit[];
  /** A guess the writer must confirm: never the preferred fix, so neither `--fix` nor fix-all applies it. */
  preferred?: false;
}

/** A replacement in a file of the site (a root-relative path), in offsets of its checked text. */
export interface SiteEdit {
  file: string;
  range: OffsetRange;
  newText: string;
}

/** Another place in the site that a problem is about: a link that shares its cause. */
export interface RelatedPlace {
  file: string;
  range: OffsetRange;
  message: string;
}

/** What a problem says, wherever it is. */
interface Finding {
  severity: Severity;
  code: string;
  message: string;
  suggestions?: Suggestion[];
  /** Marks content that has no effect (editors fade it). */
  unnecessary?: boolean;
  data?: Record<string, unknown>;
  /** What the platform itself prints for this problem, where its words differ from ours. */
  platformMessage?: string;
  /** The other places with the same cause, told with this one. */
  related?: RelatedPlace[];
}

/** A problem found by a rule, located by JSON path; ranges are found once, at the end. */
export interface Problem extends Finding {
  document: SourceDocument;
  path: JsonPath;
  target: RangeTarget;
  /** A range known up front (syntax errors), used instead of path and target. */
  range?: OffsetRange;
}

export interface Diagnostic extends Finding {
  range: OffsetRange;
}

export function toDiagnostic({ severity, code, message, suggestions, unnecessary, data, platformMessage }: Problem, range: OffsetRange): Diagnostic {
  return { range, severity, code, message, suggestions, unnecessary, data, ...(platformMessage ? { platformMessage } : {}) };
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
