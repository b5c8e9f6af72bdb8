import type { OffsetRange } from '../json/path';
import { MaskedText } from './maskedText';
import { readHeadings } from './scanHeadings';
import { readDefinitions, readLinks } from './scanLinks';
import type { StretchScan } from './stretchScan';
import { NextIndex } from './textSearch';

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
/**
 * SVG elements whose `href` names a part of a drawing (`<use href="icons.svg#anchor"/>`, a
 * gradient, a path), not a page or file a reader opens: the platform's link checker reads none.
 */
const svgPartTags = new Set(['use', 'textPath', 'mpath', 'feImage', 'linearGradient', 'radialGradient', 'pattern', 'filter']);
/** Attributes that give an anchor, by component; `id` gives one on any tag. */
export const anchorAttributeNames: Record<string, readonly string[]> = {
  ParamField: ['path', 'query', 'body', 'header', 'name'],
  Param: ['path', 'query', 'body', 'header'],
  ResponseField: ['name'],
  Tab: ['title'],
  Accordion: ['title'],
  View: ['title'],
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
      else if (linkAttributes.has(name) && !svgPartTags.has(tag)) scan.references.push({ kind: 'attribute', target: value, range, tag, attribute: name });
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
