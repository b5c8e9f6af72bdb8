import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TextEdit } from '../../../server/src/engine/service/edits';
import { formattingEdits } from '../../../server/src/engine/service/formatting';

function applyEdits(text: string, edits: TextEdit[]): string {
  return [...edits].sort((a, b) => b.range.start - a.range.start).reduce((result, edit) => result.slice(0, edit.range.start) + edit.newText + result.slice(edit.range.end), text);
}

test('formats with the editor indentation', () => {
  const text = '{"theme":"mint","navigation":{"pages":["a","b"]}}';
  assert.equal(
    applyEdits(text, formattingEdits(text, { tabSize: 2, insertSpaces: true })),
    '{\n  "theme": "mint",\n  "navigation": {\n    "pages": [\n      "a",\n      "b"\n    ]\n  }\n}',
  );
  assert.equal(applyEdits('{"a":1}', formattingEdits('{"a":1}', { tabSize: 4, insertSpaces: false })), '{\n\t"a": 1\n}');
});

test('keeps Windows line ends', () => {
  const text = '{\r\n"a": 1}';
  assert.equal(applyEdits(text, formattingEdits(text, { tabSize: 2, insertSpaces: true })), '{\r\n  "a": 1\r\n}');
});

test('an already formatted text needs no edits', () => {
  assert.deepEqual(formattingEdits('{\n  "a": 1\n}', { tabSize: 2, insertSpaces: true }), []);
});
