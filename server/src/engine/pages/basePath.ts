import type { RelatedPlace, Suggestion } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import { isRecord } from '../model/cursor';
import { redirectListOf } from '../redirects/redirectList';
import { compileRoutePattern } from '../redirects/redirectPattern';
import { plural } from '../text';
import type { Routes } from './routes';
import { checkedFiles, type SiteCheckContext } from './siteCheck';
import type { SiteGraph } from './siteGraph';
import type { PageReference } from './stretchScan';

/*
 * A site served under a base path (`/docs`, set in the platform's dashboard) has routes without
 * it: the platform adds it to every URL. Writers who put it into redirects and links
 * (`/docs/quickstart` where the page is `/quickstart`) break each of them, often by the hundred.
 * When at least `basePathGroupMin` redirects and links start with the same first segment, which
 * is no folder of the site's pages, and each leads to a page once it is dropped, the cause is told
 * once, at the first of them (the first such redirect, else the first such link in the pages in
 * path order), with every other one as related information and one fix that removes the prefix
 * everywhere; the others are not reported one by one. Fewer are each told the cause.
 */

/** How many redirects and links must share a prefix before it is told once for all of them. */
export const basePathGroupMin = 3;

/** A redirect's path or a link written with a base path: where, and what to write instead. */
export interface BasePathUse {
  kind: 'redirect' | 'link';
  file: string;
  /** A redirect's JSON string (its quotes included), or a link's target as written. */
  range: OffsetRange;
  /** The path as written ("/docs/quickstart#install") and without the prefix ("/quickstart#install"). */
  written: string;
  fixed: string;
  /** The text that replaces the range. */
  replacement: string;
}

/** Every redirect and link of a site written with one prefix. */
export interface BasePathGroup {
  prefix: string;
  /** Redirects first (a destination, then its source when it has the prefix too), in list order; then links, by page in path order. */
  uses: BasePathUse[];
  /** How many redirects and how many links (a redirect with the prefix on both sides counts once). */
  redirects: number;
  links: number;
}

/** Whether a group is large enough to be told once. */
export function isToldOnce(group: BasePathGroup): boolean {
  return group.redirects + group.links >= basePathGroupMin;
}

/** Whether a use is the group's first: where the group is reported. */
export function isFirstUse(group: BasePathGroup, file: string, range: OffsetRange): boolean {
  const first = group.uses[0];
  return first !== undefined && first.file === file && first.range.start === range.start;
}

/** What is told once for a group, at its first use: the cause with one example, the other uses as related places, one fix for all. */
export function toldOnce(group: BasePathGroup): { message: string; related: RelatedPlace[]; suggestions: Suggestion[] } {
  const [first, ...others] = group.uses;
  const { prefix, redirects, links } = group;
  const counted = redirects > 0 && links > 0 ? `${plural(redirects, 'redirect')} and ${plural(links, 'link')}` : redirects > 0 ? plural(redirects, 'redirect') : plural(links, 'link');
  const them = redirects > 0 && links > 0 ? 'redirects and links' : redirects > 0 ? 'redirects' : 'links';
  return {
    message: `${counted} start with "${prefix}", which is not part of this site's paths: "${first.written}" is "${first.fixed}". Remove the "${prefix}" prefix (the platform adds the base path a site is served under to every URL)`,
    related: others.map((use) => ({ file: use.file, range: use.range, message: `"${use.written}" is "${use.fixed}"` })),
    suggestions: [
      {
        title: `Remove "${prefix}" from the ${redirects + links} ${them}`,
        replacement: first.replacement,
        alsoEdits: others.map((use) => ({ file: use.file, range: use.range, newText: use.replacement })),
      },
    ],
  };
}

/**
 * A route ("/docs/guides/setup") whose first segment is no folder of the site's pages and whose
 * rest ("/guides/setup") is a page, generated or not, or with `:param`/`*`, matches one: the
 * prefix and the route without it.
 */
export function routeWithoutBasePath(routes: Routes, route: string): { prefix: string; route: string } | undefined {
  const slash = route.indexOf('/', 1);
  if (!route.startsWith('/') || slash < 0) return undefined;
  const prefix = route.slice(0, slash);
  const rest = route.slice(slash);
  return leadsToPages(routes, rest) && !isSiteFolder(routes, prefix.slice(1)) ? { prefix, route: rest } : undefined;
}

function leadsToPages(routes: Routes, route: string): boolean {
  const pattern = compileRoutePattern(route);
  if (!pattern.dynamic) {
    const path = route.replace(/^\/+|\/+$/g, '');
    return routes.pageAt(path) !== undefined || routes.generated.has(path);
  }
  // "/:slug*" would match any page: only a pattern under a folder of the site tells a base path.
  if (pattern.literalPrefix === '') return false;
  const matches = (path: string) => `/${path}`.startsWith(pattern.literalPrefix) && pattern.match(`/${path}`) !== undefined;
  for (const path of routes.pages.keys()) if (matches(path)) return true;
  for (const path of routes.generated.keys()) if (matches(path)) return true;
  return false;
}

