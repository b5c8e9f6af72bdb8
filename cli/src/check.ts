import { readFileSync } from 'node:fs';
import { dirname, relative, basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocsJson, compareDiagnostics, DiskSiteHost, docsJsonSiteRules, LineIndex, loadProjectConfig, pageRules, projectConfigFileName, reportedDiagnostics, runSiteRules, SiteGraph, type CheckOptions, type Diagnostic } from '../../server/src/engine';
import { formatReport, outputFormats, severityCounts, type OutputFormat, type ReportedFile } from './checkOutput';
import { findDocsJsonFiles } from './findDocsJson';
import { defaultCacheDir, defaultRemoteSpecLimits, loadRemoteSpecs, type RemoteSpecOptions } from './remoteSpecs';
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
        'fetch-remote': { type: 'boolean' },
        offline: { type: 'boolean' },
        'allow-host': { type: 'string', multiple: true },
        'fetch-timeout': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(
      `Usage: docsjson check [PATH...] [--format ${outputFormats.join('|')}] [--max-warnings N] [--fetch-remote [--fetch-timeout SECONDS] [--allow-host HOST]...] [--offline]\n` +
        '  --fetch-remote   fetch the OpenAPI specs given by URL (also: "openapi": { "fetchRemote": true } in docsjson.config.json), kept on disk for the next runs\n' +
        '  --offline        use only the specs kept on disk by an earlier --fetch-remote\n' +
        '  --allow-host     a private or loopback host the specs may be fetched from (refused otherwise)\n',
    );
    return 0;
  }
  const format = values.format as OutputFormat;
  if (!outputFormats.includes(format)) throw new UsageError(`--format must be "text", "json" or "github", not "${values.format}"`);
  const maxWarningsText = values['max-warnings'];
  const maxWarnings = maxWarningsText === undefined ? Infinity : Number(maxWarningsText);
  if (!Number.isInteger(maxWarnings) && maxWarnings !== Infinity) throw new UsageError('--max-warnings takes a whole number');

  const timeoutText = values['fetch-timeout'];
  const timeoutSeconds = timeoutText === undefined ? defaultRemoteSpecLimits.timeoutMs / 1000 : Number(timeoutText);
  if (!(timeoutSeconds > 0)) throw new UsageError('--fetch-timeout takes a number of seconds above 0');
  const remote: RemoteRequest = {
    fetch: values['fetch-remote'] === true,
    options: { offline: values.offline === true, allowedHosts: values['allow-host'] ?? [], timeoutMs: timeoutSeconds * 1000, maxBytes: defaultRemoteSpecLimits.maxBytes, cacheDir: defaultCacheDir() },
  };

  const docsJsonFiles = findDocsJsonFiles(positionals.length > 0 ? positionals : ['.']);
  const reported: ReportedFile[] = [];
  let pages = 0;
  for (const file of docsJsonFiles) {
    const site = await checkSite(file, remote);
    reported.push(...site.reported);
    pages += site.pages;
  }

  process.stdout.write(formatReport(reported, docsJsonFiles.length, { format, colour: format === 'text' && process.stdout.isTTY === true, maxWarnings, pages }));
  const { errors, warnings } = severityCounts(reported);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/** Whether the specs given by URL are read: fetched (the option, or the config file), or from disk only (offline). */
interface RemoteRequest {
  fetch: boolean;
  options: RemoteSpecOptions;
}

/** Checks a docs.json and every page of its site; each file with findings is reported under its own path. */
async function checkSite(file: string, remote: RemoteRequest): Promise<{ reported: ReportedFile[]; pages: number }> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const root = dirname(file);
  const host = new DiskSiteHost(root);
  const { config, diagnostics: configProblems, text: configText } = loadProjectConfig(host);
  const options: CheckOptions = { missingPageSeverity: config.severities.get('ref/missing-page') };
  let result = checkDocsJson(text, host, options, basename(file));
  const urls = [...result.basis.statuses.values()].flatMap((status) => (status.kind === 'remote' ? [status.url] : []));
  if (urls.length > 0 && (remote.fetch || remote.options.offline || config.fetchRemoteSpecs === true)) {
    // The check is made again with the specs: their operations are pages that links and redirects may lead to.
    result = checkDocsJson(text, host, { ...options, remoteSpecs: await loadRemoteSpecs(urls, remote.options) }, basename(file));
  }
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
  for (const [page, diagnostics] of siteFindings) report(page, graph.page(page)!.text, diagnostics);
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
    };
  });
}
