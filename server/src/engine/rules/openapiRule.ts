import type { CheckContext } from '../checkContext';
import { PageEntry, type SpecDeclaration } from '../model/navigationModel';
import { isOperationEntry, parseOperation } from '../model/pageReference';
import { loadSpec, type SpecStatus, type SpecStatuses } from '../openapi/loadSpec';
import { resolveReference } from '../site/references';
import { didYouMean } from '../suggest';
import type { Rule } from './rule';

/**
 * Each declared OpenAPI spec can be read, and each `"METHOD /path"` page entry names an
 * operation of the spec in force (checked once the specs are loaded).
 */
export const openapiRule: Rule = {
  codes: ['ref/outside-root', 'ref/missing-openapi', 'ref/invalid-openapi', 'ref/operation-without-spec', 'ref/unknown-operation'],
  start(ctx) {
    const operations: PageEntry[] = [];
    return {
      page(owner, index, value) {
        if (isOperationEntry(value) && !ctx.host.files.hasPage(value)) operations.push(new PageEntry(owner, index));
      },
      specs(loaded, inForce) {
        for (const [declaration, status] of loaded) reportBrokenSpec(ctx, declaration, status);
        for (const entry of operations) checkOperation(ctx, entry, inForce);
      },
    };
  },
};

function reportBrokenSpec(ctx: CheckContext, { reference, cursor }: SpecDeclaration, status: SpecStatus): void {
  switch (status.kind) {
    case 'outside':
      ctx.report({ cursor, target: 'value', code: 'ref/outside-root', message: `OpenAPI spec "${reference}" is outside the docs root (${status.reason}); it is not read` });
      break;
    case 'missing':
      ctx.report({ cursor, target: 'value', code: 'ref/missing-openapi', message: `OpenAPI spec not found: ${status.path}`, data: { file: status.path } });
      break;
    case 'invalid':
      ctx.report({ cursor, target: 'value', code: 'ref/invalid-openapi', message: `OpenAPI spec ${status.path} cannot be used: ${status.error}` });
      break;
  }
}

function checkOperation(ctx: CheckContext, entry: PageEntry, statuses: SpecStatuses): void {
  const named = parseOperation(entry.value);
  if (!named) return;
  const { method, path } = named;
  let specs = entry.element.openapi.map((declaration) => statuses.get(declaration)).filter((s): s is SpecStatus => !!s);
  if (named.spec) {
    const prefixed = resolveReference(named.spec, '');
    specs = specs.filter((spec) => (spec.kind === 'local' && prefixed.kind === 'file' && spec.path === prefixed.path) || (spec.kind === 'remote' && prefixed.kind === 'url' && spec.url === prefixed.url));
    if (specs.length === 0 && prefixed.kind === 'file') {
      const declaration = { reference: named.spec, cursor: entry.cursor };
      const status = loadSpec(ctx.host, ctx.specCache, declaration);
      reportBrokenSpec(ctx, declaration, status);
      specs = [status];
    }
  }
  if (specs.length === 0) {
    ctx.report({
      cursor: entry.cursor,
      target: 'value',
      code: 'ref/operation-without-spec',
      message: `"${entry.value}" names an API operation, but no OpenAPI spec is set here or above (set "openapi" on this element, a parent, or "api.openapi")`,
    });
    return;
  }
  if (specs.some((spec) => spec.kind !== 'local')) return;
  const operations = specs.flatMap((spec) => (spec.kind === 'local' ? spec.operations : []));
  if (operations.some((op) => op.method === method && op.path === path)) return;
  const names = operations.map((op) => `${op.method} ${op.path}`);
  const suggestion = didYouMean(`${method} ${path}`, names);
  const files = specs.map((spec) => (spec.kind === 'local' ? spec.path : '')).join(', ');
  ctx.report({
    cursor: entry.cursor,
    target: 'value',
    code: 'ref/unknown-operation',
    message: `Operation "${method} ${path}" is not in ${files}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
    suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(named.spec ? `${named.spec} ${suggestion}` : suggestion) }] : undefined,
  });
}
