import type { Node } from 'jsonc-parser';
import type { JsonPath, OffsetRange } from '../json/path';
import { kindNoun, nameKeys, type ElementKind, type NavElement } from '../model/navigationModel';
import { isOperationEntry } from '../model/pageReference';
import type { CheckedSite } from './checkedSite';
import type { JsonText } from './jsonText';
import { nodeAtPath, rangeOf } from './location';

export type SymbolKind = ElementKind | 'page' | 'operation' | 'property';

export interface DocumentSymbol {
  name: string;
  detail?: string;
  kind: SymbolKind;
  range: OffsetRange;
  /** What to select when the symbol is picked: its name. */
  selectionRange: OffsetRange;
  children: DocumentSymbol[];
}

/**
 * How many symbols an outline holds at most, as VS Code's JSON support (`json.maxItemsComputed`):
 * crewAI's 23,000 pages made a 7 MB answer, asked for after each edit, that held up diagnostics.
 */
export const maxSymbols = 5000;

/**
 * The outline of a checked file: its navigation (tabs, anchors, groups, pages...) as a tree, and
 * in docs.json, the top-level keys around it. `text` must be the text the file was checked with.
 * Every element is in it; pages, in document order, while there are fewer than `maxSymbols`.
 */
export function documentSymbols(site: CheckedSite, text: JsonText, limit = maxSymbols): DocumentSymbol[] {
  const documentPath = text.path;
  const root = text.tree;
  if (!root || !site.document(documentPath)) return [];
  const symbolOf = new Map<NavElement, DocumentSymbol>();
  const roots: DocumentSymbol[] = [];
  const add = (symbol: DocumentSymbol | undefined, parent: NavElement | undefined) => {
    if (!symbol) return;
    const holder = parent && nearestInDocument(parent, documentPath);
    (holder ? symbolOf.get(holder)!.children : roots).push(symbol);
  };

  let count = 0;
  let navigationSymbol: DocumentSymbol | undefined;
  if (documentPath === site.mainPath && root.type === 'object') {
    for (const property of root.children ?? []) {
      const key = property.children?.[0];
      if (!key) continue;
      const symbol: DocumentSymbol = { name: readable(String(key.value), '(empty key)'), kind: 'property', range: rangeOf(property), selectionRange: rangeOf(key), children: [] };
      if (key.value === 'navigation') navigationSymbol = symbol;
      roots.push(symbol);
    }
  }
  for (const element of site.result.model.elements) {
    const cursor = element.cursor;
    if (cursor.document.path !== documentPath) continue;
    if (element.kind === 'navigation' && navigationSymbol) {
      symbolOf.set(element, navigationSymbol);
      continue;
    }
    const symbol = elementSymbol(text, element, cursor.path);
    if (symbol) symbolOf.set(element, symbol);
    add(symbol, element.parent);
    count++;
  }
  for (const entry of site.result.model.pages) {
    if (count >= limit) break;
    const cursor = entry.cursor;
    if (cursor.document.path !== documentPath) continue;
    count++;
    const node = nodeAtPath(text, cursor.path);
    const kind = isOperationEntry(entry.value) ? 'operation' : 'page';
    add(node && { name: readable(entry.value, '(empty page entry)'), detail: kind, kind, range: rangeOf(node), selectionRange: rangeOf(node), children: [] }, entry.element);
  }
  sortByPosition(roots);
  return roots;
}

function elementSymbol(text: JsonText, element: NavElement, path: JsonPath): DocumentSymbol | undefined {
  const node = nodeAtPath(text, path);
  if (!node) return undefined;
  const detail = element.kind === 'globalEntry' ? 'global link' : kindNoun(element.kind);
  const unnamed = element.kind === 'navigation' || element.kind === 'global' ? detail : `(unnamed ${detail})`;
  const nameKey = element.kind === 'globalEntry' ? String(element.parentCollection).replace(/s$/, '') : nameKeys[element.kind];
  const nameNode: Node | undefined = nameKey === undefined ? undefined : nodeAtPath(text, [...path, nameKey]);
  const range = rangeOf(node);
  return {
    name: readable(element.name, unnamed),
    detail,
    kind: element.kind,
    range,
    selectionRange: nameNode ? rangeOf(nameNode) : { start: range.start, end: range.start + 1 },
    children: [],
  };
}

/** A name as the outline or the navigation tree shows it: editors refuse empty names, and a blank one cannot be told apart. */
export function readable(name: string | undefined, placeholder: string): string {
  return name === undefined || name.trim() === '' ? placeholder : name;
}

/** The element itself or its nearest ancestor written in the same file. */
function nearestInDocument(element: NavElement, documentPath: string): NavElement | undefined {
  let current: NavElement | undefined = element;
  while (current && current.cursor.document.path !== documentPath) current = current.parent;
  return current;
}

function sortByPosition(symbols: DocumentSymbol[]): void {
  symbols.sort((a, b) => a.range.start - b.range.start);
  for (const symbol of symbols) sortByPosition(symbol.children);
}
