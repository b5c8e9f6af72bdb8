// The two rewrites the platform makes to a page's text before it parses it, in its order:
// code inside `<MDX>` blocks is escaped (`preprocessMdxFragmentCode`), then `## Title {#id}`
// headings become `<h2 id="id">` elements (`preprocessCustomHeadingIds`). Each is the platform's
// line scan, kept to its letter (same regular expressions, same fence and comment tracking), and
// also records where every rewritten line came from, so the parser's positions can be given in
// the page as written.
import { customHeadingId } from '../slug';
import { LineMap, type LineOrigin, TextMap } from './textMap';

export interface RewrittenText {
  /** The text the platform parses. */
  text: string;
  /** From positions in `text` back to the page. */
  map: TextMap;
}

export function rewriteAsPlatform(page: string): RewrittenText {
  const rewrites: LineMap[] = [];
  let text = page;
  const fragments = escapeMdxFragmentCode(text);
  if (fragments) {
    text = fragments.text;
    rewrites.push(fragments.map);
  }
  const headings = rewriteCustomHeadingIds(text);
  if (headings) {
    text = headings.text;
    rewrites.push(headings.map);
  }
  return { text, map: new TextMap(page, rewrites, text) };
}

type Pieces = NonNullable<LineOrigin['pieces']>;

/** A rewritten line being written, with where each part came from. */
class LineBuilder {
  text = '';
  readonly pieces: Pieces = [];

  copy(part: string, from: number): void {
    this.pieces.push({ at: this.text.length, to: from });
    this.text += part;
  }

  replace(part: string, from: number): void {
    this.pieces.push({ at: this.text.length, to: from, fixed: true });
    this.text += part;
  }
}

// --- `<MDX>` blocks (preprocessMdxFragmentCode) ---

