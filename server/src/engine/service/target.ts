import type { JsonPath } from '../json/path';
import type { Operation } from '../openapi/loadedSpec';
import { isOperationEntry, pagePath, parseOperation } from '../model/pageReference';
import { dirnameOf, resolveReference } from '../site/references';
import type { CheckedSite } from './checkedSite';
import { valueRole } from './siteSchema';

/** What a string in docs.json points at. */
export type Target =
  | { kind: 'page'; page: string; file?: string }
  | { kind: 'operation'; method: string; path: string; spec?: string; operation?: Operation }
  | { kind: 'spec'; file: string }
  | { kind: 'ref'; file: string };

/** The target of a string value at a path of one of the site's files, if it names one. */
export function targetOf(site: CheckedSite, documentPath: string, path: JsonPath, value: string): Target | undefined {
  const sitePath = site.sitePath(documentPath, path);
  if (!sitePath) return undefined;
  switch (valueRole(sitePath)) {
    case 'page':
      return isOperationEntry(value) ? operationTarget(site, documentPath, path, value) : pageTarget(site, value);
    case 'openapi': {
      const resolved = resolveReference(value, '');
      return resolved.kind === 'file' && site.host.files.has(resolved.path) ? { kind: 'spec', file: resolved.path } : undefined;
    }
    case 'ref': {
      const resolved = resolveReference(value, dirnameOf(documentPath));
      return resolved.kind === 'file' && site.host.files.has(resolved.path) ? { kind: 'ref', file: resolved.path } : undefined;
    }
    default:
      return undefined;
  }
}

export function pageTarget(site: CheckedSite, value: string): Target | undefined {
  const page = pagePath(value);
  return page.kind === 'page' && page.path !== '' ? { kind: 'page', page: page.path, file: site.pageFile(page.path) } : undefined;
}

/** `"GET /users"` (or `"spec.yaml GET /users"`) among the operations of the spec in force. */
export function operationTarget(site: CheckedSite, documentPath: string, path: JsonPath, value: string): Target | undefined {
  const named = parseOperation(value);
  if (!named) return undefined;
  const { method } = named;
  const candidates = named.spec ? site.specOperations(named.spec) : site.operationsOf(site.elementAt(documentPath, path));
  const found = candidates.find(({ operation }) => operation.method === method && operation.path === named.path);
  return { kind: 'operation', method, path: named.path, spec: found?.spec ?? candidates[0]?.spec, operation: found?.operation };
}
