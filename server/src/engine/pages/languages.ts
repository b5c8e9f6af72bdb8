import type { NavElement, PagesEdit } from '../model/navigationModel';
import { pagePath } from '../model/pageReference';
import { definition, enumValues } from '../schema/schema';
import { trimSlashes } from './routes';
import type { SiteGraph } from './siteGraph';

/** One entry of a `languages` list of the navigation. */
export interface SiteLanguage {
  code: string;
  element: NavElement;
}

/**
 * The language codes the platform reads as the first segment of a path (its `locales`: the codes
 * docs.json accepts, but `ua`, which it does not know), and the base paths it reads before or after one.
 */
const locales = new Set(enumValues(definition('languageCode')).filter((code) => code !== 'ua').map(String));
const basePaths = new Set(['docs', 'doc', 'documentation', 'help']);

/** A path as the platform's language switcher compares paths: its locale, and the rest of it. */
interface LanguagePath {
  locale?: string;
  /** The path without its locale and a last "index", and whether it starts with a base path ("docs"). */
  content: string;
}

function languagePath(path: string): LanguagePath {
  const segments = path.split('/').filter(Boolean);
  let index = 0;
  let locale: string | undefined;
  let base = false;
  if (basePaths.has(segments[0])) {
    base = true;
    index = 1;
    if (locales.has(segments[1])) locale = segments[index++];
  } else if (locales.has(segments[0])) {
    locale = segments[0];
    index = 1;
    if (basePaths.has(segments[1])) {
      base = true;
      index++;
    }
  }
  const content = segments.slice(index);
  if (content.at(-1) === 'index') content.pop();
  return { locale, content: `${base ? '/' : ''}${content.join('/')}` };
}

/**
 * Whether two pages are one page in two languages, as the platform's language switcher takes them:
 * paths that differ only in their locale segment ("/ja/start" and "/start" or "/es/start").
 */
export function sameContent(a: string, b: string): boolean {
  const first = languagePath(a);
  const second = languagePath(b);
  return first.content === second.content && first.locale !== second.locale;
}

/** A page path one language lists (a page entry, or a group's root page); the ranks of listings order them as written. */
interface Listing {
  path: string;
  language: string;
  rank: number;
}

/** Above the rank of any page entry: the groups' root pages come after the entries. */
const rootRanks = 2 ** 40;

/**
 * The languages of a site whose navigation has `languages`, as the platform routes them: a page's
 * language is that of the `languages` entry whose navigation lists it (a page listed by several
 * languages is common to them, of none); the default language is the entry with `default: true`,
 * else the first; a page's version in another language is the page of that language whose path
 * differs from its own only by the locale segment. A re-check's edit of the page entries updates
 * them for the entries edited (`edit`).
 */
export class SiteLanguages {
  /** The languages in the order written, each code once (at its first entry). */
  readonly languages: SiteLanguage[] = [];
  readonly defaultLanguage: SiteLanguage;
  /** Each page entry's listing by slot (none for an entry of no language, or not of a page), and each slot's rank. */
  private readonly slots: (Listing | undefined)[];
  private readonly ranks: number[];
  private readonly listingsByPath = new Map<string, Listing[]>();
  /** The language of each path the navigation lists ("en/start"), null when several languages list it. */
  private readonly languageByPath = new Map<string, string | null>();
  /** Each listed path's locale and content (`languagePath`). */
  private readonly parsed = new Map<string, LanguagePath>();
  /** Each language's paths, and them by their content. */
  private readonly pathsByLanguage = new Map<string, Set<string>>();
  private readonly pathsByContent = new Map<string, Map<string, string[]>>();
  /** The paths of the default language each language has no version of (made when first asked for), and them in order. */
  private readonly missing = new Map<string, Set<string>>();
  private readonly missingInOrder = new Map<string, string[]>();
  /** The paths of one language at each page file: made when first asked for. */
  private pathsByFileMade?: Map<string, string[]>;
  private signatureText?: string;

