import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { walkFolder } from '../../server/src/engine/site/folderWalk';
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
    walkFolder(absolute, {
      file(file, name) {
        if (name === 'docs.json') found.push(join(absolute, file));
      },
    });
    if (found.length === before) throw new UsageError(`no docs.json found in ${path}`);
  }
  return [...new Set(found)];
}
