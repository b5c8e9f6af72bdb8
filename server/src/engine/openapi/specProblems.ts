import type { OffsetRange } from '../json/path';
import { converterProblems } from './converterChecks';
import { didYouMean } from '../suggest';
import { capitalize } from '../text';
import type { LoadedSpec, SyntaxProblem } from './loadedSpec';
import type { PlatformProblem, PlatformVerdict } from './platformValidation';
import { placeOf } from './specPlaces';
import { specTree, type SpecTree } from './specTree';

/** A reason the platform refuses a spec (or, `converter`, an operation's page), at its place in the spec's text. */
export interface SpecFileProblem {
  range: OffsetRange;
  /** Refused by the platform's validation, or let through by it and refused by its page converter. */
  stage: 'validation' | 'converter';
  /** In a writer's words, with the fix. */
  message: string;
  /** The platform's own words for it. */
  platformMessage: string;
}

/** Where in the spec's text each reason of a refusing verdict is, in a writer's words. */
export function specFileProblems(text: string, fileName: string, spec: LoadedSpec, verdict: PlatformVerdict): SpecFileProblem[] {
  const reading = spec.reading;
  if (verdict.valid) {
    const found = reading ? converterProblems(reading.document) : [];
    if (found.length === 0) return [];
    const tree = specTree(text, fileName);
    return found.map(({ path, target, message, platformMessage }) => ({ range: tree.locate(path, target) ?? nowhere, stage: 'converter', message, platformMessage }));
  }
  const refused = (problems: Located[]): SpecFileProblem[] => problems.map((problem) => ({ ...problem, stage: 'validation' }));
  if (reading?.syntax) return refused([syntaxProblem(text, reading.syntax)]);
  const tree = specTree(text, fileName);
  const document = reading?.document;
  const problems = verdict.problems.flatMap((problem) => located(problem, tree, document));
  return refused(problems.length > 0 ? problems : [{ range: nowhere, message: `The platform refuses this spec: ${verdict.message ?? 'it does not validate'}`, platformMessage: verdict.message ?? '' }]);
}

type Located = Omit<SpecFileProblem, 'stage'>;

function syntaxProblem(text: string, { offset, message, duplicateKey }: SyntaxProblem): Located {
  if (duplicateKey !== undefined) {
    return {
      range: { start: offset, end: offset + JSON.stringify(duplicateKey).length },
      message: `"${duplicateKey}" is in this object twice: the platform reads specs with a reader that refuses a repeated key, and so refuses the whole spec. Keep one`,
      platformMessage: `Invalid JSON or YAML syntax: ${message}`,
    };
  }
  const end = Math.min(text.length, offset + 1);
  return {
    range: { start: Math.min(offset, end), end },
    message: `The spec does not parse here (${message.split('\n')[0]}), so the platform refuses it and makes none of its pages`,
    platformMessage: `Invalid JSON or YAML syntax: ${message}`,
  };
}

const nowhere = { start: 0, end: 0 };

function located(problem: PlatformProblem, tree: SpecTree, document: unknown): Located[] {
  switch (problem.kind) {
    case 'external-ref': {
      const range = tree.locate(problem.path, 'value') ?? nowhere;
      const message = problem.inText
        ? `This text reads as a "$ref" to "${problem.ref}", and the platform refuses any "$ref" outside the spec, even one in a text. Reword it`
        : `"$ref" points outside this spec, to "${problem.ref}": the platform refuses references to other files and URLs. Move the definition into this spec's "components" and point to it with "#/components/…"`;
      return [{ range, message, platformMessage: `External $ref references are not allowed: ${problem.ref}` }];
    }
    case 'no-version':
      return [
        {
          range: tree.locate(['openapi'], 'value') ?? tree.locate(['swagger'], 'value') ?? nowhere,
          message: isOpenApi32(document)
            ? 'OpenAPI 3.2 is newer than the platform\'s OpenAPI parser, which reads 3.0 and 3.1 only: it refuses the spec. Write "openapi": "3.1.0" if the spec uses nothing new in 3.2'
            : 'The spec has no OpenAPI version the platform knows: write "openapi": "3.1.0" (or a 3.0.x version) at its top',
          platformMessage: 'Can’t find supported Swagger/OpenAPI version in specification, version must be a string.',
        },
      ];
    case 'swagger2':
      return [
        {
          range: tree.locate(['swagger'], 'value') ?? nowhere,
          message: 'This is a Swagger 2.0 spec: the platform makes API pages from OpenAPI 3.0 and 3.1 only. Convert it to OpenAPI 3',
          platformMessage: 'OpenAPI versions prior to 3.0 not supported',
        },
      ];
    case 'schema':
      return [schemaProblem(problem, tree)];
    case 'reference':
      return referenceProblems(problem, tree, document);
    case 'failure':
      if (problem.info) {
        return [{ range: tree.locate(['info'], 'value') ?? nowhere, message: `"info" must be an object with the spec's "title" and "version": the platform's OpenAPI parser fails on this one (${problem.message})`, platformMessage: problem.message }];
      }
      return [{ range: nowhere, message: `The platform's OpenAPI parser fails on this spec: ${problem.message}`, platformMessage: problem.message }];
  }
}

