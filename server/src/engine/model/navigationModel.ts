import { childCursor, isRecord, type Cursor } from './cursor';
import { PageSlots } from './pageSlots';

/** Each kind but globalEntry is also the name of the schema definition that describes it. */
export const elementKinds = ['navigation', 'group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'menuItem', 'global', 'globalEntry'] as const;

export type ElementKind = (typeof elementKinds)[number];

/** Collection keys, each holding one kind of child element. */
export const collectionKinds = {
  pages: 'group',
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
  menu: 'menuItem',
} as const satisfies Record<string, ElementKind>;

export type CollectionKey = keyof typeof collectionKinds;

export const rootPatterns = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'] as const;

/** The key that names an element of each kind. */
export const nameKeys: Partial<Record<ElementKind, string>> = {
  group: 'group',
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  menuItem: 'item',
};

/**
 * Which collections each element may hold. Hosted lists, narrowed by our Spec: a menu only in a
 * tab or a product, and a menu item holds only groups and pages.
 */
export const allowedCollections: Record<ElementKind, readonly CollectionKey[]> = {
  navigation: rootPatterns,
  group: ['pages'],
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  menuItem: ['groups', 'pages'],
  global: [],
  globalEntry: [],
};

/**
 * When an element holds two kinds of children, the hosted site keeps one kind and silently drops
 * the other with its pages: the kind earlier in this list is kept (measured on the hosted
 * validator, pair by pair).
 */
export const keptCollectionOrder: Partial<Record<ElementKind, readonly CollectionKey[]>> = {
  navigation: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  menuItem: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
};

/**
 * What the site does with an element's collections when it holds several, if the measured order
 * covers them all: the one it keeps, or none when not one of them is readable (the platform then
 * rejects the file). The platform tries each kind in the order above and keeps the first it can
 * read, so a kind it cannot read (mint.json's `{ "name", "url" }` anchors) is dropped even before a
 * lower one. Measured on the hosted validator:
 *
 * | at the root | kept |
 * |---|---|
 * | `groups` + mint.json `anchors` (`name`/`url`), in either order | groups |
 * | `groups` + `anchors` | anchors |
 * | `groups` + an empty `anchors` list, or a list of strings | groups |
 * | `pages` + mint.json `anchors`; `pages` + `groups` of `{ "name" }` | pages |
 * | `groups` + mint.json `tabs`, `dropdowns` or `languages` | groups |
 * | `anchors` + mint.json `tabs` | anchors |
 * | `tabs` + mint.json `anchors`, `products`, or `versions` as strings | tabs |
 * | mint.json `anchors` + mint.json `groups` or `tabs` | none: "Field did not match any types in union" |
 *
 * and in a tab, `groups` + mint.json `anchors` keeps the groups. An entry is read when it names
 * itself with its kind's key; other faults of an entry (an icon of the wrong type) also make the
 * platform skip its kind, and are not looked at here.
 */
export function keptCollection(kind: ElementKind, keys: readonly CollectionKey[], value: Record<string, unknown>): { kept?: CollectionKey } | undefined {
  const order = keptCollectionOrder[kind];
  if (!order || !keys.every((key) => order.includes(key))) return undefined;
  const readable = keys.filter((key) => isReadableCollection(key, value[key]));
  if (readable.length === 0) return {};
  return { kept: readable.reduce((kept, key) => (order.indexOf(key) < order.indexOf(kept) ? key : kept)) };
}

/**
 * Whether the platform can read a collection as its kind: a list (not empty, but for pages) whose
 * entries name themselves (`"anchor": "…"` in "anchors"). A `"$ref"` is taken as readable.
 */
export function isReadableCollection(key: CollectionKey, value: unknown): boolean {
  if (isRef(value)) return true;
  if (!Array.isArray(value)) return false;
  if (key === 'pages') return true;
  const nameKey = nameKeys[collectionKinds[key]]!;
  return value.length > 0 && value.every((entry) => isRef(entry) || (isRecord(entry) && typeof entry[nameKey] === 'string' && entry[nameKey] !== ''));
}

function isRef(value: unknown): boolean {
  return isRecord(value) && typeof value.$ref === 'string';
}

export const globalCollections = ['anchors', 'tabs', 'languages', 'versions', 'dropdowns', 'products'] as const;

/** Deeper than any real site; past it the navigation is reported, not walked. */
export const maxNavigationDepth = 64;

const noCollections: CollectionKey[] = [];

/** The collection keys an element holds, in the order written. */
export function collectionsOf(value: Record<string, unknown>): CollectionKey[] {
  let found: CollectionKey[] | undefined;
  for (const key in value) if (Object.hasOwn(collectionKinds, key)) (found ??= []).push(key as CollectionKey);
  return found ?? noCollections;
}

/** The keys that are not in the allowed list; most elements have none, and get no new list. */
export function disallowedOf(keys: CollectionKey[], allowed: readonly CollectionKey[]): CollectionKey[] {
  for (const key of keys) if (!allowed.includes(key)) return keys.filter((k) => !allowed.includes(k));
  return noCollections;
}

/** Where an OpenAPI spec was declared and what it refers to. */
export interface SpecDeclaration {
  reference: string;
  cursor: Cursor;
}

export interface NavElement {
  kind: ElementKind;
  cursor: Cursor;
  /** The key of the list the element is in ("tabs", "pages", "anchors" of "global"...). */
  parentCollection?: string;
  value: Record<string, unknown>;
  name?: string;
  parent?: NavElement;
  children: NavElement[];
  /** The OpenAPI specs in force here: the element's own, else inherited, else the site default. */
  openapi: SpecDeclaration[];
  /** True when the element sets `openapi` itself. */
  ownOpenapi: boolean;
  /** Nesting depth among groups (0 for a group directly under a division). */
  groupDepth: number;
  /** Nesting depth in the navigation (0 for "navigation" itself); past `maxNavigationDepth` the walk stops. */
  depth: number;
  /** The collection keys the element holds, in the order written. */
  collections: CollectionKey[];
  /** Those of them the walk follows: the ones its kind may hold ("navigation" follows all). */
  childCollections: CollectionKey[];
  /** The element's "pages" list once walked (its target, when written as a "$ref"). */
  pageList?: Cursor;
  /** Entries of that list written as a "$ref" to a page path, by index: where the path is. */
  referencedPages?: Map<number, Cursor>;
}

/** Where the page entry at an index of an element's "pages" list is written. */
export function pageCursor(element: NavElement, index: number): Cursor {
  const list = element.pageList!;
  return element.referencedPages?.get(index) ?? childCursor(list, index, (list.value as unknown[])[index]);
}

export class PageEntry {
  readonly value: string;
  private cachedCursor?: Cursor;

  constructor(
    readonly element: NavElement,
    readonly index: number,
  ) {
    const referenced = element.referencedPages?.get(index);
    this.cachedCursor = referenced;
    this.value = (referenced ? referenced.value : (element.pageList!.value as unknown[])[index]) as string;
  }

  /** Where the entry is written; made on demand, as most entries are never reported. */
  get cursor(): Cursor {
    return (this.cachedCursor ??= pageCursor(this.element, this.index));
  }
}

/**
 * What a site's routes are made from, each part a token that stays the same while the part does:
 * `pages`, the page entries' texts in order; `generated`, the specs and other sources of pages the
 * elements declare and the operation entries. A re-check that leaves a part as it was passes its token on.
 */
export interface RouteInputs {
  pages: symbol;
  generated: symbol;
}

/**
 * How a re-check changed the page entries: the `removed` entries from `slot` on became `added`,
 * all of them in the subtree of `element` (the one walked again), on the model whose pages were `from`.
 */
export interface PagesEdit {
  from: symbol;
  slot: number;
  removed: readonly string[];
  added: readonly string[];
  element: NavElement;
}

/** The navigation as walked: its elements, and its page entries. */
export class NavigationModel {
  private entries?: PageEntry[];

  constructor(
    public root?: NavElement,
    /** Every element, in document order. */
    readonly elements: NavElement[] = [],
    readonly pageSlots = new PageSlots(),
    readonly routeInputs: RouteInputs = { pages: Symbol('pages'), generated: Symbol('generated') },
    /** The edit of the page entries that made this model from the one before, when a re-check changed them. */
    readonly pagesEdit?: PagesEdit,
    /**
     * A token that stays the same while the root-relative strings ("/quickstart") written in the
     * values a re-check changes in place do: a re-check of an element passes it on when the
     * element's old and new values write the same ones, in the same order.
     */
    readonly rootPathsToken: symbol = Symbol('root paths'),
  ) {}

  addPage(owner: number, index: number): void {
    this.pageSlots.push(owner, index);
  }

  get pageCount(): number {
    return this.pageSlots.length;
  }

  /** Every page entry, in document order; made on first use, once the walk has built the model. */
  get pages(): readonly PageEntry[] {
    if (!this.entries) {
      const { elements, pageSlots } = this;
      this.entries = Array.from({ length: pageSlots.length }, (_, slot) => new PageEntry(elements[pageSlots.owner(slot)], pageSlots.index(slot)));
    }
    return this.entries;
  }

  /** The page entry in a slot, made alone when the whole list was not. */
  entryAt(slot: number): PageEntry {
    return this.entries?.[slot] ?? new PageEntry(this.elements[this.pageSlots.owner(slot)], this.pageSlots.index(slot));
  }
}

export function kindNoun(kind: ElementKind): string {
  return kind === 'menuItem' ? 'menu item' : kind === 'globalEntry' ? 'global entry' : kind;
}

/** "a group", "an anchor". */
export function withArticle(kind: ElementKind): string {
  const noun = kindNoun(kind);
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

export function describeElement(element: NavElement): string {
  if (element.kind === 'navigation') return '"navigation"';
  if (element.kind === 'global') return '"global"';
  return element.name ? `${kindNoun(element.kind)} "${element.name}"` : withArticle(element.kind);
}
