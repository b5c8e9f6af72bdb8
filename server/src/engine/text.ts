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

/** What lets quoted text start a line of its own, close a code fence or hide: line breaks, controls, bidirectional and invisible characters, backticks. */
const unsafeInLine = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff`]/g;
const shownEscapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '`': '\\`' };

/** The most of a repository's text a message quotes. */
export const MAX_QUOTED_CHARS = 200;

/**
 * Text kept to one line that cannot pass for anything else around it: line breaks, controls,
 * bidirectional and invisible characters written as escapes (`\n`, `\u{202e}`), backticks as
 * "\`", and at most `maxChars` characters of it, cut with "…".
 */
export function oneLine(text: string, maxChars: number): string {
  const chars = Array.from(text);
  const kept = chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}…` : text;
  return kept.replace(unsafeInLine, (char) => shownEscapes[char] ?? `\\u{${char.codePointAt(0)!.toString(16)}}`);
}

/** A repository's text quoted in a message: `"…"`, on one line (`oneLine`), cut at MAX_QUOTED_CHARS. */
export function quote(text: string): string {
  return `"${oneLine(text, MAX_QUOTED_CHARS)}"`;
}

/** The line end a text is written with, for lines an edit adds to it. */
export function lineEnd(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}
