/** Where two texts differ: `before[start, oldEnd)` became `after[start, newEnd)`. */
export interface EditSpan {
  start: number;
  oldEnd: number;
  newEnd: number;
}

const chunk = 4096;

/** The one span that differs between two texts, by their common prefix and suffix; none if equal. */
export function editSpan(before: string, after: string): EditSpan | undefined {
  if (before === after) return undefined;
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  // Whole chunks first: comparing substrings runs natively, a character loop does not.
  while (start + chunk <= shorter && before.substring(start, start + chunk) === after.substring(start, start + chunk)) start += chunk;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let oldEnd = before.length;
  let newEnd = after.length;
  while (oldEnd - chunk >= start && newEnd - chunk >= start && before.substring(oldEnd - chunk, oldEnd) === after.substring(newEnd - chunk, newEnd)) {
    oldEnd -= chunk;
    newEnd -= chunk;
  }
  while (oldEnd > start && newEnd > start && before.charCodeAt(oldEnd - 1) === after.charCodeAt(newEnd - 1)) {
    oldEnd--;
    newEnd--;
  }
  return { start, oldEnd, newEnd };
}
