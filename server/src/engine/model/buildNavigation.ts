import { childCursor, isRecord, type Cursor } from './cursor';
import {
  allowedCollections,
  collectionKinds,
  collectionsOf,
  disallowedOf,
  globalCollections,
  maxNavigationDepth,
  nameKeys,
  NavigationModel,
  type CollectionKey,
  type ElementKind,
  type NavElement,
  type SpecDeclaration,
} from './navigationModel';

const noSpecs: SpecDeclaration[] = [];

/** Follows "$ref" values to what they point at (undefined when they cannot be followed). */
export interface Dereferencer {
  deref(cursor: Cursor): Cursor | undefined;
}

/** A value where the navigation holds elements that is not one: the walk steps over it. */
export interface UnreadableEntry {
  cursor: Cursor;
  /** The element it is in. */
  owner: NavElement;
  /** The collection key ("pages", "tabs"…), or "global" for the global object itself. */
  key: string;
  /** The collection is not a list ("global" not an object), or one of its entries is not an object. */
  problem: 'not-a-list' | 'not-an-object';
}

/**
 * What the walk meets, as it meets it: the rules run while each element's data is at hand, so a
 * large site's navigation is walked once, not once per rule.
 */
export interface NavigationVisitor {
  /** "navigation" with its "$ref" followed, before anything in it. */
  navigation(navigation: Cursor): void;
  /** Each element, parents before children. */
  element(element: NavElement): void;
  /** Each string of a "pages" list. */
  page(owner: NavElement, index: number, value: string): void;
  unreadableEntry(entry: UnreadableEntry): void;
}

/** A walk in progress: how "$ref" values are followed, where model parts go, who is told. */
export interface NavigationWalk {
  refs: Dereferencer;
  model: NavigationModel;
  visitor: NavigationVisitor;
}

/**
 * Walks `navigation` into a model of its elements and page entries. Only what the site shows
 * becomes the model: collections an element may not hold, entries that are not elements and
 * levels past `maxNavigationDepth` are stepped over (the visitor hears of each).
 */
export function buildNavigation(refs: Dereferencer, navigation: Cursor, siteSpecs: SpecDeclaration[], visitor: NavigationVisitor): NavigationModel {
  const model = new NavigationModel();
  const resolved = refs.deref(navigation);
  if (!resolved) return model;
  visitor.navigation(resolved);
  if (!isRecord(resolved.value)) return model;
  const root = newElement('navigation', resolved, undefined, siteSpecs, 0, 0);
  model.root = root;
  walkElement({ refs, model, visitor }, root);
  return model;
}

/**
 * Walks one element anew, in the place of an element of the same kind and position: the same
 * parent, collection and depth. Its elements and pages go to `model`.
 */
export function buildSubtree(walk: NavigationWalk, like: NavElement, cursor: Cursor): NavElement {
  const parent = like.parent!;
  const element = newElement(like.kind, cursor, parent, parent.openapi, like.groupDepth, like.depth, like.parentCollection);
  walkElement(walk, element);
  return element;
}

function newElement(
  kind: ElementKind,
  cursor: Cursor,
  parent: NavElement | undefined,
  inherited: SpecDeclaration[],
  groupDepth: number,
  depth: number,
  parentCollection?: string,
): NavElement {
  const value = cursor.value as Record<string, unknown>;
  const nameKey = nameKeys[kind];
  const name = nameKey && typeof value[nameKey] === 'string' ? (value[nameKey] as string) : undefined;
  const own = value.openapi === undefined ? noSpecs : specDeclarations(childCursor(cursor, 'openapi', value.openapi));
  const collections = collectionsOf(value);
  const allowed = allowedCollections[kind];
  const childCollections = kind === 'navigation' || disallowedOf(collections, allowed).length === 0 ? collections : collections.filter((key) => allowed.includes(key));
  return {
    kind,
    cursor,
    parentCollection,
    value,
    name,
    parent,
    children: [],
    openapi: own.length > 0 ? own : inherited,
    ownOpenapi: own.length > 0,
    groupDepth,
    depth,
    collections,
    childCollections,
    // Set by the walk; present from the start so every element has one shape.
    pageList: undefined,
    referencedPages: undefined,
  };
}

