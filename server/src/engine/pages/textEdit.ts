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
