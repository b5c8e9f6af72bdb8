import type { GitRepository } from './gitRepository';
import { GitTreeSiteHost } from './gitTreeSiteHost';
import { newProblems, type ComparedFile } from './newProblems';
import type { CheckedFile } from './problemIdentity';
import type { GivenConfigFile } from '../../../server/src/engine';
import { checkSiteInWorkers, type SiteWorkers } from '../siteProblems';

/**
 * A site's problems at a commit (its folder is the repository's), with the files too large to
 * read; undefined when its docs.json was not there. `configFile`: the config file read instead of
 * the site's own at that commit.
 */
export async function checkAtCommit(
  repository: GitRepository,
  commit: string,
  docsJsonName: string,
  workers: SiteWorkers,
  configFile?: GivenConfigFile,
): Promise<{ files: CheckedFile[]; pages: number; notes: string[] } | undefined> {
  const tree = repository.treeAt(commit);
  if (!tree?.blobs.has(docsJsonName)) return undefined;
  const host = new GitTreeSiteHost(repository.folder, repository, tree);
  const text = host.readFile(docsJsonName);
  // Its pages parsed in worker threads within the time limit, as the working tree's are.
  const checked = text === undefined ? { files: [], pages: 0 } : await checkSiteInWorkers(host, docsJsonName, text, undefined, workers, { configFile });
  return { ...checked, notes: host.notes };
}

/**
 * The problems of `current` (the site in the working tree, or at commit `head`) that the same
 * site did not have at commit `base`, following the files renamed in between; with `configFile`,
 * the site at `base` is checked with that config file too.
 */
export async function compareWithBase(
  repository: GitRepository,
  base: string,
  docsJsonName: string,
  current: CheckedFile[],
  workers: SiteWorkers,
  { head, configFile }: { head?: string; configFile?: GivenConfigFile } = {},
): Promise<{ files: ComparedFile[]; notes: string[] }> {
  const renames = repository.renames(base, head);
  const oldName = [...renames].find(([, to]) => to === docsJsonName)?.[0] ?? docsJsonName;
  const atBase = await checkAtCommit(repository, base, oldName, workers, configFile);
  return { files: newProblems(current, atBase?.files ?? [], renames), notes: atBase?.notes ?? [] };
}
