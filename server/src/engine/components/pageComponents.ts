import type { Root } from 'mdast';
import type { SnippetImport } from '../pages/scanPage';

const declaration = /\bexport\s+(?:default\s+)?(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/g;
const exportList = /\bexport\s*\{([^}]*)\}/g;

/**
 * The component names a page (or snippet) may use besides the built-in ones: what it imports (its
 * snippet imports, as the scanner read them) and what its `import`/`export` lines bind (`esmNames`).
 */
export function definedComponents(imports: readonly SnippetImport[], esmNames: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const imported of imports) for (const name of imported.names) names.add(name);
  for (const name of esmNames) names.add(name);
  return names;
}

/** The names a page's `import` and `export` lines bind: what it exports, and the imports the scanner skipped (a multi-line `import {` list). */
export function esmNames(tree: Root): string[] {
  const names = new Set<string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const match of node.value.matchAll(declaration)) names.add(match[1]);
    for (const match of node.value.matchAll(exportList)) {
      for (const part of match[1].split(',')) {
        const name = part.split(/\s+as\s+/).pop()!.trim();
        if (name) names.add(name);
      }
    }
    for (const match of node.value.matchAll(/\bimport\s+([\s\S]*?)\s+from\s/g)) {
      for (const name of match[1].replace(/[{}*]/g, ' ').split(/[\s,]+/)) if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== 'as') names.add(name);
    }
  }
  return [...names];
}

/** Whether a tag names a component the page defines: `Card` for `Card`, or `Icons` for `Icons.Star`. */
export function isDefined(name: string, defined: ReadonlySet<string>): boolean {
  if (defined.has(name)) return true;
  const dot = name.indexOf('.');
  return dot > 0 && defined.has(name.slice(0, dot));
}
