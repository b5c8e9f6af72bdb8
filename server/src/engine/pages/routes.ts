import type { CheckResult } from '../checkResult';
import { isRecord } from '../model/cursor';
import type { NavElement, NavigationModel, PagesEdit, SpecDeclaration } from '../model/navigationModel';
import type { Operation } from '../openapi/loadedSpec';
import { pagePath, parseOperation } from '../model/pageReference';
import { pageOf } from '../site/fileIndex';
import { otherGeneratedPages } from './otherGenerators';
import type { UncheckedSpec } from './uncheckedSpec';
import type { SiteFiles } from './siteFiles';
import { indexedRedirect, isQualifiedSource, RedirectIndex, type IndexedRedirect } from '../redirects/redirectIndex';
import { redirectListOf } from '../redirects/redirectList';
import { normaliseRoute } from '../redirects/redirectPattern';

export type { UncheckedSpec } from './uncheckedSpec';

export interface Redirect extends IndexedRedirect {
  /** The source as written in docs.json. */
  written: string;
}

/** A page generated from an OpenAPI operation. */
export interface GeneratedPage {
  route: string;
  operation: Operation;
  spec: string;
}

/** What a root-relative path (no leading "/", no fragment) is in the site. */
export type Route =
  | { kind: 'page'; file: string }
  | { kind: 'generated'; page: GeneratedPage }
  | { kind: 'file'; path: string }
  | { kind: 'redirect'; redirect: Redirect };

/**
 * The paths a site serves: its page files (`x.mdx`, `x.md`, `x/index.mdx`), pages generated
 * from OpenAPI operations, static files and redirect sources.
 */
export class Routes {
  /** Route -> page file. */
  readonly pages: ReadonlyMap<string, string>;
  readonly generated: Map<string, GeneratedPage>;
  readonly redirects: RedirectIndex<Redirect>;
  /** Specs given by URL whose pages are unknown, and the other sources of generated pages (`otherGenerators.ts`), by URL or source. */
  readonly uncheckedSpecs: Map<string, UncheckedSpec>;
  /** The navigation's pages, worked out when first asked for. */
  private readonly navigation?: NavigationPages;
  /**
   * What the page rules read of the routes and the navigation, as a token: the same while the
   * routes are made of the same parts, but for edits of page entries that leave the entries naming
   * a page file as they were (typing in the path of a page not written yet).
   */
  readonly forPageRules: symbol;

  /**
   * The routes of a check: an earlier check's routes when made from the same files and parts (an
   * edit of docs.json elsewhere, or of a navigation element's name), so what was worked out on
   * them is kept. Else they lend what was made from the same parts: the page routes of the same
   * files, the generated pages of the same specs and operations, the redirects of the same list,
   * the navigation's pages of the same entries.
   */
  static of(files: SiteFiles, check?: CheckResult, previous?: Routes): Routes {
    const source = check && routeSource(check);
    const same = previous?.files === files && source !== undefined && (Object.keys(source) as (keyof RouteSource)[]).every((key) => Routes.samePart(previous, source, key));
    return same ? previous : new Routes(files, check, source, previous);
  }

