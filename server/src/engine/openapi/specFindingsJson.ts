import { anything, boolean, integer, list, oneOf, optional, range, readAs, shaped, string, undefinedAsNull, fail, type Reader } from '../json/jsonShapes';
import type { KeptSpec, KeptSpecSummary } from './keptSpecs';
import type { Operation, SyntaxProblem } from './loadedSpec';
import type { PlatformProblem, PlatformVerdict } from './platformValidation';
import type { SpecFileProblem } from './specProblems';
import type { SpecFindings } from './specValidator';

/**
 * A kept spec as JSON and back, the same again (`keptSpecFromJson` of `keptSpecToJson(k)`
 * deep-equals `k`), a key holding undefined written as null. Reading answers undefined for
 * anything not of these shapes (a corrupt or foreign file).
 */
export function keptSpecToJson(kept: KeptSpec): string {
  return JSON.stringify(kept, undefinedAsNull);
}

export function keptSpecFromJson(value: unknown): KeptSpec | undefined {
  return readAs(keptSpec, value);
}

const segment: Reader<string | number> = (value) => (typeof value === 'string' ? value : integer(value));

const problemShapes: Record<PlatformProblem['kind'], Record<string, Reader<unknown> & { optional?: true }>> = {
  'external-ref': { kind: string, path: list(segment), ref: string, inText: boolean },
  'no-version': { kind: string },
  schema: { kind: string, pointer: string, message: string, suggestion: optional(string) },
  reference: { kind: string, ref: anything, message: string },
  failure: { kind: string, message: string, info: optional(boolean) },
  swagger2: { kind: string },
};

const platformProblem: Reader<PlatformProblem> = (value) => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(problemShapes, kind)) fail();
  return shaped(value, problemShapes[kind as PlatformProblem['kind']]) as unknown as PlatformProblem;
};

const verdict: Reader<PlatformVerdict> = (value) => shaped(value, { valid: boolean, problems: list(platformProblem), message: optional(string) }) as unknown as PlatformVerdict;

const fileProblem: Reader<SpecFileProblem> = (value) =>
  shaped(value, { range, stage: oneOf(['validation', 'converter'] as const), message: string, platformMessage: string }) as unknown as SpecFileProblem;

const findings: Reader<SpecFindings> = (value) => shaped(value, { verdict, problems: list(fileProblem) }) as unknown as SpecFindings;

const operation: Reader<Operation> = (value) =>
  shaped(value, {
    method: string,
    path: string,
    summary: optional(string),
    description: optional(string),
    operationId: optional(string),
    tag: optional(string),
    href: optional(string),
    webhook: optional(boolean),
    excluded: optional((excluded) => (excluded === true ? true : fail())),
  }) as unknown as Operation;

const syntax: Reader<SyntaxProblem> = (value) => shaped(value, { offset: integer, message: string, duplicateKey: optional(string) }) as unknown as SyntaxProblem;

const summary: Reader<KeptSpecSummary> = (value) => {
  const read = { openapiKey: boolean, syntax: optional(syntax) };
  return ((value as { ok?: unknown } | null)?.ok === true
    ? shaped(value, { ok: boolean, version: string, title: optional(string), operations: list(operation), ...read })
    : shaped(value, { ok: (ok) => (ok === false ? false : fail()), error: string, ...read })) as unknown as KeptSpecSummary;
};

const keptSpec: Reader<KeptSpec> = (value) => shaped(value, { spec: summary, findings }) as unknown as KeptSpec;
