import type { Code } from './codes';
import type { Problem, Severity } from './diagnostic';
import type { JsonPath, OffsetRange, RangeTarget } from './json/path';
import type { Cursor } from './model/cursor';

export interface ProblemInput {
  cursor: Cursor;
  /** A path below the cursor's own, when the problem is about one of its keys. */
  subPath?: JsonPath;
  target: RangeTarget;
  /** A range known up front (syntax errors), used instead of the cursor's path. */
  range?: OffsetRange;
  /** The code's default (codes.ts) unless given. */
  severity?: Severity;
  code: Code;
  message: string;
  suggestions?: Problem['suggestions'];
  unnecessary?: boolean;
  data?: Record<string, unknown>;
  platformMessage?: string;
}
