import { pagePath } from '../model/pageReference';
import { normaliseRoute } from '../redirects/redirectPattern';
import { docsJsonPaths } from '../pages/docsJsonPaths';
import type { SiteRule } from '../pages/siteCheck';
import { trimSlashes } from '../pages/routes';
import type { SiteGraph } from '../pages/siteGraph';

/**
 * Pages that no navigation lists and nothing reaches: no page links to or imports them, no link
 * in docs.json (navbar, anchors, redirects) leads to them. Some are deliberate, so it is information, not a warning.
 * Only a check of the whole site can tell: the check of one open page sees no other page's links.
 */
export const orphanRule: SiteRule = {
  codes: ['page/orphaned'],
  start(ctx) {
    const { graph } = ctx;
    const reached = new Set<string>();
    return {
      page(page) {
        for (const reference of page.references) {
          if (reference.kind === 'import') {
            // A page imported as a snippet (from a folder other than snippets/) is used, not orphaned.
            const imported = graph.resolveImport(reference.target, page.file);
            if (imported) reached.add(imported);
            continue;
          }
          const resolution = graph.resolveLink(reference.target, page.file);
          if (resolution.kind === 'found' && resolution.route.kind === 'page' && resolution.route.file !== page.file) reached.add(resolution.route.file);
        }
      },
      site() {
        if (!graph.check || !ctx.wholeSite) return;
        listedInDocsJson(graph, reached);
        for (const file of graph.files.pageFiles) {
          if (reached.has(file) || /^index\.mdx?$/.test(file)) continue;
          const firstLine = graph.page(file)?.text.search(/\r?\n|$/) ?? 0;
          ctx.report(file, {
            range: { start: 0, end: Math.max(firstLine, 0) },
            code: 'page/orphaned',
            message: 'No navigation lists this page and no page links to it: readers find it only by its URL (add it to docs.json or link to it)',
          });
        }
      },
    };
  },
};

/** Adds the pages docs.json reaches: navigation entries, and every "/path" string (hrefs, redirect destinations). */
function listedInDocsJson(graph: SiteGraph, reached: Set<string>): void {
  const check = graph.check!;
  const pageAt = (path: string) => graph.routes.pages.get(trimSlashes(path));
  for (const entry of check.model.pages) {
    if (typeof entry.value !== 'string') continue;
    const page = pagePath(entry.value);
    const file = page.kind === 'page' ? pageAt(page.path) : undefined;
    if (file) reached.add(file);
  }
  for (const path of docsJsonPaths(check)) {
    const file = pageAt(normaliseRoute(path));
    if (file) reached.add(file);
  }
}
