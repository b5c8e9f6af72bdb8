import { isRecord } from '../model/cursor';
import type { KeptReading, LoadedSpec, Operation, SpecReading, SyntaxProblem } from './loadedSpec';
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

export type KeptSpecSummary = ({ ok: true; version: string; title?: string; operations: Operation[] } | { ok: false; error: string }) & {
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
export function keptSummary(spec: LoadedSpec): KeptSpecSummary {
  const { reading } = spec;
  const read = { openapiKey: readsAsOpenapi(reading), ...(reading?.syntax ? { syntax: reading.syntax } : {}) };
  return spec.ok ? { ok: true, version: spec.version, title: spec.title, operations: spec.operations, ...read } : { ok: false, error: spec.error, ...read };
}

/** A spec read in an earlier run, as this run's spec of the same text. */
export function keptLoadedSpec({ openapiKey, syntax, ...spec }: KeptSpecSummary, text: string): LoadedSpec {
  const reading: KeptReading = { kept: true, openapiKey, syntax };
  return spec.ok ? { ...spec, reading, text } : { ...spec, reading, text };
}
