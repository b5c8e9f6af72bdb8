import { pageRules } from '../rules/allRules';
import { wholeSiteCodes } from '../rules/wholeSitePageRules';
import { runSiteRules } from './siteCheck';
import type { SiteGraph } from './siteGraph';
import type { Diagnostic } from '../diagnostic';

/** Checks every page (or the given files) of a site against every page rule. */
export function checkSitePages(graph: SiteGraph, files?: readonly string[]): Map<string, Diagnostic[]> {
  return runSiteRules(graph, pageRules, files);
}

/**
 * Whether only a check of every page makes a finding (an orphan, or a suppression of orphans that
 * suppressed none): a check of some pages keeps these from the last check of all.
 */
export function foundByWholeSite(diagnostic: Diagnostic): boolean {
  return wholeSiteCodes.has(diagnostic.code) || diagnostic.data?.wholeSite === true;
}
