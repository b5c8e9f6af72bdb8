import type { CheckContext } from '../checkContext';
import { pageCursor, type NavElement } from '../model/navigationModel';
import { pageExtensions } from '../site/fileIndex';
import { isExternalUrl, resolveReference } from '../site/references';
import { didYouMean } from '../suggest';

/** `GET /users`, or `openapi.json GET /users` naming the spec first. */
export const operationPattern = /^(?:(\S+)\s+)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+(\S.*)$/i;

/** Segments that start with a word character: no "." or ".." segments, no "//", no URL. */
const plainPagePattern = /^\/?(?:[\w-][\w\-.]*\/)*[\w-][\w\-.]*$/;

export function isOperationEntry(entry: string): boolean {
  return entry.includes(' ') && operationPattern.test(entry);
}

/** The root-relative path a page entry names, without extension, or why it has none. */
export function pagePath(entry: string): { kind: 'page'; path: string; extension?: string } | { kind: 'outside'; reason: string } | { kind: 'url' } {
  if (plainPagePattern.test(entry) && !/\.mdx?$/i.test(entry)) {
    return { kind: 'page', path: entry.charCodeAt(0) === 47 ? entry.slice(1) : entry };
  }
  const resolved = resolveReference(entry, '');
  if (resolved.kind === 'url') return { kind: 'url' };
  if (resolved.kind === 'outside') return resolved;
  const extension = pageExtensions.find((ext) => resolved.path.toLowerCase().endsWith(ext));
  return extension
    ? { kind: 'page', path: resolved.path.slice(0, -extension.length), extension }
    : { kind: 'page', path: resolved.path };
}

/**
 * A page entry names a file under the docs root. Returns true for an entry that names an API
 * operation instead, which is checked once the specs are loaded.
 */
export function checkPage(ctx: CheckContext, owner: NavElement, index: number, value: string): boolean {
  const files = ctx.host.files;
  // The index holds normalised paths only, so a hit needs no further checks.
  if (files.hasPage(value) || (value.charCodeAt(0) === 47 && files.hasPage(value.slice(1)))) return false;
  if (isOperationEntry(value)) return true;
  if (isExternalUrl(value)) return false;
  const page = pagePath(value);
  if (page.kind === 'url') return false;
  const cursor = pageCursor(owner, index);
  if (page.kind === 'outside') {
    ctx.report({ cursor, target: 'value', code: 'ref/outside-root', message: `Page "${value}" is outside the docs root (${page.reason}); it is not read` });
    return false;
  }
  if (page.path === '') {
    ctx.report({ cursor, target: 'value', code: 'ref/empty-page', message: 'A page entry must not be empty' });
    return false;
  }
  if (page.extension) {
    ctx.report({
      cursor,
      target: 'value',
      severity: 'warning',
      code: 'ref/page-extension',
      message: `Write page paths without the extension: "${page.path}"`,
      suggestions: [{ title: `Change to "${page.path}"`, replacement: JSON.stringify(page.path) }],
    });
  }
  const severity = ctx.options.missingPageSeverity ?? 'error';
  if (files.hasPage(page.path) || severity === 'off') return false;
  if (pageExtensions.some((ext) => files.escapingLinks.has(page.path + ext))) {
    ctx.report({ cursor, target: 'value', code: 'ref/outside-root', message: `Page "${value}" is a link to a file outside the docs root; it is not read` });
    return false;
  }
  const suggestion = didYouMean(page.path, files.pagesInFolderOf(page.path));
  ctx.report({
    cursor,
    target: 'value',
    severity,
    code: 'ref/missing-page',
    message: `Page "${value}" not found: there is no ${page.path}.mdx or ${page.path}.md${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
    suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(suggestion) }] : undefined,
    data: { page: page.path, file: `${page.path}.mdx` },
  });
  return false;
}
