import type { CheckContext } from '../checkContext';
import { quoteList } from '../suggest';
import { childCursor, describeValue, isRecord, type Cursor } from './cursor';
import {
  allowedCollections,
  collectionKinds,
  describeElement,
  globalCollections,
  withArticle,
  nameKeys,
  NavigationModel,
  rootPatterns,
  type CollectionKey,
  type ElementKind,
  type NavElement,
  type SpecDeclaration,
} from './navigationModel';

const noSpecs: SpecDeclaration[] = [];

/** Deeper than any real site; past it the navigation is reported, not walked. */
export const maxNavigationDepth = 64;

/**
 * Rules that run on each element and page entry as the walk reaches it, while its data is at
 * hand: a large site's navigation is walked once, not once per rule.
 */
export interface NavigationVisitor {
  element(element: NavElement): void;
  page(owner: NavElement, index: number, value: string): void;
}

/** A walk in progress: where problems and model parts go, and the rules to run on the way. */
export interface NavigationWalk {
  ctx: CheckContext;
  model: NavigationModel;
  visitor: NavigationVisitor;
}

/**
 * Walks `navigation` into a model of its elements and page entries, reporting structural
 * problems on the way: the root pattern, one child type per level, which children each element
 * may hold, required names, and entries of the wrong type.
 */
export function buildNavigation(ctx: CheckContext, navigation: Cursor, siteSpecs: SpecDeclaration[], visitor: NavigationVisitor): NavigationModel {
  const model = new NavigationModel();
  const resolved = ctx.deref(navigation);
  if (!resolved) return model;
  if (!isRecord(resolved.value)) {
    ctx.report({ cursor: resolved, target: 'value', code: 'schema/type', message: `"navigation" must be an object, not ${describeValue(resolved.value)}` });
    return model;
  }
  const root = newElement('navigation', resolved, undefined, siteSpecs, 0);
  model.root = root;
  const present = Object.keys(root.value).filter((key) => (rootPatterns as readonly string[]).includes(key));
  if (present.length === 0) {
    ctx.report({
      cursor: resolved,
      target: 'key',
      code: 'nav/no-root-pattern',
      message: `"navigation" needs one of ${quoteList(rootPatterns)} at its root`,
    });
  } else if (present.length > 1) {
    ctx.report({
      cursor: resolved,
      subPath: [present[1]],
      target: 'key',
      code: 'nav/multiple-root-patterns',
      message: `"navigation" holds ${quoteList(present, 'and')}: its root takes exactly one of them ("global" may stand beside it)`,
      data: { keys: present },
    });
  }
  walkElement({ ctx, model, visitor }, root, 0);
  return model;
}

/**
 * Walks one element anew, in the place of an element of the same kind and position: the same
 * parent, collection and depth. Its elements and pages go to `model`.
 */
export function buildSubtree(walk: NavigationWalk, like: NavElement, cursor: Cursor): NavElement {
  const parent = like.parent!;
  const element = newElement(like.kind, cursor, parent, parent.openapi, like.groupDepth, like.parentCollection);
  let depth = 0;
  for (let above = parent; above.parent; above = above.parent) depth++;
  walkElement(walk, element, depth + 1);
  return element;
}

function newElement(
  kind: ElementKind,
  cursor: Cursor,
  parent: NavElement | undefined,
  inherited: SpecDeclaration[],
  groupDepth: number,
  parentCollection?: string,
): NavElement {
  const value = cursor.value as Record<string, unknown>;
  const nameKey = nameKeys[kind];
  const name = nameKey && typeof value[nameKey] === 'string' ? (value[nameKey] as string) : undefined;
  const own = value.openapi === undefined ? noSpecs : specDeclarations(childCursor(cursor, 'openapi', value.openapi));
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
    // Set by the walk; present from the start so every element has one shape.
    pageList: undefined,
    referencedPages: undefined,
  };
}

/** Adds an element to the model and runs the element rules on it; returns its position in the model. */
function addElement(walk: NavigationWalk, element: NavElement): number {
  const position = walk.model.elements.push(element) - 1;
  walk.visitor.element(element);
  return position;
}

function walkElement(walk: NavigationWalk, element: NavElement, depth: number): void {
  const { ctx } = walk;
  const position = addElement(walk, element);
  if (depth > maxNavigationDepth) {
    ctx.report({
      cursor: element.cursor,
      target: 'start',
      code: 'nav/too-deep',
      message: `The navigation is nested more than ${maxNavigationDepth} levels deep here; deeper levels are not checked`,
    });
    return;
  }
  const { kind, value } = element;
  const nameKey = nameKeys[kind];
  if (nameKey && !(nameKey in value)) {
    ctx.report({
      cursor: element.cursor,
      target: 'start',
      code: 'nav/missing-name',
      message: `${capitalize(withArticle(kind))}${parentSuffix(element)} is missing "${nameKey}"`,
      data: { key: nameKey },
    });
  }
  const collections = collectionsOf(value);
  const allowed = allowedCollections[kind];
  const disallowed = disallowedOf(collections, allowed);
  const childCollections = disallowed.length === 0 ? collections : collections.filter((key) => allowed.includes(key));
  if (kind !== 'navigation') for (const key of disallowed) reportDisallowedCollection(ctx, element, key);
  if (childCollections.length > 1 && kind !== 'navigation') {
    ctx.report({
      cursor: element.cursor,
      subPath: [childCollections[1]],
      target: 'key',
      code: 'nav/mixed-children',
      message: `${capitalize(describeElement(element))} holds ${quoteList(childCollections, 'and')} side by side: each navigation level holds one type of child, so nest one inside the other`,
      data: { keys: childCollections },
    });
  }
  if (kind === 'group' && !('pages' in value) && element.openapi.length === 0) {
    ctx.report({
      cursor: element.cursor,
      subPath: 'group' in value ? ['group'] : undefined,
      target: 'group' in value ? 'property' : 'start',
      code: 'nav/missing-pages',
      message: `${capitalize(describeElement(element))} is missing "pages"`,
    });
  }
  for (const key of collections) {
    if (kind === 'navigation' || allowed.includes(key)) walkCollection(walk, element, position, key, depth);
  }
  if ('global' in value && kind !== 'group' && kind !== 'menuItem') walkGlobal(walk, element);
}