  private constructor(
    readonly files: SiteFiles,
    check?: CheckResult,
    /** What of the check these routes were made from: each part the same gives the same routes of it. */
    private readonly source?: RouteSource,
    previous?: Routes,
  ) {
    const sameFiles = previous?.files === files;
    this.pages = sameFiles ? previous.pages : pageRoutes(files);
    if (Routes.samePart(previous, source, 'generated') && Routes.samePart(previous, source, 'statuses')) {
      this.generated = previous.generated;
      this.uncheckedSpecs = previous.uncheckedSpecs;
    } else {
      this.generated = new Map();
      this.uncheckedSpecs = new Map();
      if (check) {
        this.addGeneratedPages(check);
        for (const other of otherGeneratedPages(check.model.elements)) if (!this.uncheckedSpecs.has(other.url)) this.uncheckedSpecs.set(other.url, other);
      }
    }
    if (Routes.samePart(previous, source, 'redirects')) this.redirects = previous.redirects;
    else {
      this.redirects = new RedirectIndex();
      if (check) this.addRedirects(check);
    }
    const samePages = sameFiles && Routes.samePart(previous, source, 'pages');
    const editNamesNoPage = sameFiles && !samePages && check !== undefined && previous?.source !== undefined && namesNoPage(check.model.pagesEdit, previous.source.pages, this.pages);
    if (check) this.navigation = samePages ? previous.navigation : new NavigationPages(check.model, this.pages, editNamesNoPage ? previous.navigation : undefined);
    const sameForPageRules = (samePages || editNamesNoPage) && (['generated', 'statuses', 'redirects'] as const).every((key) => Routes.samePart(previous, source, key));
    this.forPageRules = sameForPageRules ? previous!.forPageRules : Symbol('routes');
  }

  /** Whether earlier routes were made from the same part of a check as the routes being made from `source`. */
  private static samePart(previous: Routes | undefined, source: RouteSource | undefined, key: keyof RouteSource): previous is Routes {
    return previous?.source !== undefined && source !== undefined && previous.source[key] === source[key];
  }

  /** The page file served at a root-relative path: "" is the index page, else the navigation's first page. */
  pageAt(path: string): string | undefined {
    return this.pages.get(path) ?? (path === '' ? this.navigation?.home() : undefined);
  }

  /**
   * The page a folder URL without an index page should be linked as: the first page of the
   * navigation in the folder, else the first by name. Undefined when no page is in the folder.
   */
  firstPageIn(folder: string): string | undefined {
    const prefix = `${folder}/`;
    const firstOf = (routes: Iterable<string>) => {
      let first: string | undefined;
      for (const route of routes) if (route.startsWith(prefix) && (first === undefined || route < first)) first = route;
      return first;
    };
    // A folder of pages generated from a spec (an OpenAPI tag's) is a folder too.
    return this.navigation?.order().find((route) => route.startsWith(prefix)) ?? firstOf(this.pages.keys()) ?? firstOf(this.generated.keys());
  }

  /** The unknown spec whose pages could be at a path (one under its directory), if any. */
  uncheckedSpecAt(path: string): UncheckedSpec | undefined {
    for (const spec of this.uncheckedSpecs.values()) if (path.startsWith(`${spec.directory}/`)) return spec;
    return undefined;
  }

  /** What a root-relative path (without "/" at either end) names, if anything. */
  lookup(path: string): Route | undefined {
    const page = this.pageAt(path);
    if (page !== undefined) return { kind: 'page', file: page };
    const generated = this.generated.get(path);
    if (generated) return { kind: 'generated', page: generated };
    if (this.files.has(path)) return { kind: 'file', path };
    const redirect = this.redirectFor(path);
    if (redirect) return { kind: 'redirect', redirect };
    return undefined;
  }

  /** The redirect whose source matches a path: an exact source first, then the first pattern. */
  redirectFor(path: string): Redirect | undefined {
    return this.redirects.find(normaliseRoute(path))?.redirect;
  }

  private addRedirects(check: CheckResult): void {
    redirectListOf(check)?.items.forEach((entry, index) => {
      if (!isRecord(entry) || typeof entry.source !== 'string' || typeof entry.destination !== 'string') return;
      // A source with a query or a fragment applies to those links only.
      if (isQualifiedSource(entry.source)) return;
      this.redirects.add({ ...indexedRedirect(entry.source, entry.destination, index), written: entry.source });
    });
  }

