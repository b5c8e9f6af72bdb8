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

/** A reference-style link (`[text][label]`, `[label][]`, `[label]`): a link only where the page defines its label. */
export interface LabelLink {
  kind: 'link' | 'image';
  /** The label as written, and where it starts. */
  label: string;
  start: number;
}

/**
 * What a stretch of a page's body holds, its offsets counted from the stretch's start. Reference
 * links are left unread: their definitions may lie anywhere in the page.
 */
export interface StretchScan {
  headings: HeadingSource[];
  anchorAttributes: AnchorAttribute[];
  references: PageReference[];
  imports: SnippetImport[];
  /** The `[label]: target` lines in order, their labels normalised. */
  definitions: Array<{ label: string; target: string }>;
  labelLinks: LabelLink[];
  /**
   * Whether a search ran to the stretch's end without finding what closes it (a quote, a brace,
   * a fence, a comment, a statement's end): with more of the page after it, the stretch may read
   * otherwise. A stretch that does not run on reads alone exactly as within the whole page, when
   * it starts at the body's start or after a blank line and ends after one.
   */
  runsOn: boolean;
}

/**
 * Reads the headings, anchors, links and imports of a stretch of an MDX or Markdown page's body
 * in one pass of regular expressions over a mask of its text (see maskedText.ts). It is held to
 * the MDX parser's reading of every page of three real sites (test/engine/pages/scannerParity.test.ts)
 * and of a table of link, definition and heading forms (test/engine/pages/scanAsParser.test.ts).
 *
 * Every search is linear in the stretch, whatever it holds (a page is a repository's input):
 * each search for a closing bracket, brace, comment or statement end stops at a bound (the
 * paragraph, the line, the block) or remembers where an earlier search found nothing, so no
 * opening is searched past twice (test/engine/pages/scanPageLinear.test.ts).
 */
export function scanStretch(text: string): StretchScan {
  const mask = new MaskedText(text);
  const scan: StretchScan = { headings: [], anchorAttributes: [], references: [], imports: [], definitions: [], labelLinks: [], runsOn: false };
  blankFencedCode(text, mask, scan);
  blankComments(mask.text, mask, scan);
  readHeadings(text, mask.text, scan);
  blankEscapes(mask.text, mask);
  blankCodeSpans(mask.text, mask);
  readImports(mask.text, mask, scan);
  readTags(text, mask.text, mask, scan);
  readDefinitions(text, mask.text, mask, scan);
  readLinks(text, mask.text, scan);
  scan.references.sort((a, b) => a.range.start - b.range.start);
  return scan;
}

