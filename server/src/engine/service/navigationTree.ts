import type { JsonPath, OffsetRange } from '../json/path';
import { isRecord } from '../model/cursor';
import { keptCollection, kindNoun, nameKeys, PageEntry, type CollectionKey, type ElementKind, type NavElement } from '../model/navigationModel';
import { isOperationEntry, pagePath } from '../model/pageReference';
import type { CheckedSite } from './checkedSite';
import { readFrontmatter } from './frontmatter';
import { readable } from './symbols';

/** Where a node of the navigation is written: a file of the site and a JSON path in it. */
export interface NavigationRef {
  /** Root-relative path of docs.json or of a "$ref" file. */
  document: string;
  path: JsonPath;
}

export type NavigationNodeKind = Exclude<ElementKind, 'navigation' | 'global' | 'globalEntry'> | 'page' | 'operation' | 'link';

/** One entry of the site's navigation as readers see it: a tab, a group, a page... */
export interface NavigationNode extends NavigationRef {
  kind: NavigationNodeKind;
  /** The element's name, or the page's title from its frontmatter (else its path). */
  label: string;
  /** The page path or operation as written, or the kind of element. */
  detail: string;
  /** The icon name the element or page sets ("rocket"), if any. */
  icon?: string;
  /** The element's "href", for links and elements that point elsewhere. */
  href?: string;
  /** The whole value in its document. */
  range: OffsetRange;
  /** Root-relative path of the page's file, when it exists. */
  file?: string;
  /** How many entries it holds (elements and pages). */
  childCount: number;
  /** Root-relative paths of the files of the pages below an element, at any depth. */
  pageFiles?: string[];
  /** Why the site drops the entry, when it does: its element holds another type of child beside it. */
  dropped?: string;
}

/**
 * The entries under a navigation element, in the order readers see them, or the top level of the
 * navigation when `parent` is undefined. Page titles come from the pages' frontmatter, read only
 * for the entries asked for, so a tree can unfold a large site level by level.
 */
export function navigationChildren(site: CheckedSite, parent?: NavigationRef): NavigationNode[] | undefined {
  const root = site.result.model.root;
  const element = parent ? site.elementAt(parent.document, parent.path) : root;
  if (!element || (parent && !samePlace(element, parent))) return undefined;
  const nodes: Omit<NavigationNode, 'range'>[] = [];
  const holders = element === root ? [element, ...element.children.filter((child) => child.kind === 'global')] : [element];
  for (const holder of holders) {
    const dropped = droppedReason(holder);
    for (const entry of entriesOf(holder)) {
      const node = entry instanceof PageEntry ? pageNode(site, entry) : entry.kind !== 'global' ? elementNode(site, entry) : undefined;
      const reason = node && dropped(entry instanceof PageEntry ? 'pages' : entry.parentCollection);
      if (node) nodes.push(reason ? { ...node, dropped: reason } : node);
    }
  }
  return withRanges(site, nodes);
}

/** The nodes with the ranges of their values, found by one scan per file; a node without one is left out. */
function withRanges(site: CheckedSite, nodes: Omit<NavigationNode, 'range'>[]): NavigationNode[] {
  const ranges = new Map<Omit<NavigationNode, 'range'>, OffsetRange | undefined>();
  for (const document of new Set(nodes.map((node) => node.document))) {
    const inDocument = nodes.filter((node) => node.document === document);
    const found = site.locate(document, inDocument.map((node) => ({ path: node.path, target: 'value' as const })));
    inDocument.forEach((node, index) => ranges.set(node, found[index]));
  }
  return nodes.flatMap((node) => {
    const range = ranges.get(node);
    return range ? [{ ...node, range }] : [];
  });
}

/**
 * Why the site drops the entries of one of an element's collections, for an element that holds
 * several types of child side by side (the site shows one): as the "nav/mixed-children" problem says.
 */
