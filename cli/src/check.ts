import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, relative, basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocsJson, DiskSiteHost, loadProjectConfig, type SiteHost } from '../../server/src/engine';
import type { ParseWorkers } from '../../server/src/engine/pages/parallelSiteCheck';
import { compareWithBase } from './base/comparison';
import { GitRepository } from './base/gitRepository';
import { formatReport, outputFormats, severityCounts, type OutputFormat, type ReportedFile } from './checkOutput';
import { checkSite, checkSiteInParallel, located, placeLocator } from './siteProblems';
import { findDocsJsonFiles } from './findDocsJson';
import { gitHubRun, writeGitHubSummary } from './githubSummary';
import { remoteSpecLimits } from '../../server/src/lsp/remoteFetch';
import { defaultCacheDir, defaultRemoteSpecLimits, loadRemoteSpecs, type RemoteSpecOptions, type RemoteSpecsRead } from './remoteSpecs';
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
        'fetch-remote': { type: 'boolean' },
        offline: { type: 'boolean' },
        'allow-host': { type: 'string', multiple: true },
        'fetch-timeout': { type: 'string' },
        workers: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(
      `Usage: docsjson check [PATH...] [--format ${outputFormats.join('|')}] [--max-warnings N] [--base REF] [--fetch-remote [--fetch-timeout SECONDS] [--allow-host HOST]...] [--offline] [--workers N]\n` +
        '  --base REF       only the problems added since a git ref (a branch, a tag or a commit)\n' +
        '  --fetch-remote   fetch the OpenAPI specs given by URL, kept on disk for the next runs: at most 10 MB and 10 s each,\n' +
        `                   ${remoteSpecLimits.maxSpecs} specs, ${remoteSpecLimits.concurrency} at a time, ${remoteSpecLimits.maxTotalBytes / 1024 / 1024} MB in all and ${remoteSpecLimits.maxCacheBytes / 1024 / 1024} MB written to the cache per check (a note says what was left out);\n` +
        '                   "openapi": { "fetchRemote": false } in docsjson.config.json turns it off, true does not turn it on\n' +
        '  --offline        use only the specs kept on disk by an earlier --fetch-remote\n' +
        '  --allow-host     a private or loopback host the specs may be fetched from (refused otherwise)\n' +
        `  --workers N      threads that parse pages beside the main one, 0 for none (default: one less than the cores, ${maxDefaultWorkers} at most, on sites with enough pages to pay for them)\n`,
    );
    return 0;
  }
  const format = values.format as OutputFormat;
  if (!outputFormats.includes(format)) throw new UsageError(`--format must be "text", "json" or "github", not "${values.format}"`);
  const maxWarningsText = values['max-warnings'];
  const maxWarnings = maxWarningsText === undefined ? Infinity : Number(maxWarningsText);
  if (!Number.isInteger(maxWarnings) && maxWarnings !== Infinity) throw new UsageError('--max-warnings takes a whole number');

  const baseRef = values.base;
  if (baseRef !== undefined && baseRef.trim() === '') throw new UsageError('--base takes a git ref: a branch, a tag or a commit');

  const timeoutText = values['fetch-timeout'];
  const timeoutSeconds = timeoutText === undefined ? defaultRemoteSpecLimits.timeoutMs / 1000 : Number(timeoutText);
  if (!(timeoutSeconds > 0)) throw new UsageError('--fetch-timeout takes a number of seconds above 0');
  const remote: RemoteRequest = {
    fetch: values['fetch-remote'] === true,
    options: { offline: values.offline === true, allowedHosts: values['allow-host'] ?? [], timeoutMs: timeoutSeconds * 1000, maxBytes: defaultRemoteSpecLimits.maxBytes, cacheDir: defaultCacheDir() },
  };
  const workers = parseWorkers(values.workers);
  const docsJsonFiles = findDocsJsonFiles(positionals.length > 0 ? positionals : ['.']);
  const reported: ReportedFile[] = [];
  const notes: string[] = [];
  let pages = 0;
  let existing = 0;
  for (const file of docsJsonFiles) {
    const root = dirname(file);
    // The base is found first: a ref that is not there fails before the check.
    const base = baseRef === undefined ? undefined : baseCommit(root, baseRef);
    const host = new DiskSiteHost(root);
    const text = readDocsJson(file);
    const remoteSpecs = await remoteSpecsOf(host, basename(file), text, remote);
    notes.push(...(remoteSpecs?.notes ?? []));
    const specs = remoteSpecs?.specs;
    const site = workers.count > 0 ? await checkSiteInParallel(host, basename(file), text, specs, workers) : checkSite(host, basename(file), text, specs);
    const compared = base === undefined ? undefined : compareWithBase(base.repository, base.commit, basename(file), site.files);
    notes.push(...(compared?.notes ?? []));
    const files = compared?.files ?? site.files.map((f) => ({ ...f, existing: undefined }));
    const printedPath = (path: string) => relative(process.cwd(), join(root, path)) || path;
    const locate = placeLocator(site.textOf, printedPath);
    for (const checked of files) {
      if (checked.diagnostics.length === 0 && !checked.existing && checked.path !== basename(file)) continue;
      reported.push({ path: printedPath(checked.path), existing: checked.existing, diagnostics: located(checked.text, checked.diagnostics, locate) });
      existing += checked.existing ?? 0;
    }
    pages += site.pages;
  }

  const summary = baseRef === undefined ? undefined : { ref: baseRef, existing };
  process.stdout.write(formatReport(reported, docsJsonFiles.length, { format, colour: format === 'text' && process.stdout.isTTY === true, maxWarnings, pages, base: summary, notes }));
  const gitHub = format === 'github' ? gitHubRun(process.env) : undefined;
  if (gitHub) writeGitHubSummary(gitHub, reported, summary);
  const { errors, warnings } = severityCounts(reported);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/** Beyond this many, each thread's own start and warm-up cost more than its share of the parsing saves. */
