import { readFileSync } from 'node:fs';
import { dirname, relative, basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocsJson, compareDiagnostics, DiskSiteHost, docsJsonSiteRules, LineIndex, loadProjectConfig, pageRules, projectConfigFileName, reportedDiagnostics, runSiteRules, SiteGraph, type Diagnostic } from '../../server/src/engine';
import { formatReport, outputFormats, severityCounts, type OutputFormat, type ReportedFile } from './checkOutput';
import { findDocsJsonFiles } from './findDocsJson';
import { UsageError } from './usage';

export async function runCheck(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'text' },
        'max-warnings': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`Usage: docsjson check [PATH...] [--format ${outputFormats.join('|')}] [--max-warnings N]\n`);
    return 0;
  }
  const format = values.format as OutputFormat;
  if (!outputFormats.includes(format)) throw new UsageError(`--format must be "text", "json" or "github", not "${values.format}"`);
  const maxWarningsText = values['max-warnings'];
  const maxWarnings = maxWarningsText === undefined ? Infinity : Number(maxWarningsText);
  if (!Number.isInteger(maxWarnings) && maxWarnings !== Infinity) throw new UsageError('--max-warnings takes a whole number');

  const docsJsonFiles = findDocsJsonFiles(positionals.length > 0 ? positionals : ['.']);
  const reported: ReportedFile[] = [];
  let pages = 0;
  for (const file of docsJsonFiles) {
    const site = checkSite(file);
    reported.push(...site.reported);
    pages += site.pages;
  }

  process.stdout.write(formatReport(reported, docsJsonFiles.length, { format, colour: format === 'text' && process.stdout.isTTY === true, maxWarnings, pages }));
  const { errors, warnings } = severityCounts(reported);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/** Checks a docs.json and every page of its site; each file with findings is reported under its own path. */
function checkSite(file: string): { reported: ReportedFile[]; pages: number } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const root = dirname(file);
  const host = new DiskSiteHost(root);
  const { config, diagnostics: configProblems, text: configText } = loadProjectConfig(host);
  const result = checkDocsJson(text, host, { missingPageSeverity: config.severities.get('ref/missing-page') }, basename(file));
  const graph = new SiteGraph(host, result);
  const reported: ReportedFile[] = [];
  const report = (path: string, fileText: string, diagnostics: Diagnostic[], always = false) => {
    const shown = reportedDiagnostics(path, diagnostics, config);
    if (shown.length > 0 || always) reported.push({ path: relative(process.cwd(), join(root, path)) || path, diagnostics: located(fileText, shown) });
  };
  if (configText !== undefined && configProblems.length > 0) report(projectConfigFileName, configText, configProblems);
  const siteFindings = runSiteRules(graph, [...pageRules, ...docsJsonSiteRules]);
  for (const { document, diagnostics } of result.documents.values()) {
    const found = siteFindings.get(document.path);
    siteFindings.delete(document.path);
    report(document.path, document.json.text, found ? [...diagnostics, ...found].sort(compareDiagnostics) : diagnostics, document.path === basename(file));
  }
  // The rest: pages, and the OpenAPI specs the site declares.
  for (const [file, diagnostics] of siteFindings) report(file, graph.page(file)?.text ?? host.readFile(file) ?? '', diagnostics);
  return { reported, pages: graph.files.pageFiles.length };
}

function located(text: string, diagnostics: Diagnostic[]): ReportedFile['diagnostics'] {
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
