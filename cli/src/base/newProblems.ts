import { pageOf } from '../../../server/src/engine/site/fileIndex';
import { problemIdentities, type CheckedFile } from './problemIdentity';

export interface ComparedFile extends CheckedFile {
  /** How many of the file's problems were already there at the base (left out of `diagnostics`). */
  existing: number;
}

/**
 * The problems of the current check that the base's check did not have: each current problem
 * matched to one of the base's in the same file (followed through renames) with the same identity.
 */
export function newProblems(current: CheckedFile[], base: CheckedFile[], renames: ReadonlyMap<string, string>): ComparedFile[] {
  const renamedPages = new Map<string, string>();
  for (const [from, to] of renames) {
    const [oldPage, newPage] = [pageOf(from), pageOf(to)];
    if (oldPage !== undefined && newPage !== undefined) renamedPages.set(oldPage, newPage);
  }
  const left = new Map<string, Map<string, number>>();
  for (const file of base) {
    const path = renames.get(file.path) ?? file.path;
    const counts = left.get(path) ?? new Map<string, number>();
    for (const identity of problemIdentities(file, renamedPages)) counts.set(identity, (counts.get(identity) ?? 0) + 1);
    left.set(path, counts);
  }
  return current.map((file) => {
    const counts = left.get(file.path);
    if (!counts) return { ...file, existing: 0 };
    const identities = problemIdentities(file);
    const added = file.diagnostics.filter((_, i) => {
      const count = counts.get(identities[i]) ?? 0;
      if (count === 0) return true;
      counts.set(identities[i], count - 1);
      return false;
    });
    return { ...file, diagnostics: added, existing: file.diagnostics.length - added.length };
  });
}
