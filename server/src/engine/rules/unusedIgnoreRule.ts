import ignore from 'ignore';
import type { Node } from 'jsonc-parser';
import { properties, type ConfigRule } from '../config/configCheck';

/**
 * Each glob of the config's "ignore" list (a pattern, or a `files` glob of an entry of files and
 * codes) that matches no file of the site has no effect, as an unused suppression comment has
 * none: it is reported where it is written. Negations (`!…`) and comments (`#…`) match nothing by
 * design and are left alone. Only a check that knows the site's files (`ctx.sitePaths`) says so.
 */
export const unusedIgnoreRule: ConfigRule = {
  codes: ['config/unused-ignore'],
  start: (ctx) => ({
    file({ root }) {
      if (!ctx.sitePaths) return;
      const globs = ignoreGlobs(root).filter((glob) => !/^\s*(!|#|$)/.test(glob.value as string));
      if (globs.length === 0) return;
      const paths = [...ctx.sitePaths()];
      for (const glob of globs) {
        const matcher = ignore().add(glob.value as string);
        if (paths.some((path) => matcher.ignores(path))) continue;
        ctx.report(glob, 'config/unused-ignore', `"${glob.value as string}" in "ignore" matches no file of the site: it has no effect (a file moved or renamed, or a typo?)`);
      }
    },
  }),
};

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
