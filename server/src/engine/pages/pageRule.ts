import { codes, type Code } from '../codes';
import { compareDiagnostics, type Diagnostic, type Severity, type Suggestion } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import type { PageModel } from './pageModel';
import type { SiteGraph } from './siteGraph';

export interface PageProblem {
  range: OffsetRange;
  code: Code;
  message: string;
  /** The code's default (codes.ts) unless given. */
  severity?: Severity;
  suggestions?: Suggestion[];
  data?: Record<string, unknown>;
}

/** One check of a site's pages: the graph, and the diagnostics found so far by file. */
export class PageCheckContext {
  readonly diagnostics = new Map<string, Diagnostic[]>();

  constructor(readonly graph: SiteGraph) {}

  report(file: string, { range, code, message, severity, suggestions, data }: PageProblem): void {
    const diagnostic: Diagnostic = { range, code, message, severity: severity ?? codes[code].severity, suggestions, data };
    const list = this.diagnostics.get(file);
    if (list) list.push(diagnostic);
    else this.diagnostics.set(file, [diagnostic]);
  }
}

/**
 * A rule over a site's pages, in the shape of the docs.json rules (rules/rule.ts): the codes it
 * can report, and handlers started once per check.
 */
export interface PageRule {
  readonly codes: readonly Code[];
  start(ctx: PageCheckContext): PageRuleHandlers;
}

export interface PageRuleHandlers {
  /** Each page and Markdown snippet of the site, read. */
  page?(page: PageModel): void;
  /** Once, after every page. */
  site?(): void;
}

/** Files whose text is checked: every page, and the Markdown snippets that pages import. */
export function checkedFiles(graph: SiteGraph): string[] {
  return [...graph.files.pageFiles, ...graph.files.snippetFiles.filter((file) => /\.mdx?$/.test(file))];
}

/** Runs page rules over every page of a site; returns the diagnostics of each file that has any, in document order. */
export function checkPages(graph: SiteGraph, rules: readonly PageRule[], files: readonly string[] = checkedFiles(graph)): Map<string, Diagnostic[]> {
  const ctx = new PageCheckContext(graph);
  const handlers = rules.map((rule) => rule.start(ctx));
  for (const file of files) {
    const page = graph.page(file);
    if (!page) continue;
    for (const handler of handlers) handler.page?.(page);
  }
  for (const handler of handlers) handler.site?.();
  for (const list of ctx.diagnostics.values()) list.sort(compareDiagnostics);
  return ctx.diagnostics;
}
