import type { DefinitionHook } from '../schema/definitionHook';
import { subjectOwner } from '../schema/validate';
import { childCursor, isRecord } from '../model/cursor';
import { findIcon, iconNames, isFontAwesomeProIcon, isIconLibrary, type IconLibrary } from '../icons/iconNames';
import { didYouMean } from '../suggest';
import type { CheckContext } from '../checkContext';
import { resolveReference } from '../site/references';
import type { Code } from '../codes';
import type { FileIndex } from '../site/fileIndex';
import type { DocsJsonRule } from './rule';
import { quote } from '../text';
import type { Severity } from '../diagnostic';

const imagePattern = /\.(svg|png|jpe?g|gif|webp|ico)$/i;

/** Icon names against the library in force (the icon's own, else the site's, else Font Awesome); icon files exist in the docs root. */
export const iconRule: DocsJsonRule = {
  codes: ['ref/outside-root', 'icon/missing-file', 'icon/fa-prefix', 'icon/unknown'],
  start: (ctx) => ({ definitions: { icon: iconHook(ctx, ctx.siteIconLibrary) } }),
};

/** What is wrong with an icon name, wherever it is written (docs.json or a page's frontmatter). */
export interface IconProblem {
  code: Code;
  message: string;
  /** The name to write instead. */
  replacement?: string;
  data?: Record<string, unknown>;
}

export interface IconCheck {
  files: FileIndex;
  /** The closest name in a library, looked up once per name: a misspelt icon is often copied to many places. */
  suggest(library: IconLibrary, name: string): string | undefined;
}

export function iconCheck(files: FileIndex): IconCheck {
  const suggestions = new Map<string, string | undefined>();
  return {
    files,
    suggest(library, name) {
      const key = `${library}:${name}`;
      if (!suggestions.has(key)) suggestions.set(key, didYouMean(name, iconNames(library)));
      return suggestions.get(key);
    },
  };
}

/** Checks an icon name against a library; `owner` says where it is written (`group "G"`). */
export function iconProblem(check: IconCheck, library: IconLibrary, name: string, owner?: string): IconProblem | undefined {
  if (name === '' || findIcon(library, name)) return undefined;
  if (/^https?:\/\//i.test(name)) return undefined;
  if (name.includes('/') || imagePattern.test(name)) {
    const resolved = resolveReference(name, '');
    if (resolved.kind === 'outside') return { code: 'ref/outside-root', message: `Icon file ${quote(name)} is outside the docs root (${resolved.reason})` };
    if (resolved.kind === 'file' && !check.files.has(resolved.path)) return { code: 'icon/missing-file', message: `Icon file not found: ${resolved.path}` };
    return undefined;
  }
  if (name.startsWith('fa-')) {
    const bare = name.slice(3);
    return { code: 'icon/fa-prefix', message: `Icon ${quote(name)} does not need the "fa-" prefix: write ${quote(bare)}`, replacement: bare };
  }
  if (library === 'fontawesome' && isFontAwesomeProIcon(name)) return undefined;
  const suggestion = check.suggest(library, name);
  const where = owner ? ` in ${owner}` : '';
  return {
    code: 'icon/unknown',
    message: `Unknown ${libraryTitle[library]} icon ${quote(name)}${where}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
    replacement: suggestion,
    data: { library },
  };
}

/**
 * The severity of an icon's problem in a page (its frontmatter, a component's prop), where it differs
 * from docs.json's: the platform's validation refuses a docs.json icon written with "fa-" (the build
 * fails), but a page's icon is not validated: the name is looked up as written, is not found, and the
 * page shows no icon.
 */
export function pageIconSeverity(problem: IconProblem): Severity | undefined {
  return problem.code === 'icon/fa-prefix' ? 'warning' : undefined;
}

function iconHook(ctx: CheckContext, siteLibrary: IconLibrary): DefinitionHook {
  const check = iconCheck(ctx.host.files);
  return (cursor, subject, out) => {
    const value = cursor.value;
    let nameCursor = cursor;
    let library = siteLibrary;
    if (isRecord(value)) {
      if (typeof value.name !== 'string') return;
      nameCursor = childCursor(cursor, 'name', value.name);
      if (isIconLibrary(value.library)) library = value.library;
    }
    const name = nameCursor.value;
    if (typeof name !== 'string') return;
    const problem = iconProblem(check, library, name, subjectOwner(subject));
    if (!problem) return;
    const { replacement, ...finding } = problem;
    out.push({
      cursor: nameCursor,
      target: 'value',
      ...finding,
      suggestions: replacement === undefined ? undefined : [{ title: `Change to "${replacement}"`, replacement: JSON.stringify(replacement) }],
    });
  };
}

export const libraryTitle: Record<IconLibrary, string> = {
  fontawesome: 'Font Awesome',
  lucide: 'Lucide',
  tabler: 'Tabler',
};
