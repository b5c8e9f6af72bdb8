import type { Code } from '../codes';
import type { Severity, Suggestion } from '../diagnostic';
import type { JsonPath } from '../json/path';
import { isRecord } from '../model/cursor';
import type { Routes } from '../pages/routes';
import type { SiteRule } from '../pages/siteCheck';
import { indexedRedirect, isQualifiedSource, RedirectIndex, writtenSource, type IndexedRedirect } from '../redirects/redirectIndex';
import { redirectListOf } from '../redirects/redirectList';
import { compileRoutePattern, substitute, type RoutePattern } from '../redirects/redirectPattern';
import { basePathGroup, isToldOnce, routeWithoutBasePath, toldOnce } from '../pages/basePath';
import { Suggestions } from '../suggest';

/**
 * The "redirects" of docs.json against the routes of its site: duplicate sources, sources that
 * hide pages, destinations that lead nowhere, chains and loops. Reported where the list is written
 * (docs.json, or the file its "$ref" names).
 */
export const redirectRule: SiteRule = {
  codes: ['redirect/duplicate-source', 'redirect/shadows-page', 'redirect/missing-destination', 'redirect/folder-destination', 'redirect/chain', 'redirect/loop', 'link/base-path'],
  start(ctx) {
    return {
      site() {
        const { check, routes } = ctx.graph;
        const list = check && redirectListOf(check);
        if (!list) return;
        const { document } = list;
        const found = problemsOf(list.items, routes);
        for (const { intoSpec } of found) {
          const spec = intoSpec === undefined ? undefined : routes.uncheckedSpecs.get(intoSpec);
          if (spec) ctx.countUncheckedInto(spec);
        }
        // Redirects written with a base path that many redirects and links share: told once, at the first of them.
        const toldOnceFor = new Set<string>();
        const problems = found.filter(({ intoSpec, basePath }) => {
          if (intoSpec !== undefined) return false;
          if (basePath === undefined || !isToldOnce(basePathGroup(ctx, basePath))) return true;
          toldOnceFor.add(basePath);
          return false;
        });
        for (const prefix of toldOnceFor) {
          const group = basePathGroup(ctx, prefix);
          const first = group.uses[0];
          if (first?.kind === 'redirect') ctx.report(first.file, { range: first.range, code: 'link/base-path', ...toldOnce(group) });
        }
        const ranges = document.json.locate(problems.map((problem) => ({ path: [...list.path, ...problem.path], target: 'value' })));
        problems.forEach(({ code, message, severity, suggestions }, index) => ctx.report(document.path, { range: ranges[index] ?? { start: 0, end: 0 }, code, message, severity, suggestions }));
      },
    };
  },
};

/**
 * What the rule worked out on the routes of one set of files (the map of page routes stands for
 * it: a check after an edit of docs.json keeps the map of the last, as the files did not change).
 * Checking the redirects against 20,000 routes again after each keystroke would cost more than
 * the re-check itself.
 */
interface Remembered {
  /** The paths of page files ("guides/setup", no "/" first: the map's own keys), in order. */
  filePaths?: string[];
  /** The problems, and the redirects and generated pages they were found with (as JSON). */
  last?: { inputs: string; problems: RedirectProblem[] };
}

const remembered = new WeakMap<ReadonlyMap<string, string>, Remembered>();

/** The problems of docs.json's redirects on a site's routes, worked out again only when either changed. */
function problemsOf(redirects: unknown[], routes: Routes): RedirectProblem[] {
  let memo = remembered.get(routes.pages);
  if (!memo) remembered.set(routes.pages, (memo = {}));
  const generated = [...routes.generated.values()].map(({ route, operation, spec }) => [route, operation.method, operation.path, spec]);
  const unchecked = [...routes.uncheckedSpecs.values()].map(({ url, directory }) => [url, directory]);
  const inputs = JSON.stringify([redirects, generated, unchecked]);
  if (memo.last?.inputs !== inputs) memo.last = { inputs, problems: redirectProblems(redirects, siteRoutes(routes, memo)) };
  return memo.last.problems;
}

