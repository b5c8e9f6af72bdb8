import { statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { walkFolder } from '../../server/src/engine/site/folderWalk';
import { UsageError } from './usage';

/** The sites the command-line paths name, and the files given that belong to none. */
export interface FoundSites {
  /** The docs.json files: as given, searched for in folders, or the one above a file of a site. */
  docsJsonFiles: string[];
  /** Files given (not folders) with no docs.json in the folders above them. */
  outside: string[];
}

/**
 * The docs.json files named by the command-line paths: a docs.json as given, folders searched,
 * and any other file (a page, a spec, as a pre-commit hook passes the changed files) stands for
 * the site whose docs.json is nearest above it.
 */
export function findDocsJsonFiles(paths: string[]): FoundSites {
  const found: string[] = [];
  const outside: string[] = [];
  for (const path of paths) {
    const absolute = resolve(path);
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      throw new UsageError(`no such file or folder: ${path}`);
    }
    if (stats.isFile()) {
      const docsJson = basename(absolute) === 'docs.json' ? absolute : docsJsonAbove(dirname(absolute));
      if (docsJson) found.push(docsJson);
      else outside.push(path);
      continue;
    }
    const before = found.length;
    walkFolder(absolute, {
      file(file, name) {
        if (name === 'docs.json') found.push(join(absolute, file));
      },
    });
    if (found.length === before) throw new UsageError(`no docs.json found in ${path}`);
  }
  return { docsJsonFiles: [...new Set(found)], outside };
}

/** The docs.json nearest above a folder (or in it). */
export function docsJsonAbove(folder: string): string | undefined {
  for (let current = folder; ; current = dirname(current)) {
    const candidate = join(current, 'docs.json');
    if (isFile(candidate)) return candidate;
    if (dirname(current) === current) return undefined;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
