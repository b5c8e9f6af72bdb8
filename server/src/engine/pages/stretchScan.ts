// What the scanner reads in a stretch of a page's body (scanStretch.ts), and the parts of it a page keeps.
import type { OffsetRange } from '../json/path';

/** Where a reference was written: what it is and which markup holds it. */
export type ReferenceKind = 'link' | 'image' | 'definition' | 'attribute' | 'import';

/** A link, image, attribute or import target as written in a page. */
export interface PageReference {
  kind: ReferenceKind;
  /** The target as written ("/quickstart#install", "../images/a.png"). */
  target: string;
  /** The range of the target text in the page. */
  range: OffsetRange;
  /** For attributes: the tag and attribute name (`Card`, `href`). For reference-style links: the label. */
  tag?: string;
  attribute?: string;
  label?: string;
}

export interface HeadingSource {
  depth: number;
  /** The heading's content as written, without its `#` marks or `{#id}`. */
  content: string;
  /** The `{#id}` written after the heading, if any. */
  customId?: string;
  /** The whole heading line (or, for a setext heading, its text line). */
  range: OffsetRange;
}

/** An attribute that gives its element an anchor: any `id`, a field's name, a tab's or an accordion's title. */
export interface AnchorAttribute {
  tag: string;
  attribute: string;
  value: string;
  range: OffsetRange;
}

export interface SnippetImport {
  /** The names bound (`Intro`, or `{ a, b }`'s `a` and `b`). */
  names: string[];
  source: string;
  /** The range of the source string's text (inside the quotes). */
  range: OffsetRange;
}

/** A reference-style link (`[text][label]`, `[label][]`, `[label]`): a link only where the page defines its label. */
export interface LabelLink {
  kind: 'link' | 'image';
  /** The label as written, and where it starts. */
  label: string;
  start: number;
}

/**
 * What a stretch of a page's body holds, its offsets counted from the stretch's start. Reference
 * links are left unread: their definitions may lie anywhere in the page.
 */
export interface StretchScan {
  headings: HeadingSource[];
  anchorAttributes: AnchorAttribute[];
  references: PageReference[];
  imports: SnippetImport[];
  /** The `[label]: target` lines in order, their labels normalised. */
  definitions: Array<{ label: string; target: string }>;
  labelLinks: LabelLink[];
  /**
   * Whether a search ran to the stretch's end without finding what closes it (a quote, a brace,
   * a fence, a comment, a statement's end): with more of the page after it, the stretch may read
   * otherwise. A stretch that does not run on reads alone exactly as within the whole page, when
   * it starts at the body's start or after a blank line and ends after one.
   */
  runsOn: boolean;
}
