import { editBetween, type TextEdit } from '../pages/textEdit';

/** Where two texts differ: `before[start, oldEnd)` became `after[start, newEnd)`. */
export type EditSpan = TextEdit;

/** The one span that differs between two texts, by their common prefix and suffix; none if equal. */
export function editSpan(before: string, after: string): EditSpan | undefined {
  return before === after ? undefined : editBetween(before, after);
}
