import type { PageElement } from '../components/jsxElements';
import type { MdxFacts } from './mdx/mdxFacts';

/** A `<Step>` the platform puts in the page's table of contents, which gives it an anchor. */
export interface AnchoredStep {
  /** Where its tag starts: steps and headings are numbered in the page's order. */
  start: number;
  title: string;
  /** Its `id`, which names the anchor instead of the title. */
  id?: string;
}

/** Title sizes that put a step in the table of contents. */
const anchoredSizes = new Set(['h2', 'h3']);

/**
 * The steps that get an anchor: a block `<Step>` with a title and `titleSize="h2"` or `"h3"`, its
 * own or that of the `<Steps>` it sits in (the platform forwards it to the steps directly inside),
 * and no `noAnchor`. Only quoted values count, as the platform reads them.
 */
export function anchoredSteps(facts: MdxFacts): AnchoredStep[] {
  if (facts.error) return [];
  const steps: AnchoredStep[] = [];
  for (const element of facts.elements) {
    if (element.name !== 'Step' || !element.block) continue;
    const parent = element.parent?.name === 'Steps' && element.parent.block ? element.parent : undefined;
    const size = quotedValue(element, 'titleSize') ?? (parent && quotedValue(parent, 'titleSize'));
    const title = quotedValue(element, 'title') ?? '';
    if (!anchoredSizes.has(size ?? '') || title.trim() === '' || hasNoAnchor(element)) continue;
    steps.push({ start: element.range.start, title, id: quotedValue(element, 'id') || undefined });
  }
  return steps;
}

function quotedValue(element: PageElement, name: string): string | undefined {
  const attribute = element.attributes?.find((written) => written.name === name);
  return attribute?.quoted ? attribute.text : undefined;
}

/** `noAnchor`, `noAnchor="true"` or `noAnchor={true}`. */
function hasNoAnchor(element: PageElement): boolean {
  const attribute = element.attributes?.find((written) => written.name === 'noAnchor');
  if (!attribute) return false;
  if (attribute.quoted) return attribute.text === 'true';
  return attribute.expression === undefined || attribute.expression.trim() === 'true';
}
