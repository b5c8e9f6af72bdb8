import type { Image, Root } from 'mdast';
import { pageElements, type PageElement } from '../../components/jsxElements';
import { esmNames } from '../../components/pageComponents';
import type { OffsetRange } from '../../json/path';
import type { MdxParse, MdxSyntaxError } from './parseMdx';

/**
 * What the page rules read from a page's MDX parse, as plain data: its syntax error, or its
 * components and tags, its Markdown images and the names its `import`/`export` lines bind. A
 * fraction of the tree's memory, the same for the same text (kept by text across checks,
 * `MdxFactsCache`), and made as well in a worker thread (`mdxWorkers.ts`).
 */
export type MdxFacts = { error: MdxSyntaxError } | { error?: undefined; elements: PageElement[]; images: MarkdownImage[]; esmNames: string[] };

export interface MarkdownImage {
  alt: string | undefined;
  range: OffsetRange;
}

export function mdxFactsOf(text: string, parse: MdxParse): MdxFacts {
  if (parse.error) return { error: parse.error };
  return { elements: pageElements(parse.tree, text), images: markdownImages(parse.tree), esmNames: esmNames(parse.tree) };
}

function markdownImages(tree: Root): MarkdownImage[] {
  const images: MarkdownImage[] = [];
  const visit = (nodes: readonly { type: string; children?: unknown }[]) => {
    for (const node of nodes) {
      const image = node as Image;
      if (node.type === 'image' && image.position) images.push({ alt: image.alt ?? undefined, range: { start: image.position.start.offset!, end: image.position.end.offset! } });
      if (Array.isArray(node.children)) visit(node.children);
    }
  };
  visit(tree.children);
  return images;
}
