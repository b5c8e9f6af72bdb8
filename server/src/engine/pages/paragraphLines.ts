// What a line of a page's body is to the paragraph around it, read line by line as the parser
// reads blocks: where a paragraph starts, whether a line may start a block or continues one.

/**
 * Where the paragraph whose line starts at `start` begins: a setext heading is the whole paragraph
 * above its underline. -1 when the paragraph continues a list item or quote without its marker:
 * the underline is then outside it, a thematic break.
 */
export function paragraphStart(masked: string, start: number): number {
  while (start > 0) {
    const before = masked.lastIndexOf('\n', start - 2) + 1;
    const line = masked.slice(before, start - 1);
    if (!isParagraphLine(line)) return containerLine.test(line) ? -1 : start;
    start = before;
  }
  return start;
}

/** A paragraph's lines as its text holds them: each trimmed, a line ending in a hard break (two spaces or `\\`) joined without one. */
export function paragraphText(lines: string): string {
  return lines
    .replace(/\r$/gm, '')
    .replace(/[ \t]*(?: {2,}|\\)\n[ \t]*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

/**
 * Whether a line may start a block: not when the line above is paragraph text, or a list item or
 * quote whose paragraph it would continue (a definition cannot interrupt a paragraph). A line
 * right after a definition (ending at `definitionsEnd`) may.
 */
export function startsBlock(original: string, masked: string, lineStart: number, definitionsEnd: number): boolean {
  const before = masked.lastIndexOf('\n', lineStart - 2) + 1;
  if (definitionsEnd >= before) return true;
  const line = masked.slice(before, lineStart - 1);
  // A line the mask blanked at its start (a code span, perhaps from the line above) is paragraph
  // text, unless what it blanked is a tag, a comment or an expression, or a fence.
  const first = original.slice(before, lineStart - 1).search(/[^ \t]/);
  if (first >= 0 && line[first] === ' ' && !'<{'.includes(original[before + first]) && !/^[ \t]*```/.test(original.slice(before, lineStart - 1))) return false;
  return !isParagraphLine(line) && !containerLine.test(line);
}

/** Whether the line at `lineStart` goes on with the paragraph above: it starts no block. */
export function continuesParagraph(masked: string, lineStart: number): boolean {
  const end = masked.indexOf('\n', lineStart);
  return isParagraphLine(masked.slice(lineStart, end < 0 ? masked.length : end));
}

/** A line opening a quote or a list item: the paragraph it starts goes on over lines without the marker. */
const containerLine = /^[ \t]*(?:>|[-*+][ \t]|\d+[.)][ \t])/;

/** A line that a setext underline turns into a heading: plain paragraph text. */
export function isParagraphLine(line: string): boolean {
  if (line.trim() === '') return false;
  return !/^[ \t]*(?:#{1,6}(?:[ \t\r]|$)|>|[-*+][ \t]|\d+[.)][ \t]|\||<[A-Za-z/!]|import\s|export\s|=+[ \t]*$|-+[ \t]*$)/.test(line);
}

/** `[text](target)`, `![alt](src)`, and `[text][label]` / `[label][]` / `[label]` to be read with the page's definitions. */

/** A line starting an ATX heading, which ends the paragraph above. */
export const atxHeadingStart = /^#{1,6}(?:[ \t\r\n]|$)/;
