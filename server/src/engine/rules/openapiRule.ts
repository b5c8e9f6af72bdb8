import type { CheckContext } from '../checkContext';
import { PageEntry, type SpecDeclaration } from '../model/navigationModel';
import { isOperationEntry, parseOperation, type OperationReference } from '../model/pageReference';
import type { Code } from '../codes';
import type { Severity } from '../diagnostic';
import { loadSpec, remoteSpecPath, type SpecStatus, type SpecStatuses } from '../openapi/loadSpec';
import { fetchedSpecProblems } from '../openapi/fetchedSpecProblems';
import type { SpecCache } from '../openapi/openapiSpec';
import { resolveReference } from '../site/references';
import type { SiteHost } from '../site/siteHost';
import { didYouMean } from '../suggest';
import { plural } from '../text';
import type { DocsJsonRule } from './rule';

/**
 * Each declared OpenAPI spec can be read, and each `"METHOD /path"` page entry names an
 * operation of the spec in force (checked once the specs are loaded).
 */
export const openapiRule: DocsJsonRule = {
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

/** Why a spec cannot be read, said the same wherever it is named; undefined for a usable one. */
export function specProblem(reference: string, status: SpecStatus): { code: Code; message: string; data?: Record<string, unknown> } | undefined {
  switch (status.kind) {
    case 'outside':
      return { code: 'ref/outside-root', message: `OpenAPI spec "${reference}" is outside the docs root (${status.reason}); it is not read` };
    case 'missing':
      return { code: 'ref/missing-openapi', message: `OpenAPI spec not found: ${status.path}`, data: { file: status.path } };
    case 'invalid':
      return { code: 'ref/invalid-openapi', message: `OpenAPI spec ${status.path} cannot be used: ${status.error}` };
    default:
      return undefined;
  }
}

function reportBrokenSpec(ctx: CheckContext, { reference, cursor }: SpecDeclaration, status: SpecStatus): void {
  const problem = specProblem(reference, status) ?? refusedSpec(ctx, status);
  if (problem) ctx.report({ cursor, target: 'value', ...problem });
}

/** A spec that parses, but that the platform refuses: none of its operations get a page. */
function refusedSpec(ctx: CheckContext, status: SpecStatus): { code: Code; message: string; platformMessage?: string } | undefined {
  if (status.kind === 'local' && status.verdict && !status.verdict.valid) {
    const problems = ctx.specCache.problems(status.path, ctx.host.readFile(status.path) ?? '');
    return { code: 'ref/invalid-openapi', message: `OpenAPI spec ${status.path} ${refusal(status.operations.length, problems)}`, platformMessage: status.verdict.message };
  }
  if (status.kind === 'remote' && status.fetched?.ok && status.verdict && !status.verdict.valid) {
    const { url, fetched } = status;
    const problems = ctx.specCache.problems(remoteSpecPath(url), fetched.text);
    // The spec is not a file of the workspace: where its problems are in it goes into the message.
    const told = fetchedSpecProblems(url, fetched.text, problems);
    return { code: 'ref/invalid-openapi', message: `The spec at ${url} does not validate, so ${pagesLost(fetched.operations.length)}${told ? `. ${told}` : ''}`, platformMessage: status.verdict.message };
  }
  return undefined;
}

/** "does not validate, so …", with the first of the spec's problems. */
function refusal(operations: number, [first, ...more]: { message: string }[]): string {
  const why = first ? `. ${first.message}${more.length > 0 ? ` (and ${plural(more.length, 'more problem')} in the spec)` : ''}` : '';
  return `does not validate, so ${pagesLost(operations)}${why}`;
}

function pagesLost(operations: number): string {
  return operations === 0 ? 'it makes no API pages' : operations === 1 ? 'its one operation gets no page' : `its ${operations} operations get no pages`;
}

/** The specs in force narrowed to the one an operation names first, if it names one; `unlisted` is a named spec not among them. */
export function specsFor(named: OperationReference, inForce: SpecStatus[]): { specs: SpecStatus[]; unlisted?: string } {
  if (!named.spec) return { specs: inForce };
  const prefixed = resolveReference(named.spec, '');
  const specs = inForce.filter((spec) => (spec.kind === 'local' && prefixed.kind === 'file' && spec.path === prefixed.path) || (spec.kind === 'remote' && prefixed.kind === 'url' && spec.url === prefixed.url));
  return specs.length === 0 && prefixed.kind === 'file' ? { specs, unlisted: named.spec } : { specs };
}

export type OperationLookup =
  | { kind: 'found' }
  /** A spec is remote or unreadable: its operations are not known. */
  | { kind: 'unknowable' }
  | { kind: 'no-spec' }
  | { kind: 'missing'; message: string; suggestion?: string };

/** Whether an operation is in the specs, with the closest one when it is not. */
export function lookUpOperation({ method, path }: OperationReference, specs: SpecStatus[]): OperationLookup {
  if (specs.length === 0) return { kind: 'no-spec' };
  if (specs.some((spec) => spec.kind !== 'local')) return { kind: 'unknowable' };
  const operations = specs.flatMap((spec) => (spec.kind === 'local' ? spec.operations : []));
  if (operations.some((op) => op.method === method && op.path === path)) return { kind: 'found' };
  const suggestion = didYouMean(`${method} ${path}`, operations.map((op) => `${op.method} ${op.path}`));
  const files = specs.map((spec) => (spec.kind === 'local' ? spec.path : '')).join(', ');
  return { kind: 'missing', suggestion, message: `Operation "${method} ${path}" is not in ${files}${suggestion ? `. Did you mean "${suggestion}"?` : ''}` };
}

function checkOperation(ctx: CheckContext, entry: PageEntry, statuses: SpecStatuses): void {
  const named = parseOperation(entry.value);
  if (!named) return;
  const inForce = entry.element.openapi.map((declaration) => statuses.get(declaration)).filter((s): s is SpecStatus => !!s);
  const { specs, unlisted } = specsFor(named, inForce);
  if (unlisted) {
    const declaration = { reference: unlisted, cursor: entry.cursor };
    const status = loadSpec(ctx.host, ctx.specCache, unlisted);
    reportBrokenSpec(ctx, declaration, status);
    specs.push(status);
  }
  const lookup = lookUpOperation(named, specs);
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
      suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(named.spec ? `${named.spec} ${suggestion}` : suggestion) }] : undefined,
    });
  }
}

