import { checkDocsJson, compareDiagnostics, docsJsonSiteRules, LineIndex, loadProjectConfig, pageRules, reportedDiagnostics, SiteGraph, type Diagnostic, type GivenConfigFile, type SiteHost } from '../../server/src/engine';
import type { LoadedSpec } from '../../server/src/engine/openapi/loadedSpec';
import { runSiteRulesInWorkers } from '../../server/src/engine/pages/parallelSiteCheck';
import type { ParseWorkers } from '../../server/src/engine/pages/parseWorkerOptions';
import type { MdxFactsCache } from '../../server/src/engine/pages/mdx/mdxFactsCache';
import { SpecCache, validateAtOnce } from '../../server/src/engine/openapi/openapiSpec';
import type { SpecStore } from '../../server/src/engine/openapi/keptSpecs';
import { CheckedSite } from '../../server/src/engine/service/checkedSite';
import type { CheckedFile } from './base/problemIdentity';
import type { ReportedFile } from './checkOutput';

/** What `checkSiteInWorkers` gives: each file's problems, by path from the site's root, the number of pages (those parsed, those whose facts were kept, those that could not be read), and each file's text as checked; the checked site and its graph (for the fixes). */
export interface SiteProblems {
  files: CheckedFile[];
  pages: number;
  parsed: number;
  stored: number;
  unread: number;
  textOf: (file: string) => string | undefined;
  site: CheckedSite;
  graph: SiteGraph;
}

const siteRules = [...pageRules, ...docsJsonSiteRules];

/** The threads that parse pages, and where the findings on specs of earlier runs are kept (`--cache`). */
export type SiteWorkers = ParseWorkers & { specStore?: SpecStore };

/** The OpenAPI specs read in this run, each text parsed once across the checks of a site (fixes check it again); one cache per store of specs' findings. */
const specs = new SpecCache();
const keptSpecs = new WeakMap<SpecStore, SpecCache>();

function specCacheOf(store: SpecStore | undefined): SpecCache {
  if (!store) return specs;
  let cache = keptSpecs.get(store);
  if (!cache) keptSpecs.set(store, (cache = new SpecCache(validateAtOnce, store)));
  return cache;
}

/**
 * Checks a docs.json and every page of its site, the pages parsed by worker threads, each within
 * the time limit: each file's problems, by path from the site's root. `configFile`: the config
 * file read instead of the site's own; `mdxFacts`: the pages' parses of an earlier check of the
 * site, whose unchanged pages are not parsed again.
 */
export async function checkSiteInWorkers(
  host: SiteHost,
  docsJsonName: string,
  text: string,
  remoteSpecs: ReadonlyMap<string, LoadedSpec> | undefined,
  workers: SiteWorkers,
  { configFile, mdxFacts }: { configFile?: GivenConfigFile; mdxFacts?: MdxFactsCache } = {},
): Promise<SiteProblems> {
  const { config, diagnostics: configProblems, text: configText, path: configPath } = loadProjectConfig(host, configFile);
  const specs = specCacheOf(workers.specStore);
  const result = checkDocsJson(text, host, { missingPageSeverity: config.severities.get('ref/missing-page'), remoteSpecs }, docsJsonName, specs);
  const graph = new SiteGraph(host, result, undefined, mdxFacts);
  const { diagnostics: siteFindings, parsed, stored, unread } = (await runSiteRulesInWorkers(graph, siteRules, workers))!;
  const files: CheckedFile[] = [];
  const add = (path: string, fileText: string, diagnostics: Diagnostic[]) => files.push({ path, text: fileText, diagnostics: reportedDiagnostics(path, diagnostics, config) });
  if (configText !== undefined && configProblems.length > 0) add(configPath, configText, configProblems);
  for (const { document, diagnostics } of result.documents.values()) {
    const found = siteFindings.get(document.path);
    siteFindings.delete(document.path);
    add(document.path, document.json.text, found ? [...diagnostics, ...found].sort(compareDiagnostics) : diagnostics);
  }
  // The rest: pages, and the OpenAPI specs the site declares.
  for (const [file, diagnostics] of siteFindings) add(file, graph.page(file)?.text ?? host.readFile(file) ?? '', diagnostics);
  const textOf = (file: string) => (file === configPath ? configText : undefined) ?? graph.page(file)?.text ?? result.documents.get(file)?.document.json.text ?? host.readFile(file);
  return { files, pages: graph.files.pageFiles.length, parsed, stored, unread, textOf, site: new CheckedSite(host, result, specs, docsJsonName), graph };
}

/** Where a place of another file of the site is: its path as printed, 1-based line and column; undefined when the file cannot be read. */
export type PlaceLocator = (file: string, offset: number) => { path: string; line: number; column: number } | undefined;

/** Diagnostics with 1-based lines and columns; `locate`: where the other places a problem is about are. */
export function located(text: string, diagnostics: Diagnostic[], locate?: PlaceLocator): ReportedFile['diagnostics'] {
  const lines = new LineIndex(text);
  return diagnostics.map((diagnostic) => {
    const related = locate && diagnostic.related?.flatMap((place) => {
      const at = locate(place.file, place.range.start);
      return at ? [{ ...at, message: place.message }] : [];
    });
    const start = lines.position(diagnostic.range.start);
    const end = lines.position(diagnostic.range.end);
    return {
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      severity: diagnostic.severity,
      code: diagnostic.code,
      message: diagnostic.message,
      ...(diagnostic.platformMessage ? { platformMessage: diagnostic.platformMessage } : {}),
      ...(related?.length ? { related } : {}),
    };
  });
}

/** A `PlaceLocator` over a site's texts, each file's lines found once; paths printed as `pathOf` makes them. */
export function placeLocator(textOf: (file: string) => string | undefined, pathOf: (file: string) => string): PlaceLocator {
  const lines = new Map<string, LineIndex | undefined>();
  return (file, offset) => {
    if (!lines.has(file)) {
      const text = textOf(file);
      lines.set(file, text === undefined ? undefined : new LineIndex(text));
    }
    const position = lines.get(file)?.position(offset);
    return position && { path: pathOf(file), line: position.line + 1, column: position.character + 1 };
  };
}
