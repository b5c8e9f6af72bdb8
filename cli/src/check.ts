import { readFileSync } from 'node:fs';
import { dirname, relative, basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocsJson, DiskSiteHost, loadProjectConfig, type GivenConfigFile, type SiteHost } from '../../server/src/engine';
import { defaultParseTimeLimitMs } from '../../server/src/engine/pages/mdx/parseTimeLimit';
import { SpareParseWorker } from '../../server/src/engine/pages/mdx/mdxWorkers';
import { compareWithBase } from './base/comparison';
import { maxDefaultWorkers, parseWorkers } from './parseWorkers';
import { GitRepository } from './base/gitRepository';
import { formatReport, outputFormats, reportRoot, severityCounts, type OutputFormat, type ReportedFile } from './checkOutput';
import { checkSiteInWorkers, located, placeLocator } from './siteProblems';
import { PageCaches } from './pageCache';
import { findDocsJsonFiles } from './findDocsJson';
import { fixSiteFiles, type FixMode } from './fix';
import { maxFixPasses } from '../../server/src/engine/service/fixPasses';
import { gitHubRun, writeGitHubSummary } from './githubSummary';
import { remoteSpecLimits } from '../../server/src/lsp/remoteFetch';
import { defaultCacheDir, loadRemoteSpecs, type RemoteSpecOptions, type RemoteSpecsRead } from './remoteSpecs';
import { terminalSafeLine } from './terminalSafe';
import { argumentError, choiceError, UsageError } from './usage';
import { programVersion } from '../../server/src/engine/version';

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
    process.stdout.write(
      `Usage: docsjson check [PATH...] [--format ${outputFormats.join('|')}] [--max-warnings N] [--base REF] [--fetch-remote [--fetch-timeout SECONDS] [--allow-host HOST]...] [--offline] [--workers N] [--parse-time-limit SECONDS] [--cache [--cache-location FOLDER]] [--annotate-notes] [--config PATH] [--fix | --fix-dry-run]\n` +
        '  --format         text (the default), json, github (annotations and the job summary), sarif (SARIF 2.1.0, for code scanning), gitlab (a Code Quality report)\n' +
        '  --base REF       only the problems added since a git ref (a branch, a tag or a commit)\n' +
        `  --fetch-remote   fetch the OpenAPI specs given by URL, kept on disk for the next runs: at most ${remoteSpecLimits.maxBytes / 1024 / 1024} MB and ${remoteSpecLimits.timeoutMs / 1000} s each,\n` +
        `                   ${remoteSpecLimits.maxSpecs} specs, ${remoteSpecLimits.concurrency} at a time, ${remoteSpecLimits.maxTotalBytes / 1024 / 1024} MB in all and ${remoteSpecLimits.maxCacheBytes / 1024 / 1024} MB written to the cache per check (a note says what was left out);\n` +
        '                   "openapi": { "fetchRemote": false } in docsjson.config.json turns it off, true does not turn it on\n' +
        '  --offline        use only the specs kept on disk by an earlier --fetch-remote\n' +
        '  --allow-host     a private or loopback host the specs may be fetched from (refused otherwise)\n' +
        `  --workers N      threads that parse pages, 1 at least, as none is parsed on the main one (default: as many as the cores, ${maxDefaultWorkers} at most, on sites with enough pages to pay for them, else 1)\n` +
        `  --parse-time-limit SECONDS  how much processor time the parse of one page may take (on Linux; else wall time) before the page is reported as too slow to read and the others are checked (default: ${defaultParseTimeLimitMs / 1000})\n` +
        '  --cache          keep what each page\'s parse found, by the hash of its text, and parse only the pages not kept by an earlier run\n' +
        '                   (the same findings; kept in node_modules/.cache/docsjson/ in the site\'s folder, at most 64 MB, the pages used longest ago dropped)\n' +
        '  --cache-location FOLDER  where --cache keeps it (implies --cache), for CI caches: one folder for every site checked\n' +
        '  --annotate-notes with --format github: notes as notices too (by default they are counted in one line)\n' +
        '  --config PATH    the config file to read instead of each site\'s own docsjson.config.json (its paths still from the folder of docs.json)\n' +
        `  --fix            apply the fixes that need no choice (a problem's only quick fix, the one the editor prefers), in up to ${maxFixPasses} passes,\n` +
        '                   and print what changed; a file the fixes would leave unparsable is left as it was. The problems left are reported\n' +
        '  --fix-dry-run    print the fixes as a unified diff and write nothing (with --format json, sarif or gitlab, the fixes print on stderr)\n',
    );
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
  const caches = values.cache === true || cacheLocation !== undefined ? new PageCaches(cacheLocation, workers.script) : undefined;
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
  const reported: ReportedFile[] = [];
  const notes: string[] = [];
  let pages = 0;
  let existing = 0;
  for (const file of docsJsonFiles) {
    const root = dirname(file);
    // A check that parses its pages loads a worker's parser while the main thread reads docs.json and the pages.
    const spare = !caches || caches.isNewFor(root) ? new SpareParseWorker(workers.script) : undefined;
    // The base is found first: a ref that is not there fails before the check.
    const base = baseRef === undefined ? undefined : baseCommit(root, baseRef);
    const host = new DiskSiteHost(root);
    const text = readNamedFile(file);
    const configFile: GivenConfigFile | undefined = configText === undefined ? undefined : { path: relative(root, configPath!), text: configText };
    const remoteSpecs = await remoteSpecsOf(host, basename(file), text, remote, configFile);
    notes.push(...(remoteSpecs?.notes ?? []));
    const specs = remoteSpecs?.specs;
    const store = caches?.storeFor(root);
    const siteWorkers = store ? { ...workers, store, specStore: store } : workers;
    const mainCheckWorkers = { ...siteWorkers, spare };
    const printedPath = (path: string) => relative(reportRoot(format, process.env, process.cwd()), join(root, path)) || path;
    let site;
    if (fixMode) {
      const fixed = await fixSiteFiles({ host, docsJsonName: basename(file), text, remoteSpecs: specs, workers: mainCheckWorkers, configFile }, fixMode, printedPath);
      fixOutput.write(fixed.output);
      site = fixed.site;
    } else site = await checkSiteInWorkers(host, basename(file), text, specs, mainCheckWorkers, { configFile });
    // Taken by the check's first worker, unless no page was parsed.
    await spare?.end();
    if (process.env.DOCSJSON_STATS) process.stderr.write(`docsjson: ${terminalSafeLine(file)}: ${site.pages} pages, ${site.parsed} parsed, ${site.stored} from the cache\n`);
    const compared = base === undefined ? undefined : await compareWithBase(base.repository, base.commit, basename(file), site.files, siteWorkers, { configFile });
    notes.push(...(compared?.notes ?? []));
    const files = compared?.files ?? site.files.map((f) => ({ ...f, existing: undefined }));
    const locate = placeLocator(site.textOf, printedPath);
    for (const checked of files) {
      if (checked.diagnostics.length === 0 && !checked.existing && checked.path !== basename(file)) continue;
      reported.push({ path: printedPath(checked.path), existing: checked.existing, diagnostics: located(checked.text, checked.diagnostics, locate) });
      existing += checked.existing ?? 0;
    }
    pages += site.pages;
  }

  for (const note of caches?.save() ?? []) process.stderr.write(`docsjson: ${terminalSafeLine(note)}\n`);
  const summary = baseRef === undefined ? undefined : { ref: baseRef, existing };
  process.stdout.write(formatReport(reported, docsJsonFiles.length, { format, colour: format === 'text' && process.stdout.isTTY === true, maxWarnings, pages, base: summary, annotateNotes: values['annotate-notes'] === true, toolVersion: programVersion(), notes }));
  const gitHub = format === 'github' ? gitHubRun(process.env) : undefined;
  if (gitHub) writeGitHubSummary(gitHub, reported, summary);
  const { errors, warnings } = severityCounts(reported);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/** A file the command line names (a docs.json, the config file of `--config`), or a usage error that says why it cannot be read. */