const maxDefaultWorkers = 7;
/** The text to parse (in characters) that pays for starting workers unless their number is given: about 0.3 s of parsing on one core. */
const workersPayFrom = 300_000;

/** The threads that parse pages: as many as asked, or one less than the cores for a site with enough text to parse. */
function parseWorkers(asked: string | undefined): ParseWorkers {
  const count = asked === undefined ? Math.min(availableParallelism() - 1, maxDefaultWorkers) : Number(asked);
  if (!Number.isInteger(count) || count < 0) throw new UsageError(`--workers takes a whole number of threads (0 for none), not "${asked}"`);
  // The bundle of server/src/engine/pages/mdx/mdxWorker.ts, beside this one in dist/.
  return { script: join(__dirname, 'mdxWorker.js'), count, minChars: asked === undefined ? workersPayFrom : 0 };
}

function readDocsJson(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Whether the specs given by URL are read: fetched (the option, unless the config file turns fetching off), or from disk only (offline). */
interface RemoteRequest {
  fetch: boolean;
  options: RemoteSpecOptions;
}

/** The specs given by URL that a site declares, read when asked for; their operations are pages that links and redirects may lead to. */
async function remoteSpecsOf(host: SiteHost, docsJsonName: string, text: string, remote: RemoteRequest): Promise<RemoteSpecsRead | undefined> {
  // A repository's config may turn fetching off, never on: the one who runs the check decides to fetch.
  if (!remote.options.offline && !remote.fetch) return undefined;
  const result = checkDocsJson(text, host, {}, docsJsonName);
  const urls = [...result.basis.statuses.values()].flatMap((status) => (status.kind === 'remote' ? [status.url] : []));
  if (urls.length === 0) return undefined;
  if (!remote.options.offline && loadProjectConfig(host).config.fetchRemoteSpecs === false) {
    return { specs: new Map(), notes: ['docsjson.config.json turns fetching off ("openapi": { "fetchRemote": false }): the specs given by URL were not fetched'] };
  }
  return loadRemoteSpecs(urls, remote.options);
}

/** The repository of a site's folder and the commit a ref names there. */
function baseCommit(root: string, ref: string): { repository: GitRepository; commit: string } {
  const repository = GitRepository.at(root, '--base compares with a git commit', ', or leave out --base');
  return { repository, commit: repository.commitOf(ref) };
}
