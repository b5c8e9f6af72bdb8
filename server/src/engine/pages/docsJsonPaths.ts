import type { CheckResult } from '../checkResult';
import { isRecord } from '../model/cursor';

/** The root-relative strings ("/quickstart") of a value, kept by the value and the navigation model of the check that read it. */
const pathsByValue = new WeakMap<object, { model: CheckResult['model']; paths: string[] }>();

/**
 * Every string of docs.json (and the files it `$ref`s) that starts with one "/": hrefs, redirect
 * destinations, navigation entries written as paths. A re-check after an edit of one top-level key
 * walks that key's value again and reuses the others' (the re-check replaces the edited value and
 * changes the navigation's lists only with a new model).
 */
export function docsJsonPaths(check: CheckResult): string[] {
  const paths: string[] = [];
  for (const { document } of check.documents.values()) {
    const value = document.json.value;
    // The main document's object is changed in place by re-checks: its members are kept, not it.
    if (isRecord(value) && document.path === check.basis.mainPath) for (const key in value) append(paths, pathsOf(value[key], check.model));
    else append(paths, pathsOf(value, check.model));
  }
  return paths;
}

/** One item at a time: spread as arguments, 200,000 paths would overflow the call stack. */
function append(paths: string[], more: readonly string[]): void {
  for (const path of more) paths.push(path);
}

function pathsOf(value: unknown, model: CheckResult['model']): string[] {
  if (typeof value === 'string') return isRootPath(value) ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  const kept = pathsByValue.get(value);
  if (kept?.model === model) return kept.paths;
  const paths: string[] = [];
  // A stack, not recursion: a docs.json of 500,000 nested arrays must not overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isRootPath(next)) paths.push(next);
    } else if (Array.isArray(next)) {
      for (let index = next.length - 1; index >= 0; index--) pending.push(next[index]);
    } else if (isRecord(next)) {
      for (const key of Object.keys(next).reverse()) pending.push(next[key]);
    }
  }
  pathsByValue.set(value, { model, paths });
  return paths;
}

function isRootPath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//');
}
