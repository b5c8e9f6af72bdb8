const unsafeInText = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const unsafeInLine = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function shown(char: string): string {
  return `\\u{${char.codePointAt(0)!.toString(16)}}`;
}

/**
 * Text from elsewhere (the API, a docs.json) made harmless for a terminal: control characters
 * (escape sequences) and bidirectional overrides are shown as `\u{...}` instead of being obeyed.
 * Tabs and line breaks stay.
 */
export function terminalSafe(text: string): string {
  return text.replace(unsafeInText, shown);
}

/** The same, kept to one line: tabs and line breaks are shown too. */
export function terminalSafeLine(text: string): string {
  return text.replace(unsafeInLine, shown);
}
