import { basename, dirname } from 'node:path';
import type { PageFactsFile } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { DiskSiteHost } from '../../server/src/engine/site/siteHost';
import type { SiteReport, SiteToCheck } from './checkSites';
import { keptSiteCheckFromJson, keptSiteCheckKey, readHash, type SiteCheckOptions } from './keptSiteCheck';
import { readNamedFile } from './namedFile';
import type { PageCaches } from './pageCache';
import { terminalSafeLine } from './terminalSafe';

/** A site to check, with its report when the cache kept one for its files. */
export interface KeptOrNot extends SiteToCheck {
  report?: SiteReport;
}

/** Each site, with the report kept for its files where there is one (`replaySiteCheck`). */
export function replaySiteChecks(docsJsonFiles: string[], caches: PageCaches, optionsIn: (root: string) => SiteCheckOptions): KeptOrNot[] {
  return docsJsonFiles.map((docsJsonFile) => {
    const root = dirname(docsJsonFile);
    const replay = replaySiteCheck(caches.storeFor(root), docsJsonFile, optionsIn(root));
    if (replay.report && process.env.DOCSJSON_STATS) process.stderr.write(`docsjson: ${terminalSafeLine(docsJsonFile)}: ${replay.report.pages} pages, 0 parsed, 0 from the cache; the report of a check of the same files\n`);
    return { docsJsonFile, ...replay };
  });
}

/**
 * The report of a site's kept check (`KeptSiteCheck`), when the site has the same files and each
 * file that check read has the same text; otherwise, for the check, the site's files as listed
 * and the texts read before one differed.
 */
export function replaySiteCheck(store: PageFactsFile, docsJsonFile: string, options: SiteCheckOptions): Omit<KeptOrNot, 'docsJsonFile'> {
  if (store.empty) return {};
  let host: DiskSiteHost;
  try {
    host = new DiskSiteHost(dirname(docsJsonFile));
  } catch {
    return {};
  }
  const kept = store.keptEntry(keptSiteCheckKey(basename(docsJsonFile), host.files, options), keptSiteCheckFromJson);
  if (!kept || readHash(readNamedFile(docsJsonFile)) !== kept.docsJson) return { files: host.files };
  const texts = new Map<string, string>();
  for (const [path, hash] of kept.reads) {
    const text = host.readFile(path);
    if (text !== undefined) texts.set(path, text);
    if (readHash(text) !== hash) return { files: host.files, texts };
  }
  return { report: { files: kept.files, pages: kept.pages, notes: [] }, files: host.files };
}
