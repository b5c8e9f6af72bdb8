// The platform's findings on a site, kept in bench/.cache/agreement (git-ignored) under a hash of
// everything they follow from: the pinned `mint`, the harness's platform modules, the kinds run
// and every file of the site. A run on an unchanged site reads them instead of running the
// platform again (`--fresh` runs it anyway).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mintVersion } from './platformPackages';

const cacheFolder = join(process.cwd(), 'bench', '.cache', 'agreement');
const platformModules = join(process.cwd(), 'bench', 'agreement', 'platform');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of every file of a folder (names and contents). */
export function folderHash(folder: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(folder)) hash.update(`${relative(folder, file)}\n`).update(readFileSync(file)).update('\n');
  return hash.digest('hex');
}

/** The file the platform's findings on a site (given by its folder's hash), for these kinds, are kept in. */
export function cacheFileOf(siteHash: string, kinds: string[]): string {
  const hash = createHash('sha256').update(`mint ${mintVersion}\nkinds ${kinds.join(',')}\nsite ${siteHash}\nharness ${folderHash(platformModules)}`);
  return join(cacheFolder, `${hash.digest('hex').slice(0, 32)}.json`);
}

export function readCached<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

export function writeCached(file: string, value: unknown): void {
  mkdirSync(cacheFolder, { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}
