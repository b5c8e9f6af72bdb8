import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { LineIndex } from '../json/lineIndex';
import { editSpan, type EditSpan } from '../recheck/editSpan';

/**
 * One version of a JSON file of the site as the editor holds it, with its syntax tree parsed on
 * first use. Keep one per document version: requests on an unchanged text reuse the tree. Made
 * from the previous version, it takes over that version's tree and parses again only the value
 * holding the edit.
 */
export class JsonText {
  private parsedTree?: Node | null;
  private lineIndex?: LineIndex;
  /** The latest earlier version with a parsed tree, until this one has its own. */
  private base?: JsonText;

  constructor(
    /** Root-relative path with forward slashes. */
    readonly path: string,
    readonly text: string,
    previous?: JsonText,
  ) {
    if (previous?.path === path) this.base = previous.parsedTree ? previous : previous.base;
  }

  get tree(): Node | undefined {
    if (this.parsedTree === undefined) {
      const base = this.base;
      this.base = undefined;
      this.parsedTree = (base && base.takeTreeFor(this.text)) ?? parseTree(this.text, [], parseOptions) ?? null;
    }
    return this.parsedTree ?? undefined;
  }

  get lines(): LineIndex {
    return (this.lineIndex ??= new LineIndex(this.text));
  }

  /** This version's tree changed into the tree of a newer text, or undefined when the edit is not local. */
  private takeTreeFor(text: string): Node | undefined {
    const tree = this.parsedTree;
    const span = editSpan(this.text, text);
    if (!tree || !span) return undefined;
    const node = innermostValue(tree, span);
    if (!node) return undefined;
    const errors: ParseError[] = [];
    const slice = text.slice(node.offset, node.offset + node.length + span.newEnd - span.oldEnd);
    const replacement = parseTree(slice, errors, parseOptions);
    if (!replacement || errors.length > 0 || replacement.length !== slice.length) return undefined;
    // The tree is this version's no longer: a later request for it parses the text again.
    this.parsedTree = undefined;
    moveNodes(replacement, node.offset);
    const parent = node.parent;
    if (!parent?.children) return replacement;
    shiftAfter(tree, span);
    (replacement as MutableNode).parent = parent;
    parent.children[parent.children.indexOf(node)] = replacement;
    return tree;
  }
}

const parseOptions = { allowTrailingComma: true };

/** jsonc-parser's nodes are plain objects; their fields are read-only in its types only. */
type MutableNode = { -readonly [K in keyof Node]: Node[K] };

/** The innermost value (not a property) with the whole edit strictly inside it. */
function innermostValue(root: Node, span: EditSpan): Node | undefined {
  const holds = (node: Node) => node.offset < span.start && span.oldEnd < node.offset + node.length;
  if (!holds(root)) return undefined;
  let node = root;
  for (;;) {
    const child = node.children?.find((candidate) => holds(candidate));
    if (!child) return node.type === 'property' ? undefined : node;
    node = child;
  }
}

function moveNodes(node: MutableNode, by: number): void {
  node.offset += by;
  if (node.colonOffset !== undefined) node.colonOffset += by;
  node.children?.forEach((child) => moveNodes(child, by));
}

/** Moves the nodes after an edit by its length change; the nodes holding it grow or shrink. */
function shiftAfter(node: MutableNode, span: EditSpan): void {
  const delta = span.newEnd - span.oldEnd;
  if (delta === 0 || node.offset + node.length <= span.start) return;
  if (node.offset >= span.oldEnd) {
    moveNodes(node, delta);
    return;
  }
  node.length += delta;
  if (node.colonOffset !== undefined && node.colonOffset >= span.oldEnd) node.colonOffset += delta;
  node.children?.forEach((child) => shiftAfter(child, span));
}
