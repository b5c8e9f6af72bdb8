import { details, resolveReferences, transformErrors, type OpenApiVersion } from '@mintlify/openapi-parser';
import { load as loadYaml } from 'js-yaml-4';
import { isRecord } from '../model/cursor';
import schemaValidators from '../../../data/openapi-validators.generated.cjs';

/** A key or an index on the way from the document's root to a value. */
export type Segment = string | number;

/** One reason the platform gives for refusing a spec. */
export type PlatformProblem =
  /** A `$ref` that is not `#…`: the platform refuses any (a file or a URL) before validating. */
  | { kind: 'external-ref'; path: Segment[]; ref: string; inText: boolean }
  /** Neither `openapi: 3.0.x / 3.1.x` nor `swagger: 2.0` as a string. */
  | { kind: 'no-version' }
  /** A value the OpenAPI schema of its version does not allow, at a JSON pointer. */
  | { kind: 'schema'; pointer: string; message: string; suggestion?: string }
  /** A `$ref` the parser cannot follow. */
  | { kind: 'reference'; ref: unknown; message: string }
  /** The parser failed on the document itself (on its `info`, when `info` is given). */
  | { kind: 'failure'; message: string; info?: boolean }
  /** A Swagger 2.0 document: the platform builds pages from OpenAPI 3.0 and 3.1 only. */
  | { kind: 'swagger2' };

export interface PlatformVerdict {
  valid: boolean;
  problems: PlatformProblem[];
  /** What the platform's own check prints for this spec, when it refuses it. */
  message?: string;
}

/**
 * The platform's verdict on a parsed OpenAPI document, reached in its order: external `$ref`s
 * refused; then @mintlify/openapi-parser's own steps (a missing `info.version` taken as "0.0.1",
 * the version's JSON schema checked with ajv, every `$ref` resolved), called one by one because
 * its `validate` is asynchronous and a check is not; then Swagger 2.0 refused. The parser's
 * validators are compiled at build time (scripts/build-openapi-validators.mjs), where it compiles
 * them on every call.
 */
export function validateOnPlatform(document: unknown): PlatformVerdict {
  const external = externalReferences(document);
  if (external.length > 0) {
    const list = external.map((ref) => `  - ${ref.platformPath}: ${ref.ref}`).join('\n');
    return {
      valid: false,
      problems: external.map(({ path, ref, inText }) => ({ kind: 'external-ref', path, ref, inText })),
      message: `External $ref references are not allowed. Found ${external.length} external reference(s):\n${list}`,
    };
  }
  let outcome: ParserOutcome;
  try {
    outcome = parserValidation(document);
  } catch (error) {
    // Thrown by the parser itself, outside its own error handling: the platform's check fails with it.
    const message = error instanceof Error ? error.message : String(error);
    return { valid: false, problems: [{ kind: 'failure', message, info: true }], message };
  }
  if (outcome.version === '2.0') return { valid: false, problems: [{ kind: 'swagger2' }], message: 'OpenAPI versions prior to 3.0 not supported' };
  if (outcome.valid) return { valid: true, problems: [] };
  const lines = outcome.errors.map((error) => `${error.path === undefined ? 'Unknown path' : platformPath(error.path)}: ${error.message}`);
  return { valid: false, problems: outcome.problems, message: `Failed to validate OpenAPI schema:${lines.join('\n')}` };
}

function platformPath(pointer: string): string {
  return pointer.replace('/paths/', '').replaceAll('~1', '/').replaceAll('~2', '~');
}

interface ParserError {
  message: string;
  path?: string;
  suggestion?: string;
  code?: string;
}

interface ParserOutcome {
  valid: boolean;
  version?: OpenApiVersion;
  errors: ParserError[];
  problems: PlatformProblem[];
}

const versionNotSupported = 'Can’t find supported Swagger/OpenAPI version in specification, version must be a string.';

/** The parser's Validator.validate, step by step. */
function parserValidation(input: unknown): ParserOutcome {
  const document = withDefaultInfoVersion(input);
  // The parser passes its one-file filesystem entry where its error formatter takes a schema.
  const entry = { isEntrypoint: true, specification: document, filename: null, dir: './', references: [] };
  let version: OpenApiVersion | undefined;
  try {
    if (document === undefined || document === null) return failed(undefined, transformErrors(entry, 'Can’t find JSON, YAML or filename in data'), [{ kind: 'no-version' }]);
    version = details(document).version;
    if (!version) return failed(undefined, transformErrors(entry, versionNotSupported), [{ kind: 'no-version' }]);
    const validateSchema = schemaValidators[version];
    const schemaValid = validateSchema(document);
    if (validateSchema.errors && validateSchema.errors.length > 0) {
      const found = validateSchema.errors as AjvError[];
      try {
        const errors = transformErrors(entry, found) as ParserError[];
        return failed(version, errors, errors.map((error) => causeOf(error, found) ?? schemaProblem(error)));
      } catch (error) {
        // The parser's error formatter fails on some errors (an enum's, looking for the value in
        // no data): the platform prints that failure; the errors themselves say where the problem is.
        const message = error instanceof Error ? error.message : String(error);
        return failed(version, transformErrors(entry, message) as ParserError[], enumProblems(found));
      }
    }
    const resolved = resolveReferences(document as Parameters<typeof resolveReferences>[0]);
    const errors = resolved.errors as ParserError[];
    return { valid: schemaValid && resolved.valid, version, errors, problems: errors.map(referenceProblem) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const errors = transformErrors(entry, message) as ParserError[];
    return failed(version, errors, [{ kind: 'failure', message }]);
  }
}

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: { allowedValues?: unknown[]; missingProperty?: string; additionalProperty?: string };
}

