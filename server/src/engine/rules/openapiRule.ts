import type { CheckContext } from '../checkContext';
import type { PageEntry, SpecDeclaration } from '../model/navigationModel';
import type { Operation, SpecCache } from '../openapi/openapiSpec';
import { resolveReference } from '../site/references';
import type { SiteHost } from '../site/siteHost';
import { didYouMean } from '../suggest';
import { operationPattern } from './pageRule';

export type SpecStatus =
  | { kind: 'local'; path: string; operations: Operation[] }
  | { kind: 'remote'; url: string }
  | { kind: 'broken' };

/** Why a spec cannot be used, said the same wherever it is referenced. */
export interface SpecProblem {
  code: string;
  message: string;
  data?: Record<string, unknown>;
}

/** Reads and parses a spec named by a root-relative path or a URL (URLs are not fetched here). */
export function readSpec(host: SiteHost, cache: SpecCache, reference: string): SpecStatus | { kind: 'problem'; problem: SpecProblem } {
  const resolved = resolveReference(reference, '');
  if (resolved.kind === 'url') return { kind: 'remote', url: resolved.url };
  if (resolved.kind === 'outside') {
    return { kind: 'problem', problem: { code: 'ref/outside-root', message: `OpenAPI spec "${reference}" is outside the docs root (${resolved.reason}); it is not read` } };
  }
  const text = host.files.has(resolved.path) ? host.readFile(resolved.path) : undefined;
  if (text === undefined) {
    return { kind: 'problem', problem: { code: 'ref/missing-openapi', message: `OpenAPI spec not found: ${resolved.path}`, data: { file: resolved.path } } };
  }
  const spec = cache.get(resolved.path, text);
  if (!spec.ok) return { kind: 'problem', problem: { code: 'ref/invalid-openapi', message: `OpenAPI spec ${resolved.path} cannot be used: ${spec.error}` } };
  return { kind: 'local', path: resolved.path, operations: spec.operations };
}

/** Loads each declared spec once, reporting the ones that are missing, outside or invalid. */
export function loadSpecs(ctx: CheckContext, cache: SpecCache, declarations: SpecDeclaration[]): Map<SpecDeclaration, SpecStatus> {
  const statuses = new Map<SpecDeclaration, SpecStatus>();
  for (const declaration of declarations) {
    statuses.set(declaration, loadSpec(ctx, cache, declaration));
  }
  return statuses;
}

function loadSpec(ctx: CheckContext, cache: SpecCache, { reference, cursor }: SpecDeclaration): SpecStatus {
  const status = readSpec(ctx.host, cache, reference);
  if (status.kind !== 'problem') return status;
  ctx.report({ cursor, target: 'value', ...status.problem });
  return { kind: 'broken' };
}

/** An operation reference: `GET /users`, or `openapi.json GET /users` naming its spec first. */
export interface OperationReference {
  specPrefix?: string;
  method: string;
  path: string;
}

export function parseOperationReference(value: string): OperationReference | undefined {
  const match = operationPattern.exec(value);
  if (!match) return undefined;
  const [, specPrefix, method, path] = match;
  return { specPrefix, method: method.toUpperCase(), path: path.trim() };
}

/** The specs an operation reference is looked up in: those in force, narrowed to its named spec. */
export function specsFor(reference: OperationReference, inForce: SpecStatus[]): { specs: SpecStatus[]; unlisted?: string } {
  if (!reference.specPrefix) return { specs: inForce };
  const prefixed = resolveReference(reference.specPrefix, '');
  const specs = inForce.filter(
    (spec) => (spec.kind === 'local' && prefixed.kind === 'file' && spec.path === prefixed.path) || (spec.kind === 'remote' && prefixed.kind === 'url' && spec.url === prefixed.url),
  );
  return specs.length === 0 && prefixed.kind === 'file' ? { specs, unlisted: reference.specPrefix } : { specs };
}

export type OperationLookup =
  | { kind: 'found' }
  /** A spec in force is remote: its operations are not known. */
  | { kind: 'unknowable' }
  | { kind: 'no-spec' }
  | { kind: 'missing'; message: string; suggestion?: string };

/** Whether the operation is in one of the specs, with the closest one when it is not. */
export function lookUpOperation(reference: OperationReference, specs: SpecStatus[]): OperationLookup {
  if (specs.length === 0) return { kind: 'no-spec' };
  if (specs.some((spec) => spec.kind !== 'local')) return { kind: 'unknowable' };
  const operations = specs.flatMap((spec) => (spec.kind === 'local' ? spec.operations : []));
  if (operations.some((op) => op.method === reference.method && op.path === reference.path)) return { kind: 'found' };
  const suggestion = didYouMean(`${reference.method} ${reference.path}`, operations.map((op) => `${op.method} ${op.path}`));
  const files = specs.map((spec) => (spec.kind === 'local' ? spec.path : '')).join(', ');
  return { kind: 'missing', suggestion, message: `Operation "${reference.method} ${reference.path}" is not in ${files}${suggestion ? `. Did you mean "${suggestion}"?` : ''}` };
}

/** Each `"METHOD /path"` page entry names an operation of the spec in force. */
export function checkOperations(ctx: CheckContext, cache: SpecCache, entries: readonly PageEntry[], statuses: Map<SpecDeclaration, SpecStatus>): void {
  for (const entry of entries) {
    const reference = parseOperationReference(entry.value);
    if (!reference) continue;
    const inForce = entry.element.openapi.map((declaration) => statuses.get(declaration)).filter((s): s is SpecStatus => !!s);
    const { specs, unlisted } = specsFor(reference, inForce);
    if (unlisted) specs.push(loadSpec(ctx, cache, { reference: unlisted, cursor: entry.cursor }));
    const lookup = lookUpOperation(reference, specs);
    if (lookup.kind === 'no-spec') {
      ctx.report({
        cursor: entry.cursor,
        target: 'value',
        code: 'ref/operation-without-spec',
        message: `"${entry.value}" names an API operation, but no OpenAPI spec is set here or above (set "openapi" on this element, a parent, or "api.openapi")`,
      });
    } else if (lookup.kind === 'missing') {
      const { suggestion } = lookup;
      ctx.report({
        cursor: entry.cursor,
        target: 'value',
        code: 'ref/unknown-operation',
        message: lookup.message,
        suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(reference.specPrefix ? `${reference.specPrefix} ${suggestion}` : suggestion) }] : undefined,
      });
    }
  }
}
