import { basename, dirname, join, relative, sep } from 'node:path';
import { isInside, isSkippedFolder, walkFolderInSlices } from '../engine/site/folderWalk';

/** How far a look for docs.json files goes: a workspace opened on a home folder must not stall the server. */
const limits = { depth: 8, entries: 200_000 };
/** How long the look reads folders before it lets the server answer what came in meanwhile. */
const sliceMs = 15;

/**
 * The docs.json files in a workspace folder, without stalling the server: folders are read in
 * slices of at most `sliceMs` between which requests are answered, dependencies and dot folders
 * skipped, at most `limits` deep and wide.
 */
export async function findDocsJsonFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  const visitor = {
    file(path: string, name: string) {
      if (name === 'docs.json') found.push(join(folder, path));
    },
  };
  await walkFolderInSlices(folder, visitor, limits, sliceMs);
  return found.sort();
}

/** Whether the look in a workspace folder would find the file: a docs.json in no dependency or dot folder, at most `limits.depth` folders deep. */
export function isFoundIn(folder: string, path: string): boolean {
  if (basename(path) !== 'docs.json' || !isInside(folder, path)) return false;
  const folders = relative(folder, dirname(path)).split(sep).filter(Boolean);
  return folders.length <= limits.depth && !folders.some(isSkippedFolder);
}
