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
  /** Each language's paths by their content (`languagePath`), null when two of them have the same. */
  private readonly pathsByContent = new Map<string, Map<string, string | null>>();
  private readonly pathByFile = new Map<string, string>();

  constructor(
    private readonly graph: SiteGraph,
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
    for (const [path, language] of this.languageByPath) {
      if (language === null) continue;
      let byContent = this.pathsByContent.get(language);
      if (!byContent) this.pathsByContent.set(language, (byContent = new Map()));
      const { content } = languagePath(path);
      byContent.set(content, byContent.has(content) ? null : path);
      const file = this.fileAt(path);
      if (file !== undefined && !this.pathByFile.has(file)) this.pathByFile.set(file, path);
    }
  }

  /** What the page rules read of the languages, as one text: equal texts, equal findings. */
  get signature(): string {
    return JSON.stringify([this.defaultLanguage.code, this.languages.map(({ code }) => code), [...this.languageByPath]]);
  }

  /** The paths one language alone lists (its pages, then its groups' root pages, each in the order written). */
  pathsOf(code: string): string[] {
    return [...this.languageByPath].filter(([, language]) => language === code).map(([path]) => path);
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
    const { pages } = this.graph.routes;
    return pages.get(path) ?? pages.get(path.replace(/(^|\/)index$/, ''));
  }
}

const known = new WeakMap<SiteGraph, SiteLanguages | null>();

/** The languages of a site's navigation (worked out once per graph), or undefined when it has none. */
export function siteLanguages(graph: SiteGraph): SiteLanguages | undefined {
  let languages = known.get(graph);
  if (languages === undefined) known.set(graph, (languages = readLanguages(graph)));
  return languages ?? undefined;
}

function readLanguages(graph: SiteGraph): SiteLanguages | null {
  const model = graph.check?.model;
  const elements = model?.elements.filter(isLanguage) ?? [];
  if (!model || elements.length === 0) return null;
  const listed: { path: string; language: string }[] = [];
  const add = (entry: unknown, element: NavElement) => {
    const language = languageOf(element);
    if (language === undefined || typeof entry !== 'string') return;
    const page = pagePath(entry);
    if (page.kind === 'page') listed.push({ path: trimSlashes(page.path), language });
  };
  for (const entry of model.pages) add(entry.value, entry.element);
  for (const element of model.elements) add(element.value.root, element);
  return new SiteLanguages(graph, elements, listed);
}

function isLanguage(element: NavElement): boolean {
  return element.kind === 'language' && element.parentCollection === 'languages' && typeof element.value.language === 'string';
}

/** The language of the nearest `languages` entry an element is in. */
function languageOf(element: NavElement): string | undefined {
  for (let at: NavElement | undefined = element; at; at = at.parent) if (isLanguage(at)) return at.value.language as string;
  return undefined;
}