/** What the site serves at a route ("/guides/setup", no trailing slash). */
interface SiteRoutes {
  /** What serves a route: a page file, a page generated from an API operation, or a static file. */
  resolve(route: string): { kind: 'page' | 'file'; file: string; firstPage?: boolean } | undefined;
  /** Every path a page is served at ("guides/setup" for the route "/guides/setup"), in order. */
  pagePaths(): string[];
  /** The URL of a spec not read whose pages may be at a route. */
  uncheckedSpecAt(route: string): string | undefined;
  /** The route of the page to link a folder without an index page as ("/qstash" -> "/qstash/overall/getstarted"). */
  firstPageIn(route: string): string | undefined;
  /** A route written with the base path the site is served under ("/docs/guides/setup"): the prefix and the page's route. */
  withoutBasePath(route: string): { prefix: string; route: string } | undefined;
}

/** The site graph's routes as the redirect checks see them. */
function siteRoutes(routes: Routes, memo: Remembered): SiteRoutes {
  return {
    resolve(route) {
      const path = route.slice(1);
      const page = routes.pageAt(path);
      // With no index page, "/" shows the navigation's first page: a redirect of "/" hides nothing.
      if (page !== undefined) return { kind: 'page', file: page, firstPage: !routes.pages.has(path) };
      const generated = routes.generated.get(path);
      if (generated) return { kind: 'page', file: `the API page of ${generated.operation.method} ${generated.operation.path} (${generated.spec})` };
      return routes.files.has(path) ? { kind: 'file', file: path } : undefined;
    },
    firstPageIn(route) {
      const page = routes.firstPageIn(route.slice(1));
      return page === undefined ? undefined : `/${page}`;
    },
    uncheckedSpecAt(route) {
      return routes.uncheckedSpecAt(route.slice(1))?.url;
    },
    withoutBasePath(route) {
      return routeWithoutBasePath(routes, route);
    },
    pagePaths() {
      const files = (memo.filePaths ??= [...routes.pages.keys()].sort());
      return routes.generated.size === 0 ? files : mergeSorted(files, [...routes.generated.keys()].sort());
    },
  };
}

interface RedirectProblem {
  /** Set on a destination where the pages of a spec not read may be (its URL): counted for that spec, not reported. */
  intoSpec?: string;
  /** Set on a destination written with a base path (the prefix): told once with the others when many share it. */
  basePath?: string;
  path: JsonPath;
  code: Code;
  message: string;
  severity?: Severity;
  suggestions?: Suggestion[];
}

type Redirect = IndexedRedirect;

