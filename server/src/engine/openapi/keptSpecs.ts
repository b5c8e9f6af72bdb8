import { isRecord } from '../model/cursor';
import type { KeptReading, LoadedSpec, SpecReading, SyntaxProblem } from './loadedSpec';
import type { SpecFindings } from './specValidator';

/**
 * What a site's check needs of a spec's text, kept across runs (`check --cache`) so that a text
 * read before is not read again: its operations (or why it has none), what its reading said, and
 * the platform's findings on it.
 */
export interface KeptSpec {
  spec: KeptSpecSummary;
  findings: SpecFindings;
}

/** A spec without its text and reading (each of `LoadedSpec`'s kinds). */
type SpecWithoutText<T> = T extends unknown ? Omit<T, 'reading' | 'text'> : never;

export type KeptSpecSummary = SpecWithoutText<LoadedSpec> & {
  /** Whether the text was read, and read as an object with a top-level `openapi` key. */
  openapiKey: boolean;
  syntax?: SyntaxProblem;
};

/** Where the specs read in earlier runs are kept, by the spec's path and text. */
export interface SpecStore {
  keptSpec(text: string, fileName: string): KeptSpec | undefined;
  keepSpec(text: string, fileName: string, kept: KeptSpec): void;
}

/** Whether the platform's reading of the spec is an object with a top-level `openapi` key (the specs it finds on its own). */
export function readsAsOpenapi(reading: SpecReading | KeptReading | undefined): boolean {
  if (!reading || reading.syntax) return false;
  if ('kept' in reading) return reading.openapiKey;
  return isRecord(reading.document) && 'openapi' in reading.document;
}

/** What is kept of a spec read in this run. */
export function keptSummary({ reading, text: _text, ...spec }: LoadedSpec): KeptSpecSummary {
  return { ...spec, openapiKey: readsAsOpenapi(reading), ...(reading?.syntax ? { syntax: reading.syntax } : {}) };
}

/** A spec read in an earlier run, as this run's spec of the same text. */
export function keptLoadedSpec({ openapiKey, syntax, ...spec }: KeptSpecSummary, text: string): LoadedSpec {
  return { ...spec, reading: { kept: true, openapiKey, syntax }, text };
}
