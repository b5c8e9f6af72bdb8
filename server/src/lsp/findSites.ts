import { join } from 'node:path';
import { walkFolderInSlices } from '../engine/site/folderWalk';

/** How far a look for docs.json files goes: a workspace opened on a home folder must not stall the server. */
export const docsJsonDepth = 8;
const limits = { depth: docsJsonDepth, entries: 200_000 };
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
