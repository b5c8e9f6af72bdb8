import type { Root } from 'mdast';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { PageModel } from '../pages/pageModel';

const trees = new WeakMap<PageModel, Root | undefined>();

/** The page's syntax tree as MDX reads it, parsed once per page text; undefined when the page does not parse. */
export function pageTree(page: PageModel): Root | undefined {
  if (trees.has(page)) return trees.get(page);
  let tree: Root | undefined;
  try {
    tree = page.file.endsWith('.md')
      ? undefined
      : fromMarkdown(page.text, { extensions: [mdxjs(), frontmatter(['yaml', 'toml'])], mdastExtensions: [mdxFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml'])] });
  } catch {
    tree = undefined;
  }
  trees.set(page, tree);
  return tree;
}