const external = /^([a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)/;
/** How many redirects a chain may follow before it is taken for a loop. */
const maxHops = 32;

/** The problems of docs.json's "redirects", at their JSON paths in the list ([index, "source"]). */
function redirectProblems(list: unknown[], routes: SiteRoutes): RedirectProblem[] {
  const problems: RedirectProblem[] = [];
  const ctx: Reporter = { report: (problem) => problems.push(problem) };

  const redirects: Redirect[] = [];
  const index = new RedirectIndex();
  const seen = new Map<string, { index: number; destination: string }>();
  list.forEach((item, at) => {
    if (!isRecord(item) || typeof item.source !== 'string' || typeof item.destination !== 'string') return;
    const written = writtenSource(item.source);
    const first = seen.get(written);
    if (first) {
      ctx.report({
        path: [at, 'source'],
        code: 'redirect/duplicate-source',
        message: `"${item.source}" is already redirected by redirect ${first.index + 1} (to "${first.destination}"): only one of them takes effect`,
      });
      return;
    }
    seen.set(written, { index: at, destination: item.destination });
    // A source with a query or a fragment applies to those links only: it neither hides a page nor continues a chain.
    if (isQualifiedSource(item.source)) return;
    const redirect = indexedRedirect(item.source, item.destination, at);
    index.add(redirect);
    redirects.push(redirect);
  });

  let pageRoutes: SortedRoutes | undefined;
  const allPageRoutes = () => (pageRoutes ??= new SortedRoutes(routes.pagePaths()));
  const redirectOf = (route: string): { redirect: Redirect; target?: string } | undefined => {
    const found = index.find(route);
    if (!found) return undefined;
    const { redirect, values } = found;
    return { redirect, target: external.test(redirect.destination) ? undefined : substitute(redirect.destination, values) };
  };

  for (const redirect of redirects) {
    checkShadowedPages(ctx, redirect, routes, allPageRoutes);
    if (external.test(redirect.destination)) continue;
    const destination = compileRoutePattern(redirect.destination);
    if (destination.dynamic) {
      if (!allPageRoutes().withPrefix(destination.literalPrefix).some((route) => destination.match(route)) && !index.dynamicAbove(destination.literalPrefix || '/').some((other) => other !== redirect && sharesPrefix(other.source, destination))) {
        // The routes the pattern matches are below its literal start ("/api-reference/:slug*": below "/api-reference/").
        const intoSpec = routes.uncheckedSpecAt(`${destination.literalPrefix}/`);
        const unprefixed = intoSpec ? undefined : routes.withoutBasePath(redirect.destination);
        if (intoSpec) ctx.report({ intoSpec, path: [], code: 'redirect/missing-destination', message: '' });
        else if (unprefixed) reportBasePath(ctx, redirect, unprefixed, 'matches pages');
        else reportDestination(ctx, redirect, `No page matches "${redirect.destination}": the redirect leads nowhere`);
      }
      continue;
    }
    checkStaticDestination(ctx, redirect, destination.route, routes, redirectOf, allPageRoutes);
  }
  return problems;
}

interface Reporter {
  report(problem: RedirectProblem): void;
}

function checkShadowedPages(ctx: Reporter, redirect: Redirect, routes: SiteRoutes, allPageRoutes: () => SortedRoutes): void {
  const at = { path: [redirect.index, 'source'], code: 'redirect/shadows-page' as const };
  if (!redirect.source.dynamic) {
    const served = routes.resolve(redirect.source.route);
    if (served?.kind === 'page' && !served.firstPage) {
      ctx.report({ ...at, message: `"${redirect.source.route}" is the page ${served.file}: this redirect sends its visitors to "${redirect.destination}", so the page is never shown` });
    }
    return;
  }
  const hidden = allPageRoutes().withPrefix(redirect.source.literalPrefix).filter((route) => redirect.source.match(route));
  if (hidden.length === 0) return;
  const files = hidden.slice(0, 3).map((route) => routes.resolve(route)?.file ?? route);
  ctx.report({
    ...at,
    message: `"${redirect.source.route}" matches ${hidden.length === 1 ? 'the page' : `${hidden.length} pages:`} ${files.join(', ')}${hidden.length > 3 ? ', …' : ''}: ${hidden.length === 1 ? 'it is' : 'they are'} never shown, as this redirect sends their visitors elsewhere`,
  });
}

function checkStaticDestination(
  ctx: Reporter,
  redirect: Redirect,
  destination: string,
  routes: SiteRoutes,
  redirectOf: (route: string) => { redirect: Redirect; target?: string } | undefined,
  allPageRoutes: () => SortedRoutes,
): void {
  const chain: string[] = [redirect.source.route, destination];
  const seen = new Set<Redirect>([redirect]);
  let current = destination;
  for (let hop = 0; ; hop++) {
    const next = redirectOf(current);
    if (!next) break;
    if (seen.has(next.redirect) || hop >= maxHops) {
      reportDestination(ctx, redirect, `Redirect loop: ${chain.map((route) => `"${route}"`).join(' → ')}: visitors never reach a page`, 'redirect/loop');
      return;
    }
    seen.add(next.redirect);
    if (next.target === undefined) {
      // An external destination or one that cannot be worked out ends the chain.
      chain.push(next.redirect.destination);
      current = '';
      break;
    }
    chain.push(next.target);
    current = next.target;
  }
  if (chain.length > 2) {
    const last = chain[chain.length - 1];
    // The platform follows the chain: a redirect whose chain ends nowhere leads nowhere too.
    if (current !== '' && !routes.resolve(current)) {
      checkMissingDestination(ctx, redirect, current, routes, allPageRoutes, chain.slice(1));
      return;
    }
    ctx.report({
      path: [redirect.index, 'destination'],
      code: 'redirect/chain',
      message: `"${destination}" is redirected again: ${chain.slice(1).map((route) => `"${route}"`).join(' → ')}. Point this redirect straight at "${last}"`,
      suggestions: [{ title: `Change to "${last}"`, replacement: JSON.stringify(last) }],
    });
    return;
  }
  if (routes.resolve(destination)) return;
  checkMissingDestination(ctx, redirect, destination, routes, allPageRoutes);
}

/**
 * A redirect whose destination, or the end of the chain of redirects it leads into (`chain`, from
 * its destination on), is not served: a page a spec not read may make, a base path, a folder
 * without an index page, or nowhere.
 */
function checkMissingDestination(ctx: Reporter, redirect: Redirect, end: string, routes: SiteRoutes, allPageRoutes: () => SortedRoutes, chain?: string[]): void {
  const intoSpec = routes.uncheckedSpecAt(end);
  if (intoSpec) {
    ctx.report({ intoSpec, path: [], code: 'redirect/missing-destination', message: '' });
    return;
  }
  const unprefixed = chain ? undefined : routes.withoutBasePath(end);
  if (unprefixed) {
    reportBasePath(ctx, redirect, unprefixed, 'is a page');
    return;
  }
  const folderPage = routes.firstPageIn(end);
  const suggestion = folderPage ?? allPageRoutes().closest(end);
  const what = chain ? `"${chain[0]}" is redirected again: ${chain.map((route) => `"${route}"`).join(' → ')}, and "${end}"` : `"${redirect.destination}"`;
  reportDestination(
    ctx,
    redirect,
    folderPage
      ? `${what} is a folder with no index page: no page of the site is at ${end}. Redirect to its first page, "${folderPage}"`
      : `${what} is not a page, a file or another redirect's source: the redirect leads nowhere${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
    folderPage ? 'redirect/folder-destination' : 'redirect/missing-destination',
    suggestion,
  );
}

/** A destination written with the base path the site is served under: told with the others that share it (see pages/basePath.ts). */
function reportBasePath(ctx: Reporter, redirect: Redirect, { prefix, route }: { prefix: string; route: string }, what: string): void {
  reportDestination(
    { report: (problem) => ctx.report({ ...problem, basePath: prefix }) },
    redirect,
    `"${redirect.destination}" leads nowhere, but "${route}" ${what}: routes never hold the base path the site is served under ("${prefix}" set in the dashboard), so write "${route}"`,
    'redirect/missing-destination',
    route,
  );
}

function reportDestination(ctx: Reporter, redirect: Redirect, message: string, code: Code = 'redirect/missing-destination', suggestion?: string): void {
  ctx.report({
    path: [redirect.index, 'destination'],
    code,
    message,
    suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(suggestion) }] : undefined,
  });
}

/** Page routes in order, so that the routes under a prefix are found by binary search. */
class SortedRoutes {
  private routes?: string[];
  private suggestions?: Suggestions;

  /** The paths of the routes, without their "/", in order: kept as the site's maps hold them, the routes made when asked for. */
  constructor(private readonly paths: readonly string[]) {}

  get all(): string[] {
    return (this.routes ??= this.paths.map((path) => `/${path}`));
  }

  /** The route closest to a missing one (`didYouMean`), the routes indexed when first asked. */
  closest(route: string): string | undefined {
    return (this.suggestions ??= new Suggestions(this.all)).closest(route);
  }

  /** The routes equal to the prefix or below it ("/docs" holds "/docs" and "/docs/x", not "/docsy"); the prefix is a pattern's literal start, "" or a route. */
  withPrefix(prefix: string): string[] {
    if (prefix === '') return this.all;
    const bare = prefix.slice(1);
    const { paths } = this;
    let low = 0;
    let high = paths.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (paths[mid] < bare) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < paths.length && paths[i].startsWith(bare); i++) {
      const path = paths[i];
      if (path.length === bare.length || path.charCodeAt(bare.length) === 47) found.push(`/${path}`);
    }
    return found;
  }
}

/** Two lists in order as one. */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(a[i] <= b[j] ? a[i++] : b[j++]);
  while (i < a.length) merged.push(a[i++]);
  while (j < b.length) merged.push(b[j++]);
  return merged;
}

/** Whether a wildcard source covers the literal start of a wildcard destination (a chain of wildcard redirects). */
function sharesPrefix(source: RoutePattern, destination: RoutePattern): boolean {
  const literal = (pattern: RoutePattern) => pattern.route.split('/').filter((segment) => segment !== '' && !segment.startsWith(':') && segment !== '*');
  const sourcePrefix = literal(source);
  const destinationPrefix = literal(destination);
  return sourcePrefix.length <= destinationPrefix.length && sourcePrefix.every((segment, index) => destinationPrefix[index] === segment);
}
