import type { OffsetRange } from '../json/path';
import { MaskedText } from './maskedText';

/** Where a reference was written: what it is and which markup holds it. */
export type ReferenceKind = 'link' | 'image' | 'definition' | 'attribute' | 'import';

/** A link, image, attribute or import target as written in a page. */
export interface PageReference {
  kind: ReferenceKind;
  /** The target as written ("/quickstart#install", "../images/a.png"). */
  target: string;
  /** The range of the target text in the page. */
  range: OffsetRange;
  /** For attributes: the tag and attribute name (`Card`, `href`). For reference-style links: the label. */
  tag?: string;
  attribute?: string;
  label?: string;
}

export interface HeadingSource {
  depth: number;
  /** The heading's content as written, without its `#` marks or `{#id}`. */
  content: string;
  /** The `{#id}` written after the heading, if any. */
  customId?: string;
  /** The whole heading line (or, for a setext heading, its text line). */
  range: OffsetRange;
}

/** An attribute that gives its element an anchor: any `id`, a field's name, a tab's or an accordion's title. */
export interface AnchorAttribute {
  tag: string;
  attribute: string;
  value: string;
  range: OffsetRange;
}

export interface SnippetImport {
  /** The names bound (`Intro`, or `{ a, b }`'s `a` and `b`). */
  names: string[];
  source: string;
  /** The range of the source string's text (inside the quotes). */
  range: OffsetRange;
}

export interface FrontmatterBlock {
  /** The YAML between the `---` lines. */
  raw: string;
  /** Where `raw` starts in the page. */
  start: number;
  /** The range of the whole block, `---` lines included. */
  range: OffsetRange;
}

export interface PageScan {
  frontmatter?: FrontmatterBlock;
  headings: HeadingSource[];
  anchorAttributes: AnchorAttribute[];
  references: PageReference[];
  imports: SnippetImport[];
}

/**
 * Reads the headings, anchors, links and imports of an MDX or Markdown page in one pass of
 * regular expressions over a mask of its text (see maskedText.ts). It is held to the MDX parser's
 * reading of every page of three real sites (test/engine/pages/scannerParity.test.ts).
 */
export function scanPage(text: string): PageScan {
  const mask = new MaskedText(text);
  const frontmatter = readFrontmatterBlock(text);
  // Fences are looked for after the frontmatter in the page itself: the mask is decoded once for both.
  blankFencedCode(text, mask, frontmatter?.range.end ?? 0);
  if (frontmatter) mask.blank(frontmatter.range.start, frontmatter.range.end);
  blankComments(mask.text, mask);
  const scan: PageScan = { frontmatter, headings: [], anchorAttributes: [], references: [], imports: [] };
  readHeadings(text, mask.text, scan);
  blankEscapes(mask.text, mask);
  blankCodeSpans(mask.text, mask);
  readImports(mask.text, mask, scan);
  readTags(text, mask.text, mask, scan);
  const definitions = readDefinitions(mask.text, mask, scan);
  readLinks(text, mask.text, scan, definitions);
  scan.references.sort((a, b) => a.range.start - b.range.start);
  return scan;
}

