import type { PageElement, WrittenAttribute } from '../../components/jsxElements';
import { anything, fail, integer, list, optional, range, readAs, shaped, string, undefinedAsNull, type Reader } from '../../json/jsonShapes';
import type { OffsetRange } from '../../json/path';
import { isRecord } from '../../model/cursor';
import type { MarkdownImage, MdxFacts } from './mdxFacts';
import type { MdxSyntaxError, PagePoint } from './parseMdx';
import { suppressionKinds, type SuppressionComment } from './suppressionComments';

/**
 * MdxFacts as JSON and back, the same facts again (`factsFromJson(factsToJson(f))` deep-equals
 * `f`, every key present or absent alike): a key holding undefined written as null (the facts hold
 * no null); the elements, most of a page's facts, each as an array (`ElementArray`), its parent as
 * its index in the page's elements. The facts of an unread page, or of an element or attribute of
 * another shape, are not written: they say how one run went, or are not what this reads back.
 * Reading answers undefined for anything not of these shapes (a corrupt or foreign file), never
 * other facts.
 */
export function factsToJson(facts: MdxFacts): string | undefined {
  if (facts.error) return JSON.stringify({ error: facts.error }, undefinedAsNull);
  if (facts.unread) return undefined;
  const index = new Map(facts.elements.map((element, at) => [element, at]));
  const elements: ElementArray[] = [];
  for (const element of facts.elements) {
    const parent = element.parent ? index.get(element.parent) : -1;
    // A parent after its child, or outside the page's elements, has no index that reads back as it.
    if (parent === undefined || parent >= elements.length || Object.keys(element).length !== elementKeys) return undefined;
    const attributes = element.attributes?.map(attributeArray);
    if (attributes?.includes(undefined)) return undefined;
    const { name, block, nameRange, range } = element;
    elements.push([name, block ? 1 : 0, parent, nameRange.start, nameRange.end, range.start, range.end, (attributes as AttributeArray[] | undefined) ?? null]);
  }
  return JSON.stringify({ elements, images: facts.images, esmNames: facts.esmNames, suppressions: facts.suppressions }, undefinedAsNull);
}

/** An element: its name, block (1) or inline (0), its parent's index (-1 for none), its name's range, its range, its attributes (null: it spreads an expression). */
type ElementArray = [string, 0 | 1, number, number, number, number, number, AttributeArray[] | null];
const elementKeys = 6;

/**
 * An attribute: its name, quoted (1) or not (0), its range, then which of its optional keys it
 * has (a bit each, in `optionalKeys`' order), and the value of each it has: a string or null, a
 * range as two offsets or null.
 */
type AttributeArray = (string | number | null)[];
const optionalKeys = ['text', 'expression', 'valueRange', 'textRange'] as const;
const attributeKeys = new Set<string>(['name', 'quoted', 'range', ...optionalKeys]);

function attributeArray(attribute: WrittenAttribute): AttributeArray | undefined {
  if (Object.keys(attribute).some((key) => !attributeKeys.has(key))) return undefined;
  const written: AttributeArray = [attribute.name, attribute.quoted ? 1 : 0, attribute.range.start, attribute.range.end, 0];
  let has = 0;
  for (const [bit, key] of optionalKeys.entries()) {
    if (!Object.hasOwn(attribute, key)) continue;
    has |= 1 << bit;
    const value = attribute[key];
    if (value === undefined) written.push(null);
    else if (typeof value === 'string') written.push(value);
    else written.push(value.start, value.end);
  }
  written[4] = has;
  return written;
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

/** Two offsets from `at`, the first not after the second. */
function rangeAt(items: readonly unknown[], at: number): OffsetRange {
  const start = integer(items[at]);
  const end = integer(items[at + 1]);
  return start <= end ? { start, end } : fail();
}

function attributeOf(value: unknown): WrittenAttribute {
  if (!Array.isArray(value) || value.length < 5) fail();
  const attribute: Record<string, unknown> = { name: string(value[0]), quoted: flag(value[1]), range: rangeAt(value, 2) };
  const has = integer(value[4]);
  if (has >= 1 << optionalKeys.length) fail();
  let at = 5;
  for (const [bit, key] of optionalKeys.entries()) {
    if (!(has & (1 << bit))) continue;
    if (value[at] === null) {
      attribute[key] = undefined;
      at++;
    } else if (key === 'text' || key === 'expression') {
      attribute[key] = string(value[at++]);
    } else {
      attribute[key] = rangeAt(value, at);
      at += 2;
    }
  }
  return at === value.length ? (attribute as unknown as WrittenAttribute) : fail();
}

const flag = (value: unknown): boolean => (value === 1 ? true : value === 0 ? false : fail());

/** An element whose parent is one of the elements read before it. */
function pageElement(value: unknown, before: readonly PageElement[]): PageElement {
  if (!Array.isArray(value) || value.length !== 8) fail();
  const parentAt = value[2];
  const parent = parentAt === -1 ? undefined : integer(parentAt) < before.length ? before[parentAt as number] : fail();
  const attributes = value[7] === null ? undefined : Array.isArray(value[7]) ? value[7].map(attributeOf) : fail();
  return { name: string(value[0]), block: flag(value[1]), parent, nameRange: rangeAt(value, 3), range: rangeAt(value, 5), attributes };
}
