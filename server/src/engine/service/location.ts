import { findNodeAtLocation, findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import type { JsonPath, OffsetRange } from '../json/path';
import type { JsonText } from './jsonText';

/** Where completion is asked for: a key being written in an object, or a value. */
export interface CompletionLocation {
  target: 'key' | 'value';
  /** For a value, its path; for a key, the path of the object being written. Relative to the file. */
  path: JsonPath;
  /** For a key: the object; for a value: the string or other scalar being written, if any. */
  node?: Node;
  /** What a completion replaces: the string with its quotes, or an empty range at the cursor. */
  range: OffsetRange;
  /** What is typed so far, inside the quotes. */
  prefix: string;
}

export function completionLocation(text: JsonText, offset: number): CompletionLocation | undefined {
  const root = text.tree;
  if (!root) return text.text.trim() === '' ? { target: 'value', path: [], range: { start: offset, end: offset }, prefix: '' } : undefined;
  let node = findNodeAtOffset(root, offset, true);
  // Just before an array item: a new item goes there.
  if (node && offset === node.offset && node.parent?.type === 'array') node = node.parent;
  if (!node) return undefined;
  const end = node.offset + node.length;
  const empty = { start: offset, end: offset };
  switch (node.type) {
    case 'string': {
      const unterminated = node.length < 2 || text.text.charCodeAt(end - 1) !== 34;
      if (offset <= node.offset || (offset === end && !unterminated)) return undefined;
      const range = { start: node.offset, end: unterminated ? offset : end };
      const prefix = text.text.slice(node.offset + 1, offset);
      const property = node.parent?.type === 'property' ? node.parent : undefined;
      if (property && property.children?.[0] === node) {
        return { target: 'key', path: getNodePath(property.parent!), node: property.parent, range, prefix };
      }
      return { target: 'value', path: getNodePath(node), node, range, prefix };
    }
    case 'number':
    case 'boolean':
    case 'null':
      return { target: 'value', path: getNodePath(node), node, range: { start: node.offset, end }, prefix: text.text.slice(node.offset, offset) };
    case 'property': {
      const key = node.children?.[0];
      if (!key || node.colonOffset === undefined || offset <= node.colonOffset) return undefined;
      return { target: 'value', path: [...getNodePath(node.parent!), key.value as string], range: empty, prefix: '' };
    }
    case 'object':
      if (!isInside(text, node, offset)) return undefined;
      return { target: 'key', path: getNodePath(node), node, range: empty, prefix: '' };
    case 'array': {
      if (!isInside(text, node, offset)) return undefined;
      const index = (node.children ?? []).filter((child) => child.offset + child.length <= offset).length;
      return { target: 'value', path: [...getNodePath(node), index], range: empty, prefix: '' };
    }
  }
}

/** Whether an offset is between an object's or array's brackets (an unclosed one runs to its end). */
function isInside(text: JsonText, node: Node, offset: number): boolean {
  const end = node.offset + node.length;
  const closer = node.type === 'object' ? 125 : 93;
  return offset > node.offset && (offset < end || text.text.charCodeAt(end - 1) !== closer);
}

/** The key or value under the cursor, for hover and go to definition. */
export interface NodeLocation {
  target: 'key' | 'value';
  /** For a key, the path of its value. Relative to the file. */
  path: JsonPath;
  node: Node;
}

export function nodeLocation(text: JsonText, offset: number): NodeLocation | undefined {
  const root = text.tree;
  const node = root && findNodeAtOffset(root, offset, false);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'property') return undefined;
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  if (property && property.children?.[0] === node) {
    return { target: 'key', path: [...getNodePath(property.parent!), node.value as string], node };
  }
  return { target: 'value', path: getNodePath(node), node };
}

export function rangeOf(node: Node): OffsetRange {
  return { start: node.offset, end: node.offset + node.length };
}

/** The node at a JSON path of the text, if it has one. */
export function nodeAtPath(text: JsonText, path: JsonPath): Node | undefined {
  return text.tree && findNodeAtLocation(text.tree, path);
}
