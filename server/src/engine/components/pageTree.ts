import type { Root } from 'mdast';
import type { PageModel } from '../pages/pageModel';

/** The page's syntax tree as the platform reads it; undefined when the platform rejects the page. */
export function pageTree(page: PageModel): Root | undefined {
  return page.mdx.tree;
}
