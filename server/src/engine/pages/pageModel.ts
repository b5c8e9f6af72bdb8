import type { OffsetRange } from '../json/path';
import { parseFrontmatter, type Frontmatter } from './frontmatter';
import { headingText } from './headingText';
import { scanPage, type AnchorAttribute, type PageReference, type SnippetImport } from './scanPage';
import { AnchorCounter, decamelize, slugOf } from './slug';

export interface Heading {
  depth: number;
  /** The text the heading shows. */
  text: string;
  /** Its anchor: the `{#id}` when written, else its slug, numbered when repeated ("intro-2"). */
  anchor: string;
  range: OffsetRange;
}

/** What one page (or snippet) file holds, read once from its text. */
export interface PageModel {
  /** Root-relative file path ("guides/intro.mdx"). */
  file: string;
  text: string;
  frontmatter?: Frontmatter;
  headings: Heading[];
  /** Anchors that tags and components define: `id`s, fields, tabs, accordions, updates. */
  componentAnchors: ComponentAnchor[];
  references: PageReference[];
  imports: SnippetImport[];
}

export function readPage(file: string, text: string): PageModel {
  const scan = scanPage(text);
  const counter = new AnchorCounter();
  const headings = scan.headings.map(({ depth, content, customId, range }) => {
    const text = headingText(content);
    return { depth, text, anchor: customId ?? counter.next(slugOf(text)), range };
  });
  return {
    file,
    text,
    frontmatter: scan.frontmatter && parseFrontmatter(scan.frontmatter),
    headings,
    componentAnchors: componentAnchors(scan.anchorAttributes),
    references: scan.references,
    imports: scan.imports,
  };
}

export interface ComponentAnchor {
  anchor: string;
  tag: string;
  range: OffsetRange;
}

/**
 * `id="x"` is "x" on any tag. A `<ParamField path="userId">` is "param-user-id", a
 * `<ResponseField name>` "response-...", a `<Tab title>`, `<Accordion title>` or `<Update label>`
 * the slug of its text.
 */
function componentAnchors(attributes: AnchorAttribute[]): ComponentAnchor[] {
  const anchors: ComponentAnchor[] = [];
  for (const { tag, attribute, value, range } of attributes) {
    if (attribute === 'id') {
      anchors.push({ anchor: value, tag, range });
      continue;
    }
    const prefix = tag === 'ParamField' ? 'param-' : tag === 'ResponseField' ? 'response-' : '';
    anchors.push({ anchor: prefix + slugOf(prefix ? decamelize(value) : value), tag, range });
  }
  return anchors;
}

/** The anchors a page defines itself: its headings' and its components'. */
export function ownAnchors(page: PageModel): string[] {
  return [...page.headings.map((heading) => heading.anchor), ...page.componentAnchors.map((a) => a.anchor)];
}
