import ignore from 'ignore';
import type { Node } from 'jsonc-parser';
import { codes } from '../codes';
import type { Diagnostic } from '../diagnostic';
import { properties, type ConfigFile } from './configCheck';

/**
 * Each glob of the config's "ignore" list (a pattern, or a `files` glob of an entry of files and
 * codes) that matches none of `sitePaths`, the files the check reads: it has no effect, as an
 * unused suppression comment has none. Negations (`!…`) and comments (`#…`) match nothing by
 * design and are left alone.
 */
export function unmatchedIgnores(file: ConfigFile, sitePaths: () => Iterable<string>): Diagnostic[] {
  const globs = ignoreGlobs(file.root).filter((glob) => !/^\s*(!|#|$)/.test(glob.value as string));
  if (globs.length === 0) return [];
  const paths = [...sitePaths()];
  return globs
    .filter((glob) => {
      const matcher = ignore().add(glob.value as string);
      return !paths.some((path) => matcher.ignores(path));
    })
    .map((glob) => ({
      range: { start: glob.offset, end: glob.offset + glob.length },
      severity: codes['config/unused-ignore'].severity,
      code: 'config/unused-ignore',
      message: `"${glob.value as string}" in "ignore" matches no file of the site: it has no effect (a file moved or renamed, or a typo?)`,
    }));
}

/** The string nodes of the "ignore" list's globs: its patterns and its entries' `files`. */
function ignoreGlobs(root: Node | undefined): Node[] {
  const list = root?.type === 'object' ? properties(root).find(([key]) => key.value === 'ignore')?.[1] : undefined;
  if (list?.type !== 'array') return [];
  return (list.children ?? []).flatMap((item) => {
    if (item.type === 'string') return [item];
    if (item.type !== 'object') return [];
    const files = properties(item).find(([key]) => key.value === 'files')?.[1];
    return (files?.type === 'array' ? (files.children ?? []) : files ? [files] : []).filter((node) => node.type === 'string');
  });
}