/** Adds an element to the model and tells the visitor; returns its position in the model. */
function addElement(walk: NavigationWalk, element: NavElement): number {
  const position = walk.model.elements.push(element) - 1;
  walk.visitor.element(element);
  return position;
}

function walkElement(walk: NavigationWalk, element: NavElement): void {
  const position = addElement(walk, element);
  if (element.depth > maxNavigationDepth) return;
  const { kind, value } = element;
  for (const key of element.childCollections) walkCollection(walk, element, position, key);
  if ('global' in value && kind !== 'group' && kind !== 'menuItem') walkGlobal(walk, element);
}

/** `position` is the element's place in the model's element list, which its page entries refer to. */
function walkCollection(walk: NavigationWalk, element: NavElement, position: number, key: CollectionKey): void {
  const { refs, model, visitor } = walk;
  const cursor = refs.deref(childCursor(element.cursor, key, element.value[key]));
  if (!cursor) return;
  if (!Array.isArray(cursor.value)) {
    visitor.unreadableEntry({ cursor, owner: element, key, problem: 'not-a-list' });
    return;
  }
  const childKind = collectionKinds[key];
  const items = cursor.value;
  if (key === 'pages') element.pageList = cursor;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (key === 'pages' && typeof item === 'string') {
      model.addPage(position, index);
      visitor.page(element, index, item);
      continue;
    }
    const itemCursor = refs.deref(childCursor(cursor, index, item));
    if (!itemCursor) continue;
    if (key === 'pages' && typeof itemCursor.value === 'string') {
      (element.referencedPages ??= new Map()).set(index, itemCursor);
      model.addPage(position, index);
      visitor.page(element, index, itemCursor.value);
      continue;
    }
    if (!isRecord(itemCursor.value)) {
      visitor.unreadableEntry({ cursor: itemCursor, owner: element, key, problem: 'not-an-object' });
      continue;
    }
    const groupDepth = childKind === 'group' ? (element.kind === 'group' ? element.groupDepth + 1 : 0) : 0;
    const child = newElement(childKind, itemCursor, element, element.openapi, groupDepth, element.depth + 1, key);
    element.children.push(child);
    walkElement(walk, child);
  }
}

function walkGlobal(walk: NavigationWalk, element: NavElement): void {
  const { refs, visitor } = walk;
  const cursor = refs.deref(childCursor(element.cursor, 'global', element.value.global));
  if (!cursor) return;
  if (!isRecord(cursor.value)) {
    visitor.unreadableEntry({ cursor, owner: element, key: 'global', problem: 'not-a-list' });
    return;
  }
  const global = newElement('global', cursor, element, element.openapi, 0, element.depth + 1, 'global');
  element.children.push(global);
  addElement(walk, global);
  for (const key of globalCollections) {
    if (!(key in global.value)) continue;
    const list = refs.deref(childCursor(cursor, key, global.value[key]));
    if (!list) continue;
    if (!Array.isArray(list.value)) {
      visitor.unreadableEntry({ cursor: list, owner: global, key, problem: 'not-a-list' });
      continue;
    }
    list.value.forEach((item, index) => {
      const itemCursor = refs.deref(childCursor(list, index, item));
      if (!itemCursor) return;
      if (!isRecord(itemCursor.value)) {
        visitor.unreadableEntry({ cursor: itemCursor, owner: global, key, problem: 'not-an-object' });
        return;
      }
      const entry = newElement('globalEntry', itemCursor, global, global.openapi, 0, global.depth + 1, key);
      entry.name = globalEntryName(key, itemCursor.value);
      global.children.push(entry);
      addElement(walk, entry);
    });
  }
}

function globalEntryName(collection: string, value: Record<string, unknown>): string | undefined {
  const nameKey = collection.replace(/s$/, '');
  return typeof value[nameKey] === 'string' ? (value[nameKey] as string) : undefined;
}

/** The specs an `openapi` value declares: a string, an array, or `{source}` objects. */
export function specDeclarations(cursor: Cursor): SpecDeclaration[] {
  const value = cursor.value;
  if (typeof value === 'string') return [{ reference: value, cursor }];
  if (isRecord(value) && typeof value.source === 'string') {
    return [{ reference: value.source, cursor: childCursor(cursor, 'source', value.source) }];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => specDeclarations(childCursor(cursor, index, item)));
  return [];
}
