import type { CheckResult } from '../checkResult';
import { isRecord } from '../model/cursor';

/** The root-relative strings ("/quickstart") of a value, kept by the value and the token of its navigation model's paths when it was read. */
const pathsByValue = new WeakMap<object, { token: symbol; paths: string[] }>();

/**
 * Every string of docs.json (and the files it `$ref`s) that starts with one "/": hrefs, redirect
 * destinations, navigation entries written as paths. Each value's are kept while it is the same
 * object and the navigation model's `rootPathsToken` is the same: a re-check of one top-level key
 * replaces that key's value, and one of a navigation element changes the navigation's lists in
 * place, passing the token on only when the element's old and new values write the same paths.
 */
export function docsJsonPaths(check: CheckResult): string[] {
  const paths: string[] = [];
  const token = check.model.rootPathsToken;
  for (const { document } of check.documents.values()) {
    const value = document.json.value;
    // The main document's object is changed in place by re-checks: its members are kept, not it.
    if (isRecord(value) && document.path === check.basis.mainPath) for (const key in value) append(paths, pathsOf(value[key], token));
    else append(paths, pathsOf(value, token));
  }
  return paths;
}

/** Whether two values write the same root-relative strings, in the same order. */
export function sameRootPaths(a: unknown, b: unknown): boolean {
  const [before, after] = [rootPathsIn(a), rootPathsIn(b)];
  return before.length === after.length && before.every((path, index) => path === after[index]);
}

/** One item at a time: spread as arguments, 200,000 paths would overflow the call stack. */
function append(paths: string[], more: readonly string[]): void {
  for (const path of more) paths.push(path);
}

function pathsOf(value: unknown, token: symbol): string[] {
  if (typeof value !== 'object' || value === null) return rootPathsIn(value);
  const kept = pathsByValue.get(value);
  if (kept?.token === token) return kept.paths;
  const paths = rootPathsIn(value);
  pathsByValue.set(value, { token, paths });
  return paths;
}

/** The root-relative strings of a value, in the order written. */
function rootPathsIn(value: unknown): string[] {
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
  return paths;
}

function isRootPath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//');
}
