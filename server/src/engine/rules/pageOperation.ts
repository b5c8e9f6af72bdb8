import type { Code } from '../codes';
import type { Severity } from '../diagnostic';
import type { OperationReference } from '../model/pageReference';
import { loadSpec, type SpecStatus } from '../openapi/loadSpec';
import type { SpecCache } from '../openapi/openapiSpec';
import { resolveReference } from '../site/references';
import type { SiteHost } from '../site/siteHost';
import { lookUpOperation, specProblem } from './openapiRule';

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
