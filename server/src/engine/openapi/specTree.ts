import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { OffsetRange } from '../json/path';
import type { Segment } from './platformValidation';

/** A spec's values with where they are in its text (JSON or YAML), read only when a problem needs a place. */
export interface SpecTree {
  /** The range of the value at a path, or of its key (`key`); undefined where the path leads nowhere. */
  locate(path: readonly Segment[], target: 'key' | 'value'): OffsetRange | undefined;
  /** Every `"$ref"` member: the path of the object holding it, its value, and the value's range. */
  references(): { path: Segment[]; value: unknown; range: OffsetRange }[];
}

interface TreeNode {
  range: OffsetRange;
  value?: unknown;
  members?: Map<string, { key: OffsetRange; node: TreeNode }>;
  items?: TreeNode[];
}

export function specTree(text: string, fileName: string): SpecTree {
  const root = /\.ya?ml$/i.test(fileName) ? fromYaml(text) : fromJson(text);
  const at = (path: readonly Segment[]): { node?: TreeNode; key?: OffsetRange } => {
    let node: TreeNode | undefined = root;
    let key: OffsetRange | undefined;
    for (const segment of path) {
      if (!node) return {};
      if (node.items) {
        key = undefined;
        node = node.items[Number(segment)];
      } else {
        const member = node.members?.get(String(segment));
        key = member?.key;
        node = member?.node;
      }
    }
    return { node, key };
  };
  return {
    locate(path, target) {
      const { node, key } = at(path);
      return target === 'key' ? (key ?? node?.range) : node?.range;
    },
    references() {
      const found: { path: Segment[]; value: unknown; range: OffsetRange }[] = [];
      // A YAML alias's node is reached at each of its uses: its references are told at the first.
      const visited = new Set<TreeNode>();
      const walk = (node: TreeNode | undefined, path: Segment[], depth: number) => {
        if (!node || depth > 256 || visited.has(node)) return;
        visited.add(node);
        node.items?.forEach((item, index) => walk(item, [...path, index], depth + 1));
        for (const [name, member] of node.members ?? []) {
          if (name === '$ref') found.push({ path, value: member.node.value, range: member.node.range });
          else walk(member.node, [...path, name], depth + 1);
        }
      };
      walk(root, [], 0);
      return found;
    },
  };
}

function fromJson(text: string): TreeNode | undefined {
  const convert = (node: JsonNode): TreeNode => {
    const range = { start: node.offset, end: node.offset + node.length };
    if (node.type === 'object') {
      const members = new Map<string, { key: OffsetRange; node: TreeNode }>();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) members.set(String(key.value), { key: { start: key.offset, end: key.offset + key.length }, node: convert(value) });
      }
      return { range, members };
    }
    if (node.type === 'array') return { range, items: (node.children ?? []).map(convert) };
    return { range, value: node.value };
  };
  const root = parseTree(text, [], { allowTrailingComma: true });
  return root && convert(root);
}

function fromYaml(text: string): TreeNode | undefined {
  const document = parseDocument(text, { uniqueKeys: false });
  const rangeOf = (node: { range?: [number, number, number] | null }): OffsetRange => ({ start: node.range?.[0] ?? 0, end: node.range?.[1] ?? 0 });
  // Each node once, however many aliases name it (an alias's place is its anchor's).
  const converted = new Map<unknown, TreeNode>();
  const convert = (node: unknown, depth: number): TreeNode | undefined => {
    if (depth > 256) return undefined;
    const resolved = isAlias(node) ? node.resolve(document as Document) : node;
    const known = converted.get(resolved);
    if (known) return known;
    if (isMap(resolved)) {
      const members = new Map<string, { key: OffsetRange; node: TreeNode }>();
      const tree = { range: rangeOf(resolved), members };
      converted.set(resolved, tree);
      for (const pair of resolved.items) {
        const key = pair.key as YamlNode | null;
        const value = convert(pair.value, depth + 1);
        const name = isScalar(key) ? String(key.value) : String(key);
        const keyRange = key && 'range' in key ? rangeOf(key) : undefined;
        if (value && keyRange) members.set(name, { key: keyRange, node: value });
      }
      return tree;
    }
    if (isSeq(resolved)) {
      const tree = { range: rangeOf(resolved), items: [] as TreeNode[] };
      converted.set(resolved, tree);
      for (const item of resolved.items) tree.items.push(convert(item, depth + 1) ?? { range: rangeOf(resolved) });
      return tree;
    }
    if (isScalar(resolved)) return { range: rangeOf(resolved), value: resolved.value };
    return undefined;
  };
  return convert(document.contents, 0);
}
