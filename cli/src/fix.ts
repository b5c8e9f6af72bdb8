import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { GivenConfigFile, SiteHost } from '../../server/src/engine';
import type { LoadedSpec } from '../../server/src/engine/openapi/loadedSpec';
import { MdxFactsCache } from '../../server/src/engine/pages/mdx/mdxFactsCache';
import { fixSite, maxFixPasses, type SiteFixes } from '../../server/src/engine/service/fixPasses';
import { EditedSiteHost } from '../../server/src/engine/site/editedSiteHost';
import { checkSiteInWorkers, type SiteProblems, type SiteWorkers } from './siteProblems';
import { terminalSafe, terminalSafeLine } from './terminalSafe';

/** `--fix` writes the fixed files; `--fix-dry-run` prints their diff and writes nothing. */
export type FixMode = 'write' | 'dry-run';

export interface SiteToFix {
  host: SiteHost;
  docsJsonName: string;
  /** The docs.json's text as read. */
  text: string;
  remoteSpecs: ReadonlyMap<string, LoadedSpec> | undefined;
  workers: SiteWorkers;
  /** The config file read instead of the site's own (`--config`). */
  configFile?: GivenConfigFile;
}

/**
 * Applies the fixes without a choice of a site (the engine's passes, each checking the fixed texts
 * again), then writes the files or, in a dry run, gives their diff. Answers the check of the fixed
 * texts, whose problems are those left, and what to print (`printedPath`: a file's path as printed).
 */
export async function fixSiteFiles({ host, docsJsonName, text, remoteSpecs, workers, configFile }: SiteToFix, mode: FixMode, printedPath: (file: string) => string): Promise<{ site: SiteProblems; output: string }> {
  const mdxFacts = new MdxFactsCache();
  const outcome = await fixSite((texts) => {
    const edited = new EditedSiteHost(host, texts);
    return checkSiteInWorkers(edited, docsJsonName, texts.get(docsJsonName) ?? text, remoteSpecs, workers, { configFile, mdxFacts });
  });
  if (mode === 'write') for (const { file, after } of outcome.fixed) writeFileSync(join(host.root, file), after);
  return { site: outcome.last, output: fixReport(outcome, mode, printedPath) };
}

/** What the fixes changed, file by file with each code's count; the files left as they were and the fixes left; in a dry run, the unified diff first. */
function fixReport({ fixed, leftAsTheyWere, remaining }: SiteFixes<SiteProblems>, mode: FixMode, printedPath: (file: string) => string): string {
  const lines: string[] = [];
  if (mode === 'dry-run') {
    for (const { file, before, after } of fixed) {
      const path = printedPath(file);
      lines.push(createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY }).trimEnd());
    }
  }
  const verb = mode === 'write' ? 'Fixed' : 'Would fix';
  for (const { file, codes } of fixed) {
    const counted = [...codes].map(([code, count]) => `${code} ×${count}`).join(', ');
    lines.push(`${verb} ${terminalSafeLine(printedPath(file))}: ${counted}`);
  }
  for (const file of leftAsTheyWere) {
    lines.push(`Left ${terminalSafeLine(printedPath(file))} as it was: with its fixes it would not parse (${/\.json$/i.test(file) ? 'JSON' : 'MDX'})`);
  }
  if (remaining.length > 0) {
    const codes = [...new Set(remaining.map((fix) => fix.diagnostic.code))].join(', ');
    lines.push(`${remaining.length === 1 ? '1 fix' : `${remaining.length} fixes`} not applied after ${maxFixPasses} passes (their edits kept overlapping others): ${codes}`);
  }
  return lines.length > 0 ? `${terminalSafe(lines.join('\n'))}\n` : '';
}
