import type { CheckResult } from '../checkResult';
import type { Diagnostic } from '../diagnostic';
import { docsJsonPaths } from './docsJsonPaths';
import { siteLanguages } from './languages';
import type { Routes } from './routes';
import type { SiteFiles } from './siteFiles';
import type { SiteGraph } from './siteGraph';

/**
 * What the page rules read of a site beyond its pages' texts: the files, the routes (the
 * navigation, the specs, the redirects; a token kept while those are unchanged, or changed only
 * by page entries that name no page), the check's options and the site's icon library, the paths
 * docs.json writes (orphans) and the navigation's languages (each page file's language and its
 * versions in the others: links to another language). Taken when a check of every page starts: a
 * re-check of docs.json changes the last check's parsed value in place.
 */
export interface PageInputs {
  files: SiteFiles;
  routes: Routes['forPageRules'];
  options: CheckResult['basis']['options'];
  iconLibrary: CheckResult['siteIconLibrary'];
  docsJsonPaths: string[];
  languages: string;
}

export function pageInputsOf(graph: SiteGraph): PageInputs | undefined {
  const { check } = graph;
  if (!check) return undefined;
  return { files: graph.files, routes: graph.routes.forPageRules, options: check.basis.options, iconLibrary: check.siteIconLibrary, docsJsonPaths: docsJsonPaths(check), languages: siteLanguages(graph)?.signature ?? '' };
}

/**
 * Whether a check of every page on graphs that differ only by an edit of docs.json (same page texts)
 * finds again what one found with `before`. The findings must not point into docs.json (no page
 * rule's does today): those places move with any edit above them.
 */
export function samePageFindings(before: PageInputs, after: PageInputs, found: ReadonlyMap<string, Diagnostic[]>): boolean {
  if (before.files !== after.files || before.routes !== after.routes || before.options !== after.options || before.iconLibrary !== after.iconLibrary || before.languages !== after.languages) return false;
  if (pointsOutside(found)) return false;
  const [a, b] = [before.docsJsonPaths, after.docsJsonPaths];
  return a.length === b.length && a.every((path, index) => path === b[index]);
}

/** Whether a finding is in a file other than a page, or names a place in one (related places, edits elsewhere). */
function pointsOutside(found: ReadonlyMap<string, Diagnostic[]>): boolean {
  const page = /\.mdx?$/i;
  for (const [file, diagnostics] of found) {
    if (!page.test(file)) return true;
    for (const diagnostic of diagnostics) {
      if (diagnostic.related?.some((place) => !page.test(place.file))) return true;
      if (diagnostic.suggestions?.some((suggestion) => suggestion.alsoEdits?.some((edit) => !page.test(edit.file)))) return true;
    }
  }
  return false;
}