function readNamedFile(file: string, prefix = ''): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${prefix}cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Whether the specs given by URL are read: fetched (the option, unless the config file turns fetching off), or from disk only (offline). */
interface RemoteRequest {
  fetch: boolean;
  options: RemoteSpecOptions;
}

/** The specs given by URL that a site declares, read when asked for; their operations are pages that links and redirects may lead to. */
async function remoteSpecsOf(host: SiteHost, docsJsonName: string, text: string, remote: RemoteRequest, configFile: GivenConfigFile | undefined): Promise<RemoteSpecsRead | undefined> {
  // A repository's config may turn fetching off, never on: the one who runs the check decides to fetch.
  if (!remote.options.offline && !remote.fetch) return undefined;
  const result = checkDocsJson(text, host, {}, docsJsonName);
  const urls = [...result.basis.statuses.values()].flatMap((status) => (status.kind === 'remote' ? [status.url] : []));
  if (urls.length === 0) return undefined;
  if (!remote.options.offline && loadProjectConfig(host, configFile).config.fetchRemoteSpecs === false) {
    return { specs: new Map(), notes: ['docsjson.config.json turns fetching off ("openapi": { "fetchRemote": false }): the specs given by URL were not fetched'] };
  }
  return loadRemoteSpecs(urls, remote.options);
}

/** The repository of a site's folder and the commit a ref names there. */
function baseCommit(root: string, ref: string): { repository: GitRepository; commit: string } {
  const repository = GitRepository.at(root, '--base compares with a git commit', ', or leave out --base');
  return { repository, commit: repository.commitOf(ref) };
}
