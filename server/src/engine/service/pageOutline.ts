import type { OffsetRange } from '../json/path';
import type { PageModel } from '../pages/pageModel';

export interface PageSymbol {
  name: string;
  /** `heading`, or the component that makes an anchor (`Tab`, `Accordion`, `ParamField`…). */
  kind: 'heading' | 'component';
  detail?: string;
  range: OffsetRange;
  selectionRange: OffsetRange;
  children: PageSymbol[];
}

/**
 * A page's outline: its headings, nested by level, and under each the components that make an
 * anchor (tabs, accordions, fields, updates), named by their title.
 */
export function pageOutline(page: PageModel): PageSymbol[] {
  const entries: { depth: number; symbol: PageSymbol }[] = [];
  for (const heading of page.headings) {
    entries.push({ depth: heading.depth, symbol: { name: heading.text || '(empty heading)', kind: 'heading', detail: `h${heading.depth}`, range: heading.range, selectionRange: heading.range, children: [] } });
  }
  for (const anchor of page.componentAnchors) {
    const value = page.text.slice(anchor.range.start, anchor.range.end);
    entries.push({ depth: 7, symbol: { name: value || anchor.anchor, kind: 'component', detail: `<${anchor.tag}> #${anchor.anchor}`, range: anchor.range, selectionRange: anchor.range, children: [] } });
  }
  entries.sort((a, b) => a.symbol.range.start - b.symbol.range.start);
  const roots: PageSymbol[] = [];
  const open: { depth: number; symbol: PageSymbol }[] = [];
  for (const entry of entries) {
    while (open.length > 0 && open[open.length - 1].depth >= entry.depth) open.pop();
    (open.length > 0 ? open[open.length - 1].symbol.children : roots).push(entry.symbol);
    if (entry.depth < 7) open.push(entry);
  }
  return roots;
}

/** Folding ranges of a page's components that span lines, as line numbers counted by `lineOf`. */
export function componentFoldingRanges(page: PageModel, lineOf: (offset: number) => number): { startLine: number; endLine: number }[] {
  const facts = page.mdxFacts;
  if (facts.error) return [];
  const ranges: { startLine: number; endLine: number }[] = [];
  for (const element of facts.elements) {
    const startLine = lineOf(element.range.start);
    // The closing tag's line stays visible, as editors fold blocks.
    const endLine = lineOf(element.range.end) - 1;
    if (endLine > startLine) ranges.push({ startLine, endLine });
  }
  return ranges;
}
