import type { TextEdit } from '../../server/src/engine/pages/textEdit';
import fc from 'fast-check';

const member = fc.constantFrom('"icon": "rocket", ', '"icon": "rockett", ', '"expanded": true, ', '"openapi": "missing.yaml", ', '"hidden": 1, ', '"group": 7, ');
const item = fc.constantFrom('"new-page", ', '"GET /nothing", ', '{"group": "G", "pages": ["introduction"]}, ', '{"group": "G"}, ', '7, ');

/** Edits as typing makes them: mostly inside strings, lists and objects, now and then breaking the JSON. */
export const typingEdit = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('string' as const), which: fc.nat(), at: fc.nat(), insert: fc.constantFrom('x', '-', '/', '', 'fa-') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('[' as const), which: fc.nat(), insert: item }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('{' as const), which: fc.nat(), insert: member }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), which: fc.nat(), at: fc.nat(3), insert: fc.constantFrom('"', ',', '}', 'x') }) },
);

export type TypingEdit = typeof typingEdit extends fc.Arbitrary<infer T> ? T : never;

export function applyEdit(text: string, e: TypingEdit): string {
  return applyEditWithSpan(text, e).text;
}

/** The text after an edit, and where it changed as an editor's change says so (not the least span the texts differ in). */
export function applyEditWithSpan(text: string, e: TypingEdit): { text: string; span: TextEdit } {
  const { start, oldEnd, insert } = placeOf(text, e);
  return { text: text.slice(0, start) + insert + text.slice(oldEnd), span: { start, oldEnd, newEnd: start + insert.length } };
}

function placeOf(text: string, e: TypingEdit): { start: number; oldEnd: number; insert: string } {
  if (e.kind === 'string') {
    const strings = [...text.matchAll(/"[^"\\\n]+"/g)];
    const found = strings[e.which % strings.length];
    const at = found.index! + 1 + (e.at % (found[0].length - 1));
    // An empty insert deletes the character before the cursor, as backspace does.
    return e.insert === '' ? { start: at - 1, oldEnd: at, insert: '' } : { start: at, oldEnd: at, insert: e.insert };
  }
  const marks = [...text.matchAll(e.kind === 'raw' ? /[,:\]]/g : e.kind === '[' ? /\[/g : /\{/g)];
  if (marks.length === 0) return { start: 0, oldEnd: 0, insert: '' };
  const at = marks[e.which % marks.length].index! + (e.kind === 'raw' ? e.at : 1);
  return { start: at, oldEnd: at, insert: e.insert };
}
