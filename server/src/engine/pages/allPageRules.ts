import { pageRules, wholeSitePageRules } from '../rules/allRules';
import { runSiteRules } from './siteCheck';
import type { SiteGraph } from './siteGraph';
import type { Diagnostic } from '../diagnostic';

/** Checks every page (or the given files) of a site against every page rule. */
export function checkSitePages(graph: SiteGraph, files?: readonly string[]): Map<string, Diagnostic[]> {
  return runSiteRules(graph, pageRules, files);
}

/** The codes only a check of every page reports (orphans): a check of some pages keeps them from the last check of all. */
export const wholeSiteCodes: ReadonlySet<string> = new Set(wholeSitePageRules.flatMap((rule) => rule.codes));
