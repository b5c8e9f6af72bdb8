import { visit } from 'jsonc-parser';
import type { Diagnostic } from '../../../server/src/engine';

/** A file's problems as a check found them, by path from the site's root. */
export interface CheckedFile {
  path: string;
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * What each problem of a file is, wherever it sits: its code, what it is about (the text it
 * marks: a link target, a page entry, a key; in JSON also the key path, without array indices)
 * and its message without line numbers. Two checks of a file that moved lines around give the
 * same identities; `renamedPages` rewrites the old names of pages that moved so they match too.
 */
export function problemIdentities(file: CheckedFile, renamedPages?: ReadonlyMap<string, string>): string[] {
  const paths = file.path.endsWith('.json') ? keyPathsAt(file.text, file.diagnostics.map((d) => d.range.start)) : undefined;
  return file.diagnostics.map((diagnostic, i) => {
    const about = file.text.slice(diagnostic.range.start, Math.min(diagnostic.range.end, diagnostic.range.start + 500)).replace(/\s+/g, ' ');
    const rename = (text: string) => (renamedPages ? renamePages(text, renamedPages) : text);
    return [diagnostic.code, paths?.[i] ?? '', rename(about), rename(withoutLineNumbers(diagnostic.message))].join('\0');
  });
}

function withoutLineNumbers(message: string): string {
  return message.replace(/\b(lines?) \d+(\s*(-|–|to|and)\s*\d+)?/gi, '$1 #').replace(/:\d+(:\d+)?\b/g, ':#');
}

/** Page paths (quoted, or as link targets) that name a renamed page take its new name. */
function renamePages(text: string, renamedPages: ReadonlyMap<string, string>): string {
  return text.replace(/(["'(]|^)(\/?)([\w./-]+?)(\.mdx?)?(?=["')#?\s]|$)/g, (whole, before: string, slash: string, path: string, extension = '') => {
    const renamed = renamedPages.get(path);
    return renamed === undefined ? whole : `${before}${slash}${renamed}${extension}`;
  });
}

/** For each offset (in any order), the key path of the last JSON value or key that starts at or before it. */
function keyPathsAt(text: string, offsets: number[]): string[] {
  const order = offsets.map((_, i) => i).sort((a, b) => offsets[a] - offsets[b]);
  const found: string[] = new Array(offsets.length).fill('');
  let next = 0;
  let current = '';
  const at = (offset: number, path: () => (string | number)[], property?: string) => {
    while (next < order.length && offsets[order[next]] < offset) found[order[next++]] = current;
    if (next === order.length) return;
    const keys = path().filter((part): part is string => typeof part === 'string');
    current = (property === undefined ? keys : [...keys, property]).join('.');
  };
  visit(text, {
    onObjectBegin: (offset, _l, _sl, _sc, path) => at(offset, path),
    onArrayBegin: (offset, _l, _sl, _sc, path) => at(offset, path),
    onObjectProperty: (property, offset, _l, _sl, _sc, path) => at(offset, path, property),
    onLiteralValue: (_v, offset, _l, _sl, _sc, path) => at(offset, path),
  });
  while (next < order.length) found[order[next++]] = current;
  return found;
}