  constructor(
    /** Route -> page file (the routes' page map). */
    private readonly pageFiles: ReadonlyMap<string, string>,
    languageElements: NavElement[],
    /** The listing of each page entry, by slot. */
    pageListings: (Omit<Listing, 'rank'> | undefined)[],
    rootListings: Omit<Listing, 'rank'>[],
  ) {
    for (const element of languageElements) {
      const code = element.value.language as string;
      if (!this.languages.some((language) => language.code === code)) this.languages.push({ code, element });
    }
    const marked = languageElements.find((element) => element.value.default === true);
    this.defaultLanguage = this.languages.find((language) => language.code === marked?.value.language) ?? this.languages[0];
    this.slots = pageListings.map((listing, slot) => listing && { ...listing, rank: slot });
    this.ranks = pageListings.map((_, slot) => slot);
    const listings = [...this.slots, ...rootListings.map((listing, index) => ({ ...listing, rank: rootRanks + index }))];
    for (const listing of listings) if (listing) addTo(this.listingsByPath, listing.path, listing);
    for (const listing of listings) if (listing) this.settle(listing.path);
  }

  /** What the page rules read of the languages, as one text: equal texts, equal findings. */
  get signature(): string {
    return (this.signatureText ??= JSON.stringify([this.defaultLanguage.code, this.languages.map(({ code }) => code), [...this.languageByPath]]));
  }

  /** How many paths one language alone lists. */
  pathCount(code: string): number {
    return this.pathsByLanguage.get(code)?.size ?? 0;
  }

  /** The paths of the default language that a language has no version of, in the order written (worked out once, then kept up to date by edits). */
  missingIn(code: string): string[] {
    let ordered = this.missingInOrder.get(code);
    if (ordered) return ordered;
    let missing = this.missing.get(code);
    if (!missing) {
      missing = new Set();
      for (const path of this.pathsByLanguage.get(this.defaultLanguage.code) ?? []) if (this.counterpart(path, code) === undefined) missing.add(path);
      this.missing.set(code, missing);
    }
    const rank = new Map([...missing].map((path) => [path, this.firstRank(path)]));
    this.missingInOrder.set(code, (ordered = [...missing].sort((a, b) => rank.get(a)! - rank.get(b)!)));
    return ordered;
  }

  /** The navigation path of a page file of one language ("zh/start"), or undefined (listed by none, or by several). */
  pathOfFile(file: string): string | undefined {
    const paths = this.pathsByFile.get(file);
    if (!paths || paths.length < 2) return paths?.[0];
    return paths.reduce((first, path) => (this.firstRank(path) < this.firstRank(first) ? path : first));
  }

  /** The language of a page file: the one language whose navigation lists it. */
  languageOfFile(file: string): string | undefined {
    const path = this.pathOfFile(file);
    return path === undefined ? undefined : (this.languageByPath.get(path) ?? undefined);
  }

  /** The path of a page in another language ("en/start" in "zh": "zh/start"), when that language lists exactly one. */
  counterpart(path: string, code: string): string | undefined {
    const own = this.parsedPath(path);
    const found = this.pathsByContent.get(code)?.get(own.content);
    return found?.length === 1 && this.parsedPath(found[0]).locale !== own.locale ? found[0] : undefined;
  }

  /** The file of a page in another language, when that language lists exactly one and it exists. */
  counterpartFile(file: string, code: string): string | undefined {
    const path = this.pathOfFile(file);
    const other = path === undefined ? undefined : this.counterpart(path, code);
    return other === undefined ? undefined : this.fileAt(other);
  }

  /**
   * Takes a re-check's edit of the page entries, all of them of one language (or none), in place:
   * the languages of the graph before, as its navigation model, are used up. The signature stays
   * while no page file's language, path or versions in other languages changed. False when the
   * edit cannot be taken (the languages are then worked out again).
   */
  edit(edit: PagesEdit, language: string | undefined): boolean {
    const { slot, added } = edit;
    const removed = edit.removed.length;
    if (slot < 0 || slot + removed > this.slots.length) return false;
    const low = slot > 0 ? this.ranks[slot - 1] : -1;
    const high = slot + removed < this.ranks.length ? this.ranks[slot + removed] : low + added.length + 1;
    const step = (high - low) / (added.length + 1);
    // Ranks between two neighbours run out after many edits between them.
    if (!(low + step > low && high - step < high)) return false;
    const ranks = added.map((_, index) => low + step * (index + 1));
    const listings = added.map((entry, index) => {
      const path = language === undefined ? undefined : pagePathOf(entry);
      return path === undefined ? undefined : { path, language: language!, rank: ranks[index] };
    });
    const gone = replaceRange(this.slots, slot, removed, listings);
    replaceRange(this.ranks, slot, removed, ranks);

    const touched = new Set<string>();
    for (const listing of [...gone, ...listings]) if (listing) touched.add(listing.path);
    const contents = new Set([...touched].map((path) => this.parsedPath(path).content));
    const related = new Set(touched);
    for (const byContent of this.pathsByContent.values()) for (const content of contents) byContent.get(content)?.forEach((path) => related.add(path));
    const files = new Set<string>();
    for (const path of related) {
      const file = this.fileAt(path);
      if (file !== undefined) files.add(file);
    }
    const factsBefore = [...files].map((file) => this.pageFacts(file));

    for (const listing of gone) if (listing) removeFrom(this.listingsByPath, listing.path, listing);
    for (const listing of listings) if (listing) addTo(this.listingsByPath, listing.path, listing);
    for (const path of touched) this.settle(path);
    this.updateMissing(touched, contents);

    if ([...files].some((file, index) => this.pageFacts(file) !== factsBefore[index])) this.signatureText = `edited ${++edits}`;
    return true;
  }