// `<MDX>` or `<MDX className="x">`; not `<MDX />` (no body) and not `<MDXProvider>`
const MDX_OPEN_RE = /<MDX(?:\s[^>]*[^/>\s])?\s*>/g;
const MDX_CLOSE_RE = /<\/MDX\s*>/g;
const CODE_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' };
const CODE_ESCAPE_RE = /[<>{}]/g;
const INLINE_CODE_RE = /(`+)([^`]+)\1(?!`)/g;
const QUOTED_RE = /"[^"\n]*"|'[^'\n]*'/g;

/** Writes `code` (which starts at column `from` of the line) with `<`, `>`, `{`, `}` as character references. */
function escapeCodeInto(out: LineBuilder, code: string, from: number): void {
  let copied = 0;
  for (const match of code.matchAll(CODE_ESCAPE_RE)) {
    if (match.index > copied) out.copy(code.slice(copied, match.index), from + copied);
    out.replace(CODE_ESCAPES[match[0]], from + match.index);
    copied = match.index + 1;
  }
  if (copied < code.length) out.copy(code.slice(copied), from + copied);
}

function processProseLine(line: string, depth: number): { line: LineBuilder; depth: number } {
  const spans = [...line.matchAll(INLINE_CODE_RE)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    ticks: match[1],
    code: match[2],
  }));
  const inSpan = (index: number) => spans.some((span) => index >= span.start && index < span.end);
  const masked = spans.reduce((acc, span) => acc.slice(0, span.start) + ' '.repeat(span.end - span.start) + acc.slice(span.end), line);
  const quoted = [...masked.matchAll(QUOTED_RE)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const inQuoted = (index: number) => quoted.some((run) => index > run.start && index < run.end - 1);
  const tags = [
    ...[...line.matchAll(MDX_OPEN_RE)].map((match) => ({ index: match.index, open: true })),
    ...[...line.matchAll(MDX_CLOSE_RE)].map((match) => ({ index: match.index, open: false })),
  ]
    .filter((tag) => !inSpan(tag.index) && !inQuoted(tag.index))
    .sort((a, b) => a.index - b.index);
  const depthAt = (position: number) => {
    let current = depth;
    for (const tag of tags) {
      if (tag.index >= position) break;
      current = Math.max(0, current + (tag.open ? 1 : -1));
    }
    return current;
  };
  const out = new LineBuilder();
  let cursor = 0;
  for (const span of spans) {
    out.copy(line.slice(cursor, span.start), cursor);
    if (depthAt(span.start) > 0) {
      out.copy(span.ticks, span.start);
      escapeCodeInto(out, span.code, span.start + span.ticks.length);
      out.copy(span.ticks, span.end - span.ticks.length);
    } else {
      out.copy(line.slice(span.start, span.end), span.start);
    }
    cursor = span.end;
  }
  out.copy(line.slice(cursor), cursor);
  return { line: out, depth: depthAt(line.length) };
}

function escapeMdxFragmentCode(content: string): { text: string; map: LineMap } | undefined {
  if (!content.includes('<MDX')) return undefined;
  const lines = content.split('\n');
  const result: string[] = [];
  const origins: LineOrigin[] = [];
  let fenceChar: string | undefined;
  let fenceCount = 0;
  let mdxDepth = 0;
  let changed = false;
  lines.forEach((line, index) => {
    const stripped = line.trimStart();
    if (fenceChar !== undefined) {
      if (isClosingFence(stripped, fenceChar, fenceCount)) {
        fenceChar = undefined;
      } else if (mdxDepth > 0) {
        const out = new LineBuilder();
        escapeCodeInto(out, line, 0);
        if (out.text !== line) {
          changed = true;
          result.push(out.text);
          origins.push({ line: index, pieces: out.pieces });
          return;
        }
      }
      result.push(line);
      origins.push({ line: index });
      return;
    }
    const fence = parseOpeningFence(stripped);
    if (fence) {
      fenceChar = fence.char;
      fenceCount = fence.count;
      result.push(line);
      origins.push({ line: index });
      return;
    }
    const processed = processProseLine(line, mdxDepth);
    mdxDepth = processed.depth;
    if (processed.line.text !== line) {
      changed = true;
      result.push(processed.line.text);
      origins.push({ line: index, pieces: processed.line.pieces });
    } else {
      result.push(line);
      origins.push({ line: index });
    }
  });
  return changed ? { text: result.join('\n'), map: new LineMap(origins) } : undefined;
}

// --- `{#id}` headings (preprocessCustomHeadingIds) ---

const HEADING_ID_RE = /^( {0,3})(#{1,6})\s+(.+?)\s*\{\s*#([^}]+?)\s*\}\s*$/d;
const MDX_HEADING_ID_RE = /^(\s*)(#{1,6})\s+(.+?)\s*\{\s*#([^}]+?)\s*\}\s*$/d;
const COMMENT_MASK_RE = /(`+).*?\1|"[^"\n]*"/g;

function rewriteCustomHeadingIds(content: string): { text: string; map: LineMap } | undefined {
  const lines = content.split('\n');
  const result: string[] = [];
  const origins: LineOrigin[] = [];
  let fenceChar: string | undefined;
  let fenceCount = 0;
  let mdxDepth = 0;
  let inComment = false;
  let changed = false;
  lines.forEach((line, index) => {
    const stripped = line.trimStart();
    if (fenceChar !== undefined) {
      if (isClosingFence(stripped, fenceChar, fenceCount)) fenceChar = undefined;
      result.push(line);
      origins.push({ line: index });
      return;
    }
    const fence = !inComment && parseOpeningFence(stripped);
    if (fence) {
      fenceChar = fence.char;
      fenceCount = fence.count;
      result.push(line);
      origins.push({ line: index });
      return;
    }
    const { visible, inComment: endsInComment } = scanComments(line, inComment);
    const commented = inComment || endsInComment;
    inComment = endsInComment;
    const headingRe = mdxDepth > 0 ? MDX_HEADING_ID_RE : HEADING_ID_RE;
    const heading = !commented && headingRe.exec(line);
    if (heading) {
      const indent = heading[1];
      const level = heading[2].length;
      const titleStart = heading.indices![3][0];
      result.push(`${indent}<h${level} id="${customHeadingId(heading[4])}">`, `${indent}${heading[3]}`, `${indent}</h${level}>`);
      origins.push(
        { line: index, pieces: [{ at: 0, to: indent.length, fixed: true }] },
        { line: index, pieces: [{ at: indent.length, to: titleStart }] },
        { line: index, pieces: [{ at: 0, to: line.replace(/\r$/, '').length, fixed: true }] },
      );
      changed = true;
      return;
    }
    mdxDepth = Math.max(0, mdxDepth + (visible.match(MDX_OPEN_RE)?.length ?? 0) - (visible.match(MDX_CLOSE_RE)?.length ?? 0));
    result.push(line);
    origins.push({ line: index });
  });
  return changed ? { text: result.join('\n'), map: new LineMap(origins) } : undefined;
}

function scanComments(line: string, startsInComment: boolean): { visible: string; inComment: boolean } {
  const masked = line.replace(COMMENT_MASK_RE, (span) => ' '.repeat(span.length));
  let inComment = startsInComment;
  let visible = '';
  let pos = 0;
  for (;;) {
    if (inComment) {
      const close = line.indexOf('*/', pos);
      if (close === -1) return { visible, inComment };
      pos = close + 2;
    }
    const open = masked.indexOf('{/*', pos);
    if (open === -1) return { visible: visible + line.slice(pos), inComment: false };
    visible += line.slice(pos, open);
    pos = open + 3;
    inComment = true;
  }
}

function parseOpeningFence(stripped: string): { char: string; count: number } | undefined {
  const char = stripped[0];
  if (char !== '`' && char !== '~') return undefined;
  let count = 1;
  while (count < stripped.length && stripped[count] === char) count++;
  if (count < 3) return undefined;
  return { char, count };
}

function isClosingFence(stripped: string, fenceChar: string, fenceCount: number): boolean {
  let i = 0;
  while (i < stripped.length && stripped[i] === fenceChar) i++;
  if (i < fenceCount) return false;
  for (; i < stripped.length; i++) {
    if (stripped[i] !== ' ' && stripped[i] !== '\t' && stripped[i] !== '\r') return false;
  }
  return true;
}
