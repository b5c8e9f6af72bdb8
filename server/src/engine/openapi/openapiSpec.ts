import { load as loadYaml } from 'js-yaml-4';
import { visit } from 'jsonc-parser';
import { parse as parseYamlLeniently } from 'yaml';
import { isRecord } from '../model/cursor';
import { keptLoadedSpec, keptSummary, type SpecStore } from './keptSpecs';
import { httpMethods, type LoadedSpec, type Operation, type SpecReading } from './loadedSpec';
import { validateOnPlatform, type PlatformVerdict } from './platformValidation';
import { shiftedThroughEdit } from './shiftedProblems';
import { specFileProblems, type SpecFileProblem } from './specProblems';
import type { SpecFindings, SpecValidator } from './specValidator';

/** Parses an OpenAPI 3.x or Swagger 2 document (JSON or YAML) into its operations, read once. */
export function parseSpec(text: string, fileName: string): LoadedSpec {
  const json = !/\.ya?ml$/i.test(fileName);
  let reading: SpecReading;
  let document: unknown;
  if (json) {
    // JSON.parse is several times faster than js-yaml; what it accepts, js-yaml reads alike but for repeated keys.
    try {
      document = JSON.parse(text);
      const duplicate = duplicateKey(text);
      // A repeated key: js-yaml's own words and place for it.
      reading = duplicate ? withDuplicateKey(platformReading(text), duplicate) : { document };
    } catch {
      reading = platformReading(text);
      document = reading.document;
    }
  } else {
    reading = platformReading(text);
    document = reading.document;
    // The yaml package accepts some sloppy files js-yaml rejects: their operations still show.
    if (reading.syntax) document = readLeniently(text);
  }
  if (document === undefined && reading.syntax) return { ok: false, error: `it does not parse: ${reading.syntax.message.split('\n')[0]}`, reading, text };
  if (!isRecord(document)) return { ok: false, error: 'it is not an object', reading, text };
  const version =
    typeof document.openapi === 'string' ? document.openapi : typeof document.swagger === 'string' ? document.swagger : undefined;
  if (!version || !/^(3\.|2\.)/.test(version)) {
    return { ok: false, error: 'it has no "openapi: 3.x" or "swagger: 2.0" field', reading, text };
  }
  const operations: Operation[] = [];
  collectOperations(document.paths, false, operations);
  collectOperations(document.webhooks, true, operations);
  const info = isRecord(document.info) ? document.info : {};
  return { ok: true, version, title: typeof info.title === 'string' ? info.title : undefined, operations, reading, text };
}

/** The text read as the platform reads it, with js-yaml 4. */
function platformReading(text: string): SpecReading {
  try {
    return { document: loadYaml(text) };
  } catch (error) {
    const { message, mark } = error as { message?: string; mark?: { position?: number } };
    return { syntax: { offset: mark?.position ?? 0, message: message ?? String(error) } };
  }
}

function readLeniently(text: string): unknown {
  try {
    return parseYamlLeniently(text, { maxAliasCount: 1000 });
  } catch {
    return undefined;
  }
}

function withDuplicateKey(reading: SpecReading, key: string): SpecReading {
  return reading.syntax ? { syntax: { ...reading.syntax, duplicateKey: key } } : reading;
}

/** The first key repeated in a JSON object, which js-yaml refuses ("duplicated mapping key"). */
function duplicateKey(text: string): string | undefined {
  const keys: Set<string>[] = [];
  let found: string | undefined;
  visit(text, {
    onObjectBegin: () => {
      keys.push(new Set());
    },
    onObjectEnd: () => {
      keys.pop();
    },
    onObjectProperty: (property) => {
      const seen = keys[keys.length - 1];
      if (found === undefined && seen.has(property)) found = property;
      seen.add(property);
    },
  });
  return found;
}

/** The platform's verdict on a spec, from its one reading. */
export function platformVerdict(spec: LoadedSpec): PlatformVerdict {
  const { reading } = spec;
  if (!reading) return { valid: false, problems: [], message: spec.ok ? undefined : spec.error };
  if (reading.syntax) return { valid: false, problems: [], message: `Invalid JSON or YAML syntax: ${reading.syntax.message}` };
  if ('kept' in reading) throw new Error('A spec read in an earlier run has its findings kept with it.');
  // YAML aliases share values, which the parser's walks visit again at each alias: a few lines can make billions.
  if (expandsPast(reading.document, maxValidatedValues)) return { valid: true, problems: [] };
  return validateOnPlatform(reading.document);
}

