import type { OffsetRange } from '../json/path';
import { parseFrontmatter, type Frontmatter } from './frontmatter';
import { cleanedAnchor, idAnchor } from './componentIds';
import { headingText } from './headingText';
import { factsOfParse, type MdxFacts } from './mdx/mdxFacts';
import type { MdxFactsCache } from './mdx/mdxFactsCache';
import { reparseMdx, type ParsedText, type Reparse } from './mdx/reparse';
import { scanPage, scanWholePage, type AnchorAttribute, type FrontmatterBlock, type PageReference, type ScannedPage, type SnippetImport } from './scanPage';
import { AnchorCounter, customHeadingId, fieldAnchor, headingAnchor, slugOf } from './slug';
import { anchoredSteps } from './stepAnchors';

export interface Heading {
  depth: number;
  /** The text the heading shows. */
  text: string;
  /**
   * Its anchor: the `{#id}` when written, else its slug, numbered when repeated ("intro-2").
   * None for headings of level 5 and 6, nor on a page in `custom` or `frame` mode: the platform
   * gives ids to headings of level 1 to 4 only, and none in those modes.
   */
  anchor?: string;
  range: OffsetRange;
}

/** The deepest heading level that gets an id. */
const maxAnchoredDepth = 4;
/** Page modes in which headings get no id (frontmatter `mode: custom` or `mode: frame`). */
const idlessMode = /^mode:[ \t]*["']?(custom|frame)["']?[ \t]*(#.*)?$/m;

/** What one page (or snippet) file holds, read once from its text. */
export class PageModel {
  readonly headings: Heading[];
  /** Anchors that tags and components define: `id`s, fields, tabs, accordions, updates. */
  readonly componentAnchors: ComponentAnchor[];
  readonly references: PageReference[];
  readonly imports: SnippetImport[];
  private readonly frontmatterBlock?: FrontmatterBlock;
  /** Each heading's text as shown and its slug, by the heading as written. */
  readonly headingReadings = new Map<string, HeadingReading>();
  /**
   * The scan of this text, which the next text's scan reuses where an edit left it: kept only by a
   * page whose text is an edit's (a site's pages read from disk would hold their scan twice).
   */
  readonly scanned?: ScannedPage;
  /** Where each anchored heading starts and the anchor it has before numbering, for numbering the steps with them. */
  private readonly headingSlugs: [number, string][] = [];
  private contentsAnchors?: string[];
  private parsedFrontmatter?: Frontmatter;
  private parsedMdx?: Reparse;
  private facts?: MdxFacts;

  constructor(
    /** Root-relative file path ("guides/intro.mdx"). */
    readonly file: string,
    readonly text: string,
    /** The last text of this page that parsed, if any: a parse of this text reads again only what changed. */
    private readonly parsedBefore?: ParsedPage,
    /** Where the facts of the site's pages are kept by text, to be found after a check that dropped this page. */
    private readonly factsCache?: MdxFactsCache,
    /** The headings of an earlier text of the page, read: a heading written the same is not read again. */
    earlierHeadings?: ReadonlyMap<string, HeadingReading>,
    /** Given when this text is an edit of an earlier one: what that one's reading lends (see `lent`). */
    edit?: LentReading,
  ) {
    const scan = edit ? (this.scanned = scanPage(text, edit.earlierScan)) : scanWholePage(text);
    const counter = new AnchorCounter();
    const withIds = !(scan.frontmatter && idlessMode.test(scan.frontmatter.raw));
    this.headings = scan.headings.map(({ depth, content, customId, range }) => {
      let reading = earlierHeadings?.get(content) ?? this.headingReadings.get(content);
      if (!reading) {
        const shown = headingText(content);
        reading = { shown, slug: headingAnchor(shown) };
      }
      this.headingReadings.set(content, reading);
      const { shown, slug } = reading;
      if (!withIds || depth > maxAnchoredDepth) return { depth, text: shown, range };
      // A `{#id}` shares the numbering.
      const unnumbered = customId === undefined ? slug : customHeadingId(customId) || slug;
      this.headingSlugs.push([range.start, unnumbered]);
      return { depth, text: shown, anchor: counter.next(unnumbered), range };
    });
    this.componentAnchors = componentAnchors(scan.anchorAttributes);
    this.references = scan.references;
    this.imports = scan.imports;
    this.frontmatterBlock = scan.frontmatter;
    if (sameBlock(edit?.earlierFrontmatter?.block, scan.frontmatter)) this.parsedFrontmatter = edit!.earlierFrontmatter;
  }

  /** What the next text of this page may reuse: its scan, if kept, and its frontmatter, if parsed (none is parsed for it). */
  get lent(): LentReading {
    return { earlierScan: this.scanned, earlierFrontmatter: this.parsedFrontmatter };
  }

  /**
   * The anchors of the headings and of the steps the platform puts in the table of contents (see
   * `anchoredSteps`), numbered in one count in the page's order ("install-2" for a heading
   * "Install" after such a step). Steps are read from the page's tree, so on first use, and only
   * for a page that has a `<Step`.
   */
  get tableOfContentsAnchors(): string[] {
    if (this.contentsAnchors) return this.contentsAnchors;
    const steps = anchorsNeedFacts(this.text) ? anchoredSteps(this.mdxFacts) : [];
    if (steps.length === 0) return (this.contentsAnchors = this.headings.flatMap((heading) => (heading.anchor === undefined ? [] : [heading.anchor])));
    const counter = new AnchorCounter();
    return (this.contentsAnchors = [
      ...this.headingSlugs.map(([start, slug]) => ({ start, slug })),
      ...steps.map(({ start, title, id }) => ({ start, slug: (id !== undefined && cleanedAnchor(id)) || headingAnchor(headingText(title)) })),
    ]
      .sort((a, b) => a.start - b.start)
      .map(({ slug }) => counter.next(slug)));
  }

  /** The frontmatter, parsed on first use (the YAML parser is the costliest step of reading a page). */
  get frontmatter(): Frontmatter | undefined {
    if (!this.frontmatterBlock) return undefined;
    return (this.parsedFrontmatter ??= parseFrontmatter(this.frontmatterBlock));
  }

  /** The page read as the platform reads it (its tree, or its syntax error), parsed on first use. */
  get mdx(): Reparse {
    return (this.parsedMdx ??= reparseMdx(this.text, this.parsedBefore));
  }

  /** What the page rules read from the parse: kept by text in the site's cache, read from `mdx` when this text's are not there. */
  get mdxFacts(): MdxFacts {
    if (this.facts) return this.facts;
    let facts = this.factsCache?.get(this.file, this.text);
    if (!facts) {
      facts = factsOfParse(this.text, this.mdx, this.parsedBefore?.facts);
      this.factsCache?.set(this.file, this.text, facts);
    }
    return (this.facts = facts);
  }

  /** Drops the parse (it is made again if asked for); the facts read from it stay. */
  forgetMdx(): void {
    this.parsedMdx = undefined;
  }

  /** This text and its tree if it parsed, else the last text of the page that did (for the next edit's parse). */
  get lastParsed(): ParsedPage | undefined {
    const tree = this.parsedMdx?.tree;
    return tree ? { text: this.text, tree, facts: this.facts } : this.parsedBefore;
  }
}

/**
 * Whether a page's anchors are read from its parse (its facts), not from its scan alone: those of
 * a page with steps. A link into such a page needs the page's facts before its anchor is checked.
 */
export function anchorsNeedFacts(text: string): boolean {
  return text.includes('<Step');
}

/** A page's model; `before`, the model of an earlier text of the same page, lends its parse; `factsCache`, the site's facts kept by text. */
export function readPage(file: string, text: string, before?: PageModel, factsCache?: MdxFactsCache): PageModel {
  return new PageModel(file, text, before?.lastParsed, factsCache, before?.headingReadings, before?.lent);
}

/** What an earlier text of a page lends the reading of the next one. */
export interface LentReading {
  earlierScan?: ScannedPage;
  earlierFrontmatter?: Frontmatter;
}

/** A page's text that parsed, with its tree and, if they were read, its facts. */
export interface ParsedPage extends ParsedText {
  facts?: MdxFacts;
}

/** A heading's text as shown and its slug, read from the heading as written. */
export interface HeadingReading {
  shown: string;
  slug: string;
}

export interface ComponentAnchor {
  anchor: string;
  tag: string;
  range: OffsetRange;
}

/**
 * `id="x"` is "x" on a tag that gives its id to the page (see `idAnchor`). A `<ParamField path="userId">`, `<Param path="userId">` or `<ResponseField name="userId">` is
 * "param-user-id" (a repeated name "param-user-id-1", "-2"...), a `<Tab title>` or `<Update label>`
 * the anchor its text would have as a heading, an `<Accordion title>` or `<View title>` the slug of its text.
 */
function componentAnchors(attributes: AnchorAttribute[]): ComponentAnchor[] {
  const anchors: ComponentAnchor[] = [];
  const fieldCounts = new Map<string, number>();
  for (const { tag, attribute, value, range } of attributes) {
    if (attribute === 'id') {
      const anchor = idAnchor(tag, value);
      if (anchor !== undefined) anchors.push({ anchor, tag, range });
      continue;
    }
    let anchor: string;
    if (tag === 'ParamField' || tag === 'Param' || tag === 'ResponseField') {
      const first = fieldAnchor(value);
      const count = fieldCounts.get(first) ?? 0;
      fieldCounts.set(first, count + 1);
      anchor = count === 0 ? first : fieldAnchor(value, count);
    } else {
      anchor = tag === 'Accordion' || tag === 'View' ? slugOf(value) : headingAnchor(value);
    }
    anchors.push({ anchor, tag, range });
  }
  return anchors;
}

/** The anchors a page defines itself: its headings' and steps', and its components'. */
export function ownAnchors(page: PageModel): string[] {
  return [...page.tableOfContentsAnchors, ...page.componentAnchors.map((a) => a.anchor)];
}

/** Whether two frontmatter blocks are written the same, at the same place. */
function sameBlock(a: FrontmatterBlock | undefined, b: FrontmatterBlock | undefined): boolean {
  return a !== undefined && b !== undefined && a.raw === b.raw && a.start === b.start && a.range.end === b.range.end;
}
