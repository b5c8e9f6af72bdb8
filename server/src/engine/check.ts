import { CheckContext, type CheckOptions } from './checkContext';
import type { Diagnostic, Problem } from './diagnostic';
import { isIconLibrary, type IconLibrary } from './icons/iconNames';
import { buildNavigation, specDeclarations } from './model/buildNavigation';
import { childCursor, Cursor, isRecord } from './model/cursor';
import type { NavigationModel, SpecDeclaration } from './model/navigationModel';
import { sourceDocument, type SourceDocument } from './model/sourceDocument';
import { SpecCache } from './openapi/openapiSpec';
import { checkElements } from './rules/elementRule';
import { iconHook } from './rules/iconRule';
import { legacyTopLevelKeys } from './rules/legacyKeys';
import { checkOperations, loadSpecs } from './rules/openapiRule';
import { checkPages } from './rules/pageRule';
import { docsSchema } from './schema/schema';
import { validate } from './schema/validate';
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
  let model: NavigationModel = { elements: [], pages: [] };
  let siteIconLibrary: IconLibrary = 'fontawesome';

  if (main.json.value !== undefined && !isRecord(main.json.value)) {
    ctx.report({ cursor: root, target: 'start', code: 'schema/type', message: 'docs.json must hold a JSON object' });
  } else if (isRecord(main.json.value)) {
    const value = main.json.value;
    const icons = isRecord(value.icons) ? value.icons : {};
    if (isIconLibrary(icons.library)) siteIconLibrary = icons.library;
    const hooks = { icon: iconHook(ctx, siteIconLibrary) };

    validate(ctx, root, docsSchema, {}, { hooks, skipKeys: new Set(['navigation']), legacyKeys: legacyTopLevelKeys });
    if (!('navigation' in value)) {
      ctx.report({ cursor: root, target: 'start', code: 'schema/required', message: 'docs.json is missing "navigation"', data: { key: 'navigation' } });
    } else {
      const siteSpecs = siteSpecDeclarations(ctx, root);
      model = buildNavigation(ctx, childCursor(root, 'navigation', value.navigation), siteSpecs);
      checkElements(ctx, model, hooks);
      checkPages(ctx, model.pages);
      const declarations = new Set<SpecDeclaration>(siteSpecs);
      for (const element of model.elements) if (element.ownOpenapi) element.openapi.forEach((d) => declarations.add(d));
      const statuses = loadSpecs(ctx, specCache, [...declarations]);
      checkOperations(ctx, specCache, model, statuses);
    }
  }
  return { documents: locateProblems(ctx), model, siteIconLibrary };
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
      diagnostics.push({
        range,
        severity: problem.severity,
        code: problem.code,
        message: problem.message,
        suggestions: problem.suggestions,
        unnecessary: problem.unnecessary,
        data: problem.data,
      });
    }
    diagnostics.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  }
  return byDocument;
}
