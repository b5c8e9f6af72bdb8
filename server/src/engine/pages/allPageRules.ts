import { pageRules } from '../rules/allRules';
import { runSiteRules } from './siteCheck';
import type { SiteGraph } from './siteGraph';
import type { Diagnostic } from '../diagnostic';

/** Checks every page (or the given files) of a site against every page rule. */
export function checkSitePages(graph: SiteGraph, files?: readonly string[]): Map<string, Diagnostic[]> {
  return runSiteRules(graph, pageRules, files);
}
