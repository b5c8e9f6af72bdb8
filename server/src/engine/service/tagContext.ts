import type { OffsetRange } from '../json/path';
import { inFencedCode, inInlineCode } from './linkContext';

/** Where the cursor is in a JSX or HTML tag being written in a page. */
export type TagContext =
  /** After `<`: a tag's name, typed so far (`range` is the whole name). */
  | { kind: 'name'; typed: string; range: OffsetRange }
  /** Between attributes: a prop's name, typed so far; the props already written. */
  | { kind: 'prop'; tag: string; typed: string; range: OffsetRange; written: string[] }
  /** In a quoted value: the prop, and the value typed so far (`range` is the text between the quotes). */
  | { kind: 'value'; tag: string; prop: string; typed: string; range: OffsetRange; written: Map<string, string> };

/** How far back the `<` of a tag is looked for: tags longer than this are not completed. */
const reach = 4000;
const namePattern = /^[A-Za-z][\w.-]*/;

/**
 * The tag the cursor is in, from the text alone (the page may not parse while a tag is half
 * typed): the last `<` before it, with no `>` between them outside quotes and braces. Nothing in
 * fenced or inline code.
 */
export function tagContextAt(text: string, offset: number): TagContext | undefined {
  const open = text.lastIndexOf('<', offset - 1);
  if (open < 0 || offset - open > reach) return undefined;
  const lineStart = text.lastIndexOf('\n', open - 1) + 1;
  if (inInlineCode(text.slice(lineStart, open)) || inFencedCode(text, lineStart)) return undefined;
  const name = namePattern.exec(text.slice(open + 1, offset))?.[0] ?? '';
  const nameEnd = open + 1 + name.length;
  if (nameEnd === offset) {
    const rest = namePattern.exec(text.slice(offset, offset + 100))?.[0] ?? '';
    if (name === '' && text[offset] !== undefined && /[\s>/]/.test(text[offset]) === false && rest === '') return undefined;
    return { kind: 'name', typed: name, range: { start: open + 1, end: offset + rest.length } };
  }
  if (name === '' || !/\s/.test(text[nameEnd])) return undefined;
  const written = new Map<string, string>();
  let i = nameEnd;
  while (i < offset) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '>' || (c === '/' && text[i + 1] === '>')) return undefined;
    if (c === '{') {
      const close = closingBrace(text, i, offset);
      if (close < 0) return undefined;
      i = close + 1;
      continue;
    }
    const prop = /^[A-Za-z_:][\w:.-]*/.exec(text.slice(i, Math.min(offset, i + 200)))?.[0];
    if (!prop) return undefined;
    if (i + prop.length === offset) return { kind: 'prop', tag: name, typed: prop, range: { start: i, end: i + prop.length + propTail(text, offset) }, written: [...written.keys()] };
    i += prop.length;
    while (i < offset && /[ \t]/.test(text[i])) i++;
    if (text[i] !== '=') {
      written.set(prop, '');
      continue;
    }
    i++;
    while (i < offset && /\s/.test(text[i])) i++;
    if (i >= offset) return undefined;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      if (close < 0 || close >= offset) {
        const end = close < 0 ? offset + (/^[^"'\n>]*/.exec(text.slice(offset))?.[0].length ?? 0) : close;
        return { kind: 'value', tag: name, prop, typed: text.slice(i + 1, offset), range: { start: i + 1, end: Math.max(end, offset) }, written };
      }
      written.set(prop, text.slice(i + 1, close));
      i = close + 1;
    } else if (quote === '{') {
      const close = closingBrace(text, i, offset);
      if (close < 0) return undefined;
      written.set(prop, text.slice(i + 1, close));
      i = close + 1;
    } else {
      return undefined;
    }
  }
  return { kind: 'prop', tag: name, typed: '', range: { start: offset, end: offset + propTail(text, offset) }, written: [...written.keys()] };
}

/** The rest of a prop name after the cursor. */
function propTail(text: string, offset: number): number {
  return /^[\w:.-]*/.exec(text.slice(offset, offset + 200))![0].length;
}

/** The `}` that closes the `{` at `start`, before `limit`; -1 if none. */
function closingBrace(text: string, start: number, limit: number): number {
  let depth = 0;
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
    else if (c === '"' || c === "'" || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close < 0 || close >= limit) return -1;
      i = close;
    }
  }
  return -1;
}