function isOpenApi32(document: unknown): boolean {
  return document !== null && typeof document === 'object' && /^3\.2(\.|$)/.test(String((document as { openapi?: unknown }).openapi));
}

function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function schemaProblem({ pointer, message, suggestion }: Extract<PlatformProblem, { kind: 'schema' }>, tree: SpecTree): Located {
  const path = segmentsOf(pointer);
  const place = placeOf(path);
  const platformMessage = `${pointer.replace('/paths/', '').replaceAll('~1', '/').replaceAll('~2', '~')}: ${message}`;
  const required = /^must have required property '(.+)'$/.exec(message);
  if (required) return { range: tree.locate(path, 'key') ?? nowhere, message: `${capitalize(place)} has no "${required[1]}", which OpenAPI requires here: add it`, platformMessage };
  const unexpected = /^Property (.+) is not expected to be here$/.exec(message);
  if (unexpected) {
    const range = tree.locate([...path, unexpected[1]], 'key') ?? tree.locate(path, 'key') ?? nowhere;
    return { range, message: `"${unexpected[1]}" is not an OpenAPI field of ${place}: remove it, or start its name with "x-" to keep it as an extension`, platformMessage };
  }
  const range = tree.locate(path, 'value') ?? nowhere;
  const type = /^type must be (\w+)$/.exec(message);
  if (type) return { range, message: `${capitalize(place)} must be ${article(type[1])}`, platformMessage };
  const allowed = /^enum must be equal to one of the allowed values: (.*)$/.exec(message) ?? /^must be equal to one of the allowed values: (.*)$/.exec(message);
  if (allowed) return { range, message: `${capitalize(place)} must be one of ${allowed[1]}${suggestion ? `. ${suggestion}` : ''}`, platformMessage };
  if (path.length === 1 && path[0] === 'openapi') return { range, message: '"openapi" must be a full version the platform knows, such as "3.1.0" or "3.0.3"', platformMessage };
  return { range, message: `${capitalize(place)} is not valid OpenAPI: ${message.replace(/^\w+ /, '')}`, platformMessage };
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function referenceProblems({ ref, message }: Extract<PlatformProblem, { kind: 'reference' }>, tree: SpecTree, document: unknown): Located[] {
  const places = tree.references().filter((reference) => String(reference.value) === String(ref));
  const target = String(ref);
  const suggestion = closestDefinition(target, document);
  const fix = suggestion ? ` Did you mean "${suggestion}"?` : ' Define it, or point to a definition the spec has';
  const problems = places.map(({ path, range }) => ({
    range,
    message: `${capitalize(placeOf(path))} points to "${target}", which the spec does not define.${fix}`,
    platformMessage: message,
  }));
  return problems.length > 0 ? problems : [{ range: nowhere, message: `A "$ref" points to "${target}", which the spec does not define`, platformMessage: message }];
}

/** The closest existing definition beside where a local reference leads (`#/components/schemas/Usr` → `#/components/schemas/User`). */
function closestDefinition(ref: string, document: unknown): string | undefined {
  if (!ref.startsWith('#/')) return undefined;
  const segments = segmentsOf(ref.slice(1));
  let container: unknown = document;
  let depth = 0;
  for (; depth < segments.length - 1; depth++) {
    const next: unknown = container && typeof container === 'object' ? (container as Record<string, unknown>)[segments[depth]] : undefined;
    if (!next || typeof next !== 'object') break;
    container = next;
  }
  if (!container || typeof container !== 'object') return undefined;
  const match = didYouMean(segments[depth], Object.keys(container));
  return match === undefined ? undefined : `#/${[...segments.slice(0, depth), match, ...segments.slice(depth + 1)].map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}
