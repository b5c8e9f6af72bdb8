import type { PageElement, WrittenAttribute } from '../../components/jsxElements';
import { anything, boolean, fail, integer, isRecord, list, optional, range, readAs, shaped, string, undefinedAsNull, type Reader } from '../../json/jsonShapes';
import type { MarkdownImage, MdxFacts } from './mdxFacts';
import type { MdxSyntaxError, PagePoint } from './parseMdx';
import { suppressionKinds, type SuppressionComment } from './suppressionComments';

/**
 * MdxFacts as JSON and back, the same facts again (`factsFromJson(factsToJson(f))` deep-equals
 * `f`): an element's `parent` is written as its index in the page's elements, a key holding
 * undefined as null (the facts hold no null). The facts of an unread page are not written: they
 * say how one run went, not what the page is. Reading answers undefined for anything not of
 * these shapes (a corrupt or foreign file), never other facts.
 */
export function factsToJson(facts: MdxFacts): string | undefined {
  if (facts.error) return JSON.stringify({ error: facts.error }, undefinedAsNull);
  if (facts.unread) return undefined;
  const index = new Map(facts.elements.map((element, at) => [element, at]));
  const elements: unknown[] = [];
  for (const element of facts.elements) {
    const parent = element.parent && index.get(element.parent);
    // A parent after its child, or outside the page's elements, has no index that reads back as it.
    if (element.parent && !(parent !== undefined && parent < elements.length)) return undefined;
    elements.push({ ...element, parent });
  }
  return JSON.stringify({ elements, images: facts.images, esmNames: facts.esmNames, suppressions: facts.suppressions }, undefinedAsNull);
}

export function factsFromJson(value: unknown): MdxFacts | undefined {
  return readAs(facts, value);
}

const facts: Reader<MdxFacts> = (value) => {
  if (isRecord(value) && 'error' in value) return shaped(value, { error: syntaxError }) as MdxFacts;
  const read = shaped(value, { elements: list(anything), images: list(image), esmNames: list(string), suppressions: list(suppression) }) as {
    elements: unknown[];
    images: MarkdownImage[];
    esmNames: string[];
    suppressions: SuppressionComment[];
  };
  const elements: PageElement[] = [];
  for (const written of read.elements) elements.push(pageElement(written, elements));
  return { elements, images: read.images, esmNames: read.esmNames, suppressions: read.suppressions };
};

const point: Reader<PagePoint> = (value) => shaped(value, { line: integer, column: integer, offset: integer }) as unknown as PagePoint;

const syntaxError: Reader<MdxSyntaxError> = (value) =>
  shaped(value, { start: point, end: optional(point), reason: string, rule: string, acornReason: optional(string) }) as unknown as MdxSyntaxError;

const suppression: Reader<SuppressionComment> = (value) => {
  const read = shaped(value, { kind: string, codes: list(string), range }) as unknown as SuppressionComment;
  return suppressionKinds.includes(read.kind) ? read : fail();
};

const image: Reader<MarkdownImage> = (value) => shaped(value, { alt: optional(string), range }) as unknown as MarkdownImage;

const attribute: Reader<WrittenAttribute> = (value) =>
  shaped(value, { name: string, text: optional(string), quoted: boolean, expression: optional(string), range, textRange: optional(range), valueRange: optional(range) }) as unknown as WrittenAttribute;

/** An element whose parent is one of the elements read before it. */
function pageElement(value: unknown, before: readonly PageElement[]): PageElement {
  const parentOf = (at: unknown) => (integer(at) < before.length ? before[at as number] : fail());
  return shaped(value, { name: string, block: boolean, parent: optional(parentOf), nameRange: range, range, attributes: optional(list(attribute)) }) as unknown as PageElement;
}
