import type { Node } from 'jsonc-parser';
import type { OffsetRange } from '../json/path';

export interface TextEdit {
  range: OffsetRange;
  newText: string;
}

/** Edits to one file of the site (root-relative path), in offsets of its current text. */
export interface FileEdit {
  file: string;
  edits: TextEdit[];
}

/** The range that removes a property or an array item together with the comma that separates it from a neighbour. */
export function propertyRemoval(property: Node): OffsetRange {
  const siblings = property.parent?.children ?? [property];
  const index = siblings.indexOf(property);
  const end = property.offset + property.length;
  if (index > 0) {
    const previous = siblings[index - 1];
    return { start: previous.offset + previous.length, end };
  }
  if (siblings.length > 1) return { start: property.offset, end: siblings[1].offset };
  return { start: property.offset, end };
}

/** Adds edits to the list of their file. */
export function addEdit(fileEdits: FileEdit[], file: string, edit: TextEdit): void {
  let entry = fileEdits.find((candidate) => candidate.file === file);
  if (!entry) fileEdits.push((entry = { file, edits: [] }));
  entry.edits.push(edit);
}

/** A text with edits applied (edits in offsets of that text, not overlapping). */
export function appliedEdits(text: string, edits: TextEdit[]): string {
  let result = text;
  for (const { range, newText } of [...edits].sort((a, b) => b.range.start - a.range.start)) result = result.slice(0, range.start) + newText + result.slice(range.end);
  return result;
}
