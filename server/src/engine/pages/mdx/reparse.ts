// A page parsed again after an edit, reading only the blocks the edit touched: between two
// top-level blocks separated by a blank line (the next one starting its line, unindented) the
// parser starts afresh, so the blocks before and after keep their reading and only the part in
// between is parsed, then the trees are joined. A heading's line ends the block before it and
// starts the next afresh too; inside a tight bullet list, so does each item with text on its
// marker line. Wherever that might not hold (a block left open at the part's end, link
// definitions, the platform's text rewrites, an error the rest of the page could change) the part
// one level up is tried, and at the top the whole page is parsed. Held to whole-page parsing by
// test/engine/pages/reparse.test.ts.
import type { Root, RootContent } from 'mdast';
import { editBetween, type TextEdit } from '../textEdit';
import { lastLineStart, linesBefore } from './lineEndings';
import { parseMdx, type MdxParse, type MdxSyntaxError, type PagePoint } from './parseMdx';
import { treeNodes } from './treeNodes';

/** A page's text with the tree of its parse, which had no error. */
export interface ParsedText {
  text: string;
  tree: Root;
}

/**
 * What a parse after an edit read again: the earlier text's `start` to `oldEnd` became the part
 * whose blocks are `nodes` (in the page's positions); before it the tree is the earlier one, after
 * it the earlier one moved by `delta`.
 */
export interface ReadAgain {
  start: number;
  oldEnd: number;
  delta: number;
  nodes: readonly RootContent[];
}

/** A parse, and when it was made from an earlier text's tree, what it read again. */
export type Reparse = MdxParse & { readAgain?: ReadAgain };

/** Errors that the rest of the page cannot change: a character or an expression the parser rejects where it stands. */
// (Not acorn's: an expression acorn rejects at the part's end may read on into the rest of the
// page, which then ends in another error.)
const localErrors = new Set([
  'micromark-extension-mdx-jsx:unexpected-character',
  'micromark-extension-mdx-jsx:unexpected-lazy',
  'micromark-extension-mdx-expression:unexpected-lazy',
]);

/**
 * Errors of the tree's building about tags, which the part's own tokens decide when the part is
 * among the page's top-level blocks (no tag is open where it starts): a closing tag that closes
 * nothing open or has a slash or attribute out of place, a tag left open in a paragraph. Not a tag
 * left open at the end of a container that may go on after the part (a list, a quote, the page).
 * The page is read into tokens before its tree is built, so such an error is the page's first
 * only if the rest of the page reads into the same tokens as before: no fence or math block in
 * the part (one left open would swallow what follows), no list beside it (lists join).
 */
const tagErrors = new Set([
  'mdast-util-mdx-jsx:end-tag-mismatch',
  'mdast-util-mdx-jsx:unexpected-closing-slash',
  'mdast-util-mdx-jsx:unexpected-attribute',
  'mdast-util-mdx-jsx:unexpected-self-closing-slash',
]);