  /**
   * The pages generated from OpenAPI operations, as the platform generates them: each operation
   * entry ("POST /chat-messages") gives its page; an element that declares a spec gives a page for
   * every operation of its first spec, unless an operation entry below it names an operation of
   * that spec without naming the spec (the navigation root gives them all regardless, as the
   * platform's walk does). Pages go under the `directory` in force, else "api-reference". An
   * operation marked `x-excluded` gets no page.
   */
  private addGeneratedPages(check: CheckResult): void {
    const { statuses } = check.basis;
    const specOf = (declaration: SpecDeclaration | undefined, element: NavElement) => {
      const status = declaration && statuses.get(declaration);
      if (status?.kind === 'local') return { name: status.path, operations: status.operations };
      if (status?.kind === 'remote' && status.fetched?.ok) return { name: status.url, operations: status.fetched.operations };
      if (status?.kind === 'remote' && !this.uncheckedSpecs.has(status.url)) {
        this.uncheckedSpecs.set(status.url, { url: status.url, error: status.fetched?.ok === false ? status.fetched.error : undefined, directory: directoryOf(element), declaration: declaration! });
      }
      return undefined;
    };
    const explicitOwners = new Set<NavElement>();
    for (const entry of check.model.pages) {
      const reference = parseOperation(entry.value);
      if (!reference) continue;
      const owner = specOwner(entry.element);
      const declarations = reference.spec
        ? entry.element.openapi.filter((declaration) => sameSpec(declaration.reference, reference.spec!))
        : (owner?.openapi.slice(0, 1) ?? entry.element.openapi);
      for (const declaration of declarations) {
        const spec = specOf(declaration, entry.element);
        const operation = spec?.operations.find((o) => o.method === reference.method && o.path === reference.path);
        if (!spec || !operation) continue;
        if (operation.excluded) break;
        this.addGenerated(generatedRoute(directoryOf(entry.element), operation), operation, spec.name);
        if (owner && !reference.spec && owner.kind !== 'navigation') explicitOwners.add(owner);
        break;
      }
    }
    for (const element of check.model.elements) {
      if (!element.ownOpenapi || explicitOwners.has(element)) continue;
      const spec = specOf(element.openapi[0], element);
      if (!spec) continue;
      const used: string[] = [];
      for (const operation of spec.operations) {
        if (operation.excluded) continue;
        const route = uniqueRoute(generatedRoute(directoryOf(element), operation), used);
        used.push(route);
        this.addGenerated(route, operation, spec.name);
      }
    }
  }

  private addGenerated(route: string, operation: Operation, spec: string): void {
    if (!this.generated.has(route)) this.generated.set(route, { route, operation, spec });
  }
}

/**
 * The parts of a check that routes are made from. A re-check of a docs.json edit keeps each one
 * (the same object) unless the edit is inside it: the navigation's pages and what generates pages
 * (`RouteInputs`), the specs' statuses, the redirect list.
 */
interface RouteSource {
  pages: symbol;
  generated: symbol;
  statuses: CheckResult['basis']['statuses'];
  redirects: unknown[] | undefined;
}

function routeSource(check: CheckResult): RouteSource {
  return { ...check.model.routeInputs, statuses: check.basis.statuses, redirects: redirectListOf(check)?.items };
}

/**
 * The page routes the navigation lists that a page serves, each worked out on first use: a
 * keystroke in the navigation of a large site would otherwise go through every entry.
 */
class NavigationPages {
  private ordered?: string[];
  private first?: { file?: string };

  constructor(
    private readonly model: NavigationModel,
    private readonly pages: ReadonlyMap<string, string>,
    /** The navigation's pages before an edit of entries that name no page: what they worked out holds. */
    before?: NavigationPages,
  ) {
    this.ordered = before?.ordered;
    this.first = before?.first;
  }

  /** In the navigation's order. */
  order(): string[] {
    return (this.ordered ??= [...this.routes()].filter((route) => this.pages.has(route)));
  }

  /** The file of the navigation's first page that exists: what "/" serves when the site has no index page. */
  home(): string | undefined {
    if (!this.first) {
      this.first = {};
      for (const route of this.routes()) {
        if (!this.pages.has(route)) continue;
        this.first.file = this.pages.get(route);
        break;
      }
    }
    return this.first.file;
  }

