import type { GitRepository } from './gitRepository';
import { GitTreeSiteHost } from './gitTreeSiteHost';
import { newProblems, type ComparedFile } from './newProblems';
import type { CheckedFile } from './problemIdentity';
import { checkSite } from '../siteProblems';

/** A site's problems at a commit (its folder is the repository's), with the files too large to read; undefined when its docs.json was not there. */
export function checkAtCommit(repository: GitRepository, commit: string, docsJsonName: string): { files: CheckedFile[]; pages: number; notes: string[] } | undefined {
  const tree = repository.treeAt(commit);
  if (!tree?.blobs.has(docsJsonName)) return undefined;
  const host = new GitTreeSiteHost(repository.folder, repository, tree);
  const text = host.readFile(docsJsonName);
  const checked = text === undefined ? { files: [], pages: 0 } : checkSite(host, docsJsonName, text);
  return { ...checked, notes: host.notes };
}

/**
 * The problems of `current` (the site in the working tree, or at commit `head`) that the same
 * site did not have at commit `base`, following the files renamed in between.
 */
export function compareWithBase(repository: GitRepository, base: string, docsJsonName: string, current: CheckedFile[], head?: string): { files: ComparedFile[]; notes: string[] } {
  const renames = repository.renames(base, head);
  const oldName = [...renames].find(([, to]) => to === docsJsonName)?.[0] ?? docsJsonName;
  const atBase = checkAtCommit(repository, base, oldName);
  return { files: newProblems(current, atBase?.files ?? [], renames), notes: atBase?.notes ?? [] };
}
