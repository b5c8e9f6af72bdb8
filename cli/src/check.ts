import { dirname, relative, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { GivenConfigFile } from '../../server/src/engine/config/projectConfig';
import { remoteSpecLimits } from '../../server/src/lsp/remoteFetch';
import { programVersion } from '../../server/src/engine/version';
import { parseWorkers } from './parseWorkers';
import { formatReport, outputFormats, reportRoot, severityCounts, type OutputFormat, type ReportedFile } from './checkOutput';
import type { RemoteRequest } from './checkSites';
import { PageCaches } from './pageCache';
import { findDocsJsonFiles } from './findDocsJson';
import type { FixMode } from './fix';
import { gitHubRun, writeGitHubSummary } from './githubSummary';
import { readNamedFile } from './namedFile';
import { defaultCacheDir } from './remoteSpecsFolder';
import { replaySiteChecks, type KeptOrNot } from './siteReplay';
import { terminalSafeLine } from './terminalSafe';
import { argumentError, choiceError, UsageError } from './usage';
import { loadCommands } from './loadCommands';

const options = {
  format: { type: 'string', default: 'text' },
  'max-warnings': { type: 'string' },
  base: { type: 'string' },
  'fetch-remote': { type: 'boolean' },
  offline: { type: 'boolean' },
  'allow-host': { type: 'string', multiple: true },
  'fetch-timeout': { type: 'string' },
  workers: { type: 'string' },
  'parse-time-limit': { type: 'string' },
  'annotate-notes': { type: 'boolean' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  config: { type: 'string' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runCheck(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(argumentError('check', argv, options, error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(loadCommands().checkHelp());
    return 0;
  }
  const format = values.format as OutputFormat;
  if (!outputFormats.includes(format)) throw new UsageError(choiceError('--format', outputFormats, values.format));
  const maxWarningsText = values['max-warnings'];
  const maxWarnings = maxWarningsText === undefined ? Infinity : Number(maxWarningsText);
  if (!Number.isInteger(maxWarnings) && maxWarnings !== Infinity) throw new UsageError('--max-warnings takes a whole number');

  const baseRef = values.base;
  if (baseRef !== undefined && baseRef.trim() === '') throw new UsageError('--base takes a git ref: a branch, a tag or a commit');

  const timeoutText = values['fetch-timeout'];
  const timeoutSeconds = timeoutText === undefined ? remoteSpecLimits.timeoutMs / 1000 : Number(timeoutText);
  if (!(timeoutSeconds > 0)) throw new UsageError('--fetch-timeout takes a number of seconds above 0');
  const remote: RemoteRequest = {
    fetch: values['fetch-remote'] === true,
    options: { offline: values.offline === true, allowedHosts: values['allow-host'] ?? [], timeoutMs: timeoutSeconds * 1000, maxBytes: remoteSpecLimits.maxBytes, cacheDir: defaultCacheDir() },
  };
  const workers = parseWorkers(values.workers, values['parse-time-limit']);
  const cacheLocation = values['cache-location'];
  if (cacheLocation !== undefined && cacheLocation.trim() === '') throw new UsageError('--cache-location takes a folder');
  const caches = values.cache === true || cacheLocation !== undefined ? new PageCaches(cacheLocation, [workers.script, join(__dirname, 'cliCommands.js'), __filename]) : undefined;
  const configPath = values.config === undefined ? undefined : resolve(values.config);
  const configText = configPath === undefined ? undefined : readNamedFile(configPath, '--config: ');
  if (values.fix && values['fix-dry-run']) throw new UsageError('--fix writes the fixes, --fix-dry-run prints them: give one of the two');
  const fixMode: FixMode | undefined = values.fix ? 'write' : values['fix-dry-run'] ? 'dry-run' : undefined;
  // The report of a machine format stays the only thing on stdout.
  const fixOutput = format === 'text' || format === 'github' ? process.stdout : process.stderr;
  const { docsJsonFiles, outside } = findDocsJsonFiles(positionals.length > 0 ? positionals : ['.']);
  for (const path of outside) process.stderr.write(`docsjson: ${terminalSafeLine(path)} is in no site (no docs.json in the folders above it): not checked\n`);
  if (docsJsonFiles.length === 0) {
    process.stdout.write('No site to check: none of the files given has a docs.json in the folders above it\n');
    return 0;
  }
  const printedPath = (root: string, path: string) => relative(reportRoot(format, process.env, process.cwd()), join(root, path)) || path;
  const keepChecks = caches !== undefined && baseRef === undefined && fixMode === undefined && !remote.fetch && !remote.options.offline;
  const configFileIn = (root: string): GivenConfigFile | undefined => (configText === undefined ? undefined : { path: relative(root, configPath!), text: configText });
  const sites = keepChecks ? replaySiteChecks(docsJsonFiles, caches, (root) => ({ configFile: configFileIn(root), timeLimitMs: workers.timeLimitMs })) : docsJsonFiles.map((docsJsonFile): KeptOrNot => ({ docsJsonFile }));
  const toCheck = sites.filter((site) => !site.report);
  if (toCheck.length > 0) {
    // The engine is loaded only for a site the cache does not answer.
    const { checkSites } = loadCommands();
    const reports = await checkSites(toCheck, { baseRef, remote, workers, caches, configFileIn, fixMode, fixOutput, printedPath, keepChecks });
    toCheck.forEach((site, index) => (site.report = reports[index]));
  }
  const reported: ReportedFile[] = [];
  const notes: string[] = [];
  let pages = 0;
  let existing = 0;
  for (const { docsJsonFile, report } of sites) {
    const root = dirname(docsJsonFile);
    for (const file of report!.files) {
      reported.push(printedFile(file, (path) => printedPath(root, path)));
      existing += file.existing ?? 0;
    }
    notes.push(...report!.notes);
    pages += report!.pages;
  }

  for (const note of caches?.save() ?? []) process.stderr.write(`docsjson: ${terminalSafeLine(note)}\n`);
  const summary = baseRef === undefined ? undefined : { ref: baseRef, existing };
  process.stdout.write(formatReport(reported, docsJsonFiles.length, { format, colour: format === 'text' && process.stdout.isTTY === true, maxWarnings, pages, base: summary, annotateNotes: values['annotate-notes'] === true, toolVersion: programVersion(), notes }));
  const gitHub = format === 'github' ? gitHubRun(process.env) : undefined;
  if (gitHub) writeGitHubSummary(gitHub, reported, summary);
  const { errors, warnings } = severityCounts(reported);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/** A site's file with its path, and those of the places its problems relate to, as printed. */
function printedFile(file: ReportedFile, printedPath: (path: string) => string): ReportedFile {
  const diagnostics = file.diagnostics.map((diagnostic) => (diagnostic.related ? { ...diagnostic, related: diagnostic.related.map((place) => ({ ...place, path: printedPath(place.path) })) } : diagnostic));
  return { path: printedPath(file.path), existing: file.existing, diagnostics };
}
