import type { Cursor } from '../model/cursor';
import type { NavElement } from '../model/navigationModel';
import type { ProblemInput } from '../problemInput';

/**
 * How a value is named in messages: `"colors.primary"`, or `"icon" in tab "Guides"`. Built
 * from the parent chain only when a message needs it.
 */
export interface Subject {
  /** The navigation element the value belongs to. */
  owner?: NavElement;
  parent?: Subject;
  key?: string | number;
}

/** Checks a value found at a node named by a definition, after its shape is known to be right; problems go to `out`. */
export type DefinitionHook = (cursor: Cursor, subject: Subject, out: ProblemInput[]) => void;