/**
 * Where a value fits none of the forms OpenAPI allows there (an object or a `$ref`), the parser
 * says only that it has no `$ref`; the deepest of ajv's errors below it says what is wrong.
 */
function causeOf(error: ParserError, found: AjvError[]): PlatformProblem | undefined {
  if (error.path === undefined || error.message !== "must have required property '$ref'") return undefined;
  const below = found.filter((raw) => raw.instancePath.startsWith(`${error.path}/`) || (raw.instancePath === error.path && !isRefRequired(raw) && raw.keyword !== 'oneOf' && raw.keyword !== 'anyOf'));
  if (below.length === 0) return undefined;
  const deepest = below.reduce((a, b) => (b.instancePath.split('/').length > a.instancePath.split('/').length ? b : a));
  return { kind: 'schema', pointer: deepest.instancePath, message: inParserWords(deepest) };
}

function isRefRequired(error: AjvError): boolean {
  return error.keyword === 'required' && error.params.missingProperty === '$ref';
}

/** An ajv error worded as the parser words it. */
function inParserWords(error: AjvError): string {
  switch (error.keyword) {
    case 'enum':
      return `must be equal to one of the allowed values: ${(error.params.allowedValues ?? []).join(', ')}`;
    case 'additionalProperties':
      return `Property ${error.params.additionalProperty} is not expected to be here`;
    case 'required':
      return error.message ?? '';
    default:
      return `${error.keyword} ${error.message ?? ''}`;
  }
}

/** The enum errors of ajv's list, deepest first, each once. */
function enumProblems(errors: AjvError[]): PlatformProblem[] {
  const enums = errors.filter((error) => error.keyword === 'enum');
  const deepest = Math.max(...enums.map((error) => error.instancePath.split('/').length));
  const seen = new Set<string>();
  return enums
    .filter((error) => error.instancePath.split('/').length === deepest && !seen.has(error.instancePath) && seen.add(error.instancePath))
    .map((error) => ({ kind: 'schema', pointer: error.instancePath, message: `must be equal to one of the allowed values: ${(error.params.allowedValues ?? []).join(', ')}` }));
}

function failed(version: OpenApiVersion | undefined, errors: ParserError[], problems: PlatformProblem[]): ParserOutcome {
  return { valid: false, version, errors, problems };
}

function schemaProblem(error: ParserError): PlatformProblem {
  return error.path === undefined ? { kind: 'failure', message: error.message } : { kind: 'schema', pointer: error.path, message: error.message, suggestion: error.suggestion };
}

const referencePrefix = 'Can’t resolve reference: ';

function referenceProblem(error: ParserError): PlatformProblem {
  return error.message.startsWith(referencePrefix) ? { kind: 'reference', ref: error.message.slice(referencePrefix.length), message: error.message } : { kind: 'failure', message: error.message };
}

/**
 * The parser gives an `info` without a version the version "0.0.1" (in place; here on a copy).
 * On an `info` that is a string or a number, that assignment throws, and so does the platform.
 */
function withDefaultInfoVersion(document: unknown): unknown {
  if (!isRecord(document) || !document.info || (document.info as { version?: unknown }).version) return document;
  const info = document.info;
  if (typeof info !== 'object') throw new TypeError(`Cannot create property 'version' on ${typeof info} '${String(info)}'`);
  return { ...document, info: Array.isArray(info) ? Object.assign([...info], { version: '0.0.1' }) : { ...info, version: '0.0.1' } };
}

interface ExternalReference {
  /** Where it is in the document; for one inside a string value, the path of that string. */
  path: Segment[];
  /** The same, as the platform prints it (`paths./users.get.responses.200.$ref`). */
  platformPath: string;
  ref: string;
  inText: boolean;
}

/**
 * Every `$ref` whose value does not start with `#`, as the platform looks for them: through
 * objects and arrays once each, and through every string value that itself parses as JSON or
 * YAML into an object (a description that reads `$ref: ./user.yaml` counts).
 */
function externalReferences(document: unknown): ExternalReference[] {
  const found: ExternalReference[] = [];
  const visited = new WeakSet<object>();
  const walk = (value: unknown, path: Segment[], printed: string, inText: boolean): void => {
    if (typeof value === 'string') {
      // Only a `$` (or an escape that makes one) can give a string a `$ref` key.
      if (!/[$\\]/.test(value)) return;
      const parsed = parsedText(value);
      if (parsed !== null) walk(parsed, path, printed, true);
      return;
    }
    if (!value || typeof value !== 'object' || visited.has(value)) return;
    visited.add(value);
    const at = (key: Segment) => (inText ? path : [...path, key]);
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, at(index), `${printed}[${index}]`, inText));
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyPath = printed ? `${printed}.${key}` : key;
      if (key === '$ref' && typeof item === 'string' && !item.startsWith('#')) found.push({ path: at(key), platformPath: keyPath, ref: item, inText });
      else walk(item, at(key), keyPath, inText);
    }
  };
  walk(document, [], '', false);
  return found;
}

/** A string value read as JSON, else as YAML, when that gives an object (null otherwise). */
function parsedText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      const value = loadYaml(text);
      return typeof value === 'object' ? value : null;
    } catch {
      return null;
    }
  }
}
