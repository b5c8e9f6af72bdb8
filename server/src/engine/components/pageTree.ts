import type { Root } from 'mdast';
import { parseMdx } from '../pages/mdx/parseMdx';
import type { PageModel } from '../pages/pageModel';

const trees = new WeakMap<PageModel, Root | undefined>();

/** The page's syntax tree as the platform reads it, parsed once per page text; undefined when the platform rejects the page. */
export function pageTree(page: PageModel): Root | undefined {
  if (trees.has(page)) return trees.get(page);
  const tree = parseMdx(page.text).tree;
  trees.set(page, tree);
  return tree;
}
