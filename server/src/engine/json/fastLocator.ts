import type { JsonPath, OffsetRange } from './path';

/** Offsets of one node in a text known to be valid JSON. */
export interface NodeOffsets {
  keyStart?: number;
  keyEnd?: number;
  valueStart: number;
  valueEnd: number;
}

interface Trie {
  children: Map<string | number, Trie>;
  wanted: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

/**
 * Finds the offsets of many nodes of a valid JSON text in one pass, descending only into the
 * subtrees that hold a requested path and skipping the rest at string-search speed.
 * Ranges are found only for what is reported, so a clean file costs nothing here.
 */
export function locateNodes(text: string, paths: JsonPath[]): Map<string, NodeOffsets> {
  const root: Trie = { children: new Map(), wanted: false };
  for (const path of paths) {
    let node = root;
    for (const segment of path) {
      let next = node.children.get(segment);
      if (!next) {
        next = { children: new Map(), wanted: false };
        node.children.set(segment, next);
      }
      node = next;
    }
    node.wanted = true;
  }
  const found = new Map<string, NodeOffsets>();
  const scanner = new Scanner(text);
  const start = scanner.skipWhitespace(0);
  scanner.visit(start, root, [], undefined, found);
  return found;
}

class Scanner {
  constructor(private readonly text: string) {}

  visit(
    valueStart: number,
    trie: Trie,
    path: JsonPath,
    key: { start: number; end: number } | undefined,
    found: Map<string, NodeOffsets>,
  ): number {
    const text = this.text;
    const code = text.charCodeAt(valueStart);
    let valueEnd: number;
    if (trie.children.size === 0 || (code !== OPEN_BRACE && code !== OPEN_BRACKET)) {
      valueEnd = this.skipValue(valueStart);
    } else if (code === OPEN_BRACE) {
      valueEnd = this.visitObject(valueStart, trie, path, found);
    } else {
      valueEnd = this.visitArray(valueStart, trie, path, found);
    }
    if (trie.wanted) {
      found.set(JSON.stringify(path), { keyStart: key?.start, keyEnd: key?.end, valueStart, valueEnd });
    }
    return valueEnd;
  }

  private visitObject(start: number, trie: Trie, path: JsonPath, found: Map<string, NodeOffsets>): number {
    const text = this.text;
    let i = this.skipWhitespace(start + 1);
    if (text.charCodeAt(i) === CLOSE_BRACE) return i + 1;
    for (;;) {
      const keyStart = i;
      const keyEnd = this.skipString(i);
      const raw = text.slice(keyStart + 1, keyEnd - 1);
      const name = raw.includes('\\') ? (JSON.parse(text.slice(keyStart, keyEnd)) as string) : raw;
      i = this.skipWhitespace(keyEnd);
      // text is valid JSON, so this is the colon
      i = this.skipWhitespace(i + 1);
      const child = trie.children.get(name);
      if (child) {
        path.push(name);
        i = this.visit(i, child, path, { start: keyStart, end: keyEnd }, found);
        path.pop();
      } else {
        i = this.skipValue(i);
      }
      i = this.skipWhitespace(i);
      if (text.charCodeAt(i) === CLOSE_BRACE) return i + 1;
      i = this.skipWhitespace(i + 1); // the comma
    }
  }

  private visitArray(start: number, trie: Trie, path: JsonPath, found: Map<string, NodeOffsets>): number {
    const text = this.text;
    let i = this.skipWhitespace(start + 1);
    if (text.charCodeAt(i) === CLOSE_BRACKET) return i + 1;
    let maxWanted = -1;
    for (const segment of trie.children.keys()) {
      if (typeof segment === 'number' && segment > maxWanted) maxWanted = segment;
    }
    for (let index = 0; ; index++) {
      const child = index <= maxWanted ? trie.children.get(index) : undefined;
      if (child) {
        path.push(index);
        i = this.visit(i, child, path, undefined, found);
        path.pop();
      } else {
        i = this.skipValue(i);
      }
      i = this.skipWhitespace(i);
      if (text.charCodeAt(i) === CLOSE_BRACKET) return i + 1;
      i = this.skipWhitespace(i + 1);
    }
  }

  skipWhitespace(i: number): number {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(i);
      if (code === 32 || code === 10 || code === 13 || code === 9) i++;
      else return i;
    }
  }

  /** i is at an opening quote; returns the offset after the closing quote. */
  private skipString(i: number): number {
    const text = this.text;
    let end = text.indexOf('"', i + 1);
    for (;;) {
      let backslashes = 0;
      while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return end + 1;
      end = text.indexOf('"', end + 1);
    }
  }

  private skipValue(i: number): number {
    const text = this.text;
    const code = text.charCodeAt(i);
    if (code === QUOTE) return this.skipString(i);
    if (code !== OPEN_BRACE && code !== OPEN_BRACKET) {
      // number, true, false, null
      let j = i + 1;
      for (;;) {
        const c = text.charCodeAt(j);
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === 32 || c === 10 || c === 13 || c === 9 || c === COLON || Number.isNaN(c)) return j;
        j++;
      }
    }
    let depth = 0;
    toNextBracket.lastIndex = i;
    for (;;) {
      if (!toNextBracket.test(text)) return text.length;
      const j = toNextBracket.lastIndex - 1;
      const c = text.charCodeAt(j);
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (--depth === 0) return j + 1;
    }
  }
}

/**
 * Runs of plain text and whole strings up to the next bracket outside a string. Skipping with
 * `test` (no match object) stops once per bracket, not once per quote.
 */
const toNextBracket = /[^"{}[\]]*(?:"[^"\\]*(?:\\.[^"\\]*)*"[^"{}[\]]*)*[{}[\]]/y;

export function offsetsToRange(node: NodeOffsets, target: 'value' | 'key' | 'property' | 'start'): OffsetRange {
  switch (target) {
    case 'key':
      return node.keyStart !== undefined ? { start: node.keyStart, end: node.keyEnd! } : { start: node.valueStart, end: node.valueEnd };
    case 'property':
      return { start: node.keyStart ?? node.valueStart, end: node.valueEnd };
    case 'start':
      return { start: node.valueStart, end: node.valueStart + 1 };
    default:
      return { start: node.valueStart, end: node.valueEnd };
  }
}
