import { pageExtensions } from '../site/fileIndex';
import { resolveReference } from '../site/references';

// What a page entry's text names: a page file, or an API operation written "METHOD /path".

/** `GET /users`, or `openapi.json GET /users` naming the spec first. */
const operationPattern = /^(?:(\S+)\s+)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+(\S.*)$/i;

/** Segments that start with a word character: no "." or ".." segments, no "//", no URL. */
const plainPagePattern = /^\/?(?:[\w-][\w\-.]*\/)*[\w-][\w\-.]*$/;

/** An operation a page entry names: `"GET /users"`, or `"openapi.json GET /users"` naming the spec. */
export interface OperationReference {
  /** The spec written before the method, as written. */
  spec?: string;
  /** Upper case. */
  method: string;
  path: string;
}

export function isOperationEntry(entry: string): boolean {
  return entry.includes(' ') && operationPattern.test(entry);
}

/** The operation a page entry names, if it names one. */
export function parseOperation(entry: string): OperationReference | undefined {
  const match = operationPattern.exec(entry);
  if (!match) return undefined;
  const [, spec, method, path] = match;
  return { spec, method: method.toUpperCase(), path: path.trim() };
}

export type PagePath = { kind: 'page'; path: string; extension?: string } | { kind: 'outside'; reason: string } | { kind: 'url' };

/** The root-relative path a page entry names, without extension, or why it has none. */
export function pagePath(entry: string): PagePath {
  if (plainPagePattern.test(entry) && !/\.mdx?$/i.test(entry)) {
    return { kind: 'page', path: entry.charCodeAt(0) === 47 ? entry.slice(1) : entry };
  }
  const resolved = resolveReference(entry, '');
  if (resolved.kind === 'url') return { kind: 'url' };
  if (resolved.kind === 'outside') return resolved;
  const extension = pageExtensions.find((ext) => resolved.path.toLowerCase().endsWith(ext));
  return extension ? { kind: 'page', path: resolved.path.slice(0, -extension.length), extension } : { kind: 'page', path: resolved.path };
}
