import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempFolder } from './tempFolder';

function findUp(relative: string): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, relative))) return join(dir, relative);
    if (dirname(dir) === dir) throw new Error(`cannot find ${relative} above ${__dirname}`);
  }
}

/** The whole real sites (pages included) kept in shared/ beside the repository. */
export const sitesDir = findUp(join('shared', 'sites'));

export const realSites = ['upstash+docs', 'PrefectHQ+fastmcp', 'langgenius+dify-docs'] as const;
export type RealSite = (typeof realSites)[number];

/** Every site of the shared folder (each a folder with its meta.json), by name. */
export const sharedSites: string[] = readdirSync(sitesDir)
  .filter((name) => existsSync(join(sitesDir, name, 'meta.json')))
  .sort();

const made = new Map<string, string>();

/**
 * A real site on disk: every path of its repository as an empty file, the kept text files copied
 * over them. Returns the docs root (the folder of docs.json). Made once per process.
 */
export function materialiseSite(site: string): string {
  const cached = made.get(site);
  if (cached) return cached;
  const source = join(sitesDir, site);
  const into = tempFolder('docsjson-site-');
  const folders = new Set<string>();
  for (const path of readFileSync(join(source, 'files.txt'), 'utf8').split('\n')) {
    if (!path) continue;
    const folder = dirname(join(into, path));
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(join(into, path), '');
  }
  cpSync(source, into, { recursive: true, filter: (path) => !/[\\/](files\.txt|meta\.json)$/.test(path) });
  const { docsRoot } = JSON.parse(readFileSync(join(source, 'meta.json'), 'utf8')) as { docsRoot: string };
  const root = join(into, docsRoot);
  made.set(site, root);
  return root;
}