  /** The page paths the navigation lists, in order ("guides/setup"). */
  private *routes(): Generator<string> {
    for (let slot = 0; slot < this.model.pageCount; slot++) {
      const { value } = this.model.entryAt(slot);
      if (parseOperation(value)) continue;
      const page = pagePath(value);
      if (page.kind === 'page') yield page.path;
    }
  }
}

/**
 * Whether an edit of page entries made on the pages `from` left the entries that name a page file
 * (as written or without its slashes) or an operation as they were, in the same order: the others
 * change neither which pages the navigation lists nor their order.
 */
function namesNoPage(edit: PagesEdit | undefined, from: symbol, pages: ReadonlyMap<string, string>): boolean {
  if (edit?.from !== from) return false;
  const namesPage = (entry: string) => {
    if (parseOperation(entry)) return true;
    const page = pagePath(entry);
    return page.kind === 'page' && (pages.has(page.path) || pages.has(trimSlashes(page.path)));
  };
  const [before, after] = [edit.removed.filter(namesPage), edit.added.filter(namesPage)];
  return before.length === after.length && before.every((entry, index) => entry === after[index]);
}

/** The element whose `openapi` is in force on an element: itself or its nearest ancestor that declares one. */
function specOwner(element: NavElement): NavElement | undefined {
  for (let at: NavElement | undefined = element; at; at = at.parent) if (at.ownOpenapi) return at;
  return undefined;
}

function sameSpec(declared: string, named: string): boolean {
  return trimSlashes(declared) === trimSlashes(named);
}

/** The `directory` of the first spec declaration in force (an element declaring a spec without one resets it), else "api-reference". */
function directoryOf(element: NavElement): string {
  for (let at: NavElement | undefined = element; at; at = at.parent) {
    const openapi = at.value.openapi;
    const first = Array.isArray(openapi) ? openapi[0] : openapi;
    if (isRecord(first) && typeof first.directory === 'string') return trimSlashes(first.directory);
    if (first !== undefined) break;
  }
  return 'api-reference';
}

/** "x", else "x-1", "x-2"… as the platform numbers pages of one spec that would share a route. */
function uniqueRoute(route: string, used: readonly string[]): string {
  if (!used.includes(route)) return route;
  let count = 1;
  while (used.includes(`${route}-${count}`)) count++;
  return `${route}-${count}`;
}

/** Route -> page file: `x.mdx` (before `x.md`) at "x", and `x/index.mdx` at "x" too unless a page is there. */
function pageRoutes(files: SiteFiles): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of files.pageFiles) {
    const page = pageOf(file)!;
    if (!pages.has(page) || file.endsWith('.mdx')) pages.set(page, file);
    if (page === 'index' || page.endsWith('/index')) {
      const folder = page.slice(0, -'index'.length).replace(/\/$/, '');
      if (!pages.has(folder)) pages.set(folder, file);
    }
  }
  return pages;
}

/**
 * The route of an operation's page as the platform names it: its `x-mint.href`, else
 * `<directory>/<first tag>/<summary>` (or `<method>-<path>` without a summary), each part made a
 * file name (spaces to "-", path parameters, brackets, commas, dots, quotes and slashes dropped), in lower case.
 */
export function generatedRoute(directory: string, operation: Operation): string {
  if (operation.href !== undefined) return trimSlashes(normaliseRoute(operation.href)).toLowerCase();
  const title = operation.summary ? fileNameOf(operation.summary) : `${operation.webhook ? '' : `${operation.method}-`}${fileNameOf(operation.path)}`;
  return [directory, fileNameOf(operation.tag ?? ''), title]
    .join('/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/')
    .toLowerCase();
}

/** A text as the platform makes it a file name for a generated page (the route is made lower case after). */
function fileNameOf(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-');
}

export function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
