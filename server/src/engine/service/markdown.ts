/**
 * Markdown for strings taken from the site (paths, names, titles), so that what they hold shows
 * as written: a backtick, a bracket or a line break in a file name cannot end a code span, make
 * a link or start a paragraph.
 */

/** Inline code whatever the text holds: the fence is longer than any run of backticks in it. */
export function inlineCode(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Plain text within a line: characters that mean something in markdown are escaped, line breaks become spaces. */
export function plainText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|~]/g, '\\$&');
}

/** Plain text as a paragraph of its own, whose start cannot make a heading, a list or a quote either. */
export function plainParagraph(text: string): string {
  return plainText(text).replace(/^(\s*)([#+\-=>])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}
