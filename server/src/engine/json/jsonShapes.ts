import { isRecord } from '../model/cursor';
import type { OffsetRange } from './path';

/**
 * Readers of JSON written by this program and read back from a file another may have written:
 * each answers the value when it is of its shape, and throws `NotOfShape` otherwise.
 */
export class NotOfShape extends Error {}

export type Reader<T> = (value: unknown) => T;

export function fail(): never {
  throw new NotOfShape();
}

/** What a reader makes of a value, undefined when it is not of its shape. */
export function readAs<T>(read: Reader<T>, value: unknown): T | undefined {
  try {
    return read(value);
  } catch (error) {
    if (error instanceof NotOfShape) return undefined;
    throw error;
  }
}

export const anything: Reader<unknown> = (value) => value;
export const string: Reader<string> = (value) => (typeof value === 'string' ? value : fail());
export const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : fail());
export const integer: Reader<number> = (value) => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail());

export function list<T>(item: Reader<T>): Reader<T[]> {
  return (value) => (Array.isArray(value) ? value.map(item) : fail());
}

/** One of these strings. */
export function oneOf<T extends string>(choices: readonly T[]): Reader<T> {
  return (value) => (choices.includes(value as T) ? (value as T) : fail());
}

/** A key that may hold undefined (written as null) or be left out, as the writer made it. */
export function optional<T>(read: Reader<T>): Reader<T | undefined> & { optional: true } {
  return Object.assign((value: unknown) => (value === null ? undefined : read(value)), { optional: true as const });
}

/** An object of exactly these keys (the optional ones may be missing), each read by its reader, in the order written. */
export function shaped(value: unknown, readers: Record<string, Reader<unknown> & { optional?: true }>): Record<string, unknown> {
  if (!isRecord(value)) fail();
  const read: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(readers, key)) fail();
    read[key] = readers[key](value[key]);
  }
  for (const key of Object.keys(readers)) if (!Object.hasOwn(value, key) && !readers[key].optional) fail();
  return read;
}

export const range: Reader<OffsetRange> = (value) => {
  const read = shaped(value, { start: integer, end: integer }) as unknown as OffsetRange;
  return read.start <= read.end ? read : fail();
};

/** JSON.stringify's replacer that writes a key holding undefined as null. */
export function undefinedAsNull(_key: string, value: unknown): unknown {
  return value === undefined ? null : value;
}