function decidedAtTop(error: MdxSyntaxError, part: string, nodes: readonly Node[], first: number, last: number): boolean {
  if (!tagErrors.has(error.rule) || !readsAfresh(part, nodes, first) || /```|~~~|\$\$/.test(part) || nodes[last]?.type === 'list') return false;
  return !error.reason.startsWith('Expected a closing tag for') || error.reason.endsWith(' before the end of `paragraph`');
}

/** Whether top-level blocks read to the page's end read alone as in the page: they do unless they join the block before (a list) or begin like frontmatter. */
function readsAfresh(part: string, nodes: readonly Node[], first: number): boolean {
  return !/^(---|\+\+\+)/.test(part) && nodes[first - 1]?.type !== 'list';
}

/** A link or footnote definition, at a line's start or in a list item or quote: it changes how the whole page reads `[…]`. */
const definitionLine = /^[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*\[[^\]\n]+\]:/m;

/** The trees of texts with no line like a definition: their next text has one only on the lines the edit touched. */
const withoutDefinitionLines = new WeakSet<Root>();

function holdsDefinitionLine(before: ParsedText, text: string, edit: TextEdit): boolean {
  if (!withoutDefinitionLines.has(before.tree) && definitionLine.test(before.text)) return true;
  const lineEnd = text.indexOf('\n', edit.newEnd);
  return definitionLine.test(text.slice(text.lastIndexOf('\n', edit.start - 1) + 1, lineEnd < 0 ? text.length : lineEnd));
}

/** Parses `text`, reusing the tree of an earlier text of the same page where the edit leaves it intact. */
export function reparseMdx(text: string, before: ParsedText | undefined): Reparse {
  if (!before) return parseMdx(text);
  if (before.text === text) return { tree: before.tree, readAgain: { start: 0, oldEnd: 0, delta: 0, nodes: [] } };
  const edit = editBetween(before.text, text);
  if (!readsInParts(text, before, edit)) return parseMdx(text);
  // A part that does not read alone as it does in the page is tried again one level up.
  for (let deepest = Infinity; ; ) {
    const parse = partialParse(text, before, edit, deepest);
    if (typeof parse !== 'number') return parse;
    if (parse === 0) break;
    deepest = parse - 1;
  }
  // Else the page from the first block the edit touched to its end (an edit that leaves a fence open, say, changes all after it).
  const toEnd = partialParse(text, before, edit, 0, true);
  return typeof toEnd !== 'number' ? toEnd : parseMdx(text);
}

/**
 * Whether the page can be read in parts at all: not when the platform rewrites its text, when it
 * may define links (which change how the whole page reads `[…]`), or when it opens with a
 * frontmatter fence the parser did not read as frontmatter (its quotes and lists become paragraphs).
 */
function readsInParts(text: string, before: ParsedText, edit: TextEdit): boolean {
  if (rewritten(text) || rewritten(before.text) || holdsDefinitionLine(before, text, edit)) return false;
  return !/^(---|\+\+\+)/.test(text) || ['yaml', 'toml'].includes(before.tree.children[0]?.type);
}

/**
 * The parse of `text` reading again the blocks an edit touched, found at most `deepest` levels
 * down, or `toEnd`, the top-level blocks from the first it touched to the page's end; else the
 * level where they did not read alone (0: none did).
 */
function partialParse(text: string, before: ParsedText, edit: TextEdit, deepest: number, toEnd = false): Reparse | number {
  const old = before.text;
  const prefix = edit.start;
  const oldSuffix = edit.oldEnd;
  // The part to read again: whole blocks around the edit, among the root's or, where the edit lies
  // inside a component written on lines of its own, among that component's blocks, or inside a
  // tight bullet list, among its items.
  const path: number[] = [];
  let nodes: Node[] = before.tree.children;
  const rootPart = blocksAround(old, nodes, prefix, oldSuffix, true);
  if (!rootPart || (toEnd && rootPart.last === nodes.length)) return path.length;
  let part: Part = toEnd ? { first: rootPart.first, last: nodes.length } : rootPart;
  let partEnd = (at: Part) => (at.last === nodes.length ? old.length : offsetOf(nodes[at.last], 'start'));
  let inList = false;
  while (part.last - part.first === 1 && !inList && path.length < deepest) {
    const node: Node = nodes[part.first];
    inList = isTightBulletList(node);
    if (!inList && node.type !== 'mdxJsxFlowElement') break;
    const children: Node[] = node.children ?? [];
    const inner: Part | undefined = inList ? itemsAround(old, children, prefix, oldSuffix) : blocksAround(old, children, prefix, oldSuffix, false);
    if (!inner) {
      inList = false;
      break;
    }
    // The list's last items are read up to where the part around the list ended.
    const listEnd = partEnd(part);
    partEnd = (at) => (at.last === children.length ? listEnd : offsetOf(children[at.last], 'start'));
    path.push(part.first);
    nodes = children;
    part = inner;
  }
  const { first, last } = part;
  const start = first === 0 && path.length === 0 ? 0 : offsetOf(nodes[first], 'start');
  const oldEnd = partEnd(part);
  const delta = text.length - old.length;
  const end = oldEnd + delta;
  if (end < start || (start === 0 && end === text.length)) return path.length;
  // An edit on the part's first line must leave it unindented (else it would continue the block before).
  if (start > 0 && /\s/.test(text[start] ?? ' ')) return path.length;

  const parsed = parseMdx(text.slice(start, end));
  const shift = linesBefore(text, start);
  if (parsed.error) {
    const decided = path.length === 0 && (toEnd ? readsAfresh(text.slice(start, end), nodes, first) : decidedAtTop(parsed.error, text.slice(start, end), nodes, first, last));
    if (!localErrors.has(parsed.error.rule) && !decided) return path.length;
    return { error: shiftError(parsed.error, shift, start) };
  }
  let partNodes: Node[] = parsed.tree.children;
  let listEnd: Positioned['position'] | undefined;
  if (inList) {
    const list = itemsOfList(text.slice(start, end), partNodes, old[offsetOf(nodes[first > 0 ? 0 : last], 'start')], last === nodes.length);
    if (!list) return path.length;
    partNodes = list.children!;
    listEnd = last === nodes.length ? list.position : undefined;
  }
  // A block still open at the part's end (a fence, a math block) would run on in the whole page.
  if (!toEnd && partNodes.some((node) => runsToEnd(text.slice(start, end), node))) return path.length;
  // Two lists with a blank line between are one list.
  if (nodes[first - 1]?.type === 'list' && partNodes[0]?.type === 'list') return path.length;
  if (nodes[last]?.type === 'list' && partNodes.at(-1)?.type === 'list') return path.length;
  if (start > 0 && ['yaml', 'toml'].includes(partNodes[0]?.type)) return path.length;
  if (start === 0 && /^(---|\+\+\+)/.test(text) && !['yaml', 'toml'].includes(partNodes[0]?.type)) return path.length;

  const lineDelta = linesBefore(text, end) - linesBefore(old, oldEnd);
  const readNodes = partNodes.map((node) => shifted(node, shift, start));
  // The nodes on the path to the part copied, from the root down (without recursion: a page's depth cannot exhaust the stack).
  const tree = { ...before.tree } as Node as Root;
  let parent = before.tree as Node;
  let copy = tree as Node;
  for (let depth = 0; ; depth++) {
    const children = parent.children ?? [];
    const into = depth === path.length ? undefined : { ...children[path[depth]] };
    copy.children = into
      ? [...children.slice(0, path[depth]), into, ...children.slice(path[depth] + 1).map((node) => shifted(node, lineDelta, delta))]
      : [...children.slice(0, first), ...readNodes, ...children.slice(last).map((node) => shifted(node, lineDelta, delta))];
    // A list whose last items were read again ends where they do.
    if (listEnd && !into) copy.position = { start: parent.position!.start, end: shiftPoint(listEnd.end, shift, start) };
    else if (depth > 0 && parent.position) copy.position = { start: parent.position.start, end: shiftPoint(parent.position.end, lineDelta, delta) };
    if (!into) break;
    parent = children[path[depth]];
    copy = into;
  }
  tree.position = { start: { line: 1, column: 1, offset: 0 }, end: endPoint(text) };
  withoutDefinitionLines.add(tree);
  return { tree, readAgain: { start, oldEnd, delta, nodes: readNodes as unknown as RootContent[] } };
}

/** Sibling blocks (or list items) `first` to `last`, excluded. */
interface Part {
  first: number;
  last: number;
}

interface Node extends Positioned {
  type: string;
  children?: Node[];
}

/**
 * The blocks `first` to `last` (excluded) of a list of sibling blocks that hold the edit (between
 * `prefix` and `suffix`, offsets of the earlier text), each end a fresh start, the text before
 * `first` and from the line before `last` untouched. At the root the part may run from
 * the page's start or to its end; inside a component it lies between two of its blocks.
 */
function blocksAround(old: string, nodes: Node[], prefix: number, suffix: number, root: boolean): Part | undefined {
  let first = root ? 0 : -1;
  for (let i = 1; i < nodes.length; i++) {
    if (offsetOf(nodes[i], 'start') > prefix) break;
    if (isFreshStart(old, nodes[i - 1], nodes[i]) || (nodes[i - 1].type === 'heading' && isFreshLine(old, nodes[i - 1], nodes[i]))) first = i;
  }
  let last = root ? nodes.length : -1;
  for (let i = nodes.length - 1; i > Math.max(first, 0); i--) {
    if (offsetOf(nodes[i - 1], 'end') < suffix) break;
    if (isFreshStart(old, nodes[i - 1], nodes[i]) || (isAtxHeading(old, nodes[i]) && isFreshLine(old, nodes[i - 1], nodes[i]))) last = i;
  }
  return first < 0 || last < 0 || last <= first ? undefined : { first, last };
}

/**
 * The items `first` to `last` (excluded) of a tight bullet list that hold the edit: each item on
 * the line after the one before, its marker line holding text (an empty item would not end the
 * paragraph before it), the items before `first` and from `last` on untouched.
 */
function itemsAround(old: string, items: Node[], prefix: number, suffix: number): Part | undefined {
  const startsItem = (i: number) => isFreshLine(old, items[i - 1], items[i]) && hasText(old, offsetOf(items[i], 'start'));
  let first = 0;
  for (let i = 1; i < items.length; i++) {
    if (offsetOf(items[i], 'start') > prefix) break;
    if (startsItem(i)) first = i;
  }
  let last = items.length;
  for (let i = items.length - 1; i > first; i--) {
    if (offsetOf(items[i - 1], 'end') < suffix) break;
    if (startsItem(i)) last = i;
  }
  return last - first === items.length ? undefined : { first, last };
}

/** A list whose items all start with the same bullet and no blank line between them: an item read alone reads as it does in the list. */
function isTightBulletList(node: Node): boolean {
  return node.type === 'list' && (node as { ordered?: boolean }).ordered === false && (node as { spread?: boolean }).spread === false;
}

/**
 * The part's items read alone, as one list, when they join the list as they would be read in it:
 * one tight list of the same bullet (another bullet starts another list), its first item's line
 * holding text, and unless it runs to the list's end, the part ending on a line of text (a blank
 * line before the next item would loosen the whole list). Else undefined.
 */
function itemsOfList(part: string, partNodes: readonly Node[], bullet: string, toListEnd: boolean): Node | undefined {
  const list = partNodes[0];
  if (partNodes.length !== 1 || !isTightBulletList(list) || offsetOf(list, 'start') !== 0 || !hasText(part, 0)) return undefined;
  if (!toListEnd && /\n[ \t]*\r?\n$/.test(part)) return undefined;
  return list.children!.every((item) => part[offsetOf(item, 'start')] === bullet) ? list : undefined;
}

function rewritten(text: string): boolean {
  return text.includes('<MDX') || text.includes('{#');
}

interface Positioned {
  position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } };
}

function offsetOf(node: Positioned, side: 'start' | 'end'): number {
  return node.position?.[side].offset ?? -1;
}

/**
 * Whether `next` starts afresh after `previous`: `next` unindented at its line's start, after a
 * blank line, or on the line after a component's closing tag.
 */
function isFreshStart(text: string, previous: Node, next: Node): boolean {
  const gapStart = offsetOf(previous, 'end');
  const nextStart = offsetOf(next, 'start');
  if (gapStart < 0 || nextStart <= gapStart || next.position!.start.column !== 1 || /\s/.test(text[nextStart] ?? ' ')) return false;
  const gap = text.slice(gapStart, nextStart);
  if (/[^\s]/.test(gap)) return false;
  if (/\n[ \t]*\r?\n/.test(gap)) return true;
  return previous.type === 'mdxJsxFlowElement' && /^\r?\n$/.test(gap);
}

/** Whether `next` starts at the start of the line after `previous`'s last (one line break between them), unindented. */
function isFreshLine(text: string, previous: Node, next: Node): boolean {
  const gapStart = offsetOf(previous, 'end');
  const nextStart = offsetOf(next, 'start');
  return gapStart >= 0 && next.position?.start.column === 1 && /^\r?\n$/.test(text.slice(gapStart, nextStart)) && !/\s/.test(text[nextStart] ?? ' ');
}

/** A `#` heading: one line, which ends whatever block is open before it. */
function isAtxHeading(text: string, node: Node): boolean {
  return node.type === 'heading' && text[offsetOf(node, 'start')] === '#';
}

/** Whether a list item's marker line holds text after the marker. */
function hasText(text: string, itemStart: number): boolean {
  return /^[*+-][ \t]+\S/.test(text.slice(itemStart, lineEnd(text, itemStart)));
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
}

function endPoint(text: string): { line: number; column: number; offset: number } {
  return { line: linesBefore(text, text.length) + 1, column: text.length - lastLineStart(text) + 1, offset: text.length };
}

/** A fence or math block whose last line is not a closing fence: it reads on to whatever follows. */
function runsToEnd(part: string, root: Positioned & { type: string }): boolean {
  for (const node of treeNodes([root])) if ((node.type === 'code' || node.type === 'math') && fenceRunsToEnd(part, node)) return true;
  return false;
}

function fenceRunsToEnd(part: string, node: Positioned): boolean {
  const startOffset = offsetOf(node, 'start');
  const endOffset = offsetOf(node, 'end');
  const opening = /^[ \t]*(`{3,}|~{3,}|\${2,})/.exec(part.slice(startOffset, lineEnd(part, startOffset)));
  if (!opening) return true;
  const lastLineStart = part.lastIndexOf('\n', endOffset - 1) + 1;
  const closing = /^[ \t>]*(`{3,}|~{3,}|\${2,})[ \t]*$/.exec(part.slice(lastLineStart, endOffset));
  const marker = opening[1];
  return !(lastLineStart > startOffset && closing && closing[1][0] === marker[0] && closing[1].length >= marker.length);
}

function shiftPoint(point: { line: number; column: number; offset?: number }, lines: number, offset: number) {
  return { line: point.line + lines, column: point.column, offset: (point.offset ?? 0) + offset };
}

/** The node a moved node was copied from, and how far it moved: a node moved again is copied from that node. */
const movedFrom = new WeakMap<object, { node: Positioned; lines: number; offset: number }>();

/**
 * A copy of a node with its positions (and its children's and attributes') moved; the earlier tree
 * is left as it was. Its children and attributes are moved when first read: an edit copies the
 * blocks after it, not the whole rest of the tree (the next edit reads only the blocks it touches).
 */
function shifted<T extends Positioned>(node: T, lines: number, offset: number): T {
  if (lines === 0 && offset === 0) return node;
  const earlier = movedFrom.get(node);
  const original = (earlier?.node ?? node) as T & Record<'children' | 'attributes', Positioned[] | undefined>;
  const totalLines = lines + (earlier?.lines ?? 0);
  const totalOffset = offset + (earlier?.offset ?? 0);
  if (totalLines === 0 && totalOffset === 0) return original;
  const copy = { ...original };
  if (original.position) copy.position = { start: shiftPoint(original.position.start, totalLines, totalOffset), end: shiftPoint(original.position.end, totalLines, totalOffset) };
  for (const key of ['children', 'attributes'] as const) {
    const nodes = original[key];
    if (!nodes) continue;
    Object.defineProperty(copy, key, {
      configurable: true,
      enumerable: true,
      get() {
        const value = nodes.map((child) => shifted(child, totalLines, totalOffset));
        Object.defineProperty(copy, key, { value, configurable: true, enumerable: true, writable: true });
        return value;
      },
    });
  }
  movedFrom.set(copy, { node: original, lines: totalLines, offset: totalOffset });
  return copy;
}

function shiftError(error: MdxSyntaxError, lines: number, offset: number): MdxSyntaxError {
  const move = (point: PagePoint): PagePoint => ({ line: point.line + lines, column: point.column, offset: point.offset + offset });
  // The places a message names, `(L:C)` or `(L:C-L:C)`, moved as well.
  const reason = error.reason.replace(/\((\d+):(\d+)(?:-(\d+):(\d+))?\)/g, (_, line: string, column: string, endLine?: string, endColumn?: string) =>
    endLine === undefined ? `(${+line + lines}:${column})` : `(${+line + lines}:${column}-${+endLine + lines}:${endColumn})`,
  );
  return { ...error, reason, start: move(error.start), end: error.end && move(error.end) };
}
