import { anchorsNeedFacts, type PageModel } from './pageModel';
import type { SiteGraph } from './siteGraph';

/**
 * The pages whose anchors a page's links check from their facts (see `anchorsNeedFacts`), and
 * whose facts the site has not kept: read them off the main thread before the page's rules run,
 * or the rules parse them there.
 */
export function linkedPagesWithoutFacts(graph: SiteGraph, page: PageModel): { file: string; text: string }[] {
  const needed = new Map<string, string>();
  for (const reference of page.references) {
    if (!reference.target.includes('#')) continue;
    const resolution = graph.resolveLink(reference.target, page.file);
    if (resolution.kind !== 'found' || resolution.route.kind !== 'page') continue;
    const target = graph.page(resolution.route.file);
    if (target && anchorsNeedFacts(target.text) && !graph.mdxFacts.get(target.file, target.text)) needed.set(target.file, target.text);
  }
  return [...needed].map(([file, text]) => ({ file, text }));
}
