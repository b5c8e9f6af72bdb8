import { compileRoutePattern, normaliseRoute, type RoutePattern } from './redirectPattern';

/** A redirect as matched: its position in the list, its compiled source, its destination as written. */
export interface IndexedRedirect {
  index: number;
  source: RoutePattern;
  destination: string;
}

/** A redirect source as written but for a trailing slash: "/a/" and "/a" are one source, "/a?x=1" and "/a#b" are others. */
export function writtenSource(source: string): string {
  const [, path, rest] = /^([^?#]*)(.*)$/s.exec(source.trim())!;
  return normaliseRoute(path) + rest;
}

/** Whether a source applies only to links with a query or a fragment ("/a?x=1", "/a#b"; "/a/:slug?" is not one). */
export function isQualifiedSource(source: string): boolean {
  return /[?#]/.test(writtenSource(source).replace(/:[A-Za-z_]\w*\?/g, ''));
}

/**
 * The redirects of a site, found by route: a source without parameters by its route, the others
 * by the literal segments before their first parameter, so that finding the redirect of a route
 * tries only the redirects whose literal start is one of the route's own (linear in practice, where
 * trying each pattern in turn made checking thousands of redirects quadratic). One matcher for the
 * link checks and the redirect checks alike.
 */
export class RedirectIndex<R extends IndexedRedirect = IndexedRedirect> {
  private readonly exact = new Map<string, R>();
  /** Dynamic redirects by literal prefix ("" for those that start with a parameter), in written order. */
  private readonly byPrefix = new Map<string, R[]>();
  private dynamicCount = 0;

  add(redirect: R): void {
    if (!redirect.source.dynamic) {
      if (!this.exact.has(redirect.source.route)) this.exact.set(redirect.source.route, redirect);
      return;
    }
    this.dynamicCount++;
    const list = this.byPrefix.get(redirect.source.literalPrefix);
    if (list) list.push(redirect);
    else this.byPrefix.set(redirect.source.literalPrefix, [redirect]);
  }

  /** The redirect a route ("/a/b", normalised) takes: its exact source first, then the first written pattern that matches. */
  find(route: string): { redirect: R; values: Map<string, string> } | undefined {
    const exact = this.exact.get(route);
    if (exact) return { redirect: exact, values: new Map() };
    if (this.dynamicCount === 0) return undefined;
    let found: { redirect: R; values: Map<string, string> } | undefined;
    for (const prefix of literalPrefixesOf(route)) {
      for (const redirect of this.byPrefix.get(prefix) ?? []) {
        if (found && redirect.index > found.redirect.index) break;
        const values = redirect.source.match(route);
        if (values) {
          found = { redirect, values };
          break;
        }
      }
    }
    return found;
  }

  /** The dynamic redirects whose literal start is at or above a route's ("/a" and "" for "/a/b"): those that may match routes below it. */
  dynamicAbove(route: string): R[] {
    return literalPrefixesOf(route).flatMap((prefix) => this.byPrefix.get(prefix) ?? []);
  }
}

/** "", "/a", "/a/b" for "/a/b": every literal start a pattern matching the route may have. */
function literalPrefixesOf(route: string): string[] {
  const prefixes = [''];
  for (let slash = route.indexOf('/', 1); slash > 0; slash = route.indexOf('/', slash + 1)) prefixes.push(route.slice(0, slash));
  if (route !== '/') prefixes.push(route);
  return prefixes;
}

/** Compiles a redirect of docs.json ("source", "destination", its index) for an index. */
export function indexedRedirect(source: string, destination: string, index: number): IndexedRedirect {
  return { index, source: compileRoutePattern(source), destination };
}
