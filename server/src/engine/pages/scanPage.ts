import type { OffsetRange } from '../json/path';
import { editBetween, type TextEdit } from './textEdit';
import { normaliseLabel } from './scanLinks';
import { scanStretch } from './scanStretch';
import type { AnchorAttribute, HeadingSource, PageReference, SnippetImport, StretchScan } from './stretchScan';

export type { AnchorAttribute, HeadingSource, PageReference, ReferenceKind, SnippetImport } from './stretchScan';

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

/** A page's scan with the text it read and the stretches it read it in, which the scan of a later text reuses where they are unchanged. */
export interface ScannedPage extends PageScan {
  text: string;
  stretches: readonly ScannedStretch[];
}

/** A stretch of the page's body, `start` to `end`, and what it holds (its offsets from `start`). */
interface ScannedStretch {
  start: number;
  end: number;
  scan: StretchScan;
}

/**
 * Reads a page's frontmatter, headings, anchors, links and imports. The body is read in stretches
 * that end after a blank line: a stretch whose searches all close within it reads alone as it
 * does within the page (see `StretchScan.runsOn`); one that runs on is read again with the text
 * after it, doubled each time. Given the scan of an earlier text of the same page, the stretches
 * an edit left whole are reused and only those around the edit are read again: a keystroke in a
 * changelog of 400 K characters reads a paragraph, not the page. Held to a reading of the whole
 * body at once by test/engine/pages/scanStretches.test.ts.
 */
export function scanPage(text: string, earlier?: ScannedPage): ScannedPage {
  if (earlier?.text === text) return earlier;
  const frontmatter = readFrontmatterBlock(text);
  const edit = earlier && editBetween(earlier.text, text);
  const reusable = earlier?.stretches ?? [];
  const stretches: ScannedStretch[] = [];
  let next = 0;
  for (let at = frontmatter?.range.end ?? 0; at < text.length; ) {
    const old = edit && oldOffset(at, edit);
    while (old !== undefined && next < reusable.length && reusable[next].start < old) next++;
    const same = old !== undefined && reusable[next]?.start === old ? reusable[next] : undefined;
    const stretch = same && unchanged(same, at, edit!, earlier!.text) ? { ...same, start: at, end: at + same.end - same.start } : readStretch(text, at);
    stretches.push(stretch);
    at = stretch.end;
  }
  return { text, frontmatter, ...joinStretches(stretches), stretches };
}

/**
 * Whether an earlier text's stretch, found again at `at`, reads the same: it lies after the edit,
 * or before it and ending after a blank line (the last stretch may have run on to the text's end).
 */
function unchanged(stretch: ScannedStretch, at: number, edit: TextEdit, earlier: string): boolean {
  return at >= edit.newEnd || (stretch.end <= edit.start && stretch.end < earlier.length);
}

/**
 * The same reading with the body read at once: for a page no edit of which will follow (a site's
 * pages read from disk), it costs 5-45 % less than reading its stretches.
 */
export function scanWholePage(text: string): PageScan {
  const frontmatter = readFrontmatterBlock(text);
  const start = frontmatter?.range.end ?? 0;
  return { frontmatter, ...joinStretches(start < text.length ? [{ start, end: text.length, scan: scanStretch(text.slice(start)) }] : []) };
}

/** The page's frontmatter block: `---` lines at its very start and the YAML between them. */
export function readFrontmatterBlock(text: string): FrontmatterBlock | undefined {
  if (!text.startsWith('---') && !text.startsWith('\uFEFF---')) return undefined;
  const match = frontmatterPattern.exec(text);
  if (!match || match.index !== 0) return undefined;
  return { raw: match[2], start: match[1].length, range: { start: 0, end: match[0].length } };
}

const frontmatterPattern = /^(\uFEFF?---[ \t]*\r?\n)([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

/** Where an offset of the later text was in the earlier one, if the edit left the text from it on, or up to it, unchanged. */
function oldOffset(at: number, edit: TextEdit): number | undefined {
  if (at >= edit.newEnd) return at - edit.newEnd + edit.oldEnd;
  if (at <= edit.start) return at;
  return undefined;
}

/** Stretches end after a blank line, and are read again with twice their length while a search runs on past their end. */
function readStretch(text: string, start: number): ScannedStretch {
  for (let length = 1; ; length *= 2) {
    const end = stretchEnd(text, start + length);
    const scan = scanStretch(text.slice(start, end));
    if (!scan.runsOn || end === text.length) return { start, end, scan };
    length = end - start;
  }
}

const blankLine = /\n[ \t]*\r?\n/g;

/** The first offset from `from` on that follows a blank line (spaces and tabs only, its line break `\n` or `\r\n`), or the text's end. */
function stretchEnd(text: string, from: number): number {
  if (from >= text.length) return text.length;
  blankLine.lastIndex = from - 1;
  const match = blankLine.exec(text);
  return match ? match.index + match[0].length : text.length;
}

/** The page's scan from its stretches': offsets made the page's, and reference links read with the definitions of the whole page. */
function joinStretches(stretches: readonly ScannedStretch[]): PageScan {
  const definitions = new Map<string, string>();
  for (const { scan } of stretches) for (const { label, target } of scan.definitions) if (!definitions.has(label)) definitions.set(label, target);
  const page: PageScan = { headings: [], anchorAttributes: [], references: [], imports: [] };
  for (const { start, scan } of stretches) {
    for (const heading of scan.headings) page.headings.push({ ...heading, range: moved(heading.range, start) });
    for (const anchor of scan.anchorAttributes) page.anchorAttributes.push({ ...anchor, range: moved(anchor.range, start) });
    for (const snippet of scan.imports) page.imports.push({ ...snippet, range: moved(snippet.range, start) });
    const references = definitions.size === 0 ? scan.references : withLabelLinks(scan, definitions);
    for (const reference of references) page.references.push({ ...reference, range: moved(reference.range, start) });
  }
  return page;
}

/** A stretch's references with its reference links that the page defines, in order. */
function withLabelLinks(scan: StretchScan, definitions: ReadonlyMap<string, string>): PageReference[] {
  const links: PageReference[] = [];
  for (const { kind, label, start } of scan.labelLinks) {
    const target = definitions.get(normaliseLabel(label));
    if (target !== undefined) links.push({ kind, target, range: { start, end: start + label.length }, label });
  }
  return links.length === 0 ? scan.references : [...scan.references, ...links].sort((a, b) => a.range.start - b.range.start);
}

function moved(range: OffsetRange, by: number): OffsetRange {
  return { start: range.start + by, end: range.end + by };
}
