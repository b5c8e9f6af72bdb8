// Links, images and link definitions of a stretch, read from its mask (see maskedText.ts) as the
// platform's parser reads them: held to it by test/engine/pages/scanAsParser.test.ts.
import type { OffsetRange } from '../json/path';
import type { MaskedText } from './maskedText';
import { atxHeadingStart, continuesParagraph, startsBlock } from './paragraphLines';
import type { PageReference, StretchScan } from './stretchScan';
import { isLineEnd, linesStartingWith, NextIndex } from './textSearch';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A Markdown link target as it is meant: escapes and character references read. */
function unescapeMarkdown(text: string): string {
  if (!text.includes('\\') && !text.includes('&')) return text;
  // One pass: an escaped `&` starts no entity, and what an entity gives is not unescaped again.
  return text.replace(/\\([!-/:-@[-`{-~])|&(?:#(\d+)|#[xX]([\da-fA-F]+)|(amp|lt|gt|quot|apos|nbsp));/g, (_, escaped?: string, dec?: string, hex?: string, name?: string) =>
    escaped ?? (dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : entities[name!]),
  );
}


export function normaliseLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

const blankLine = /\n[ \t]*\r?\n/g;

const definitionLabel = /([ \t]*)\[([^[\]\n]+)\]:/y;
/** After the label: the destination, on the same line or the next, `<…>` or without spaces. */
const definitionDestination = /[ \t]*(?:\r?\n[ \t]*)?(?:<([^>\n]*)>|([^\s<]\S*))/y;

/** `[label]: /target` lines: the label read in the mask, the rest in the page as written (the mask blanks a `<…>` destination as a tag). */
export function readDefinitions(original: string, text: string, mask: MaskedText, scan: StretchScan): void {
  if (!text.includes(']:')) return;
  let definitionsEnd = -1;
  for (const lineStart of linesStartingWith(text, '[')) {
    if (lineStart < definitionsEnd || (lineStart > 0 && !startsBlock(original, text, lineStart, definitionsEnd))) continue;
    definitionLabel.lastIndex = lineStart;
    const label = definitionLabel.exec(text);
    // What the mask blanked before the `[` (a code span) is no indentation. `[^x]:` starts a footnote (GFM), whose text is read as any.
    if (!label || label[2].startsWith('^') || !/^[ \t]*$/.test(original.slice(lineStart, lineStart + label[1].length))) continue;
    definitionDestination.lastIndex = definitionLabel.lastIndex;
    const destination = definitionDestination.exec(original);
    if (!destination || (destination[2] !== undefined && !balancedParentheses(destination[2]))) continue;
    // A destination on the next line continues the paragraph the label opened: a line starting a block ends it first.
    const nextLine = destination[0].indexOf('\n');
    if (nextLine >= 0 && !continuesParagraph(text, definitionLabel.lastIndex + nextLine + 1)) continue;
    const end = definitionEnd(original, definitionDestination.lastIndex, scan);
    if (end < 0) continue;
    definitionsEnd = end;
    const written = destination[1] ?? destination[2];
    const start = definitionLabel.lastIndex + destination[0].indexOf(written, destination[1] === undefined ? 0 : destination[0].indexOf('<') + 1);
    const target = unescapeMarkdown(written);
    scan.definitions.push({ label: normaliseLabel(label[2]), target });
    scan.references.push({ kind: 'definition', target, range: { start, end: start + written.length }, label: label[2] });
    mask.blank(lineStart, end);
  }
}

/**
 * Where a definition whose destination ends at `at` ends: after its title (`"…"`, `'…'` or
 * `(…)`, on its line or opening on the next, and spanning lines but no blank line), else at its
 * line's end; -1 when its line goes on with anything else. A title on the next line that does not
 * close, or has text after it, is paragraph text: the definition ends before it.
 */
function definitionEnd(text: string, at: number, scan: StretchScan): number {
  let i = at;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (!isLineEnd(text, i)) return i > at && '"\'('.includes(text[i]) ? titleEnd(text, i, scan) : -1;
  let next = i + (text[i] === '\r' ? 2 : 1);
  while (text[next] === ' ' || text[next] === '\t') next++;
  const title = next < text.length && '"\'('.includes(text[next]) ? titleEnd(text, next, scan) : -1;
  return title >= 0 ? title : i;
}

/** The end of the line a title opening at `open` closes on, when only spaces follow it there; else -1. */
function titleEnd(text: string, open: number, scan: StretchScan): number {
  const close = text[open] === '(' ? ')' : text[open];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === close) {
      let end = i + 1;
      while (text[end] === ' ' || text[end] === '\t') end++;
      return isLineEnd(text, end) ? end : -1;
    } else if (c === '\n') {
      let j = i + 1;
      while (text[j] === ' ' || text[j] === '\t' || text[j] === '\r') j++;
      if (text[j] === '\n') return -1;
    }
  }
  scan.runsOn = true;
  return -1;
}

export function readLinks(original: string, text: string, scan: StretchScan): void {
  if (!text.includes('[')) return;
  const { closing, closesBracket } = matchingBrackets(text);
  const angle = new NextIndex(text);
  const originalAngle = new NextIndex(original);
  const inline: InlineLink[] = [];
  // Brackets inside the destination of a link read are part of it.
  let destination: OffsetRange = { start: 0, end: 0 };
  for (let open = text.indexOf('['); open >= 0; open = text.indexOf('[', open + 1)) {
    const close = closing[open] - 1;
    if (close < 0 || (open >= destination.start && open < destination.end)) continue;
    const image = text[open - 1] === '!';
    const kind = image ? 'image' : 'link';
    const after = text[close + 1];
    if (after === '(') {
      const read = readDestination(original, text, close + 2, { masked: angle, original: originalAngle }, scan);
      if (read) {
        destination = read;
        inline.push({ open, close, image, reference: { kind, target: unescapeMarkdown(original.slice(read.start, read.end)), range: read } });
        continue;
      }
      // No inline link: the brackets may still be a shortcut reference.
    }
    let label = text.slice(open + 1, close);
    let labelStart = open + 1;
    if (after === '[') {
      // The label ends at the next `]`, with no `[` before it: the search stops at either.
      let labelEnd = close + 2;
      while (labelEnd < text.length && text[labelEnd] !== ']' && text[labelEnd] !== '[') labelEnd++;
      if (labelEnd === text.length) scan.runsOn = true;
      if (text[labelEnd] === ']' && labelEnd - close - 2 > 0) {
        label = text.slice(close + 2, labelEnd);
        labelStart = close + 2;
      }
    } else if (closesBracket[open - 1]) {
      continue;
    }
    scan.labelLinks.push({ kind, label, start: labelStart });
  }
  for (const link of linksAsParsed(inline)) scan.references.push(link.reference);
}

interface InlineLink {
  /** Its `[` and the `]` that closes its text. */
  open: number;
  close: number;
  image: boolean;
  reference: PageReference;
  /** Set while reading nested links: holds a link, or lies in an image's description. */
  notLink?: boolean;
  holdsLinkMarked?: boolean;
  inImage?: boolean;
}

/**
 * The inline links (in the order of their `[`) the parser keeps: a link holding another link, at
 * any depth, is no link (its brackets are text); what an image's description holds is its alt
 * text, no link or image. Each link marks the links around it once: the walk stops at one marked.
 */
function linksAsParsed(links: InlineLink[]): InlineLink[] {
  const around: InlineLink[] = [];
  for (const link of links) {
    while (around.length > 0 && around[around.length - 1].close < link.open) around.pop();
    const parent = around[around.length - 1];
    link.inImage = parent !== undefined && (parent.image || parent.inImage === true);
    if (link.inImage) link.notLink = true;
    if (!link.image) {
      for (let i = around.length - 1; i >= 0 && !around[i].holdsLinkMarked; i--) {
        around[i].holdsLinkMarked = true;
        if (!around[i].image) around[i].notLink = true;
      }
    }
    around.push(link);
  }
  return links.filter((link) => !link.notLink);
}

/**
 * For each `[`, one more than the offset of the `]` that closes it within its paragraph (0: none),
 * and which `]` close one: one pass with a stack; a blank line or a heading line closes nothing.
 */
function matchingBrackets(text: string): { closing: Int32Array; closesBracket: Uint8Array } {
  const closing = new Int32Array(text.length);
  const closesBracket = new Uint8Array(text.length);
  const open: number[] = [];
  for (let i = text.indexOf('['); i >= 0 && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91) open.push(i);
    else if (c === 93) {
      const opening = open.pop();
      if (opening !== undefined) {
        closing[opening] = i + 1;
        closesBracket[i] = 1;
      }
    } else if (c === 10 && open.length > 0) {
      let j = i + 1;
      while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
      if (text.charCodeAt(j) === 10 || (text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) || atxHeadingStart.test(text.slice(j, j + 8))) open.length = 0;
    }
  }
  return { closing, closesBracket };
}

const asciiPunctuation = /[!-/:-@[-`{-~]/;

/** Whether a destination's parentheses pair up (escaped ones are no parentheses), as a destination without `<…>` needs. */
function balancedParentheses(destination: string): boolean {
  let depth = 0;
  for (let i = 0; i < destination.length; i++) {
    const c = destination[i];
    if (c === '\\' && asciiPunctuation.test(destination[i + 1] ?? '')) i++;
    else if (c === '(' && ++depth > MAX_DESTINATION_PARENTHESES) return false;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** How deeply parentheses may nest in a link destination (CommonMark's parsers stop at 32 too). */
const MAX_DESTINATION_PARENTHESES = 32;

/**
 * A link destination after `(`: `<...>` or text with balanced parentheses and no spaces, then an
 * optional title. The `<...>` form is read in the page as written: the mask has blanked it as a tag.
 */
function readDestination(original: string, text: string, start: number, next: { masked: NextIndex; original: NextIndex }, scan: StretchScan): OffsetRange | undefined {
  let i = start;
  i = skipLinkSpace(original, i);
  if (original[i] === '<') {
    const close = next.original.next('>', i);
    const lineEnd = next.masked.next('\n', i);
    if (close < 0 && lineEnd < 0) scan.runsOn = true;
    if (close < 0 || (lineEnd >= 0 && lineEnd < close) || !closesAfterTitle(text, close + 1, next.masked, scan)) return undefined;
    return { start: i + 1, end: close };
  }
  // Read as written (the mask blanks tags and code): an escaped character is no parenthesis.
  const begin = i;
  let depth = 0;
  for (; i < text.length; i++) {
    const c = original[i];
    if (c === '\\' && asciiPunctuation.test(original[i + 1] ?? '')) i++;
    else if (c === '(') {
      if (++depth > MAX_DESTINATION_PARENTHESES) return undefined;
    } else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (c === ' ' || c === '\t' || c === '\n' || c.charCodeAt(0) < 32) break;
  }
  if (i >= text.length) scan.runsOn = true;
  // A destination ends with its parentheses paired: one left open makes no link.
  if (i >= text.length || depth !== 0 || !closesAfterTitle(text, i, next.masked, scan)) return undefined;
  return { start: begin, end: i };
}

/** From `at`, past spaces, tabs and one line break (a second one makes a blank line, which ends the link). */
function skipLinkSpace(text: string, at: number): number {
  for (let breaks = 0; text[at] === ' ' || text[at] === '\t' || text[at] === '\r' || text[at] === '\n'; at++) {
    if (text[at] === '\n' && ++breaks > 1) break;
  }
  return at;
}

/** Whether, from `i`, an optional title (`"…"`, `'…'` or `(…)`, without a blank line) and the `)` closing the link follow. */
function closesAfterTitle(text: string, i: number, next: NextIndex, scan: StretchScan): boolean {
  const skipSpace = (at: number) => {
    at = skipLinkSpace(text, at);
    if (at >= text.length) scan.runsOn = true;
    return at;
  };
  i = skipSpace(i);
  const c = text[i];
  if (c === ')') return true;
  if (c !== '"' && c !== "'" && c !== '(') return false;
  const close = next.next(c === '(' ? ')' : c, i + 1);
  if (close < 0) scan.runsOn = true;
  if (close < 0) return false;
  // A title holds no blank line.
  const blank = next.next(blankLine, i + 1);
  return (blank < 0 || blank > close) && text[skipSpace(close + 1)] === ')';
}
