import { posix } from 'node:path';
import { checkAtCommit, compareWithBase } from './base/comparison';
import { GitRepository } from './base/gitRepository';
import { formatReport, severityCounts, shortRef, type ReportedFile } from './checkOutput';
import { parseWorkers } from './parseWorkers';
import { located } from './siteProblems';
import { terminalSafeLine } from './terminalSafe';
import { UsageError } from './usage';

/** What an agent job's branch adds over the branch it started from. */
export interface JobChanges {
  branch: string;
  branchCommit: string;
  /** The base branch, and the commit where the job's branch left it. */
  base: string;
  baseCommit: string;
  /** Paths from the folder the check ran in; lines as on the job's branch. */
  files: ReportedFile[];
  /** Problems the sites already had at the base (not listed). */
  existing: number;
  sites: number;
  pages: number;
  /** Files of either commit too large to read, in a sentence each. */
  notes: string[];
}

export interface JobChangesOptions {
  /** The remote to fetch from (default origin). */
  remote?: string;
  /** The branch the job started from (default: the remote's default branch). */
  base?: string;
}

/**
 * Fetches a job's branch and the base branch from the repository's remote and checks every docs
 * site on the job's branch (under `folder`) against the same site where the branch left the base.
 * Nothing in the working tree changes; only the two remote-tracking refs are updated.
 */
export async function checkJobChanges(folder: string, branch: string, { remote = 'origin', base }: JobChangesOptions = {}, workers = parseWorkers(undefined, undefined)): Promise<JobChanges> {
  const repository = GitRepository.at(folder, "the check of a job's changes fetches its branch with git", '');
  if (!repository.hasRemote(remote)) throw new UsageError(`this repository has no remote "${remote}" to fetch the job's branch from: run it in a clone of the site's repository, or name the remote with --remote`);
  const branchCommit = repository.fetchBranch(remote, branch);
  const baseBranch = base ?? repository.defaultBranch(remote);
  if (baseBranch === undefined) throw new UsageError(`${remote} does not say which branch is its default: name the branch the job started from with --base`);
  const baseTip = repository.fetchBranch(remote, baseBranch);
  const baseCommit = repository.mergeBase(branchCommit, baseTip) ?? baseTip;
  const folders = repository.docsJsonFoldersAt(branchCommit);
  if (folders.length === 0) throw new UsageError(`the job's branch "${branch}" has no docs.json in this folder or below`);
  const changes: JobChanges = { branch, branchCommit, base: baseBranch, baseCommit, files: [], existing: 0, sites: folders.length, pages: 0, notes: [] };
  for (const siteFolder of folders) {
    const site = repository.below(siteFolder);
    const checked = await checkAtCommit(site, branchCommit, 'docs.json', workers);
    if (!checked) continue;
    changes.pages += checked.pages;
    const compared = await compareWithBase(site, baseCommit, 'docs.json', checked.files, workers, { head: branchCommit });
    // A note starts with the file's path in the site: from the folder checked, as the problems' paths.
    changes.notes.push(...[...checked.notes, ...compared.notes].map((note) => (siteFolder === '' ? note : `${siteFolder}/${note}`)));
    for (const file of compared.files) {
      changes.existing += file.existing;
      if (file.diagnostics.length > 0) changes.files.push({ path: posix.join(siteFolder, file.path), existing: file.existing, diagnostics: located(file.text, file.diagnostics) });
    }
  }
  return changes;
}

/** "The agent's changes add 2 problems (…)" with each one at its file:line on the job's branch; or one JSON object. */
export function formatJobChanges(changes: JobChanges, json: boolean): string {
  if (json) return `${JSON.stringify(changes)}\n`;
  const heading = `The agent's branch ${terminalSafeLine(changes.branch)} (${shortRef(changes.branchCommit)}) against ${terminalSafeLine(changes.base)} (${shortRef(changes.baseCommit)}), where it started:\n`;
  return heading + formatReport(changes.files, changes.sites, { format: 'text', colour: false, maxWarnings: Infinity, pages: changes.pages, base: { ref: changes.base, existing: changes.existing, subject: "The agent's changes add" }, notes: changes.notes });
}

/** 1 when the job's changes add errors. */
export function jobChangesExitCode(changes: JobChanges): number {
  return severityCounts(changes.files).errors > 0 ? 1 : 0;
}