const fencePattern = /^([ \t]*)(`{3,}|~{3,})([^\n]*)$/gm;

/** Fenced code: MDX has no indented code, so a fence may be indented any amount (inside components). */
function blankFencedCode(text: string, mask: MaskedText, scan: StretchScan): void {
  if (!text.includes('```') && !text.includes('~~~')) return;
  fencePattern.lastIndex = 0;
  let open: RegExpExecArray | null;
  while ((open = fencePattern.exec(text))) {
    const fence = open[2];
    if (fence[0] === '`' && open[3].includes('`')) continue;
    const close = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`, 'gm');
    close.lastIndex = open.index + open[0].length;
    const end = close.exec(text);
    if (!end) scan.runsOn = true;
    const stop = end ? end.index + end[0].length : text.length;
    mask.blank(open.index, stop);
    fencePattern.lastIndex = stop;
  }
}

/**
 * JSX comments `{/* … *\/}` and HTML comments `<!-- … -->`, each from its opening to the first
 * closing after it. Openings and closings are each found once, in order: once no closing is
 * left, no later opening is closed either.
 */
const commentPatterns = [
  { opening: /\{\s*\/\*/g, closing: /\*\/\s*\}/g },
  { opening: /<!--/g, closing: /-->/g },
];

function blankComments(text: string, mask: MaskedText, scan: StretchScan): void {
  // A `{` with only white space after it may open a comment whose `/*` comes after the text.
  if (text.trimEnd().endsWith('{')) scan.runsOn = true;
  if (!text.includes('/*') && !text.includes('<!--')) return;
  for (const { opening, closing } of commentPatterns) {
    opening.lastIndex = 0;
    closing.lastIndex = 0;
    let open: RegExpExecArray | null;
    let close: RegExpExecArray | null = null;
    while ((open = opening.exec(text))) {
      const after = open.index + open[0].length;
      if (!close || close.index < after) {
        closing.lastIndex = after;
        close = closing.exec(text);
        if (!close) {
          scan.runsOn = true;
          break;
        }
      }
      const end = close.index + close[0].length;
      mask.blank(open.index, end);
      opening.lastIndex = end;
    }
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
  // One pass: an escaped `&` starts no entity, and what an entity gives is not unescaped again.
  return text.replace(/\\([!-/:-@[-`{-~])|&(?:#(\d+)|#[xX]([\da-fA-F]+)|(amp|lt|gt|quot|apos|nbsp));/g, (_, escaped?: string, dec?: string, hex?: string, name?: string) =>
    escaped ?? (dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : entities[name!]),
  );
}

/**
 * Inline code: a run of backticks up to the next run of the same length in the same paragraph.
 * The runs are listed once, with each one's next run of the same length, so no search repeats.
 */
function blankCodeSpans(text: string, mask: MaskedText): void {
  if (!text.includes('`')) return;
  const starts: number[] = [];
  const lengths: number[] = [];
  for (const run of text.matchAll(/`+/g)) {
    starts.push(run.index);
    lengths.push(run[0].length);
  }
  const nextOfLength = new Int32Array(starts.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let k = starts.length - 1; k >= 0; k--) {
    nextOfLength[k] = lastOfLength.get(lengths[k]) ?? -1;
    lastOfLength.set(lengths[k], k);
  }
  const blankLine = /\n[ \t]*\r?\n/g;
  let paragraphEnd = -1;
  for (let k = 0; k < starts.length; k++) {
    const start = starts[k];
    // The paragraph's end is found again only once a run lies past it.
    if (start > paragraphEnd) {
      blankLine.lastIndex = start;
      paragraphEnd = blankLine.exec(text)?.index ?? text.length;
    }
    const close = nextOfLength[k];
    if (close < 0 || starts[close] >= paragraphEnd) continue;
    mask.blank(start, starts[close] + lengths[k]);
    k = close;
  }
}

const importStart = /^import(?=\s)/gm;
/** The end of `import … from "source"`: the first `from` and quoted source after the clause. */
const importFrom = /\sfrom\s+(['"])([^'"\n]*)\1[ \t]*;?/g;
/** `import "source"`, for its side effects. */
const bareImport = /import\s+(['"])([^'"\n]*)\1[ \t]*;?/y;
const exportPattern = /^export\s/gm;

/**
 * ESM at the top level of the page: imports are references; `export` blocks are code. An
 * import's clause ends at its `from`: that search is remembered when it finds none, and an
 * export's statement is not searched again from an `export` inside it.
 */
function readImports(text: string, mask: MaskedText, scan: StretchScan): void {
  if (!text.includes('import') && !text.includes('export')) return;
  let matchEnd = 0;
  let noFromAfter = text.length + 1;
  for (const start of text.matchAll(importStart)) {
    if (start.index < matchEnd) continue;
    const clauseStart = start.index + 'import'.length;
    let from: RegExpExecArray | null = null;
    if (clauseStart < noFromAfter) {
      importFrom.lastIndex = clauseStart;
      from = importFrom.exec(text);
      if (!from) {
        noFromAfter = clauseStart;
        scan.runsOn = true;
      }
    }
    let clause: string | undefined;
    let source: string;
    let end: number;
    if (from && /\S/.test(text.slice(clauseStart, from.index + 1))) {
      clause = text.slice(clauseStart, from.index + 1).trim();
      source = from[2];
      end = from.index + from[0].length;
    } else {
      bareImport.lastIndex = start.index;
      const bare = bareImport.exec(text);
      if (!bare) continue;
      source = bare[2];
      end = bare.index + bare[0].length;
    }
    const sourceStart = text.lastIndexOf(source, end - 1);
    scan.imports.push({ names: clause ? importedNames(clause) : [], source, range: { start: sourceStart, end: sourceStart + source.length } });
    scan.references.push({ kind: 'import', target: source, range: { start: sourceStart, end: sourceStart + source.length } });
    mask.blank(start.index, end);
    matchEnd = end;
  }
  let statementEnd = 0;
  for (const match of text.matchAll(exportPattern)) {
    if (match.index < statementEnd) continue;
    statementEnd = endOfStatement(text, match.index);
    if (statementEnd === text.length) scan.runsOn = true;
    mask.blank(match.index, statementEnd);
  }
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

/** The end of an export: the first blank line whose braces and brackets are all closed, else the text's end. */
function endOfStatement(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === '"' || c === "'" || c === '`') {
      i = endOfString(text, i);
      // A quote left open ends at its line's end, which may start a blank line.
      if (text[i] === '\n') i--;
    } else if (c === '\n' && depth <= 0 && /^\n[ \t]*\r?\n/.test(text.slice(i, i + 80))) return i;
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
function readTags(original: string, text: string, mask: MaskedText, scan: StretchScan): void {
  tagStart.lastIndex = 0;
  const braces = new BraceMatcher(text);
  const quotes = new NextIndex(text);
  let blankedTo = 0;
  let match: RegExpExecArray | null;
  while ((match = tagStart.exec(text))) {
    const tag = match[1];
    const end = readAttributes(text, match.index + match[0].length, braces, quotes, (name, length, valueStart) => {
      const range = { start: valueStart, end: valueStart + length };
      const value = original.slice(range.start, range.end);
      if (name === 'id' || anchorAttributeNames[tag]?.includes(name)) scan.anchorAttributes.push({ tag, attribute: name, value, range });
      else if (linkAttributes.has(name)) scan.references.push({ kind: 'attribute', target: value, range, tag, attribute: name });
    });
    if (end === RAN_OUT) scan.runsOn = true;
    // Tags inside an attribute's expression (`sub={<a href="/x">x</a>}`) are read too: the scan goes on after the name.
    // Such a tag lies inside one already blanked: only what lies beyond is blanked.
    if (end > blankedTo) {
      mask.blank(Math.max(match.index, blankedTo), end);
      blankedTo = end;
    }
  }
}

/** What `readAttributes` returns when the text ends before the tag does. */
const RAN_OUT = -2;

/**
 * Reads `name="v"`, `name='v'`, `name={"v"}`, `name={...}` and bare `name` up to the tag's `>`;
 * calls `found` for each string value. Returns the offset after `>`, -1 when it is no tag, or
 * RAN_OUT when a quote, a brace or the tag is still open at the text's end.
 */
function readAttributes(text: string, from: number, braces: BraceMatcher, quotes: NextIndex, found: (name: string, valueLength: number, valueStart: number) => void): number {
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
      const close = braces.end(i);
      if (close < 0) return RAN_OUT;
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
    if (i === length) return RAN_OUT;
    const q = text[i];
    if (q === '"' || q === "'") {
      const close = quotes.next(q, i + 1);
      if (close < 0) return RAN_OUT;
      found(name[0], close - i - 1, i + 1);
      i = close + 1;
    } else if (q === '{') {
      const close = braces.end(i);
      if (close < 0) return RAN_OUT;
      const literal = stringLiteralIn(text, i, close);
      if (literal) found(name[0], literal.end - literal.start, literal.start);
      i = close + 1;
    } else {
      return -1;
    }
  }
  return RAN_OUT;
}

/** `{"v"}`, `{'v'}` or `` {`v`} `` (no escapes, no `${`) between `open` and `close`: the range of `v`. */
function stringLiteralIn(text: string, open: number, close: number): OffsetRange | undefined {
  let i = open + 1;
  while (i < close && /\s/.test(text[i])) i++;
  const quote = text[i];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  const start = i + 1;
  for (i = start; i < close && !'"\'`\\$'.includes(text[i]); i++);
  if (text[i] !== quote) return undefined;
  const end = i;
  for (i++; i < close && /\s/.test(text[i]); i++);
  return i === close ? { start, end } : undefined;
}

/**
 * The `}` closing the `{` at an offset (strings skipped), or -1. One scan from a brace records
 * the closing of every brace it passes, so a brace inside it is never scanned again: a page of
 * `<a {` or nested expressions costs one pass, not one per tag.
 */
class BraceMatcher {
  private readonly closing = new Map<number, number>();

  constructor(private readonly text: string) {}

  end(start: number): number {
    const known = this.closing.get(start);
    if (known !== undefined) return known;
    const text = this.text;
    const open: number[] = [];
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c === '{') {
        const skip = open.length > 0 ? this.closing.get(i) : undefined;
        if (skip === -1) break;
        if (skip !== undefined) {
          i = skip;
          continue;
        }
        open.push(i);
      } else if (c === '}') {
        this.closing.set(open.pop()!, i);
        if (open.length === 0) return i;
      } else if (c === '"' || c === "'" || c === '`') {
        i = endOfString(text, i);
      }
    }
    for (const unclosed of open) this.closing.set(unclosed, -1);
    return -1;
  }
}

/** The next offset of a character (or of a global pattern's match) from an offset on, remembered per search: searches that move forward cost one pass. */
class NextIndex {
  private readonly found = new Map<string | RegExp, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  next(search: string | RegExp, from: number): number {
    const last = this.found.get(search);
    if (last && from >= last.from && (last.at < 0 || from <= last.at)) return last.at;
    let at: number;
    if (typeof search === 'string') at = this.text.indexOf(search, from);
    else {
      search.lastIndex = from;
      at = search.exec(this.text)?.index ?? -1;
    }
    this.found.set(search, { from, at });
    return at;
  }
}

const blankLine = /\n[ \t]*\r?\n/g;

const definitionLabel = /([ \t]*)\[([^[\]\n]+)\]:/y;
/** After the label: the destination, on the same line or the next, `<…>` or without spaces. */
const definitionDestination = /[ \t]*(?:\r?\n[ \t]*)?(?:<([^>\n]*)>|([^\s<]\S*))/y;

/** `[label]: /target` lines: the label read in the mask, the rest in the page as written (the mask blanks a `<…>` destination as a tag). */
function readDefinitions(original: string, text: string, mask: MaskedText, scan: StretchScan): void {
  if (!text.includes(']:')) return;
  let definitionsEnd = -1;
  for (const lineStart of linesStartingWith(text, '[')) {
    if (lineStart < definitionsEnd || (lineStart > 0 && !startsBlock(original, text, lineStart, definitionsEnd))) continue;
    definitionLabel.lastIndex = lineStart;
    const label = definitionLabel.exec(text);
    // What the mask blanked before the `[` (a code span) is no indentation.
    if (!label || !/^[ \t]*$/.test(original.slice(lineStart, lineStart + label[1].length))) continue;
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

function readHeadings(text: string, masked: string, scan: StretchScan): void {
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
      const start = paragraphStart(masked, previousStart);
      if (start < 0) continue;
      scan.headings.push(heading(underline === '=' ? 1 : 2, paragraphText(text.slice(start, lineStart - 1)), { start, end: lineStart - 1 }));
    }
  }
  scan.headings.sort((a, b) => a.range.start - b.range.start);
}

function heading(depth: number, written: string, range: OffsetRange): HeadingSource {
  const custom = customIdOf(written);
  return custom ? { depth, content: written.slice(0, custom.index), customId: custom.id, range } : { depth, content: written, range };
}

/**
 * A heading's trailing `{#id}` as the platform's rewrite reads it (`\s*\{\s*#([^}]+?)\s*\}\s*$`
 * after at least one character of title): the id, as written, and where the title ends. The id
 * holds no `}`, so its `{` comes after the last `}` but the closing one; the first such `{` with a
 * `#` after it and something between that and the `}` is the one. Read from that `}` on: a
 * pattern tried at every offset was quadratic.
 */
function customIdOf(written: string): { index: number; id: string } | undefined {
  const last = written.trimEnd().length - 1;
  if (written[last] !== '}') return undefined;
  for (let open = written.indexOf('{', written.lastIndexOf('}', last - 1) + 1); open >= 0 && open < last; open = written.indexOf('{', open + 1)) {
    let hash = open + 1;
    while (/\s/.test(written[hash])) hash++;
    if (written[hash] !== '#' || hash + 1 === last) continue;
    let index = open;
    while (index > 0 && /\s/.test(written[index - 1])) index--;
    if (index > 0) return { index, id: written.slice(hash + 1, last) };
  }
  return undefined;
}

/**
 * Where the paragraph whose line starts at `start` begins: a setext heading is the whole paragraph
 * above its underline. -1 when the paragraph continues a list item or quote without its marker:
 * the underline is then outside it, a thematic break.
 */
function paragraphStart(masked: string, start: number): number {
  while (start > 0) {
    const before = masked.lastIndexOf('\n', start - 2) + 1;
    const line = masked.slice(before, start - 1);
    if (!isParagraphLine(line)) return containerLine.test(line) ? -1 : start;
    start = before;
  }
  return start;
}

/** A paragraph's lines as its text holds them: each trimmed, a line ending in a hard break (two spaces or `\\`) joined without one. */
function paragraphText(lines: string): string {
  return lines
    .replace(/\r$/gm, '')
    .replace(/(?: {2,}|\\)\n/g, '\0')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/[ \t]*\0[ \t]*/g, '');
}

/**
 * Whether a line may start a block: not when the line above is paragraph text, or a list item or
 * quote whose paragraph it would continue (a definition cannot interrupt a paragraph). A line
 * right after a definition (ending at `definitionsEnd`) may.
 */
function startsBlock(original: string, masked: string, lineStart: number, definitionsEnd: number): boolean {
  const before = masked.lastIndexOf('\n', lineStart - 2) + 1;
  if (definitionsEnd >= before) return true;
  const line = masked.slice(before, lineStart - 1);
  // A line the mask blanked at its start (a code span, perhaps from the line above) is paragraph
  // text, unless what it blanked is a tag, a comment or an expression, or a fence.
  const first = original.slice(before, lineStart - 1).search(/[^ \t]/);
  if (first >= 0 && line[first] === ' ' && !'<{'.includes(original[before + first]) && !/^[ \t]*```/.test(original.slice(before, lineStart - 1))) return false;
  return !isParagraphLine(line) && !containerLine.test(line);
}

/** Whether the line at `lineStart` goes on with the paragraph above: it starts no block. */
function continuesParagraph(masked: string, lineStart: number): boolean {
  const end = masked.indexOf('\n', lineStart);
  return isParagraphLine(masked.slice(lineStart, end < 0 ? masked.length : end));
}

/** A line opening a quote or a list item: the paragraph it starts goes on over lines without the marker. */
const containerLine = /^[ \t]*(?:>|[-*+][ \t]|\d+[.)][ \t])/;

/** A line that a setext underline turns into a heading: plain paragraph text. */
function isParagraphLine(line: string): boolean {
  if (line.trim() === '') return false;
  return !/^[ \t]*(?:#{1,6}(?:[ \t\r]|$)|>|[-*+][ \t]|\d+[.)][ \t]|\||<[A-Za-z/!]|import\s|export\s|=+[ \t]*$|-+[ \t]*$)/.test(line);
}

/** `[text](target)`, `![alt](src)`, and `[text][label]` / `[label][]` / `[label]` to be read with the page's definitions. */
function readLinks(original: string, text: string, scan: StretchScan): void {
  if (!text.includes('[')) return;
  const closing = matchingBrackets(text);
  const closesBracket = new Uint8Array(text.length);
  for (const end of closing) if (end > 0) closesBracket[end - 1] = 1;
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

/** A line starting an ATX heading, which ends the paragraph above. */
const atxHeadingStart = /^#{1,6}(?:[ \t\r\n]|$)/;

/**
 * For each `[`, one more than the offset of the `]` that closes it within its paragraph (0: none):
 * one pass with a stack; a blank line or a heading line closes nothing.
 */
function matchingBrackets(text: string): Int32Array {
  const closing = new Int32Array(text.length);
  const open: number[] = [];
  for (let i = text.indexOf('['); i >= 0 && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91) open.push(i);
    else if (c === 93) {
      const opening = open.pop();
      if (opening !== undefined) closing[opening] = i + 1;
    } else if (c === 10 && open.length > 0) {
      let j = i + 1;
      while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
      if (text.charCodeAt(j) === 10 || (text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) || atxHeadingStart.test(text.slice(j, j + 8))) open.length = 0;
    }
  }
  return closing;
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
