import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isSkippedFolder } from '../../server/src/engine/site/fileIndex';
import { UsageError } from './usage';

/** The docs.json files named by the command-line paths: files as given, folders searched. */
export function findDocsJsonFiles(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    const absolute = resolve(path);
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      throw new UsageError(`no such file or folder: ${path}`);
    }
    if (stats.isFile()) {
      found.push(absolute);
      continue;
    }
    const before = found.length;
    searchFolder(absolute, found);
    if (found.length === before) throw new UsageError(`no docs.json found in ${path}`);
  }
  return [...new Set(found)];
}

function searchFolder(dir: string, found: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) searchFolder(join(dir, entry.name), found);
    } else if (entry.isFile() && entry.name === 'docs.json') {
      found.push(join(dir, entry.name));
    }
  }
}