const frontmatterPattern = /^(\uFEFF?---[ \t]*\r?\n)([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

export function readFrontmatterBlock(text: string): FrontmatterBlock | undefined {
  if (!text.startsWith('---') && !text.startsWith('\uFEFF---')) return undefined;
  const match = frontmatterPattern.exec(text);
  if (!match || match.index !== 0) return undefined;
  return { raw: match[2], start: match[1].length, range: { start: 0, end: match[0].length } };
}

const fencePattern = /^([ \t]*)(`{3,}|~{3,})([^\n]*)$/gm;

/** Fenced code: MDX has no indented code, so a fence may be indented any amount (inside components). */
function blankFencedCode(text: string, mask: MaskedText, from: number): void {
  if (!text.includes('```', from) && !text.includes('~~~', from)) return;
  fencePattern.lastIndex = from;
  let open: RegExpExecArray | null;
  while ((open = fencePattern.exec(text))) {
    const fence = open[2];
    if (fence[0] === '`' && open[3].includes('`')) continue;
    const close = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`, 'gm');
    close.lastIndex = open.index + open[0].length;
    const end = close.exec(text);
    const stop = end ? end.index + end[0].length : text.length;
    mask.blank(open.index, stop);
    fencePattern.lastIndex = stop;
  }
}

/** JSX and HTML comments; each pattern runs only on pages that hold its opening. */
const commentPatterns = [
  { opening: '/*', pattern: /\{\s*\/\*[\s\S]*?\*\/\s*\}/g },
  { opening: '<!--', pattern: /<!--[\s\S]*?-->/g },
];

function blankComments(text: string, mask: MaskedText): void {
  for (const { opening, pattern } of commentPatterns) {
    if (!text.includes(opening)) continue;
    for (const match of text.matchAll(pattern)) mask.blank(match.index, match.index + match[0].length);
  }
}

/** A backslash before ASCII punctuation makes it literal: `\[` opens no link. Blanked with letters, which end no link target. */
function blankEscapes(text: string, mask: MaskedText): void {
  if (!text.includes('\\')) return;
  for (const match of text.matchAll(/\\[!-/:-@[-`{-~]/g)) mask.blank(match.index, match.index + 2, 'x');
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A Markdown link target as it is meant: escapes and character references read. */
export function unescapeMarkdown(text: string): string {
  if (!text.includes('\\') && !text.includes('&')) return text;
  return text
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&(?:#(\d+)|#[xX]([\da-fA-F]+)|(amp|lt|gt|quot|apos|nbsp));/g, (_, dec?: string, hex?: string, name?: string) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : entities[name!],
    );
}

/** Inline code: a run of backticks up to the next run of the same length in the same paragraph. */
function blankCodeSpans(text: string, mask: MaskedText): void {
  if (!text.includes('`')) return;
  const runs = /`+/g;
  const blankLine = /\n[ \t]*\n/g;
  let paragraphEnd = -1;
  let run: RegExpExecArray | null;
  while ((run = runs.exec(text))) {
    const start = run.index;
    const length = run[0].length;
    // The paragraph's end is found again only once a run lies past it.
    if (start > paragraphEnd) {
      blankLine.lastIndex = start;
      paragraphEnd = blankLine.exec(text)?.index ?? text.length;
    }
    const close = closingRun(text, start + length, length, paragraphEnd);
    if (close < 0) continue;
    mask.blank(start, close + length);
    runs.lastIndex = close + length;
  }
}

/** The start of the first run of exactly `length` backticks in [from, before), or -1; `from` follows a whole run. */
function closingRun(text: string, from: number, length: number, before: number): number {
  for (let at = text.indexOf('`', from); at >= 0 && at < before; at = text.indexOf('`', at)) {
    const runStart = at;
    while (text.charCodeAt(at) === 96) at++;
    if (at - runStart === length) return runStart;
  }
  return -1;
}

const importPattern = /^import\s+([\s\S]*?)\s+from\s+(['"])([^'"\n]*)\2[ \t]*;?|^import\s+(['"])([^'"\n]*)\4[ \t]*;?/gm;
const exportPattern = /^export\s/gm;

/** ESM at the top level of the page: imports are references; `export` blocks are code. */
function readImports(text: string, mask: MaskedText, scan: PageScan): void {
  if (!text.includes('import') && !text.includes('export')) return;
  for (const match of text.matchAll(importPattern)) {
    const source = match[3] ?? match[5];
    const sourceStart = match.index + match[0].lastIndexOf(source, match[0].length - 1);
    scan.imports.push({ names: match[1] ? importedNames(match[1]) : [], source, range: { start: sourceStart, end: sourceStart + source.length } });
    scan.references.push({ kind: 'import', target: source, range: { start: sourceStart, end: sourceStart + source.length } });
    mask.blank(match.index, match.index + match[0].length);
  }
  for (const match of text.matchAll(exportPattern)) mask.blank(match.index, endOfStatement(text, match.index));
}

function importedNames(clause: string): string[] {
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = braces ? clause.replace(braces[0], '') : clause;
  for (const part of outside.split(',')) {
    const name = part.replace(/^\s*\*\s*as\s+/, '').trim();
    if (/^[A-Za-z_$][\w$]*$/.test(name)) names.push(name);
  }
  if (braces) {
    for (const part of braces[1].split(',')) {
      const name = part.split(/\s+as\s+/).pop()!.trim();
      if (/^[A-Za-z_$][\w$]*$/.test(name)) names.push(name);
    }
  }
  return names;
}

/** The end of an export: the first blank line whose braces and brackets are all closed. */
function endOfStatement(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === '"' || c === "'" || c === '`') i = endOfString(text, i);
    else if (c === '\n' && depth <= 0 && /^\n[ \t]*(\n|$)/.test(text.slice(i, i + 80))) return i;
  }
  return text.length;
}

function endOfString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
    else if (text[i] === '\n' && quote !== '`') return i;
  }
  return text.length;
}

