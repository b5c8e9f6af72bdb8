import type { SpecFileProblem } from './specProblems';

/**
 * Problems found in a text, placed in its edited copy: those before or after the one edited span
 * (the texts' common start and end) moved with it, those inside dropped.
 */
export function shiftedThroughEdit(before: string, after: string, problems: SpecFileProblem[]): SpecFileProblem[] {
  if (problems.length === 0) return problems;
  const shortest = Math.min(before.length, after.length);
  let start = 0;
  while (start < shortest && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shortest - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  const editedEnd = before.length - end;
  const delta = after.length - before.length;
  return problems.flatMap((problem) => {
    const { range } = problem;
    if (range.end <= start) return [problem];
    if (range.start >= editedEnd) return [{ ...problem, range: { start: range.start + delta, end: range.end + delta } }];
    return [];
  });
}
