import { readFileSync } from 'node:fs';
import { dirname, relative, basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocsJson, compareDiagnostics, DiskSiteHost, docsJsonSiteRules, LineIndex, loadProjectConfig, pageRules, projectConfigFileName, reportedDiagnostics, runSiteRules, SiteGraph, type Diagnostic, type SiteHost } from '../../server/src/engine';
import { GitRepository } from './base/gitRepository';
import { GitTreeSiteHost } from './base/gitTreeSiteHost';
import { newProblems } from './base/newProblems';
import type { CheckedFile } from './base/problemIdentity';
import { formatReport, outputFormats, severityCounts, type OutputFormat, type ReportedFile } from './checkOutput';
import { findDocsJsonFiles } from './findDocsJson';
import { gitHubRun, writeGitHubSummary } from './githubSummary';
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
        base: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`Usage: docsjson check [PATH...] [--format ${outputFormats.join('|')}] [--max-warnings N] [--base REF]\n`);
    return 0;
  }
  const format = values.format as OutputFormat;
  if (!outputFormats.includes(format)) throw new UsageError(`--format must be "text", "json" or "github", not "${values.format}"`);
  const maxWarningsText = values['max-warnings'];
  const maxWarnings = maxWarningsText === undefined ? Infinity : Number(maxWarningsText);
  if (!Number.isInteger(maxWarnings) && maxWarnings !== Infinity) throw new UsageError('--max-warnings takes a whole number');

  const baseRef = values.base;
  if (baseRef !== undefined && baseRef.trim() === '') throw new UsageError('--base takes a git ref: a branch, a tag or a commit');
  const docsJsonFiles = findDocsJsonFiles(positionals.length > 0 ? positionals : ['.']);
  const reported: ReportedFile[] = [];
  let pages = 0;
  let existing = 0;
  for (const file of docsJsonFiles) {
    const root = dirname(file);
    const site = checkSite(new DiskSiteHost(root), basename(file), readDocsJson(file));
    const files = baseRef === undefined ? site.files.map((f) => ({ ...f, existing: undefined })) : newProblems(site.files, ...checkBase(root, basename(file), baseRef));
    for (const checked of files) {
      if (checked.diagnostics.length === 0 && !checked.existing && checked.path !== basename(file)) continue;
      reported.push({ path: relative(process.cwd(), join(root, checked.path)) || checked.path, existing: checked.existing, diagnostics: located(checked.text, checked.diagnostics) });
      existing += checked.existing ?? 0;
    }
    pages += site.pages;
  }

  const base = baseRef === undefined ? undefined : { ref: baseRef, existing };
  process.stdout.write(formatReport(reported, docsJsonFiles.length, { format, colour: format === 'text' && process.stdout.isTTY === true, maxWarnings, pages, base }));
  const gitHub = format === 'github' ? gitHubRun(process.env) : undefined;
  if (gitHub) writeGitHubSummary(gitHub, reported, base);
  const { errors, warnings } = severityCounts(reported);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

function readDocsJson(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The same site's problems at a git ref, and the files renamed since; no problems when its docs.json was not there. */
function checkBase(root: string, docsJsonName: string, ref: string): [CheckedFile[], Map<string, string>] {
  const repository = GitRepository.at(root);
  const commit = repository.commitOf(ref);
  const renames = repository.renamesSince(commit);
  const tree = repository.treeAt(commit);
  const oldName = [...renames].find(([, to]) => to === docsJsonName)?.[0] ?? docsJsonName;
  if (!tree?.blobs.has(oldName)) return [[], renames];
  const host = new GitTreeSiteHost(root, repository, tree);
  const text = host.readFile(oldName);
  return [text === undefined ? [] : checkSite(host, oldName, text).files, renames];
}

/** Checks a docs.json and every page of its site: each file's problems, by path from the site's root. */
function checkSite(host: SiteHost, docsJsonName: string, text: string): { files: CheckedFile[]; pages: number } {
  const { config, diagnostics: configProblems, text: configText } = loadProjectConfig(host);
  const result = checkDocsJson(text, host, { missingPageSeverity: config.severities.get('ref/missing-page') }, docsJsonName);
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
  for (const [page, diagnostics] of siteFindings) add(page, graph.page(page)!.text, diagnostics);
  return { files, pages: graph.files.pageFiles.length };
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
