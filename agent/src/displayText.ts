// Text from outside (the agent API, a repository's docs.json, git) made safe to show: in the
// editor's notifications, quick picks, trees and status texts, in the job panel and in a terminal.

const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]/g;
/** C0/C1 controls other than tab and newlines, and bidirectional overrides, embeddings and isolates. */
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Marks, separators and joiners that hide or reorder what is shown around them. */
const INVISIBLE_FORMAT = /[\u061c\u200b-\u200f\u2028\u2029\u2060-\u2064\ufeff]/g;
/**
 * VS Code renders `[label](target)` in a notification as a link, and a `command:` target runs
 * the command with its arguments. A space between `]` and `(` leaves the text readable and no link.
 */
const LINK_SYNTAX = /\]\(/g;

/** The longest text a notification, quick pick item or tree item shows by default. */
export const MAX_DISPLAY_CHARS = 500;

/** Text without terminal escape sequences, control characters or bidi overrides. */
export function cleanText(text: string): string {
  return text.replace(ANSI_SEQUENCE, '').replace(INVISIBLE_CONTROLS, '');
}

/**
 * The one way untrusted text reaches the user's eyes: no escape sequences, control, bidi or
 * invisible characters, no link syntax (so no `command:` link), and at most `maxChars` characters.
 * Sanitize the whole text as shown, not its parts: two harmless parts can join into a link.
 */
export function safeText(text: string, maxChars = MAX_DISPLAY_CHARS): string {
  const clean = cleanText(String(text)).replace(INVISIBLE_FORMAT, '').replace(LINK_SYNTAX, '] (');
  if (clean.length <= maxChars) return clean;
  let end = Math.max(0, maxChars - 1);
  if (/[\ud800-\udbff]/.test(clean.charAt(end - 1))) end -= 1; // not half a surrogate pair
  return `${clean.slice(0, end).trimEnd()}…`;
}