  /** After an edit: the missing paths of the default language whose content is one of the paths edited. */
  private updateMissing(touched: Set<string>, contents: Set<string>): void {
    const defaults = this.pathsByContent.get(this.defaultLanguage.code);
    for (const [code, missing] of this.missing) {
      let changed = false;
      for (const path of touched) changed = missing.delete(path) || changed;
      for (const content of contents) {
        for (const path of defaults?.get(content) ?? []) {
          if (this.counterpart(path, code) !== undefined) changed = missing.delete(path) || changed;
          else if (!missing.has(path)) {
            missing.add(path);
            changed = true;
          }
        }
      }
      if (changed) this.missingInOrder.delete(code);
    }
  }

  /** What a page rule reads of the languages for one page file: its language, its path, and its versions in the others that are files. */
  private pageFacts(file: string): string {
    const path = this.pathOfFile(file);
    const versions = path === undefined ? [] : this.languages.map(({ code }) => this.counterpart(path, code)).map((other) => (other !== undefined && this.fileAt(other) !== undefined ? other : null));
    return JSON.stringify([this.languageOfFile(file), path, versions]);
  }

  /** A path's language and the maps made of it, from its listings. */
  private settle(path: string): void {
    const before = this.languageByPath.get(path);
    let after: string | null | undefined;
    for (const { language } of this.listingsByPath.get(path) ?? []) after = after === undefined || after === language ? language : null;
    if (after === before) return;
    if (before) this.unindex(path, before);
    if (after === undefined) {
      this.languageByPath.delete(path);
      this.parsed.delete(path);
      return;
    }
    this.languageByPath.set(path, after);
    if (after !== null) this.index(path, after);
  }

  private index(path: string, language: string): void {
    let paths = this.pathsByLanguage.get(language);
    if (!paths) this.pathsByLanguage.set(language, (paths = new Set()));
    paths.add(path);
    let byContent = this.pathsByContent.get(language);
    if (!byContent) this.pathsByContent.set(language, (byContent = new Map()));
    addTo(byContent, this.parsedPath(path).content, path);
    const file = this.pathsByFileMade && this.fileAt(path);
    if (file !== undefined) addTo(this.pathsByFileMade!, file, path);
  }

  private unindex(path: string, language: string): void {
    this.pathsByLanguage.get(language)!.delete(path);
    removeFrom(this.pathsByContent.get(language)!, this.parsedPath(path).content, path);
    const file = this.pathsByFileMade && this.fileAt(path);
    if (file !== undefined) removeFrom(this.pathsByFileMade!, file, path);
  }

  private get pathsByFile(): Map<string, string[]> {
    if (this.pathsByFileMade) return this.pathsByFileMade;
    const made = new Map<string, string[]>();
    for (const [path, language] of this.languageByPath) {
      if (language === null) continue;
      const file = this.fileAt(path);
      if (file !== undefined) addTo(made, file, path);
    }
    return (this.pathsByFileMade = made);
  }

  private parsedPath(path: string): LanguagePath {
    let parsed = this.parsed.get(path);
    if (!parsed) {
      parsed = languagePath(path);
      if (this.listingsByPath.has(path)) this.parsed.set(path, parsed);
    }
    return parsed;
  }

  private firstRank(path: string): number {
    let first = Infinity;
    for (const { rank } of this.listingsByPath.get(path) ?? []) first = Math.min(first, rank);
    return first;
  }

