import { CheckContext, type CheckOptions } from './checkContext';
import { compareDiagnostics, toDiagnostic, type Diagnostic, type Problem } from './diagnostic';
import { isIconLibrary, type IconLibrary } from './icons/iconNames';
import { buildNavigation, specDeclarations, type NavigationVisitor } from './model/buildNavigation';
import { childCursor, Cursor, isRecord } from './model/cursor';
import { NavigationModel, PageEntry, type SpecDeclaration } from './model/navigationModel';
import { sourceDocument, type SourceDocument } from './model/sourceDocument';
import { SpecCache } from './openapi/openapiSpec';
import { elementChecker } from './rules/elementRule';
import { iconHook } from './rules/iconRule';
import { legacyTopLevelKeys } from './rules/legacyKeys';
import { checkOperations, loadSpecs, type SpecStatus } from './rules/openapiRule';
import type { UnitTable } from './recheck/units';
import { checkPage } from './rules/pageRule';
import { checkRedirects, fileRoutes } from './rules/redirectRule';
import { docsSchema } from './schema/schema';
import { validate, type DefinitionHook, type ValidationOptions } from './schema/validate';
import type { SiteHost } from './site/siteHost';

export interface CheckedDocument {
  document: SourceDocument;
  diagnostics: Diagnostic[];
}

export interface CheckResult {
  /** The docs.json and every file it pulled in with "$ref", each with its own diagnostics. */
  documents: Map<string, CheckedDocument>;
  model: NavigationModel;
  siteIconLibrary: IconLibrary;
  /** What a re-check after an edit of the docs.json text builds on (see recheck/recheck.ts). */
  basis: CheckBasis;
}

export interface CheckBasis {
  /** Root-relative path of the docs.json. */
  mainPath: string;
  host: SiteHost;
  options: CheckOptions;
  specCache: SpecCache;
  /** Every spec declared in the navigation or in api.openapi, with what loading it found. */
  statuses: Map<SpecDeclaration, SpecStatus>;
  /** Set once a re-check has taken over this result: it changes the parsed value in place. */
  consumed: boolean;
  /** Where each re-checkable part of the docs.json is, built by the first re-check. */
  units?: UnitTable;
}

const defaultSpecCache = new SpecCache();

/** Checks a docs.json text against every rule, with the site's files for references. */
export function checkDocsJson(
  text: string,
  host: SiteHost,
  options: CheckOptions = {},
  path = 'docs.json',
  specCache: SpecCache = defaultSpecCache,
): CheckResult {
  const main = sourceDocument(path, text);
  const ctx = new CheckContext(host, options, main);
  ctx.reportSyntaxProblems(main);
  const root = new Cursor(main.json.value, main, []);
  let model = new NavigationModel();
  let siteIconLibrary: IconLibrary = 'fontawesome';
  let statuses = new Map<SpecDeclaration, SpecStatus>();

  if (main.json.value !== undefined && !isRecord(main.json.value)) {
    ctx.report({ cursor: root, target: 'start', code: 'schema/type', message: 'docs.json must hold a JSON object' });
  } else if (isRecord(main.json.value)) {
    const value = main.json.value;
    const icons = isRecord(value.icons) ? value.icons : {};
    if (isIconLibrary(icons.library)) siteIconLibrary = icons.library;
    const hooks = { icon: iconHook(ctx, siteIconLibrary) };

    validate(ctx, root, docsSchema, {}, topLevelOptions(hooks));
    if (!('navigation' in value)) {
      ctx.report({ cursor: root, target: 'start', code: 'schema/required', message: 'docs.json is missing "navigation"', data: { key: 'navigation' } });
    } else {
      const siteSpecs = siteSpecDeclarations(ctx, root);
      const operations: PageEntry[] = [];
      model = buildNavigation(ctx, childCursor(root, 'navigation', value.navigation), siteSpecs, navigationRules(ctx, hooks, operations));
      const declarations = new Set<SpecDeclaration>(siteSpecs);
      for (const element of model.elements) if (element.ownOpenapi) element.openapi.forEach((d) => declarations.add(d));
      statuses = loadSpecs(ctx, specCache, [...declarations]);
      checkOperations(ctx, specCache, operations, statuses);
    }
    checkRedirects(ctx, root, fileRoutes(host.files));
  }
  return {
    documents: locateProblems(ctx),
    model,
    siteIconLibrary,
    basis: { mainPath: path, host, options, specCache, statuses, consumed: false },
  };
}

/** The rules on each element and page entry; operation entries are collected for when the specs are loaded. */
export function navigationRules(ctx: CheckContext, hooks: Record<string, DefinitionHook>, operations: PageEntry[]): NavigationVisitor {
  return {
    element: elementChecker(ctx, hooks),
    page: (owner, index, value) => {
      if (checkPage(ctx, owner, index, value)) operations.push(new PageEntry(owner, index));
    },
  };
}

const topLevelSkippedKeys = new Set(['navigation']);

export function topLevelOptions(hooks: Record<string, DefinitionHook>): ValidationOptions {
  return { hooks, skipKeys: topLevelSkippedKeys, legacyKeys: legacyTopLevelKeys };
}

function siteSpecDeclarations(ctx: CheckContext, root: Cursor): SpecDeclaration[] {
  const value = root.value as Record<string, unknown>;
  if (!isRecord(value.api)) return [];
  const api = ctx.deref(childCursor(root, 'api', value.api));
  if (!api || !isRecord(api.value)) return [];
  return specDeclarations(childCursor(api, 'openapi', api.value.openapi));
}

/** Turns every problem's JSON path into a range, one pass per file. */
function locateProblems(ctx: CheckContext): Map<string, CheckedDocument> {
  const byDocument = new Map<string, CheckedDocument>();
  for (const document of ctx.documents.values()) byDocument.set(document.path, { document, diagnostics: [] });
  const pending = new Map<SourceDocument, Problem[]>();
  for (const problem of ctx.problems) {
    let list = pending.get(problem.document);
    if (!list) pending.set(problem.document, (list = []));
    list.push(problem);
  }
  for (const [document, problems] of pending) {
    const located = problems.filter((p) => !p.range);
    const ranges = document.json.locate(located.map((p) => ({ path: p.path, target: p.target })));
    const rangeOf = new Map(located.map((problem, index) => [problem, ranges[index]]));
    const diagnostics = byDocument.get(document.path)!.diagnostics;
    for (const problem of problems) {
      const range = problem.range ?? rangeOf.get(problem) ?? { start: 0, end: 0 };
      diagnostics.push(toDiagnostic(problem, range));
    }
    diagnostics.sort(compareDiagnostics);
  }
  return byDocument;
}
