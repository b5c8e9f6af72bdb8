import type { JsonDocument } from '../json/jsonDocument';
import type { JsonPath, OffsetRange } from '../json/path';
import type { NavElement } from '../model/navigationModel';
import type { SourceDocument } from '../model/sourceDocument';
import { docsSchema } from '../schema/schema';
import { isSeparateTopMember } from '../schema/validate';
import type { EditSpan } from './editSpan';

/**
 * A part of the docs.json that can be checked again on its own: a navigation element in a list,
 * or a top-level value that no other part of the check reads. Offsets are those of the text the
 * table was last brought up to date with.
 */
export interface Unit {
  /** The value: from its first character to just after its last. */
  start: number;
  end: number;
  /** A top-level member's key, where problems about the member itself are shown. */
  keyRange?: OffsetRange;
  element?: NavElement;
  topLevelKey?: string;
}

export type UnitTable = Unit[];

/** Top-level members that the navigation checks or the contrast of the colours read, or that change how the file is read. */
const sharedTopLevelKeys = new Set(['navigation', 'icons', 'api', '$schema', 'background', 'theme']);

function isElementUnit(element: NavElement, document: SourceDocument): boolean {
  return element.cursor.document === document && typeof element.cursor.key === 'number' && element.kind !== 'globalEntry';
}

/** Finds every unit of a checked docs.json: two passes over its text, elements then top-level values. */
export function buildUnits(document: SourceDocument, elements: NavElement[], topLevel: Record<string, unknown>): UnitTable {
  const keys = Object.keys(topLevel).filter((key) => !sharedTopLevelKeys.has(key) && isSeparateTopMember(docsSchema, key));
  const ranges = document.json.locate(keys.flatMap((key) => [
    { path: [key], target: 'value' as const },
    { path: [key], target: 'key' as const },
  ]));
  const units = subtreeUnits(document.json, 0, [], elements, document);
  keys.forEach((key, index) => {
    const [value, keyRange] = [ranges[2 * index], ranges[2 * index + 1]];
    if (value && keyRange) units.push({ start: value.start, end: value.end, keyRange, topLevelKey: key });
  });
  return units;
}

/** Units of the elements written in a value of the docs.json, located in its text (offsets from `base`). */
export function subtreeUnits(json: JsonDocument, base: number, basePath: JsonPath, elements: NavElement[], document: SourceDocument): UnitTable {
  const unitElements = elements.filter((element) => isElementUnit(element, document));
  const ranges = json.locate(unitElements.map((element) => ({ path: element.cursor.path.slice(basePath.length), target: 'value' as const })));
  const units: UnitTable = [];
  unitElements.forEach((element, index) => {
    const range = ranges[index];
    if (range) units.push({ start: range.start + base, end: range.end + base, element });
  });
  return units;
}

/** The innermost unit whose value holds the whole edit between its first and last characters. */
export function innermostUnit(units: UnitTable, span: EditSpan): Unit | undefined {
  let found: Unit | undefined;
  for (const unit of units) {
    if (unit.start < span.start && span.oldEnd < unit.end && (!found || unit.start > found.start)) found = unit;
  }
  return found;
}

/** Moves a range of the text before an edit to where it is after it; ranges holding the edit grow. */
export function shiftRange<T extends OffsetRange>(range: T, span: EditSpan): T {
  const delta = span.newEnd - span.oldEnd;
  if (delta === 0 || range.end < span.oldEnd) return range;
  if (range.start >= span.oldEnd) return { ...range, start: range.start + delta, end: range.end + delta };
  return { ...range, end: range.end + delta };
}