function droppedReason(element: NavElement): (collection: string | number | undefined) => string | undefined {
  const keys = element.childCollections;
  if (keys.length < 2) return () => undefined;
  // When the order the site keeps them in is not known for these kinds, the first one written stands.
  const kept = keptCollection(element.kind, keys, element.value)?.kept ?? keys[0];
  return (collection) => (collection !== kept && keys.includes(collection as CollectionKey) ? `the site shows the ${kept} beside it and drops the ${String(collection)}` : undefined);
}

/** An element's children and page entries, pages-list items in their list order. */
function entriesOf(element: NavElement): (NavElement | PageEntry)[] {
  const others = element.children.filter((child) => child.parentCollection !== 'pages');
  const list = element.pageList && Array.isArray(element.pageList.value) ? (element.pageList.value as unknown[]) : [];
  const groupsInList = new Map<number, NavElement>();
  for (const child of element.children) {
    if (child.parentCollection === 'pages') groupsInList.set(listIndex(child), child);
  }
  const inList: (NavElement | PageEntry)[] = [];
  for (let index = 0; index < list.length; index++) {
    const group = groupsInList.get(index);
    if (group) inList.push(group);
    else if (typeof list[index] === 'string' || element.referencedPages?.has(index)) inList.push(new PageEntry(element, index));
  }
  return [...others, ...inList];
}

function listIndex(element: NavElement): number {
  const last = element.cursor.path[element.cursor.path.length - 1];
  return typeof last === 'number' ? last : -1;
}

function elementNode(site: CheckedSite, element: NavElement): Omit<NavigationNode, 'range'> {
  const { document, path } = { document: element.cursor.document.path, path: element.cursor.path };
  const value = element.value;
  const kind: NavigationNodeKind = element.kind === 'globalEntry' ? 'link' : (element.kind as NavigationNodeKind);
  const nameKey = element.kind === 'globalEntry' ? String(element.parentCollection).replace(/s$/, '') : nameKeys[element.kind];
  const name = nameKey && typeof value[nameKey] === 'string' ? (value[nameKey] as string) : element.name;
  const noun = element.kind === 'globalEntry' ? 'global link' : kindNoun(element.kind);
  return {
    kind,
    document,
    path,
    label: readable(name, `(unnamed ${noun})`),
    detail: noun,
    icon: iconName(value.icon),
    href: typeof value.href === 'string' ? value.href : undefined,
    childCount: entriesOf(element).length,
    pageFiles: pageFilesBelow(site, element),
  };
}

/** The files of the pages an element holds at any depth, each once. */
function pageFilesBelow(site: CheckedSite, element: NavElement): string[] {
  const files = new Set<string>();
  const pending = [element];
  for (let holder = pending.pop(); holder; holder = pending.pop()) {
    for (const entry of entriesOf(holder)) {
      if (!(entry instanceof PageEntry)) {
        pending.push(entry);
        continue;
      }
      const page = isOperationEntry(entry.value) ? undefined : pagePath(entry.value);
      const file = page?.kind === 'page' ? site.pageFile(page.path) : undefined;
      if (file !== undefined) files.add(file);
    }
  }
  return [...files];
}

function pageNode(site: CheckedSite, entry: PageEntry): Omit<NavigationNode, 'range'> {
  const cursor = entry.cursor;
  const base = { document: cursor.document.path, path: cursor.path, detail: entry.value, childCount: 0 };
  if (isOperationEntry(entry.value)) return { ...base, kind: 'operation', label: entry.value };
  const page = pagePath(entry.value);
  if (page.kind !== 'page') return { ...base, kind: 'page', label: readable(entry.value, '(empty page entry)') };
  const file = site.pageFile(page.path);
  const text = file === undefined ? undefined : site.host.readFile(file);
  const frontmatter = text === undefined ? {} : readFrontmatter(text);
  const label = readable(frontmatter.title?.trim() || page.path, '(empty page entry)');
  return { ...base, kind: 'page', label, icon: frontmatter.icon, file };
}

function iconName(icon: unknown): string | undefined {
  if (typeof icon === 'string') return icon;
  return isRecord(icon) && typeof icon.name === 'string' ? icon.name : undefined;
}

function samePlace(element: NavElement, ref: NavigationRef): boolean {
  return element.cursor.document.path === ref.document && element.cursor.path.length === ref.path.length;
}
