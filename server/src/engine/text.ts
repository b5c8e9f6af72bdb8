/** Wording shared by messages: the engine's, the command line's and the editor's. */

/** The first letter in upper case; "docs.json" is always written in lower case. */
export function capitalize(text: string): string {
  return text.startsWith('docs.json') ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** `"a", "b" or "c"`. */
export function quoteList(items: readonly string[], conjunction = 'or'): string {
  const quoted = items.map((item) => `"${item}"`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted[quoted.length - 1]}`;
}

/** "1 page", "3 pages". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
