import { linkRule } from '../rules/linkRule';
import { frontmatterRule } from '../rules/frontmatterRule';
import { orphanRule } from '../rules/orphanRule';
import { checkedFiles, checkPages, type PageRule } from './pageRule';
import type { SiteGraph } from './siteGraph';
import type { Diagnostic } from '../diagnostic';

/** Every rule over a site's pages, in the order they report. */
export const pageRules: readonly PageRule[] = [frontmatterRule, linkRule, orphanRule];

/** Checks every page (or the given files) of a site against every page rule. */
export function checkSitePages(graph: SiteGraph, files: readonly string[] = checkedFiles(graph)): Map<string, Diagnostic[]> {
  return checkPages(graph, pageRules, files);
}