/** Whether the verdict on a read spec needs the platform's validation, the slow part, or is known from its reading alone. */
export function needsValidation(spec: LoadedSpec): boolean {
  return spec.ok && spec.reading.syntax === undefined;
}

/** The verdict on a spec's text and its reasons located in the text. */
export function specFindings(text: string, fileName: string, spec: LoadedSpec): SpecFindings {
  const verdict = platformVerdict(spec);
  return { verdict, problems: specFileProblems(text, fileName, spec, verdict) };
}

/** Validates each spec when its findings are asked for (the CLI: every spec once). */
export const validateAtOnce: SpecValidator = { findings: specFindings };

/** The most values, each alias's counted again at each use, that a spec may have to be validated. */
const maxValidatedValues = 2_000_000;

function expandsPast(value: unknown, limit: number): boolean {
  let count = 0;
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (++count > limit) return true;
    if (next && typeof next === 'object') for (const item of Object.values(next)) pending.push(item);
  }
  return false;
}

function collectOperations(paths: unknown, webhook: boolean, out: Operation[]): void {
  if (!isRecord(paths)) return;
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of httpMethods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      out.push({
        method: webhook ? 'WEBHOOK' : method.toUpperCase(),
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : undefined,
        description: typeof operation.description === 'string' ? operation.description : undefined,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        tag: Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : undefined,
        href: isRecord(operation['x-mint']) && typeof operation['x-mint'].href === 'string' ? operation['x-mint'].href : undefined,
        webhook,
        ...(operation['x-excluded'] ? { excluded: true as const } : {}),
      });
    }
  }
}

interface CachedSpec {
  text: string;
  spec: LoadedSpec;
  findings?: SpecFindings;
  /** While the findings on this text are being reached: the last known ones of the spec, moved with the edits since. */
  carried?: SpecFindings;
}

/**
 * Parsed specs and the platform's findings on them, reused while their text is unchanged. The
 * findings come from the validator: at once by default; from a language server's, when they are
 * known, the spec keeping meanwhile the last ones, moved with the edits, outside the edited part.
 * With a store (`check --cache`), a text read in an earlier run is not read again: what the check
 * needs of it, and its findings, are taken from the store, and those of each text read are kept there.
 */
export class SpecCache {
  private readonly entries = new Map<string, CachedSpec>();

  constructor(
    private readonly validator: SpecValidator = validateAtOnce,
    private readonly store?: SpecStore,
  ) {}

  get(path: string, text: string): LoadedSpec {
    return this.entry(path, text).spec;
  }

  /** The platform's verdict on the spec (`parsed`: its text already parsed); undefined while its validation is under way and no earlier verdict is known. */
  verdict(path: string, text: string, parsed?: LoadedSpec): PlatformVerdict | undefined {
    return this.findings(path, text, parsed)?.verdict;
  }

  /** Where in the spec's text the platform's reasons to refuse it are (none while unknown). */
  problems(path: string, text: string): SpecFileProblem[] {
    return this.findings(path, text)?.problems ?? [];
  }

  private findings(path: string, text: string, parsed?: LoadedSpec): SpecFindings | undefined {
    const entry = this.entry(path, text, parsed);
    if (!entry.findings) {
      entry.findings = needsValidation(entry.spec) ? this.validator.findings(text, path, entry.spec) : specFindings(text, path, entry.spec);
      if (entry.findings) this.store?.keepSpec(text, path, { spec: keptSummary(entry.spec), findings: entry.findings });
    }
    return entry.findings ?? entry.carried;
  }

  private entry(path: string, text: string, parsed?: LoadedSpec): CachedSpec {
    const cached = this.entries.get(path);
    if (cached && cached.text === text) return cached;
    const kept = parsed ? undefined : this.store?.keptSpec(text, path);
    if (kept) {
      const entry: CachedSpec = { text, spec: keptLoadedSpec(kept.spec, text), findings: kept.findings };
      this.entries.set(path, entry);
      return entry;
    }
    // Findings on a text read without validating it (a syntax error) say nothing of the next text.
    const known = cached && needsValidation(cached.spec) ? (cached.findings ?? cached.carried) : undefined;
    const carried = known && cached ? { verdict: known.verdict, problems: shiftedThroughEdit(cached.text, text, known.problems) } : undefined;
    const entry = { text, spec: parsed ?? parseSpec(text, path), carried };
    this.entries.set(path, entry);
    return entry;
  }
}
