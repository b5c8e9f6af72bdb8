import type { Image, Root, RootContent } from 'mdast';
import { elementsIn, pageElements, type PageElement, type WrittenAttribute } from '../../components/jsxElements';
import { esmNames } from '../../components/pageComponents';
import type { OffsetRange } from '../../json/path';
import type { MdxParse, MdxSyntaxError } from './parseMdx';
import type { ReadAgain, Reparse } from './reparse';
import { suppressionComments, type SuppressionComment } from './suppressionComments';
import { treeNodes } from './treeNodes';

/**
 * What the page rules read from a page's MDX parse, as plain data: its syntax error, or its
 * components and tags, its Markdown images, the names its `import`/`export` lines bind and its
 * suppression comments. A
 * fraction of the tree's memory, the same for the same text (kept by text across checks,
 * `MdxFactsCache`), and made as well in a worker thread (`mdxWorkers.ts`).
 */
export type MdxFacts = { error: MdxSyntaxError } | { error?: undefined; elements: PageElement[]; images: MarkdownImage[]; esmNames: string[]; suppressions: SuppressionComment[]; unread?: UnreadPage };

/** Why a page could not be read (its facts are then those of an empty page): its parse took longer than the limit, or it threw. */
export type UnreadPage = { reason: 'time-limit'; limitMs: number } | { reason: 'failure'; message: string };

/** The facts of a page that could not be read: nothing in it is checked but the reason. */
export function unreadFacts(unread: UnreadPage): MdxFacts {
  return { elements: [], images: [], esmNames: [], suppressions: [], unread };
}

export interface MarkdownImage {
  alt: string | undefined;
  range: OffsetRange;
}

export function mdxFactsOf(text: string, parse: MdxParse): MdxFacts {
  if (parse.error) return { error: parse.error };
  return { elements: pageElements(parse.tree, text), images: markdownImages(parse.tree.children), esmNames: esmNames(parse.tree), suppressions: suppressionComments(parse.tree.children) };
}

/** The facts of a parse, read from the facts of the text it was made from (`before`) where it read only part of the page again. */
export function factsOfParse(text: string, parse: Reparse, before: MdxFacts | undefined): MdxFacts {
  return parse.tree && parse.readAgain && before ? factsAfterEdit(before, text, parse.tree, parse.readAgain) : mdxFactsOf(text, parse);
}

/**
 * The facts of a parse made after an edit from the tree of an earlier text whose facts are
 * `before`: those of the part read again, those before it kept, those after it moved, and the
 * elements holding the part made longer or shorter. The same as `mdxFactsOf` on the parse.
 */
export function factsAfterEdit(before: MdxFacts, text: string, tree: Root, { start, oldEnd, delta, nodes }: ReadAgain): MdxFacts {
  if (before.error) return mdxFactsOf(text, { tree });
  const moved = new Map<PageElement, PageElement>();
  const elements: PageElement[] = [];
  let holder: PageElement | undefined;
  let partAt = -1;
  for (const element of before.elements) {
    const parent = element.parent && (moved.get(element.parent) ?? element.parent);
    if (element.range.end <= start) {
      const kept = parent === element.parent ? element : { ...element, parent };
      if (kept !== element) moved.set(element, kept);
      elements.push(kept);
    } else if (element.range.start < start) {
      // It holds the part: its opening tag is before it, its end after it.
      const longer = { ...element, parent, range: { start: element.range.start, end: element.range.end + delta } };
      moved.set(element, longer);
      elements.push((holder = longer));
    } else if (element.range.start >= oldEnd) {
      if (partAt < 0) partAt = elements.length;
      const after = movedElement(element, parent, delta);
      moved.set(element, after);
      elements.push(after);
    }
  }
  const read = elementsIn(nodes, text, holder);
  elements.splice(partAt < 0 ? elements.length : partAt, 0, ...read);
  const images = before.images.filter((image) => image.range.end <= start);
  images.push(...markdownImages(nodes));
  for (const image of before.images) if (image.range.start >= oldEnd) images.push({ alt: image.alt, range: movedRange(image.range, delta) });
  const suppressions = before.suppressions.filter((comment) => comment.range.end <= start);
  suppressions.push(...suppressionComments(nodes));
  for (const comment of before.suppressions) if (comment.range.start >= oldEnd) suppressions.push({ ...comment, range: movedRange(comment.range, delta) });
  return { elements, images, esmNames: esmNames(tree), suppressions };
}

function movedRange(range: OffsetRange, delta: number): OffsetRange {
  return { start: range.start + delta, end: range.end + delta };
}

function movedElement(element: PageElement, parent: PageElement | undefined, delta: number): PageElement {
  const attributes = element.attributes?.map((attribute): WrittenAttribute => ({
    ...attribute,
    range: movedRange(attribute.range, delta),
    ...(attribute.valueRange ? { valueRange: movedRange(attribute.valueRange, delta) } : {}),
    ...(attribute.textRange ? { textRange: movedRange(attribute.textRange, delta) } : {}),
  }));
  return { ...element, parent, nameRange: movedRange(element.nameRange, delta), range: movedRange(element.range, delta), attributes };
}

function markdownImages(nodes: readonly RootContent[]): MarkdownImage[] {
  const images: MarkdownImage[] = [];
  for (const node of treeNodes(nodes)) {
    const image = node as Image;
    if (node.type === 'image' && image.position) images.push({ alt: image.alt ?? undefined, range: { start: image.position.start.offset!, end: image.position.end.offset! } });
  }
  return images;
}
