import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineMap, TextMap } from '../../../server/src/engine/pages/mdx/textMap';

test('every offset of a page is placed at its 1-based line and column', () => {
  const page = 'ab\n\ncd\nefg\n';
  const map = new TextMap(page, []);
  let line = 1;
  let column = 1;
  for (let offset = 0; offset <= page.length; offset++) {
    assert.deepEqual(map.pointAt(offset), { line, column, offset }, `offset ${offset}`);
    if (page[offset] === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  assert.equal(map.rewritten, false);
  assert.deepEqual(map.toSource(3, 2), { line: 3, column: 2, offset: 5 }, 'no rewrite: the same place');
  assert.deepEqual(new TextMap('a\nb', []).toSource(5, 1), { line: 2, column: 1, offset: 2 }, 'past the last line: on the last line');
});

test('a rewritten line is placed through its pieces: copied text column by column, made-up text at its start', () => {
  // Line 0 of the rewrite is line 1 of the page; "&lt;" (columns 1-4) stands for "<" at column 1.
  const rewrite = new LineMap([{ line: 1, pieces: [{ at: 1, to: 1, fixed: true }, { at: 5, to: 2 }] }, { line: 0 }]);
  const map = new TextMap('first\nx<yz\n', [rewrite]);
  assert.equal(map.rewritten, true);
  assert.deepEqual(map.toSource(1, 1), { line: 2, column: 1, offset: 6 }, 'before the first piece: unchanged');
  assert.deepEqual(map.toSource(1, 3), { line: 2, column: 2, offset: 7 }, 'inside the made-up text');
  assert.deepEqual(map.toSource(1, 6), { line: 2, column: 3, offset: 8 }, 'at a copied piece');
  assert.deepEqual(map.toSource(1, 7), { line: 2, column: 4, offset: 9 }, 'after its start');
  assert.deepEqual(map.toSource(2, 4), { line: 1, column: 4, offset: 3 }, 'a line without pieces');
  assert.deepEqual(map.toSource(9, 2), { line: 1, column: 2, offset: 1 }, 'past the last line: as the last line');
  assert.deepEqual(map.toSource(0, 2), { line: 2, column: 2, offset: 7 }, 'before the first line: as the first line');
});

test('rewrites are undone last first', () => {
  // The first rewrite swapped lines 0 and 1; the second moved line 1 of its text down one line.
  const first = new LineMap([{ line: 1 }, { line: 0 }]);
  const second = new LineMap([{ line: 0 }, { line: 0 }, { line: 1 }]);
  const map = new TextMap('a\nb\n', [first, second]);
  assert.deepEqual(map.toSource(3, 1), { line: 1, column: 1, offset: 0 });
  assert.deepEqual(map.toSource(1, 1), { line: 2, column: 1, offset: 2 });
  assert.deepEqual(new LineMap([]).toBefore(4, 2), { line: 4, column: 2 }, 'no lines known: the same place');
});

test('a CR alone ends a line, as the parser reads it; a CRLF ends one line', () => {
  const page = 'a\rb\r\nc\nd';
  const map = new TextMap(page, []);
  assert.deepEqual(map.toSource(2, 1), { line: 2, column: 1, offset: 2 });
  assert.deepEqual(map.toSource(3, 1), { line: 3, column: 1, offset: 5 });
  assert.deepEqual(map.toSource(4, 1), { line: 4, column: 1, offset: 7 });
  assert.deepEqual(map.pointAt(3), { line: 2, column: 2, offset: 3 }, 'the CR of a CRLF is on the line it ends');
  assert.deepEqual(map.pointAt(8), { line: 4, column: 2, offset: 8 });
});

test('with a CR alone in the page, a rewritten line is found at LF line ends (as the rewrites split the page) and placed at the parser\'s', () => {
  // The page's text "x\ry\n<z>" rewritten: line 1 (at LF) was "<z>", written "&lt;z&gt;", its "<" standing for "&lt;".
  const rewrite = new LineMap([{ line: 0 }, { line: 1, pieces: [{ at: 0, to: 0, fixed: true }, { at: 4, to: 1 }] }]);
  const map = new TextMap('x\ry\n<z>', [rewrite], 'x\ry\n&lt;z&gt;');
  assert.deepEqual(map.toSource(2, 1), { line: 2, column: 1, offset: 2 }, 'after the CR alone');
  assert.deepEqual(map.toSource(3, 5), { line: 3, column: 2, offset: 5 }, 'the z of the rewritten line, on the parser\'s third line');
});