/** A link written with a base path: the prefix and the link without it ("/docs/setup#install" -> "/setup#install"), when that leads somewhere. */
export function linkWithoutBasePath(graph: SiteGraph, written: string, fromFile: string): { prefix: string; fixed: string } | undefined {
  const match = /^\/([^/?#]+)(\/[^?#]*[^?#/][^?#]*)?([?#].*)?$/.exec(written.trim());
  if (!match || match[2] === undefined) return undefined;
  const prefix = `/${match[1]}`;
  const fixed = `${match[2]}${match[3] ?? ''}`;
  if (graph.resolveLink(fixed, fromFile).kind !== 'found' || isSiteFolder(graph.routes, match[1])) return undefined;
  return { prefix, fixed };
}

/** Whether the site serves pages at or below a path: then it is part of the site's paths, not a base path. */
function isSiteFolder(routes: Routes, path: string): boolean {
  if (routes.pageAt(path) !== undefined || routes.firstPageIn(path) !== undefined) return true;
  const below = `${path}/`;
  for (const route of routes.generated.keys()) if (route.startsWith(below)) return true;
  return false;
}

/**
 * A literal `<a href>` is not the platform's link: it reaches the reader's browser as written,
 * with no base path added, so a base path in it is right on a site served under it.
 */
export function isLiteralAnchor(reference: PageReference): boolean {
  return reference.kind === 'attribute' && reference.tag === 'a';
}

/** Whether a literal `<a>`'s target may hold the base path the site is served under: it leads to a page without its first segment, or that segment is the prefix of many links and redirects. */
export function mayHoldBasePath(ctx: SiteCheckContext, reference: PageReference, fromFile: string): boolean {
  if (!isLiteralAnchor(reference)) return false;
  if (linkWithoutBasePath(ctx.graph, reference.target, fromFile)) return true;
  const prefix = /^\/[^/?#]+(?=\/)/.exec(reference.target.trim())?.[0];
  return prefix !== undefined && isToldOnce(basePathGroup(ctx, prefix));
}

const groups = new WeakMap<SiteCheckContext, Map<string, BasePathGroup>>();

/** Every redirect and link of the site written with a prefix, worked out once per check of a site. */
export function basePathGroup(ctx: SiteCheckContext, prefix: string): BasePathGroup {
  let byPrefix = groups.get(ctx);
  if (!byPrefix) groups.set(ctx, (byPrefix = new Map()));
  let group = byPrefix.get(prefix);
  if (!group) byPrefix.set(prefix, (group = findGroup(ctx.graph, prefix)));
  return group;
}

function findGroup(graph: SiteGraph, prefix: string): BasePathGroup {
  const group: BasePathGroup = { prefix, uses: [], redirects: 0, links: 0 };
  addRedirectUses(graph, group);
  const start = `${prefix}/`;
  for (const file of checkedFiles(graph)) {
    const page = graph.page(file);
    if (!page) continue;
    for (const reference of page.references) {
      if (reference.kind === 'import' || isLiteralAnchor(reference) || (reference.label !== undefined && reference.kind !== 'definition') || !reference.target.trim().startsWith(start)) continue;
      if (graph.resolveLink(reference.target, file).kind !== 'missing') continue;
      const unprefixed = linkWithoutBasePath(graph, reference.target, file);
      if (unprefixed?.prefix !== prefix) continue;
      group.links++;
      group.uses.push({ kind: 'link', file, range: reference.range, written: reference.target, fixed: unprefixed.fixed, replacement: unprefixed.fixed });
    }
  }
  return group;
}

/** The redirects whose destination is a page once the prefix is dropped; their source too, when written with it. */
function addRedirectUses(graph: SiteGraph, group: BasePathGroup): void {
  const list = graph.check && redirectListOf(graph.check);
  if (!list) return;
  const found: { index: number; key: 'source' | 'destination'; written: string; fixed: string }[] = [];
  list.items.forEach((item, index) => {
    if (!isRecord(item) || typeof item.source !== 'string' || typeof item.destination !== 'string') return;
    const destination = item.destination;
    if (graph.routes.lookup(destination.replace(/^\/+|\/+$/g, '')) !== undefined) return;
    const unprefixed = routeWithoutBasePath(graph.routes, destination);
    if (unprefixed?.prefix !== group.prefix) return;
    group.redirects++;
    found.push({ index, key: 'destination', written: destination, fixed: unprefixed.route });
    if (item.source.startsWith(`${group.prefix}/`)) found.push({ index, key: 'source', written: item.source, fixed: item.source.slice(group.prefix.length) });
  });
  const ranges = list.document.json.locate(found.map(({ index, key }) => ({ path: [...list.path, index, key], target: 'value' as const })));
  found.forEach(({ written, fixed }, at) => {
    const range = ranges[at];
    if (range) group.uses.push({ kind: 'redirect', file: list.document.path, range, written, fixed, replacement: JSON.stringify(fixed) });
  });
}