const noCollections: CollectionKey[] = [];

/** The collection keys an element holds, in the order written. */
function collectionsOf(value: Record<string, unknown>): CollectionKey[] {
  let found: CollectionKey[] | undefined;
  for (const key in value) if (Object.hasOwn(collectionKinds, key)) (found ??= []).push(key as CollectionKey);
  return found ?? noCollections;
}

/** The keys that are not in the allowed list; most elements have none, and get no new list. */
function disallowedOf(keys: CollectionKey[], allowed: readonly CollectionKey[]): CollectionKey[] {
  for (const key of keys) if (!allowed.includes(key)) return keys.filter((k) => !allowed.includes(k));
  return noCollections;
}

/** `position` is the element's place in the model's element list, which its page entries refer to. */
function walkCollection(walk: NavigationWalk, element: NavElement, position: number, key: CollectionKey, depth: number): void {
  const { ctx, model, visitor } = walk;
  const cursor = ctx.deref(childCursor(element.cursor, key, element.value[key]));
  if (!cursor) return;
  if (!Array.isArray(cursor.value)) {
    ctx.report({
      cursor,
      target: 'value',
      code: 'schema/type',
      message: `"${key}" in ${describeElement(element)} must be an array, not ${describeValue(cursor.value)}`,
    });
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
    const itemCursor = ctx.deref(childCursor(cursor, index, item));
    if (!itemCursor) continue;
    if (key === 'pages' && typeof itemCursor.value === 'string') {
      (element.referencedPages ??= new Map()).set(index, itemCursor);
      model.addPage(position, index);
      visitor.page(element, index, itemCursor.value);
      continue;
    }
    if (!isRecord(itemCursor.value)) {
      ctx.report({
        cursor: itemCursor,
        target: 'value',
        code: key === 'pages' ? 'nav/invalid-page-entry' : 'nav/invalid-child',
        message:
          key === 'pages'
            ? `Each entry of "pages" in ${describeElement(element)} must be a page path or a group object, not ${describeValue(itemCursor.value)}`
            : `Each entry of "${key}" in ${describeElement(element)} must be ${withArticle(childKind)} object, not ${describeValue(itemCursor.value)}`,
      });
      continue;
    }
    const groupDepth = childKind === 'group' ? (element.kind === 'group' ? element.groupDepth + 1 : 0) : 0;
    const child = newElement(childKind, itemCursor, element, element.openapi, groupDepth, key);
    element.children.push(child);
    walkElement(walk, child, depth + 1);
  }
}

function walkGlobal(walk: NavigationWalk, element: NavElement): void {
  const { ctx } = walk;
  const cursor = ctx.deref(childCursor(element.cursor, 'global', element.value.global));
  if (!cursor) return;
  if (!isRecord(cursor.value)) {
    ctx.report({ cursor, target: 'value', code: 'schema/type', message: `"global" must be an object, not ${describeValue(cursor.value)}` });
    return;
  }
  const global = newElement('global', cursor, element, element.openapi, 0, 'global');
  element.children.push(global);
  addElement(walk, global);
  for (const key of globalCollections) {
    if (!(key in global.value)) continue;
    const list = ctx.deref(childCursor(cursor, key, global.value[key]));
    if (!list) continue;
    if (!Array.isArray(list.value)) {
      ctx.report({ cursor: list, target: 'value', code: 'schema/type', message: `"global.${key}" must be an array, not ${describeValue(list.value)}` });
      continue;
    }
    list.value.forEach((item, index) => {
      const itemCursor = ctx.deref(childCursor(list, index, item));
      if (!itemCursor) return;
      if (!isRecord(itemCursor.value)) {
        ctx.report({ cursor: itemCursor, target: 'value', code: 'nav/invalid-child', message: `Each entry of "global.${key}" must be an object, not ${describeValue(itemCursor.value)}` });
        return;
      }
      const entry = newElement('globalEntry', itemCursor, global, global.openapi, 0, key);
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

function reportDisallowedCollection(ctx: CheckContext, element: NavElement, key: CollectionKey): void {
  const allowed = allowedCollections[element.kind];
  let message: string;
  let code = 'nav/child-not-allowed';
  if (key === 'menu') {
    code = 'nav/menu-outside-tab';
    message = `"menu" is only allowed inside a tab, not in ${describeElement(element)}`;
  } else if (element.kind === 'group' && key === 'groups') {
    message = `${capitalize(describeElement(element))} cannot hold "groups": put nested groups inside its "pages"`;
  } else if (element.kind === 'menuItem') {
    message = `Menu item "${element.name ?? ''}" cannot hold "${key}": a menu item holds only groups, pages and links`;
  } else {
    message = `${capitalize(describeElement(element))} cannot hold "${key}"; it may hold ${quoteList(allowed)}`;
  }
  ctx.report({ cursor: element.cursor, subPath: [key], target: 'key', code, message, data: { key } });
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

function parentSuffix(element: NavElement): string {
  return element.parent && element.parent.kind !== 'navigation' ? ` in ${describeElement(element.parent)}` : '';
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
