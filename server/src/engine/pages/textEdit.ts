/** What changed between two texts: the earlier text's `start` to `oldEnd` became the later's `start` to `newEnd`. */
export interface TextEdit {
  start: number;
  oldEnd: number;
  newEnd: number;
}

export function editBetween(old: string, text: string): TextEdit {
  const shortest = Math.min(old.length, text.length);
  // Blocks are compared first (a comparison of memory), then the characters of the first unequal block.
  let start = 0;
  while (start + COMPARED_BLOCK <= shortest && old.slice(start, start + COMPARED_BLOCK) === text.slice(start, start + COMPARED_BLOCK)) start += COMPARED_BLOCK;
  while (start < shortest && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  const most = shortest - start;
  let suffix = 0;
  while (suffix + COMPARED_BLOCK <= most && old.slice(old.length - suffix - COMPARED_BLOCK, old.length - suffix) === text.slice(text.length - suffix - COMPARED_BLOCK, text.length - suffix)) suffix += COMPARED_BLOCK;
  while (suffix < most && old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
  return { start, oldEnd: old.length - suffix, newEnd: text.length - suffix };
}

const COMPARED_BLOCK = 1024;

/**
 * One edit covering two made one after the other (`then` in the text `first` made): from the
 * first text to the last, what lies outside it is unchanged. It may cover text that is the same
 * in both, between or around the two.
 */
export function composeEdits(first: TextEdit, then: TextEdit): TextEdit {
  // Where the changed parts end in the text between the two edits, then mapped back and forth.
  const end = Math.max(first.newEnd, then.oldEnd);
  return { start: Math.min(first.start, then.start), oldEnd: end - (first.newEnd - first.oldEnd), newEnd: end + (then.newEnd - then.oldEnd) };
}
