import { findNodeAtLocation, parseTree, type ParseError } from 'jsonc-parser';
import { isSnippet } from '../pages/siteFiles';
import { pageOf } from '../site/fileIndex';
import { lineEnd } from '../text';
import type { FileEdit } from './edits';
import type { FileRename } from './fileRename';

export interface Redirect {
  source: string;
  destination: string;
}

/** The route a page file is served at: `/guides/setup`, `/guides` for guides/index.mdx, `/` for index.mdx. */
export function routeOf(pageFile: string): string | undefined {
  const page = pageOf(pageFile);
  if (page === undefined || isSnippet(pageFile)) return undefined;
  return `/${page.replace(/(^|\/)index$/, '')}`;
}

/**
 * The redirects that keep old addresses working after a move: one per moved page, or one with a
 * `:slug*` wildcard for a moved folder. Snippets and other files have no address.
 */
export function redirectsFor(move: FileRename, isFile: (path: string) => boolean): Redirect[] {
  if (isFile(move.from)) {
    const source = routeOf(move.from);
    const destination = routeOf(move.to);
    return source && destination && source !== destination ? [{ source, destination }] : [];
  }
  if (isSnippet(`${move.from}/`) || isSnippet(`${move.to}/`)) return [];
  return [{ source: `/${move.from}/:slug*`, destination: `/${move.to}/:slug*` }];
}

/**
 * The edit of the docs.json text that adds redirects at the end of its `redirects` list (created
 * when missing), in the file's own indentation; nothing else in the file changes. Redirects whose
 * source is already listed are left out.
 */
export function addRedirectsEdit(docsJsonPath: string, text: string, redirects: Redirect[]): { edit: FileEdit; added: Redirect[] } | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors);
  if (!root || root.type !== 'object' || errors.length > 0) return undefined;
  const list = findNodeAtLocation(root, ['redirects']);
  if (list && list.type !== 'array') return undefined;
  const sources = new Set((list?.children ?? []).flatMap((entry) => {
    const source = findNodeAtLocation(entry, ['source'])?.value;
    return typeof source === 'string' ? [source] : [];
  }));
  const added = redirects.filter((redirect) => !sources.has(redirect.source));
  if (added.length === 0) return undefined;
  const edit = (start: number, end: number, newText: string) => ({ edit: { file: docsJsonPath, edits: [{ range: { start, end }, newText }] }, added });
  const eol = lineEnd(text);
  const unit = indentUnitOf(text);
  const render = (redirect: Redirect, indent: string, oneLine: boolean) =>
    oneLine ? `{ "source": ${JSON.stringify(redirect.source)}, "destination": ${JSON.stringify(redirect.destination)} }` : JSON.stringify(redirect, null, unit).split('\n').join(eol + indent);
  if (list) {
    const last = list.children?.at(-1);
    if (last) {
      const indent = lineIndentAt(text, last.offset);
      const oneLine = !text.slice(last.offset, last.offset + last.length).includes('\n');
      const inserted = added.map((redirect) => `,${eol}${indent}${render(redirect, indent, oneLine)}`).join('');
      return edit(last.offset + last.length, last.offset + last.length, inserted);
    }
    const outer = lineIndentAt(text, list.offset);
    const indent = outer + unit;
    const inserted = added.map((redirect) => eol + indent + render(redirect, indent, false)).join(',') + eol + outer;
    return edit(list.offset + 1, list.offset + list.length - 1, inserted);
  }
  const lastProperty = root.children?.at(-1);
  const indent = lastProperty ? lineIndentAt(text, lastProperty.offset) : unit;
  const items = added.map((redirect) => eol + indent + unit + render(redirect, indent + unit, false)).join(',');
  const property = `"redirects": [${items}${eol}${indent}]`;
  if (!lastProperty) return edit(root.offset + 1, root.offset + root.length - 1, eol + indent + property + eol);
  const end = lastProperty.offset + lastProperty.length;
  return edit(end, end, `,${eol}${indent}${property}`);
}

/** The whitespace at the start of the line that holds an offset. */
function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function indentUnitOf(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}
