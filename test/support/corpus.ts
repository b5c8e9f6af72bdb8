import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempFolder } from './tempFolder';

/** The corpus lives in shared/ beside the repository; found from here (source or bundle). */
export const corpusDir = findUp(join('shared', 'corpus'));

function findUp(relative: string): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, relative))) return join(dir, relative);
    if (dirname(dir) === dir) throw new Error(`cannot find ${relative} above ${__dirname}`);
  }
}

export interface CorpusSite {
  /** `<owner>+<repo>` */
  folder: string;
  /** docs.json path relative to the repository root */
  docsJsonPath: string;
  unresolvedPages: number;
}

/** Every docs.json of the corpus, from its INDEX.tsv. */
export function corpusSites(): CorpusSite[] {
  const [header, ...rows] = readFileSync(join(corpusDir, 'INDEX.tsv'), 'utf8').trim().split('\n');
  const columns = header.split('\t');
  const column = (row: string[], name: string) => row[columns.indexOf(name)];
  return rows.map((line) => {
    const row = line.split('\t');
    return {
      folder: column(row, 'repo').replace('/', '+'),
      docsJsonPath: column(row, 'docs_json_path'),
      unresolvedPages: Number(column(row, 'unresolved_pages') || 0),
    };
  });
}

/** Recreates a repository's file tree with empty files, then copies the kept files over it. */
export function materialiseRepository(folder: string, into = tempFolder('docsjson-corpus-')): string {
  const source = join(corpusDir, folder);
  const paths = readFileSync(join(source, 'files.txt'), 'utf8').split('\n').filter(Boolean);
  const made = new Set<string>();
  for (const path of paths) {
    const dir = dirname(join(into, path));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(join(into, path), '');
  }
  for (const entry of readdirSync(source)) {
    if (entry !== 'files.txt') cpSync(join(source, entry), join(into, entry), { recursive: true });
  }
  return into;
}
