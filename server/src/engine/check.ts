import type { CheckContext, CheckOptions } from './checkContext';
import type { CheckedDocument, CheckResult } from './checkResult';
import { compareDiagnostics, toDiagnostic, type Problem } from './diagnostic';
import { childCursor, Cursor, isRecord } from './model/cursor';
import { NavigationModel } from './model/navigationModel';
import { sourceDocument, type SourceDocument } from './model/sourceDocument';
import type { SpecStatuses } from './openapi/loadSpec';
import { SpecCache } from './openapi/openapiSpec';
import { checkSpecs, checkTopLevel, declaredSpecs, siteIconLibraryOf, siteSpecDeclarations, startCheck, walkNavigation } from './pipeline';
import type { SiteHost } from './site/siteHost';

const defaultSpecCache = new SpecCache();

/** Checks a docs.json text against every rule, with the site's files for references (the steps: pipeline.ts). */
export function checkDocsJson(
  text: string,
  host: SiteHost,
  options: CheckOptions = {},
  path = 'docs.json',
  specCache: SpecCache = defaultSpecCache,
): CheckResult {
  const main = sourceDocument(path, text);
  const value = main.json.value;
  const siteIconLibrary = siteIconLibraryOf(value);
  const ctx = startCheck(host, options, main, siteIconLibrary, specCache);
  ctx.rules.document(main);
  const root = new Cursor(value, main, []);
  checkTopLevel(ctx, root);
  let model = new NavigationModel();
  let statuses: SpecStatuses = new Map();
  if (isRecord(value) && 'navigation' in value) {
    const siteSpecs = siteSpecDeclarations(ctx, root);
    model = walkNavigation(ctx, childCursor(root, 'navigation', value.navigation), siteSpecs);
    statuses = checkSpecs(ctx, declaredSpecs(model.elements, siteSpecs), statuses);
  }
  return {
    documents: locateProblems(ctx),
    model,
    siteIconLibrary,
    basis: { mainPath: path, host, options, specCache, statuses, consumed: false },
  };
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
