import { anything, boolean, integer, list, oneOf, optional, range, readAs, shaped, string, undefinedAsNull, fail, type Reader } from '../json/jsonShapes';
import type { PlatformProblem, PlatformVerdict } from './platformValidation';
import type { SpecFileProblem } from './specProblems';
import type { SpecFindings } from './specValidator';

/**
 * SpecFindings as JSON and back, the same findings again (`specFindingsFromJson` of
 * `specFindingsToJson(f)` deep-equals `f`), a key holding undefined written as null. Reading
 * answers undefined for anything not of these shapes (a corrupt or foreign file).
 */
export function specFindingsToJson(findings: SpecFindings): string {
  return JSON.stringify(findings, undefinedAsNull);
}

export function specFindingsFromJson(value: unknown): SpecFindings | undefined {
  return readAs(findings, value);
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
