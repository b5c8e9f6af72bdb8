import assert from 'node:assert/strict';
import { test } from 'node:test';
import { terminalSafe, terminalSafeLine } from '../../cli/src/terminalSafe';

test('escape sequences, C1 controls and bidirectional overrides are shown, not obeyed; tabs and line breaks stay', () => {
  assert.equal(terminalSafe('a\u001b[31mred\u0007\u0000\u0008\u000b\u001f\u007f\u009f\u202a\u202e\u2066\u2069\tb\nc'), 'a\\u{1b}[31mred\\u{7}\\u{0}\\u{8}\\u{b}\\u{1f}\\u{7f}\\u{9f}\\u{202a}\\u{202e}\\u{2066}\\u{2069}\tb\nc');
  assert.equal(terminalSafe('plain text: é, ü, \u2028 and \u00a0 stay'), 'plain text: é, ü, \u2028 and \u00a0 stay');
});

test('on one line, tabs and line breaks are shown too', () => {
  assert.equal(terminalSafeLine('a\tb\nc\rd\u001b'), 'a\\u{9}b\\u{a}c\\u{d}d\\u{1b}');
  assert.equal(terminalSafeLine(' \u00a0é\u2028'), ' \u00a0é\u2028');
});
