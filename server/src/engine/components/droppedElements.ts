import type { OffsetRange } from '../json/path';
import type { PageModel } from '../pages/pageModel';
import type { PageReference } from '../pages/scanPage';
import { builtInComponent, isAllowedTag } from './componentTable';
import type { PageElement } from './jsxElements';
import { definedComponents, isDefined } from './pageComponents';

/**
 * Whether the site drops an element with its content (its compile turns it into a comment): a
 * block-level component or HTML tag that is not built in and that the page neither defines nor
 * imports.
 */
export function isDroppedBlock(element: PageElement, defined: ReadonlySet<string>): boolean {
  return element.block && !isDefined(element.name, defined) && !builtInComponent(element.name) && !isAllowedTag(element.name);
}

/** Where the elements a page's compile drops lie (the outermost ones): nothing in them is shown. */
export function droppedRanges(page: PageModel): OffsetRange[] {
  const facts = page.mdxFacts;
  if (facts.error) return [];
  const defined = definedComponents(page.imports, facts.esmNames);
  const ranges: OffsetRange[] = [];
  for (const element of facts.elements) {
    const last = ranges[ranges.length - 1];
    if (last && element.range.start < last.end) continue;
    if (isDroppedBlock(element, defined)) ranges.push(element.range);
  }
  return ranges;
}

/**
 * The links and images of a page a reader is shown, each where its target is written: not those
 * inside a component the site drops (the component is reported, not its links), and a
 * reference-style link at its definition, which holds the target.
 */
export function shownLinks(page: PageModel): PageReference[] {
  let dropped: OffsetRange[] | undefined;
  return page.references.filter(
    (reference) =>
      reference.kind !== 'import' &&
      (reference.label === undefined || reference.kind === 'definition') &&
      !(dropped ??= droppedRanges(page)).some((range) => range.start <= reference.range.start && reference.range.end <= range.end),
  );
}
