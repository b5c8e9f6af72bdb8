import { codes, type Code } from '../codes';
import { compareDiagnostics, type Diagnostic, type RelatedPlace, type Severity, type Suggestion } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import type { Rule } from '../rules/rule';
import type { PageModel } from './pageModel';
import type { UncheckedSpec } from './routes';
import type { SiteGraph } from './siteGraph';

export interface SiteProblem {
  range: OffsetRange;
  code: Code;
  message: string;
  /** The code's default (codes.ts) unless given. */
  severity?: Severity;
  suggestions?: Suggestion[];
  data?: Record<string, unknown>;
  platformMessage?: string;
  related?: RelatedPlace[];
}

/** One check of a site: the graph, and the diagnostics found so far by file (a page, or docs.json). */
export class SiteCheckContext {
  readonly diagnostics = new Map<string, Diagnostic[]>();
  /** Links and redirects that lead where the pages of a spec not read may be, by the spec's URL: counted, not reported one by one. */
  readonly uncheckedIntoSpec = new Map<string, number>();

  countUncheckedInto(spec: UncheckedSpec): void {
    this.uncheckedIntoSpec.set(spec.url, (this.uncheckedIntoSpec.get(spec.url) ?? 0) + 1);
  }

  constructor(
    readonly graph: SiteGraph,
    /** Every page of the site is checked (not only the pages an editor has open): rules that need every page's links report only then. */
    readonly wholeSite: boolean,
  ) {}

  report(file: string, { range, code, message, severity, suggestions, data, platformMessage, related }: SiteProblem): void {
    const diagnostic: Diagnostic = { range, code, message, severity: severity ?? codes[code].severity, suggestions, data, ...(platformMessage ? { platformMessage } : {}), ...(related ? { related } : {}) };
    const list = this.diagnostics.get(file);
    if (list) list.push(diagnostic);
    else this.diagnostics.set(file, [diagnostic]);
  }

  /** Sets the findings of a file to some of those found (without those its suppression comments suppress). */
  keepOnly(file: string, kept: Diagnostic[]): void {
    if (kept.length > 0) this.diagnostics.set(file, kept);
    else this.diagnostics.delete(file);
  }
}

/** A rule over a site as a whole: its pages, its routes, the docs.json check it was built on. */
export type SiteRule = Rule<SiteCheckContext, SiteHandlers>;

export interface SiteHandlers {
  /** Each page and Markdown snippet checked, read. */
  page?(page: PageModel): void;
  /** A page on which a handler threw: the other handlers of that page are not called, and the check goes on with the next page. */
  pageFailed?(page: PageModel, error: unknown): void;
  /** Once, after every page. */
  site?(): void;
}

/** Files whose text is checked: every page, and the Markdown snippets that pages import. */
export function checkedFiles(graph: SiteGraph): string[] {
  return [...graph.files.pageFiles, ...graph.files.snippetFiles.filter((file) => /\.mdx?$/.test(file))];
}

/**
 * Runs site rules over the given files of a site (the whole site: every page and Markdown
 * snippet, unless told), then once over the site; returns the diagnostics of each file that has
 * any, in document order.
 */
export function runSiteRules(graph: SiteGraph, rules: readonly SiteRule[], files?: readonly string[]): Map<string, Diagnostic[]> {
  const steps = siteRuleSteps(graph, rules, files);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `runSiteRules` one file at a time: each step yields the file it checks next and checks it at the
 * next step, the last returns the diagnostics. Dropping the generator part-way abandons the run
 * (an editor's check of the whole site in slices).
 */
export function* siteRuleSteps(graph: SiteGraph, rules: readonly SiteRule[], files?: readonly string[]): Generator<string, Map<string, Diagnostic[]>> {
  const ctx = new SiteCheckContext(graph, files === undefined);
  const handlers = rules.map((rule) => rule.start(ctx));
  const checked = files ?? checkedFiles(graph);
  for (const file of checked) {
    const page = graph.page(file);
    if (!page) continue;
    yield file;
    try {
      for (const handler of handlers) handler.page?.(page);
    } catch (error) {
      for (const handler of handlers) handler.pageFailed?.(page, error);
    }
    // A site's trees would take hundreds of MB: a whole-site check keeps none (the facts read from
    // them stay) but those of the pages being edited, whose next edit reads again only what changed.
    if (ctx.wholeSite && !graph.isEdited(file)) page.forgetMdx();
  }
  if (ctx.wholeSite) graph.mdxFacts.keepOnly(checked);
  for (const handler of handlers) handler.site?.();
  for (const list of ctx.diagnostics.values()) list.sort(compareDiagnostics);
  return ctx.diagnostics;
}
