import type { PageElement, WrittenAttribute } from '../../components/jsxElements';
import type { OffsetRange } from '../../json/path';
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
  try {
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
  } catch (error) {
    if (error instanceof NotFacts) return undefined;
    throw error;
  }
}

function undefinedAsNull(_key: string, value: unknown): unknown {
  return value === undefined ? null : value;
}

class NotFacts extends Error {}

type Reader<T> = (value: unknown) => T;

function fail(): never {
  throw new NotFacts();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const anything: Reader<unknown> = (value) => value;
const string: Reader<string> = (value) => (typeof value === 'string' ? value : fail());
const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : fail());
const integer: Reader<number> = (value) => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail());

function list<T>(item: Reader<T>): Reader<T[]> {
  return (value) => (Array.isArray(value) ? value.map(item) : fail());
}

/** A key that may hold undefined (written as null) or be left out, as the facts made it. */
function optional<T>(read: Reader<T>): Reader<T | undefined> & { optional: true } {
  return Object.assign((value: unknown) => (value === null ? undefined : read(value)), { optional: true as const });
}

/** An object of exactly these keys (the optional ones may be missing), each read by its reader, in the order written. */
function shaped(value: unknown, readers: Record<string, Reader<unknown> & { optional?: true }>): Record<string, unknown> {
  if (!isRecord(value)) fail();
  const read: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(readers, key)) fail();
    read[key] = readers[key](value[key]);
  }
  for (const key of Object.keys(readers)) if (!Object.hasOwn(value, key) && !readers[key].optional) fail();
  return read;
}

const range: Reader<OffsetRange> = (value) => {
  const read = shaped(value, { start: integer, end: integer }) as unknown as OffsetRange;
  return read.start <= read.end ? read : fail();
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