  /** The page file of a navigation path ("guides/index" is the folder's index page). */
  private fileAt(path: string): string | undefined {
    return this.pageFiles.get(path) ?? this.pageFiles.get(path.replace(/(^|\/)index$/, ''));
  }
}

/** How many edits the languages took: each that changes a page's facts gives a signature of its own. */
let edits = 0;

function addTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const items = map.get(key);
  if (items) items.push(item);
  else map.set(key, [item]);
}

function removeFrom<T>(map: Map<string, T[]>, key: string, item: T): void {
  const items = map.get(key)!;
  items.splice(items.indexOf(item), 1);
  if (items.length === 0) map.delete(key);
}

/** Replaces `count` items of a list from `start` with others, in place (no argument spreading: lists can be long); the items replaced. */
function replaceRange<T>(list: T[], start: number, count: number, items: readonly T[]): T[] {
  const tail = list.splice(start + count);
  const gone = list.splice(start);
  for (const item of items) list.push(item);
  for (const item of tail) list.push(item);
  return gone;
}

/** The page path a page entry lists ("/en/start.mdx": "en/start"), if it lists a page. */
function pagePathOf(entry: unknown): string | undefined {
  if (typeof entry !== 'string') return undefined;
  const page = pagePath(entry);
  return page.kind === 'page' ? trimSlashes(page.path) : undefined;
}

const known = new WeakMap<SiteGraph, SiteLanguages | null>();

/** What a site's languages are worked out from, and what they were: kept by the routes' page map. */
interface LanguagesMade {
  pagesToken: symbol;
  languageElements: NavElement[];
  roots: unknown[];
  languages: SiteLanguages;
}
const madeFor = new WeakMap<ReadonlyMap<string, string>, LanguagesMade>();

let workedOut = 0;

/** How many times this process worked out a site's languages from the whole navigation. */
export function languagesWorkedOut(): number {
  return workedOut;
}

/**
 * The languages of a site's navigation (worked out once per graph), or undefined when it has none.
 * A graph made after a keystroke that left the page files, the navigation's `languages` elements
 * (a re-check walks again every element it edits) and the groups' root pages as they were takes the
 * languages of the one before: on a site of 25,000 pages they cost more than the keystroke's
 * re-check. When the keystroke edited page entries, those are updated for the entries edited.
 */
export function siteLanguages(graph: SiteGraph): SiteLanguages | undefined {
  let languages = known.get(graph);
  if (languages === undefined) known.set(graph, (languages = readLanguages(graph)));
  return languages ?? undefined;
}

function readLanguages(graph: SiteGraph): SiteLanguages | null {
  const model = graph.check?.model;
  const languageElements = model?.elements.filter(isLanguage) ?? [];
  if (!model || languageElements.length === 0) return null;
  const roots = model.elements.map((element) => element.value.root);
  const pageFiles = graph.routes.pages;
  const made = madeFor.get(pageFiles);
  if (made && sameItems(made.languageElements, languageElements) && sameItems(made.roots, roots)) {
    if (made.pagesToken === model.routeInputs.pages) return made.languages;
    const { pagesEdit } = model;
    if (pagesEdit?.from === made.pagesToken && made.languages.edit(pagesEdit, languageOf(pagesEdit.element))) {
      made.pagesToken = model.routeInputs.pages;
      return made.languages;
    }
  }
  workedOut++;
  const listingOf = (entry: unknown, element: NavElement) => {
    const language = languageOf(element);
    const path = language === undefined ? undefined : pagePathOf(entry);
    return path === undefined ? undefined : { path, language: language! };
  };
  const pageListings = model.pages.map((entry) => listingOf(entry.value, entry.element));
  const rootListings = model.elements.map((element) => listingOf(element.value.root, element)).filter((listing) => listing !== undefined);
  const languages = new SiteLanguages(pageFiles, languageElements, pageListings, rootListings);
  madeFor.set(pageFiles, { pagesToken: model.routeInputs.pages, languageElements, roots, languages });
  return languages;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function isLanguage(element: NavElement): boolean {
  return element.kind === 'language' && element.parentCollection === 'languages' && typeof element.value.language === 'string';
}

/** The language of the nearest `languages` entry an element is in. */
function languageOf(element: NavElement): string | undefined {
  for (let at: NavElement | undefined = element; at; at = at.parent) if (isLanguage(at)) return at.value.language as string;
  return undefined;
}
