import type { Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { OffsetRange } from '../json/path';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A component or HTML tag of a page, with where it sits. */
export interface PageElement {
  name: string;
  /** Block level (its own lines: the site drops it when unknown) or inline (in a paragraph). */
  block: boolean;
  /** The nearest element it sits in, if any. */
  parent?: PageElement;
  /** The range of its name in the opening tag. */
  nameRange: OffsetRange;
  /** The whole element, opening to closing tag. */
  range: OffsetRange;
  /** Its attributes; undefined when it spreads an expression (`{...props}`), which may set any of them. */
  attributes: WrittenAttribute[] | undefined;
}

/** The JSX elements of a page in document order, each with the element it sits in. */
export function pageElements(tree: Root, text: string): PageElement[] {
  return elementsIn(tree.children, text, undefined);
}

/** The JSX elements of some blocks of a page (in document order), those not inside another sitting in `parent`. */
export function elementsIn(blocks: readonly RootContent[], text: string, parent: PageElement | undefined): PageElement[] {
  const elements: PageElement[] = [];
  // Without recursion, so that a page's depth cannot exhaust the stack: the blocks still to visit
  // at each level, with the element they sit in.
  const levels: { nodes: readonly RootContent[]; next: number; parent: PageElement | undefined }[] = [{ nodes: blocks, next: 0, parent }];
  while (levels.length > 0) {
    const level = levels[levels.length - 1];
    if (level.next === level.nodes.length) {
      levels.pop();
      continue;
    }
    const node = level.nodes[level.next++];
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      // Elements the platform's rewrites make (`<h2 id>` for a `{#id}` heading) are not written in the page.
      const written = node.name && node.position && text[node.position.start.offset!] === '<';
      const element = written ? elementOf(node, node.name!, level.parent, text) : undefined;
      if (element) elements.push(element);
      levels.push({ nodes: node.children as RootContent[], next: 0, parent: element ?? level.parent });
    } else if ('children' in node) {
      levels.push({ nodes: node.children as RootContent[], next: 0, parent: level.parent });
    }
  }
  return elements;
}

function elementOf(node: JsxElement, name: string, parent: PageElement | undefined, text: string): PageElement {
  const start = node.position!.start.offset!;
  const nameStart = text.indexOf(name, start);
  const nameRange = nameStart >= 0 ? { start: nameStart, end: nameStart + name.length } : { start, end: start + 1 };
  return { name, block: node.type === 'mdxJsxFlowElement', parent, nameRange, range: { start, end: node.position!.end.offset! }, attributes: writtenAttributes(node, text) };
}

/** A written attribute (`name="value"`, `name={…}`, bare `name`), read for checks. */
export interface WrittenAttribute {
  name: string;
  /** A string value: quoted, or a string literal in braces (`{"x"}`). */
  text?: string;
  /** Whether the value is a quoted string (not an expression). */
  quoted: boolean;
  /** An expression's source (`{false}` → "false"). */
  expression?: string;
  /** The range of the whole attribute, name to value. */
  range: OffsetRange;
  /** The range of the string's text (inside the quotes), when it has one. */
  textRange?: OffsetRange;
  /** The range of the value as written, quotes or braces included. */
  valueRange?: OffsetRange;
}

function writtenAttributes(node: JsxElement, text: string): WrittenAttribute[] | undefined {
  const attributes: WrittenAttribute[] = [];
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') return undefined;
    if (attribute.position) attributes.push(readAttribute(attribute, text));
  }
  return attributes;
}

const stringLiteral = /^\s*(["'])((?:(?!\1)[^\\\n])*)\1\s*$/;

function readAttribute(attribute: MdxJsxAttribute, text: string): WrittenAttribute {
  const range = { start: attribute.position!.start.offset!, end: attribute.position!.end.offset! };
  const { name, value } = attribute;
  const written = text.slice(range.start, range.end);
  const equals = written.indexOf('=', name.length);
  let valueStart = range.start + equals + 1;
  while (/\s/.test(text[valueStart] ?? '')) valueStart++;
  const valueRange = equals < 0 ? undefined : { start: valueStart, end: range.end };
  if (value === null || value === undefined) return { name, quoted: false, range };
  if (typeof value === 'string') {
    return { name, text: value, quoted: true, range, valueRange, textRange: valueRange && { start: valueRange.start + 1, end: valueRange.end - 1 } };
  }
  const literal = stringLiteral.exec(value.value);
  if (!literal || !valueRange) return { name, quoted: false, expression: value.value, range, valueRange };
  const quote = text.indexOf(literal[1], valueRange.start);
  return { name, text: literal[2], quoted: false, expression: value.value, range, valueRange, textRange: { start: quote + 1, end: quote + 1 + literal[2].length } };
}
