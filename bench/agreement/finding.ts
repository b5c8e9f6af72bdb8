import type { CheckResult, Diagnostic, SiteGraph } from '../../server/src/engine';

/** One finding of either side: the file it is in (from the docs root) and what it is about there. */
export interface Finding {
  file: string;
  target: string;
  /** What a side says of it, printed beside a disagreement. */
  note?: string;
}

/** Our check's findings on a site, for each kind to pick its codes from. */
export interface OurSite {
  check: CheckResult;
  graph: SiteGraph;
  /** Every diagnostic of the site, by file. */
  diagnostics: Map<string, Diagnostic[]>;
  textOf(file: string): string;
}

/** A kind of finding: the platform's module of the same name (platform/<name>.mjs) and ours. */
export interface Kind {
  name: string;
  /** What is compared, with the platform's functions that settle it. */
  title: string;
  ours(site: OurSite): Finding[];
  /** Our findings named as the platform names the same ones, where the two name them differently. */
  align?(ours: Finding[], theirs: Finding[]): Finding[];
}

/** Our diagnostics whose code the test accepts, each with its file. */
export function diagnosticsOf(site: OurSite, accepts: (code: string) => boolean): { file: string; diagnostic: Diagnostic }[] {
  return [...site.diagnostics].flatMap(([file, diagnostics]) => diagnostics.filter((diagnostic) => accepts(diagnostic.code)).map((diagnostic) => ({ file, diagnostic })));
}

/** One finding per file that has any of the codes, with the first one's message. */
export function filesWith(site: OurSite, codes: string[], target: string): Finding[] {
  const seen = new Map<string, Finding>();
  for (const { file, diagnostic } of diagnosticsOf(site, (code) => codes.includes(code))) {
    if (!seen.has(file)) seen.set(file, { file, target, note: diagnostic.message });
  }
  return [...seen.values()];
}
