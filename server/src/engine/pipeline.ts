import { CheckContext, type CheckOptions } from './checkContext';
import { isIconLibrary, type IconLibrary } from './icons/iconNames';
import { buildNavigation, buildSubtree, specDeclarations } from './model/buildNavigation';
import { childCursor, isRecord, type Cursor } from './model/cursor';
import { NavigationModel, type NavElement, type SpecDeclaration } from './model/navigationModel';
import type { SourceDocument } from './model/sourceDocument';
import { loadSpecs, type SpecStatuses } from './openapi/loadSpec';
import type { SpecCache } from './openapi/openapiSpec';
import { docsJsonRules } from './rules/allRules';
import { startRules } from './rules/rule';
import type { SiteHost } from './site/siteHost';

/*
 * The steps of a check, listed once. A full check (check.ts) runs them all on the whole
 * docs.json; a re-check (recheck/recheck.ts) runs the same steps on the one part an edit changed:
 *   1. start: a context with every rule started            startCheck
 *   2. the top-level value (schema)                          checkTopLevel | checkTopLevelMember
 *   3. the navigation walked into a model, rules on the way  walkNavigation | walkSubtree
 *   4. the specs it declares loaded, operations checked      checkSpecs
 */

/** Step 1: a context for one check with every rule started on it. */
export function startCheck(host: SiteHost, options: CheckOptions, main: SourceDocument, siteIconLibrary: IconLibrary, specCache: SpecCache): CheckContext {
  const ctx = new CheckContext(host, options, main, siteIconLibrary, specCache);
  ctx.rules = startRules(ctx, docsJsonRules);
  return ctx;
}

/** The site-wide icon library of a docs.json value: "icons.library", else Font Awesome. */
export function siteIconLibraryOf(value: unknown): IconLibrary {
  const icons = isRecord(value) && isRecord(value.icons) ? value.icons : undefined;
  return icons && isIconLibrary(icons.library) ? icons.library : 'fontawesome';
}

/** Step 2: the docs.json's top-level value. */
export function checkTopLevel(ctx: CheckContext, root: Cursor): void {
  ctx.rules.root(root);
}

/** Step 2, for a re-check of one top-level member. */
export function checkTopLevelMember(ctx: CheckContext, root: Cursor, key: string): void {
  ctx.rules.topLevelMember(root, key);
}

/** Step 3: the navigation walked into a model, every rule running on each element and page on the way. */
export function walkNavigation(ctx: CheckContext, navigation: Cursor, siteSpecs: SpecDeclaration[]): NavigationModel {
  return buildNavigation(ctx, navigation, siteSpecs, ctx.rules);
}

/** Step 3, for a re-check of one element: walked in the place of `like`; its elements and pages go to a model of their own. */
export function walkSubtree(ctx: CheckContext, like: NavElement, cursor: Cursor): { element: NavElement; subtree: NavigationModel } {
  const subtree = new NavigationModel();
  const element = buildSubtree({ refs: ctx, model: subtree, visitor: ctx.rules }, like, cursor);
  return { element, subtree };
}

/**
 * Step 4: loads the specs declared (those not loaded yet), then lets the rules check against
 * every spec in force. Returns the statuses in force, the new ones included.
 */
export function checkSpecs(ctx: CheckContext, declarations: Iterable<SpecDeclaration>, inForce: SpecStatuses): SpecStatuses {
  const loaded = loadSpecs(ctx.host, ctx.specCache, declarations, ctx.options.remoteSpecs);
  const statuses = inForce.size === 0 ? loaded : new Map([...inForce, ...loaded]);
  ctx.rules.specs(loaded, statuses);
  return statuses;
}

/** The specs declared in api.openapi (the site's default). */
export function siteSpecDeclarations(ctx: CheckContext, root: Cursor): SpecDeclaration[] {
  const value = root.value as Record<string, unknown>;
  if (!isRecord(value.api)) return [];
  const api = ctx.deref(childCursor(root, 'api', value.api));
  if (!api || !isRecord(api.value)) return [];
  return specDeclarations(childCursor(api, 'openapi', api.value.openapi));
}

/** The specs elements declare themselves, and those given besides. */
export function declaredSpecs(elements: Iterable<NavElement>, besides: readonly SpecDeclaration[] = []): Set<SpecDeclaration> {
  const declarations = new Set<SpecDeclaration>(besides);
  for (const element of elements) if (element.ownOpenapi) element.openapi.forEach((declaration) => declarations.add(declaration));
  return declarations;
}
