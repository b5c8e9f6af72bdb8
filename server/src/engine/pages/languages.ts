import type { NavElement } from '../model/navigationModel';
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

/**
 * The languages of a site whose navigation has `languages`, as the platform routes them: a page's
 * language is that of the `languages` entry whose navigation lists it (a page listed by several
 * languages is common to them, of none); the default language is the entry with `default: true`,
 * else the first; a page's version in another language is the page of that language whose path
 * differs from its own only by the locale segment.
 */
export class SiteLanguages {
  /** The languages in the order written, each code once (at its first entry). */
  readonly languages: SiteLanguage[] = [];
  readonly defaultLanguage: SiteLanguage;
  /** The language of each path the navigation lists ("en/start"), null when several languages list it. */
  private readonly languageByPath = new Map<string, string | null>();
  /** Each language's paths by their content (`languagePath`), null when two of them have the same: made when first asked for. */
  private pathsByContentMade?: Map<string, Map<string, string | null>>;
  /** The navigation path of each page file one language lists: made when first asked for. */
  private pathByFileMade?: Map<string, string>;

  constructor(
    /** Route -> page file (the routes' page map). */
    private readonly pageFiles: ReadonlyMap<string, string>,
    languageElements: NavElement[],
    listed: { path: string; language: string }[],
  ) {
    for (const element of languageElements) {
      const code = element.value.language as string;
      if (!this.languages.some((language) => language.code === code)) this.languages.push({ code, element });
    }
    const marked = languageElements.find((element) => element.value.default === true);
    this.defaultLanguage = this.languages.find((language) => language.code === marked?.value.language) ?? this.languages[0];
    for (const { path, language } of listed) {
      const known = this.languageByPath.get(path);
      if (known === undefined) this.languageByPath.set(path, language);
      else if (known !== language) this.languageByPath.set(path, null);
    }
  }

  private get pathsByContent(): Map<string, Map<string, string | null>> {
    if (this.pathsByContentMade) return this.pathsByContentMade;
    const made = new Map<string, Map<string, string | null>>();
    for (const [path, language] of this.languageByPath) {
      if (language === null) continue;
      let byContent = made.get(language);
      if (!byContent) made.set(language, (byContent = new Map()));
      const { content } = languagePath(path);
      byContent.set(content, byContent.has(content) ? null : path);
    }
    return (this.pathsByContentMade = made);
  }

  private get pathByFile(): Map<string, string> {
    if (this.pathByFileMade) return this.pathByFileMade;
    const made = new Map<string, string>();
    for (const [path, language] of this.languageByPath) {
      if (language === null) continue;
      const file = this.fileAt(path);
      if (file !== undefined && !made.has(file)) made.set(file, path);
    }
    return (this.pathByFileMade = made);
  }

  private signatureText?: string;

  /** What the page rules read of the languages, as one text: equal texts, equal findings. */
  get signature(): string {
    return (this.signatureText ??= JSON.stringify([this.defaultLanguage.code, this.languages.map(({ code }) => code), [...this.languageByPath]]));
  }

  /** The paths one language alone lists (its pages, then its groups' root pages, each in the order written). */
  pathsOf(code: string): string[] {
    let paths = this.pathsByLanguage.get(code);
    if (!paths) this.pathsByLanguage.set(code, (paths = [...this.languageByPath].filter(([, language]) => language === code).map(([path]) => path)));
    return paths;
  }

  private readonly pathsByLanguage = new Map<string, string[]>();
  private readonly missingByLanguage = new Map<string, string[]>();

  /** The paths of the default language that a language has no version of (worked out once: a keystroke elsewhere keeps the languages). */
  missingIn(code: string): string[] {
    let missing = this.missingByLanguage.get(code);
    if (!missing) this.missingByLanguage.set(code, (missing = this.pathsOf(this.defaultLanguage.code).filter((path) => this.counterpart(path, code) === undefined)));
    return missing;
  }

  /** The navigation path of a page file of one language ("zh/start"), or undefined (listed by none, or by several). */
  pathOfFile(file: string): string | undefined {
    return this.pathByFile.get(file);
  }

  /** The language of a page file: the one language whose navigation lists it. */
  languageOfFile(file: string): string | undefined {
    const path = this.pathByFile.get(file);
    return path === undefined ? undefined : (this.languageByPath.get(path) ?? undefined);
  }

  /** The path of a page in another language ("en/start" in "zh": "zh/start"), when that language lists exactly one. */
  counterpart(path: string, code: string): string | undefined {
    const found = this.pathsByContent.get(code)?.get(languagePath(path).content);
    return found && sameContent(found, path) ? found : undefined;
  }

  /** The file of a page in another language, when that language lists exactly one and it exists. */
  counterpartFile(file: string, code: string): string | undefined {
    const path = this.pathByFile.get(file);
    const other = path === undefined ? undefined : this.counterpart(path, code);
    return other === undefined ? undefined : this.fileAt(other);
  }

  /** The page file of a navigation path ("guides/index" is the folder's index page). */
  private fileAt(path: string): string | undefined {
    return this.pageFiles.get(path) ?? this.pageFiles.get(path.replace(/(^|\/)index$/, ''));
  }
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

/**
 * The languages of a site's navigation (worked out once per graph), or undefined when it has none.
 * A graph made after a keystroke that left the page files, the navigation's page entries, its
 * `languages` elements (a re-check walks again every element it edits) and the groups' root pages
 * as they were takes the languages of the one before: on a site of 25,000 pages they cost more
 * than the keystroke's re-check.
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
  if (made && made.pagesToken === model.routeInputs.pages && sameItems(made.languageElements, languageElements) && sameItems(made.roots, roots)) return made.languages;
  const listed: { path: string; language: string }[] = [];
  const add = (entry: unknown, element: NavElement) => {
    const language = languageOf(element);
    if (language === undefined || typeof entry !== 'string') return;
    const page = pagePath(entry);
    if (page.kind === 'page') listed.push({ path: trimSlashes(page.path), language });
  };
  for (const entry of model.pages) add(entry.value, entry.element);
  for (const element of model.elements) add(element.value.root, element);
  const languages = new SiteLanguages(pageFiles, languageElements, listed);
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
