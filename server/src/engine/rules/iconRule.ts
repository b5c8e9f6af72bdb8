import { subjectOwner, type DefinitionHook } from '../schema/validate';
import { childCursor, isRecord } from '../model/cursor';
import { findIcon, iconNames, isIconLibrary, type IconLibrary } from '../icons/iconNames';
import { didYouMean } from '../suggest';
import type { CheckContext } from '../checkContext';
import { resolveReference } from '../site/references';
import type { Rule } from './rule';

const imagePattern = /\.(svg|png|jpe?g|gif|webp|ico)$/i;

/** Icon names against the library in force (the icon's own, else the site's, else Font Awesome); icon files exist in the docs root. */
export const iconRule: Rule = {
  codes: ['ref/outside-root', 'icon/missing-file', 'icon/fa-prefix', 'icon/unknown'],
  start: (ctx) => ({ definitions: { icon: iconHook(ctx, ctx.siteIconLibrary) } }),
};

function iconHook(ctx: CheckContext, siteLibrary: IconLibrary): DefinitionHook {
  // A misspelt icon is often copied to many elements; its suggestion is looked up once.
  const suggestions = new Map<string, string | undefined>();
  const suggestionFor = (library: IconLibrary, name: string): string | undefined => {
    const key = `${library}:${name}`;
    if (!suggestions.has(key)) suggestions.set(key, didYouMean(name, iconNames(library)));
    return suggestions.get(key);
  };
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
    if (typeof name !== 'string' || name === '' || findIcon(library, name)) return;
    if (/^https?:\/\//i.test(name)) return;
    if (name.includes('/') || imagePattern.test(name)) {
      const resolved = resolveReference(name, '');
      if (resolved.kind === 'outside') {
        out.push({ cursor: nameCursor, target: 'value', code: 'ref/outside-root', message: `Icon file "${name}" is outside the docs root (${resolved.reason})` });
      } else if (resolved.kind === 'file' && !ctx.host.files.has(resolved.path)) {
        out.push({ cursor: nameCursor, target: 'value', code: 'icon/missing-file', message: `Icon file not found: ${resolved.path}` });
      }
      return;
    }
    if (name.startsWith('fa-')) {
      const bare = name.slice(3);
      out.push({
        cursor: nameCursor,
        target: 'value',
        code: 'icon/fa-prefix',
        message: `Icon "${name}" does not need the "fa-" prefix: write "${bare}"`,
        suggestions: [{ title: `Change to "${bare}"`, replacement: JSON.stringify(bare) }],
      });
      return;
    }
    if (ctx.options.checkIconNames === false) return;
    const suggestion = suggestionFor(library, name);
    out.push({
      cursor: nameCursor,
      target: 'value',
      code: 'icon/unknown',
      message: `Unknown ${libraryTitle[library]} icon "${name}"${subjectOwner(subject) ? ` in ${subjectOwner(subject)}` : ''}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
      suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(suggestion) }] : undefined,
      data: { library },
    });
  };
}

export const libraryTitle: Record<IconLibrary, string> = {
  fontawesome: 'Font Awesome',
  lucide: 'Lucide',
  tabler: 'Tabler',
};