/** What a page's frontmatter `openapi` is looked up in: the site's specs, declared in docs.json and found among its files. */
export interface PageOperationSite {
  host: SiteHost;
  specCache: SpecCache;
  /** Declared first, then found; one per file or URL. */
  specs(): SpecStatus[];
}

export interface PageOperationProblem {
  code: Code;
  message: string;
  severity?: Severity;
  /** The frontmatter value that names the operation the spec has. */
  fix?: string;
}

/**
 * Whether the page a frontmatter `openapi` makes shows the operation it names, as the platform
 * finds it: without a spec named, in any spec of the site; with one, in the specs whose location
 * (root-relative path or URL) holds the name as written, so `openapi` names `api/openapi.yaml`.
 * An operation the named spec lacks is taken from the first spec that has it: the page shows
 * another spec's operation (a warning); with no spec that has it, the page is empty (an error).
 */
export function checkPageOperation(written: string, reference: OperationReference, site: PageOperationSite): PageOperationProblem | undefined {
  const specs = site.specs();
  if (!reference.spec) {
    const lookup = lookUpOperation(reference, specs);
    if (lookup.kind === 'no-spec') {
      return {
        code: 'ref/operation-without-spec',
        message: `"${written}" names an API operation, but the site has no OpenAPI spec: add one (a .json or .yaml file with "openapi: 3.x"), or set "api.openapi" in docs.json`,
      };
    }
    return lookup.kind === 'missing' ? { code: 'ref/unknown-operation', message: lookup.message, fix: lookup.suggestion } : undefined;
  }
  const { named, problem } = namedSpecs(reference.spec, specs, site);
  const lookup = lookUpOperation(reference, named);
  if (lookup.kind === 'found' || lookup.kind === 'unknowable') return undefined;
  const { method, path } = reference;
  const fallback = specs.find((spec) => spec.kind === 'local' && spec.operations.some((op) => op.method === method && op.path === path));
  const reason = problem ?? (lookup.kind === 'missing' ? { code: 'ref/unknown-operation' as const, message: lookup.message } : undefined);
  if (fallback?.kind === 'local') {
    const notIn = reason?.message.replace(/\. Did you mean .*$/, '') ?? `No OpenAPI spec of the site is named "${reference.spec}"`;
    return {
      code: reason?.code ?? 'ref/unknown-operation',
      severity: 'warning',
      message: `${notIn}: the page shows "${method} ${path}" of ${fallback.path} instead`,
      fix: `${fallback.path} ${method} ${path}`,
    };
  }
  // A spec given by URL, not read, may hold it.
  if (specs.some((spec) => spec.kind === 'remote')) return undefined;
  if (problem) return problem;
  if (lookup.kind === 'missing') return { code: 'ref/unknown-operation', message: lookup.message, fix: lookup.suggestion && `${reference.spec} ${lookup.suggestion}` };
  return { code: 'ref/unknown-operation', message: `No OpenAPI spec of the site is named "${reference.spec}", and none has "${method} ${path}"` };
}

/**
 * The specs a name written before the method stands for: those whose location holds it (the
 * platform's match by path, by file stem, or by a part of either). A name that stands for none
 * is read as a file of its own: why it cannot be used, or its operations.
 */
function namedSpecs(name: string, specs: SpecStatus[], site: PageOperationSite): { named: SpecStatus[]; problem?: PageOperationProblem } {
  const resolved = resolveReference(name, '');
  const written = resolved.kind === 'file' ? resolved.path : resolved.kind === 'url' ? resolved.url : undefined;
  const named = written === undefined || written === '' ? [] : specs.filter((spec) => locationOf(spec)?.includes(written));
  if (named.length > 0 || resolved.kind !== 'file') return { named };
  const status = loadSpec(site.host, site.specCache, name);
  const problem = specProblem(name, status);
  return problem ? { named: [], problem } : { named: [status] };
}

function locationOf(spec: SpecStatus): string | undefined {
  if (spec.kind === 'remote') return spec.url;
  return spec.kind === 'outside' ? undefined : spec.path;
}
