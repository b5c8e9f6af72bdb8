import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { isSkippedFolder } from '../engine/site/fileIndex';

/** How far a look for docs.json files goes: a workspace opened on a home folder must not stall the server. */
const limits = { depth: 8, entries: 200_000 };

/**
 * The docs.json files in a workspace folder, without blocking the server: folders are read one
 * at a time, dependencies and dot folders skipped, at most `limits` deep and wide.
 */
export async function findDocsJsonFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  let entries = 0;
  const queue: { dir: string; depth: number }[] = [{ dir: folder, depth: 0 }];
  for (let next = queue.shift(); next && entries < limits.entries; next = queue.shift()) {
    try {
      for await (const entry of await opendir(next.dir)) {
        if (++entries > limits.entries) break;
        if (entry.isFile() && entry.name === 'docs.json') found.push(join(next.dir, entry.name));
        else if (entry.isDirectory() && next.depth < limits.depth && !isSkippedFolder(entry.name)) queue.push({ dir: join(next.dir, entry.name), depth: next.depth + 1 });
      }
    } catch {
      // unreadable folder: skipped
    }
  }
  return found.sort();
}
