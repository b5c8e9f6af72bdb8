// An open document kept in pieces, alone: after any series of edits it reads as the plain string
// edited the same way, and gives the positions and offsets of the protocol library's document.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { PiecedDocument } from '../../server/src/lsp/piecedDocument';
import { PiecedText } from '../../server/src/lsp/piecedText';

/** Texts with every kind of line end, a character outside Latin-1 and one of two code units. */
const text = (maxLength: number) => fc.array(fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'é', '😀', '{"x": 1}'), { maxLength }).map((parts) => parts.join(''));

/** An edit as offsets, drawn as fractions of the text's length so that it lands anywhere in it. */
const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), removed: fc.nat(40), inserted: text(30) });

function assertPieces(pieced: PiecedText): void {
  const pieces = [...pieced.parts()];
  for (const piece of pieces) {
    assert.ok(piece.length <= pieced.pieceLength, `a piece of ${piece.length} characters, longer than ${pieced.pieceLength}`);
    if (pieces.length > 1) assert.ok(piece.length >= Math.floor(pieced.pieceLength / 2), `one of ${pieces.length} pieces has ${piece.length} characters, under half of ${pieced.pieceLength}`);
  }
}

describe('PiecedText', () => {
  it('reads as the plain string after any series of edits: whole, by slices and by character', () => {
    fc.assert(
      fc.property(text(200), fc.integer({ min: 1, max: 16 }), fc.array(edit, { maxLength: 30 }), fc.array(fc.tuple(fc.nat(300), fc.nat(300)), { maxLength: 10 }), (initial, pieceLength, edits, slices) => {
        let plain = initial;
        let pieced = PiecedText.of(initial, pieceLength);
        for (const { at, removed, inserted } of edits) {
          const start = Math.floor(at * plain.length);
          const end = start + removed;
          pieced = pieced.edit(start, end, inserted);
          plain = plain.slice(0, start) + inserted + plain.slice(Math.min(end, plain.length));
          assert.equal(pieced.length, plain.length);
          assertPieces(pieced);
          for (const [from, to] of slices) assert.equal(pieced.slice(from, to), plain.slice(from, to), `slice(${from}, ${to})`);
          for (let offset = -1; offset <= plain.length; offset++) assert.ok(Object.is(pieced.charCodeAt(offset), plain.charCodeAt(offset)), `charCodeAt(${offset})`);
        }
        assert.equal(pieced.toString(), plain);
        assert.equal(pieced.slice(0, pieced.length), plain);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the version it was made from as it was', () => {
    const first = PiecedText.of('abcdefghij', 4);
    const second = first.edit(3, 5, 'XYZ');
    assert.equal(first.toString(), 'abcdefghij');
    assert.equal(second.toString(), 'abcXYZfghij');
    assert.equal(first.slice(2, 7), 'cdefg');
  });

  it('keeps its pieces short and few through a long run of typing and of deleting in one place', () => {
    let pieced = PiecedText.of('', 64);
    for (let i = 0; i < 5000; i++) pieced = pieced.edit(100 + (i % 7), 100 + (i % 7), String.fromCharCode(97 + (i % 26)));
    assertPieces(pieced);
    for (let i = 0; i < 4990; i++) pieced = pieced.edit(5, 6, '');
    assertPieces(pieced);
    assert.equal(pieced.length, 10);
    assert.equal([...pieced.parts()].length, 1);
  });

  it('gives the same whole string each time it is asked for, and the one it was made from', () => {
    const initial = 'x'.repeat(100);
    const pieced = PiecedText.of(initial, 8);
    assert.equal(pieced.toString(), initial);
    const edited = pieced.edit(10, 10, 'y');
    assert.equal(edited.toString(), edited.toString());
  });
});

/** A change as the protocol gives it: a range (possibly backwards or past the text's end) and its text, or a whole new text. */
const change = fc.oneof(
  { weight: 9, arbitrary: fc.record({ from: fc.double({ min: 0, max: 1, noNaN: true }), to: fc.double({ min: 0, max: 1, noNaN: true }), past: fc.nat(3), inserted: text(20) }) },
  { weight: 1, arbitrary: fc.record({ whole: text(60) }) },
);

describe('PiecedDocument', () => {
  it('after any series of changes, has the text, lines, positions and offsets of the protocol library\'s document', () => {
    fc.assert(
      fc.property(text(120), fc.integer({ min: 1, max: 12 }), fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { maxLength: 12 }), (initial, pieceLength, versions) => {
        const library = TextDocument.create('file:///docs.json', 'json', 1, initial);
        const pieced = PiecedDocument.create('file:///docs.json', 'json', 1, initial, pieceLength);
        let version = 1;
        for (const changes of versions) {
          const events = changes.map((c) => {
            if ('whole' in c) return { text: c.whole };
            const length = library.getText().length;
            const start = library.positionAt(Math.floor(c.from * length));
            const end = library.positionAt(Math.floor(c.to * length));
            // Past the end of a line or of the text, as a client may send.
            return { range: { start, end: { line: end.line + (c.past === 3 ? 1000 : 0), character: end.character + c.past } }, text: c.inserted };
          });
          version++;
          TextDocument.update(library, events, version);
          PiecedDocument.update(pieced, events, version);
          assertSame(pieced, library);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('moves the lines after a change that adds lines, in a text with both kinds of line end', () => {
    const document = PiecedDocument.create('file:///docs.json', 'json', 1, 'line one\r\nline two\nline three', 4);
    document.positionAt(0);
    PiecedDocument.update(document, [{ range: { start: { line: 1, character: 4 }, end: { line: 1, character: 5 } }, text: '\n2\n' }], 2);
    assert.deepEqual(document.positionAt(document.text.length), { line: 4, character: 10 });
    assert.equal(document.offsetAt({ line: 2, character: 1 }), 16);
    assert.equal(document.getText({ start: { line: 1, character: 0 }, end: { line: 3, character: 3 } }), 'line\n2\ntwo');
    assert.equal(document.getText(), 'line one\r\nline\n2\ntwo\nline three');
  });
});

function assertSame(pieced: PiecedDocument, library: TextDocument): void {
  const text = library.getText();
  assert.equal(pieced.version, library.version);
  assert.equal(pieced.getText(), text);
  assert.equal(pieced.lineCount, library.lineCount);
  for (let offset = -1; offset <= text.length + 1; offset++) assert.deepEqual(pieced.positionAt(offset), library.positionAt(offset), `positionAt(${offset})`);
  for (let line = -1; line <= library.lineCount; line++) {
    assert.deepEqual(pieced.getLineRange(line), library.getLineRange(line), `getLineRange(${line})`);
    assert.equal(pieced.getEOLCharacters(line), library.getEOLCharacters(line), `getEOLCharacters(${line})`);
    for (const character of [-1, 0, 1, 2, 5, 100]) {
      const position = { line, character };
      assert.equal(pieced.offsetAt(position), library.offsetAt(position), `offsetAt(${line}:${character})`);
    }
  }
}
