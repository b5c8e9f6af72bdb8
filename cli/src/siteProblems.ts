import { checkDocsJson, compareDiagnostics, docsJsonSiteRules, LineIndex, loadProjectConfig, pageRules, projectConfigFileName, reportedDiagnostics, runSiteRules, SiteGraph, type Diagnostic, type SiteHost } from '../../server/src/engine';
import type { LoadedSpec } from '../../server/src/engine/openapi/loadedSpec';
import type { CheckedFile } from './base/problemIdentity';
import type { ReportedFile } from './checkOutput';

/** Checks a docs.json and every page of its site: each file's problems, by path from the site's root. */
export function checkSite(host: SiteHost, docsJsonName: string, text: string, remoteSpecs?: ReadonlyMap<string, LoadedSpec>): { files: CheckedFile[]; pages: number } {
  const { config, diagnostics: configProblems, text: configText } = loadProjectConfig(host);
  const result = checkDocsJson(text, host, { missingPageSeverity: config.severities.get('ref/missing-page'), remoteSpecs }, docsJsonName);
  const graph = new SiteGraph(host, result);
  const files: CheckedFile[] = [];
  const add = (path: string, fileText: string, diagnostics: Diagnostic[]) => files.push({ path, text: fileText, diagnostics: reportedDiagnostics(path, diagnostics, config) });
  if (configText !== undefined && configProblems.length > 0) add(projectConfigFileName, configText, configProblems);
  const siteFindings = runSiteRules(graph, [...pageRules, ...docsJsonSiteRules]);
  for (const { document, diagnostics } of result.documents.values()) {
    const found = siteFindings.get(document.path);
    siteFindings.delete(document.path);
    add(document.path, document.json.text, found ? [...diagnostics, ...found].sort(compareDiagnostics) : diagnostics);
  }
  // The rest: pages, and the OpenAPI specs the site declares.
  for (const [file, diagnostics] of siteFindings) add(file, graph.page(file)?.text ?? host.readFile(file) ?? '', diagnostics);
  return { files, pages: graph.files.pageFiles.length };
}

/** Diagnostics with 1-based lines and columns. */
export function located(text: string, diagnostics: Diagnostic[]): ReportedFile['diagnostics'] {
  const lines = new LineIndex(text);
  return diagnostics.map((diagnostic) => {
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
    };
  });
}
