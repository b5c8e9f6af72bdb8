import type { JsonPath } from '../json/path';
import type { SourceDocument } from './sourceDocument';

/**
 * A value together with where it was written: which file, at which JSON path. The path is
 * built only when asked for (a problem is reported), as most values are never reported.
 */
export class Cursor {
  private cachedPath?: JsonPath;

  constructor(
    readonly value: unknown,
    readonly document: SourceDocument,
    /** The "$ref" files followed to reach this value, to stop cycles. */
    readonly refChain: readonly string[],
    readonly parent?: Cursor,
    readonly key?: string | number,
  ) {}

  get path(): JsonPath {
    if (!this.cachedPath) {
      this.cachedPath = this.parent ? [...this.parent.path, this.key!] : [];
    }
    return this.cachedPath;
  }
}

export function childCursor(cursor: Cursor, key: string | number, value: unknown): Cursor {
  return new Cursor(value, cursor.document, cursor.refChain, cursor, key);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function describeValue(value: unknown): string {
  switch (jsonType(value)) {
    case 'string':
      return JSON.stringify(value).length > 42 ? `${JSON.stringify(value).slice(0, 40)}…"` : JSON.stringify(value);
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    case 'boolean':
      return String(value);
    default:
      return `the number ${String(value)}`;
  }
}
