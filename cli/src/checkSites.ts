import { basename, dirname } from 'node:path';
import { checkDocsJson, DiskSiteHost, loadProjectConfig, type GivenConfigFile, type SiteHost } from '../../server/src/engine';
import { SpareParseWorker } from '../../server/src/engine/pages/mdx/mdxWorkers';
import type { ParseWorkers } from '../../server/src/engine/pages/parseWorkerOptions';
import { EditedSiteHost } from '../../server/src/engine/site/editedSiteHost';
import type { FileIndex } from '../../server/src/engine/site/fileIndex';
import { compareWithBase } from './base/comparison';
import { GitRepository } from './base/gitRepository';
import type { ReportedFile } from './checkOutput';
import { fixSiteFiles, type FixMode } from './fix';
import { keptSiteCheckKey, readHash, type KeptSiteCheck } from './keptSiteCheck';
import type { PageCaches } from './pageCache';
import { readNamedFile } from './namedFile';
import { RecordingSiteHost } from './recordingSiteHost';
import { loadRemoteSpecs, type RemoteSpecOptions, type RemoteSpecsRead } from './remoteSpecs';
import { checkSiteInWorkers, located, placeLocator } from './siteProblems';
import { terminalSafeLine } from './terminalSafe';

/** How the sites are checked, as the command line says. */
export interface SitesCheck {
  baseRef: string | undefined;
  remote: RemoteRequest;
  workers: ParseWorkers;
  caches: PageCaches | undefined;
  /** The config file read instead of each site's own (`--config`), its path from the site's root. */
  configFileIn: (root: string) => GivenConfigFile | undefined;
  fixMode: FixMode | undefined;
  /** Where the fixes are told. */
  fixOutput: NodeJS.WritableStream;
  /** A file's path as the report prints it, from its site's root and its path there. */
  printedPath: (root: string, path: string) => string;
  /** Whether each site's findings are kept in its page cache with what its check read (`KeptSiteCheck`). */
  keepChecks: boolean;
}

/** A site to check: its docs.json, and its files and the texts of some if they were read already. */
export interface SiteToCheck {
  docsJsonFile: string;
  files?: FileIndex;
  texts?: ReadonlyMap<string, string>;
}

/** What the check of one site found: its files with problems (paths from the site's root), how many pages it has, and the notes for the end of the report. */
export interface SiteReport {
  files: ReportedFile[];
  pages: number;
  notes: string[];
}

/** Whether the specs given by URL are read: fetched (the option, unless the config file turns fetching off), or from disk only (offline). */
export interface RemoteRequest {
  fetch: boolean;
  options: RemoteSpecOptions;
}

/** Checks each site, one after the other. */
export async function checkSites(sites: SiteToCheck[], request: SitesCheck): Promise<SiteReport[]> {
  const reports: SiteReport[] = [];
  for (const site of sites) reports.push(await checkSite(site, request));
  return reports;
}

async function checkSite({ docsJsonFile: file, files: listed, texts }: SiteToCheck, request: SitesCheck): Promise<SiteReport> {
  const { caches, fixMode, workers } = request;
  const root = dirname(file);
  const configFile = request.configFileIn(root);
  const docsJsonName = basename(file);
  // A check that parses its pages loads a worker's parser while the main thread reads docs.json and the pages.
  const spare = !caches || caches.isNewFor(root) ? new SpareParseWorker(workers.script) : undefined;
  // The base is found first: a ref that is not there fails before the check.
  const base = request.baseRef === undefined ? undefined : baseCommit(root, request.baseRef);
  const disk = new DiskSiteHost(root, listed);
  // The texts the cache's lookup read are not read again.
  const read = texts ? new EditedSiteHost(disk, texts) : disk;
  const recording = request.keepChecks ? new RecordingSiteHost(read) : undefined;
  const host = recording ?? read;
  const text = readNamedFile(file);
  const notes: string[] = [];
  const remoteSpecs = await remoteSpecsOf(host, docsJsonName, text, request.remote, configFile);
  notes.push(...(remoteSpecs?.notes ?? []));
  const specs = remoteSpecs?.specs;
  const store = caches?.storeFor(root);
  const siteWorkers = store ? { ...workers, store, specStore: store } : workers;
  const mainCheckWorkers = { ...siteWorkers, spare };
  let site;
  if (fixMode) {
    const fixed = await fixSiteFiles({ host, docsJsonName, text, remoteSpecs: specs, workers: mainCheckWorkers, configFile }, fixMode, (path) => request.printedPath(root, path));
    request.fixOutput.write(fixed.output);
    site = fixed.site;
  } else site = await checkSiteInWorkers(host, docsJsonName, text, specs, mainCheckWorkers, { configFile });
  // Taken by the check's first worker, unless no page was parsed.
  await spare?.end();
  if (process.env.DOCSJSON_STATS) process.stderr.write(`docsjson: ${terminalSafeLine(file)}: ${site.pages} pages, ${site.parsed} parsed, ${site.stored} from the cache\n`);
  const compared = base === undefined ? undefined : await compareWithBase(base.repository, base.commit, docsJsonName, site.files, siteWorkers, { configFile });
  notes.push(...(compared?.notes ?? []));
  const checkedFiles = compared?.files ?? site.files.map((f) => ({ ...f, existing: undefined }));
  const locate = placeLocator(site.textOf, (path) => path);
  const files: ReportedFile[] = [];
  for (const checked of checkedFiles) {
    if (checked.diagnostics.length === 0 && !checked.existing && checked.path !== docsJsonName) continue;
    files.push({ path: checked.path, existing: checked.existing, diagnostics: located(checked.text, checked.diagnostics, locate) });
  }
  // A page cut short by the time limit, or by its worker's failure, would be reported the same way again without a try.
  if (recording?.consistent && store && site.unread === 0) {
    const kept: KeptSiteCheck = { docsJson: readHash(text)!, reads: [...recording.reads], pages: site.pages, files };
    store.keepEntry(keptSiteCheckKey(docsJsonName, disk.files, { configFile, timeLimitMs: workers.timeLimitMs }), kept);
  }
  return { files, pages: site.pages, notes };
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