/** Attributes whose value is a link target. */
const linkAttributes = new Set(['href', 'src', 'img', 'poster']);
/** Attributes that give an anchor, by component; `id` gives one on any tag. */
export const anchorAttributeNames: Record<string, readonly string[]> = {
  ParamField: ['path', 'query', 'body', 'header', 'name'],
  ResponseField: ['name'],
  Tab: ['title'],
  Accordion: ['title'],
  Update: ['label'],
};
const tagStart = /<([A-Za-z][\w.:-]*)(?=[\s/>])/g;

/**
 * HTML and JSX tags: their link attributes and anchors, then the whole tag is blanked (attribute
 * text is no Markdown). Tags are found in the mask; values are read from the page as written.
 */
function readTags(original: string, text: string, mask: MaskedText, scan: PageScan): void {
  tagStart.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = tagStart.exec(text))) {
    const tag = match[1];
    const end = readAttributes(text, match.index + match[0].length, (name, length, valueStart) => {
      const range = { start: valueStart, end: valueStart + length };
      const value = original.slice(range.start, range.end);
      if (name === 'id' || anchorAttributeNames[tag]?.includes(name)) scan.anchorAttributes.push({ tag, attribute: name, value, range });
      else if (linkAttributes.has(name)) scan.references.push({ kind: 'attribute', target: value, range, tag, attribute: name });
    });
    // Tags inside an attribute's expression (`sub={<a href="/x">x</a>}`) are read too: the scan goes on after the name.
    if (end >= 0) mask.blank(match.index, end);
  }
}

/**
 * Reads `name="v"`, `name='v'`, `name={"v"}`, `name={...}` and bare `name` up to the tag's `>`;
 * calls `found` for each string value. Returns the offset after `>`, or -1 when it is no tag.
 */
function readAttributes(text: string, from: number, found: (name: string, valueLength: number, valueStart: number) => void): number {
  let i = from;
  const length = text.length;
  while (i < length) {
    const c = text[i];
    if (c === '>') return i + 1;
    if (c === '/' && text[i + 1] === '>') return i + 2;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '{') {
      const close = endOfBraces(text, i);
      if (close < 0) return -1;
      i = close + 1;
      continue;
    }
    const name = /^[A-Za-z_:][\w:.-]*/.exec(text.slice(i, i + 100));
    if (!name) return -1;
    i += name[0].length;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] !== '=') continue;
    i++;
    while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
    const q = text[i];
    if (q === '"' || q === "'") {
      const close = text.indexOf(q, i + 1);
      if (close < 0) return -1;
      found(name[0], close - i - 1, i + 1);
      i = close + 1;
    } else if (q === '{') {
      const close = endOfBraces(text, i);
      if (close < 0) return -1;
      const literal = /^\{\s*(["'`])([^"'`\\$]*)\1\s*\}$/.exec(text.slice(i, close + 1));
      if (literal) found(name[0], literal[2].length, text.indexOf(literal[1], i) + 1);
      i = close + 1;
    } else {
      return -1;
    }
  }
  return -1;
}

function endOfBraces(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
    else if (c === '"' || c === "'" || c === '`') i = endOfString(text, i);
  }
  return -1;
}

const definitionLine = /[ \t]*\[([^\]\n]+)\]:[ \t]*(?:<([^>\n]*)>|(\S+))[^\n]*/y;

/** `[label]: /target` lines; returns the labels, normalised, to their targets. */
function readDefinitions(text: string, mask: MaskedText, scan: PageScan): Map<string, string> {
  const definitions = new Map<string, string>();
  if (!text.includes(']:')) return definitions;
  for (const lineStart of linesStartingWith(text, '[')) {
    definitionLine.lastIndex = lineStart;
    const match = definitionLine.exec(text);
    if (!match || !isLineEnd(text, lineStart + match[0].length)) continue;
    const target = match[2] ?? match[3];
    const start = lineStart + match[0].indexOf(target, match[0].indexOf(']:') + 2);
    const label = normaliseLabel(match[1]);
    if (!definitions.has(label)) definitions.set(label, target);
    scan.references.push({ kind: 'definition', target, range: { start, end: start + target.length }, label: match[1] });
    mask.blank(lineStart, lineStart + match[0].length);
  }
  return definitions;
}

/**
 * The starts of the lines whose first character other than spaces and tabs is `char`: found by
 * searching for the character, which is much faster than a multi-line pattern over every line.
 */
function* linesStartingWith(text: string, char: string): Generator<number> {
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) {
    let start = at;
    while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
    if (start !== 0 && text[start - 1] !== '\n') continue;
    yield start;
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) return;
    at = lineEnd;
  }
}

function isLineEnd(text: string, offset: number): boolean {
  return offset === text.length || text[offset] === '\n' || (text[offset] === '\r' && text[offset + 1] === '\n');
}

