// A page read as the platform reads it: its two text rewrites, then the parser of its `getAST`
// (remark with remark-mdx, remark-gfm, remark-frontmatter for YAML and TOML, and remark-math, in
// that order), here called directly through micromark and mdast-util-from-markdown, the same
// packages at the same versions. A page the platform rejects gives the first error, as it does.
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { rewriteAsPlatform } from './platformRewrites';
import type { TextMap } from './textMap';
import { treeNodes } from './treeNodes';

/** A point of the page as written: 1-based line and column, and the offset. */
export interface PagePoint {
  line: number;
  column: number;
  offset: number;
}

export interface MdxSyntaxError {
  /** Where the platform places the error, in the page as written. */
  start: PagePoint;
  /** The end of what the error is about, when the parser names one (a tag, an expression). */
  end?: PagePoint;
  /** The parser's message, as the platform prints it (positions in it are the parser's). */
  reason: string;
  /** The parser's rule (`micromark-extension-mdx-jsx:unexpected-character`, `mdast-util-mdx-jsx:end-tag-mismatch`…). */
  rule: string;
  /** What acorn said, for an expression or an import/export it could not parse. */
  acornReason?: string;
}

export type MdxParse = { tree: Root; error?: undefined } | { tree?: undefined; error: MdxSyntaxError };

const syntax = [mdxjs(), gfm(), frontmatter(['yaml', 'toml']), math()];
const mdast = [mdxFromMarkdown(), gfmFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml']), mathFromMarkdown()];

let parses = 0;

/** How many pages (or parts of pages, after an edit) this process has parsed: what a check cost in parses. */
export function mdxParseCount(): number {
  return parses;
}

/**
 * Parses a page (or a Markdown snippet) as the platform does. The tree's positions are in the page
 * as written, also where a rewrite changed the text (a `{#id}` heading is then the platform's
 * `<hN id>` element). Never throws on any text.
 */
export function parseMdx(page: string): MdxParse {
  parses++;
  const { text, map } = rewriteAsPlatform(page);
  let tree: Root;
  try {
    tree = fromMarkdown(text, { extensions: syntax, mdastExtensions: mdast });
  } catch (thrown) {
    return { error: syntaxErrorOf(thrown, map) };
  }
  if (map.rewritten) mapPositions(tree, map);
  return { tree };
}

interface ParserPoint {
  line?: number;
  column?: number;
}

interface ParserMessage {
  reason?: string;
  message?: string;
  line?: number | null;
  column?: number | null;
  place?: ParserPoint | { start?: ParserPoint; end?: ParserPoint } | null;
  ruleId?: string | null;
  source?: string | null;
  cause?: unknown;
}

/** `(L:C-L:C)`, the place of the open tag in the message of an unclosed tag. */
const TAG_PLACE_RE = /^Expected a closing tag for `[^`]*` \((\d+):(\d+)-(\d+):(\d+)\)/;

function syntaxErrorOf(thrown: unknown, map: TextMap): MdxSyntaxError {
  const message = (thrown ?? {}) as ParserMessage;
  const reason = String(message.reason ?? message.message ?? thrown);
  const rule = `${message.source ?? 'parser'}:${message.ruleId ?? 'error'}`;
  const acornReason = message.cause instanceof Error ? message.cause.message : undefined;
  const at = (line: number | undefined, column: number | undefined): PagePoint | undefined =>
    line !== undefined && column !== undefined ? map.toSource(line, column) : undefined;
  // An unclosed tag is placed on the tag the message names (the parser gives no place, or only
  // the paragraph or container the tag fails to close in).
  const tag = TAG_PLACE_RE.exec(reason);
  if (tag) {
    return { start: at(+tag[1], +tag[2])!, end: at(+tag[3], +tag[4]), reason, rule, acornReason };
  }
  const place = message.place ?? undefined;
  const range = place && 'start' in place ? place : undefined;
  const start = at(message.line ?? undefined, message.column ?? undefined) ?? { line: 1, column: 1, offset: 0 };
  return { start, end: at(range?.end?.line, range?.end?.column), reason, rule, acornReason };
}

interface PositionedNode {
  position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } };
  children?: PositionedNode[];
  attributes?: PositionedNode[];
}

function mapPositions(root: PositionedNode, map: TextMap): void {
  for (const node of treeNodes([root], ['children', 'attributes'])) {
    if (!node.position) continue;
    const { start, end } = node.position;
    node.position = { start: map.toSource(start.line, start.column), end: map.toSource(end.line, end.column) };
  }
}
