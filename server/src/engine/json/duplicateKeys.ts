import { createScanner } from 'jsonc-parser';
import type { JsonDocument } from './jsonDocument';
import type { OffsetRange } from './path';

/** A key written more than once in one object: JSON parsers, the site's included, keep only the last. */
export interface DuplicateKey {
  key: string;
  /** Where this occurrence of the key is (quotes included). */
  range: OffsetRange;
  /** Where the occurrence the site reads is: the last one in the object. */
  kept: OffsetRange;
  /** How many times the object holds the key. */
  count: number;
}

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read.
const openBrace = 1;
const closeBrace = 2;
const openBracket = 3;
const closeBracket = 4;
const colon = 6;
const stringLiteral = 10;
const endOfFile = 17;

/**
 * Every occurrence of a repeated key but the last, in each object of a JSON text (broken text
 * too, as far as its tokens go), in text order.
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  const scanner = createScanner(text, true);
  /** Per open object: each key's ranges; per open array: undefined. */
  const open: (Map<string, OffsetRange[]> | undefined)[] = [];
  const found: DuplicateKey[] = [];
  let previous: { key: string; range: OffsetRange } | undefined;
  const close = () => {
    const keys = open.pop();
    for (const [key, ranges] of keys ?? []) {
      if (ranges.length < 2) continue;
      const kept = ranges[ranges.length - 1];
      for (const range of ranges.slice(0, -1)) found.push({ key, range, kept, count: ranges.length });
    }
  };
  for (let token = scanner.scan(); token !== endOfFile; token = scanner.scan()) {
    if (token === colon && previous) {
      const keys = open[open.length - 1];
      const ranges = keys?.get(previous.key);
      if (ranges) ranges.push(previous.range);
      else keys?.set(previous.key, [previous.range]);
    }
    previous = undefined;
    if (token === openBrace) open.push(new Map());
    else if (token === openBracket) open.push(undefined);
    else if ((token === closeBrace || token === closeBracket) && open.length > 0) close();
    else if (token === stringLiteral && open[open.length - 1]) previous = { key: scanner.getTokenValue(), range: { start: scanner.getTokenOffset(), end: scanner.getTokenOffset() + scanner.getTokenLength() } };
  }
  while (open.length > 0) close();
  return found.sort((a, b) => a.range.start - b.range.start);
}

const scanned = new WeakMap<JsonDocument, DuplicateKey[]>();

/** `findDuplicateKeys` of a document's text, found once per document. */
export function duplicateKeysOf(json: JsonDocument): DuplicateKey[] {
  let found = scanned.get(json);
  if (!found) scanned.set(json, (found = findDuplicateKeys(json.text)));
  return found;
}

/** Records that a document has no repeated key, known without reading it all (a re-check of a part of a text that had none). */
export function noteNoDuplicateKeys(json: JsonDocument): void {
  scanned.set(json, []);
}