export function normaliseLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Groups: everything before the content, the `#` marks, the content. */
const atxHeading = /([ \t]*(#{1,6})(?:[ \t]+|(?=[ \t]*(?:\r?\n|$))))([^\n]*?)[ \t]*(?=\r?\n|$)/y;
const setextUnderline = /[ \t]*(=+|-+)[ \t]*(?=\r?\n|$)/y;
const customIdPattern = /[ \t]*\{#([^}\s]+)\}$/;

function readHeadings(text: string, masked: string, scan: PageScan): void {
  for (const lineStart of linesStartingWith(masked, '#')) {
    atxHeading.lastIndex = lineStart;
    const match = atxHeading.exec(masked);
    if (!match) continue;
    const end = lineStart + match[0].length;
    const written = match[3];
    const contentStart = lineStart + match[1].length;
    const content = text.slice(contentStart, contentStart + written.length).replace(/[ \t]+#+$/, '').replace(/^#+$/, '');
    scan.headings.push(heading(match[2].length, content, { start: lineStart, end }));
  }
  for (const underline of ['=', '-']) {
    for (const lineStart of linesStartingWith(masked, underline)) {
      setextUnderline.lastIndex = lineStart;
      if (lineStart === 0 || !setextUnderline.exec(masked)) continue;
      const previousStart = masked.lastIndexOf('\n', lineStart - 2) + 1;
      if (!isParagraphLine(masked.slice(previousStart, lineStart - 1))) continue;
      const original = text.slice(previousStart, lineStart - 1).trim();
      scan.headings.push(heading(underline === '=' ? 1 : 2, original, { start: previousStart, end: lineStart - 1 }));
    }
  }
  scan.headings.sort((a, b) => a.range.start - b.range.start);
}

function heading(depth: number, written: string, range: OffsetRange): HeadingSource {
  const custom = customIdPattern.exec(written);
  return custom ? { depth, content: written.slice(0, custom.index), customId: custom[1], range } : { depth, content: written, range };
}

/** A line that a setext underline turns into a heading: plain paragraph text. */
function isParagraphLine(line: string): boolean {
  if (line.trim() === '') return false;
  return !/^[ \t]*(?:#|>|[-*+][ \t]|\d+[.)][ \t]|\||<|import\s|export\s|=+[ \t]*$|-+[ \t]*$)/.test(line);
}

/** `[text](target)`, `![alt](src)` and `[text][label]` / `[label][]` / `[label]` with a definition. */
function readLinks(original: string, text: string, scan: PageScan, definitions: Map<string, string>): void {
  for (let open = text.indexOf('['); open >= 0; open = text.indexOf('[', open + 1)) {
    const close = matchingBracket(text, open);
    if (close < 0) continue;
    const image = text[open - 1] === '!';
    const kind = image ? 'image' : 'link';
    const after = text[close + 1];
    if (after === '(') {
      const destination = readDestination(text, close + 2);
      if (destination) scan.references.push({ kind, target: unescapeMarkdown(original.slice(destination.start, destination.end)), range: destination });
      continue;
    }
    if (definitions.size === 0) continue;
    let label = text.slice(open + 1, close);
    let labelStart = open + 1;
    if (after === '[') {
      const labelEnd = text.indexOf(']', close + 2);
      if (labelEnd > 0 && !text.slice(close + 2, labelEnd).includes('[') && labelEnd - close - 2 > 0) {
        label = text.slice(close + 2, labelEnd);
        labelStart = close + 2;
      }
    } else if (text[open - 1] === ']') {
      continue;
    }
    const target = definitions.get(normaliseLabel(label));
    if (target === undefined) continue;
    scan.references.push({ kind, target, range: { start: labelStart, end: labelStart + label.length }, label });
  }
}

/** The `]` that closes the `[` at `open`, within the paragraph; -1 if none. */
function matchingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
    else if (c === '\n' && /^\n[ \t]*\n/.test(text.slice(i, i + 40))) return -1;
  }
  return -1;
}

/** A link destination after `(`: `<...>` or text with balanced parentheses and no spaces, then an optional title. */
function readDestination(text: string, start: number): OffsetRange | undefined {
  let i = start;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close < 0 || text.slice(i, close).includes('\n')) return undefined;
    return { start: i + 1, end: close };
  }
  const begin = i;
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (c === ' ' || c === '\t' || c === '\n' || c.charCodeAt(0) < 32) break;
  }
  if (i >= text.length) return undefined;
  const rest = /^[ \t\n]*(?:(?:"[^"]*"|'[^']*'|\([^)]*\))[ \t\n]*)?\)/.exec(text.slice(i, i + 2000));
  if (!rest) return undefined;
  return { start: begin, end: i };
}
