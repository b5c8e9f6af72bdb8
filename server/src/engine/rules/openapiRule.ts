import type { CheckContext } from '../checkContext';
import type { PageEntry, SpecDeclaration } from '../model/navigationModel';
import type { Operation, SpecCache } from '../openapi/openapiSpec';
import { resolveReference } from '../site/references';
import { didYouMean } from '../suggest';
import { operationPattern } from './pageRule';

export type SpecStatus =
  | { kind: 'local'; path: string; operations: Operation[] }
  | { kind: 'remote'; url: string }
  | { kind: 'broken' };

/** Loads each declared spec once, reporting the ones that are missing, outside or invalid. */
export function loadSpecs(ctx: CheckContext, cache: SpecCache, declarations: SpecDeclaration[]): Map<SpecDeclaration, SpecStatus> {
  const statuses = new Map<SpecDeclaration, SpecStatus>();
  for (const declaration of declarations) {
    statuses.set(declaration, loadSpec(ctx, cache, declaration));
  }
  return statuses;
}

function loadSpec(ctx: CheckContext, cache: SpecCache, declaration: SpecDeclaration): SpecStatus {
  const { reference, cursor } = declaration;
  const resolved = resolveReference(reference, '');
  if (resolved.kind === 'url') return { kind: 'remote', url: resolved.url };
  if (resolved.kind === 'outside') {
    ctx.report({ cursor, target: 'value', code: 'ref/outside-root', message: `OpenAPI spec "${reference}" is outside the docs root (${resolved.reason}); it is not read` });
    return { kind: 'broken' };
  }
  const text = ctx.host.files.has(resolved.path) ? ctx.host.readFile(resolved.path) : undefined;
  if (text === undefined) {
    ctx.report({ cursor, target: 'value', code: 'ref/missing-openapi', message: `OpenAPI spec not found: ${resolved.path}`, data: { file: resolved.path } });
    return { kind: 'broken' };
  }
  const spec = cache.get(resolved.path, text);
  if (!spec.ok) {
    ctx.report({ cursor, target: 'value', code: 'ref/invalid-openapi', message: `OpenAPI spec ${resolved.path} cannot be used: ${spec.error}` });
    return { kind: 'broken' };
  }
  return { kind: 'local', path: resolved.path, operations: spec.operations };
}

/** Each `"METHOD /path"` page entry names an operation of the spec in force. */
export function checkOperations(ctx: CheckContext, cache: SpecCache, entries: readonly PageEntry[], statuses: Map<SpecDeclaration, SpecStatus>): void {
  for (const entry of entries) {
    const match = operationPattern.exec(entry.value);
    if (!match) continue;
    const [, specPrefix, rawMethod, rawPath] = match;
    const method = rawMethod.toUpperCase();
    const path = rawPath.trim();
    let specs = entry.element.openapi.map((declaration) => statuses.get(declaration)).filter((s): s is SpecStatus => !!s);
    if (specPrefix) {
      const prefixed = resolveReference(specPrefix, '');
      specs = specs.filter((spec) => (spec.kind === 'local' && prefixed.kind === 'file' && spec.path === prefixed.path) || (spec.kind === 'remote' && prefixed.kind === 'url' && spec.url === prefixed.url));
      if (specs.length === 0 && prefixed.kind === 'file') {
        specs = [loadSpec(ctx, cache, { reference: specPrefix, cursor: entry.cursor })];
      }
    }
    if (specs.length === 0) {
      ctx.report({
        cursor: entry.cursor,
        target: 'value',
        code: 'ref/operation-without-spec',
        message: `"${entry.value}" names an API operation, but no OpenAPI spec is set here or above (set "openapi" on this element, a parent, or "api.openapi")`,
      });
      continue;
    }
    if (specs.some((spec) => spec.kind !== 'local')) continue;
    const operations = specs.flatMap((spec) => (spec.kind === 'local' ? spec.operations : []));
    if (operations.some((op) => op.method === method && op.path === path)) continue;
    const names = operations.map((op) => `${op.method} ${op.path}`);
    const suggestion = didYouMean(`${method} ${path}`, names);
    const files = specs.map((spec) => (spec.kind === 'local' ? spec.path : '')).join(', ');
    ctx.report({
      cursor: entry.cursor,
      target: 'value',
      code: 'ref/unknown-operation',
      message: `Operation "${method} ${path}" is not in ${files}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
      suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(specPrefix ? `${specPrefix} ${suggestion}` : suggestion) }] : undefined,
    });
  }
}
