// Where a job's branch is in a local repository, and what it is compared against. No `vscode`
// import: unit-tested.

export interface RemoteRef {
  /** e.g. `origin/docs/update` */
  name: string;
  remote: string;
}

export interface BranchLocation {
  /** The remote-tracking ref of the job's branch, e.g. `origin/docs/update`. */
  branchRef: string;
  remote: string;
  /** What the branch is compared against: the remote's default branch (`origin/HEAD`, else main or master). */
  baseRef?: string;
}

/** The job's branch among the fetched remote refs, and the base to compare it with. */
export function locateBranch(branch: string, refs: readonly RemoteRef[]): BranchLocation | undefined {
  const names = new Set(refs.map((ref) => ref.name));
  const found = refs.find((ref) => ref.name === `${ref.remote}/${branch}`);
  if (!found) return undefined;
  const baseRef = ['HEAD', 'main', 'master'].map((name) => `${found.remote}/${name}`).find((name) => names.has(name) && name !== found.name);
  return { branchRef: found.name, remote: found.remote, baseRef };
}

/** `owner/repo` of a GitHub or GitLab pull request link. */
export function repositoryOfPullRequest(url: string | undefined): string | undefined {
  const match = url?.match(/^https?:\/\/[^/]+\/(.+?)\/(?:pull|-\/merge_requests)\/\d+/);
  return match?.[1];
}

/** Whether a remote URL (https, ssh or scp-like) names `owner/repo`. */
export function remoteNamesRepository(remoteUrl: string, repository: string): boolean {
  const path = remoteUrl.replace(/\.git$/, '').replace(/^[a-z+]+:\/\/[^/]+\//i, '').replace(/^[^@/]+@[^:]+:/, '');
  return path.toLowerCase() === repository.toLowerCase();
}

/** A short count for a message: "1 file", "3 files". */
export function files(count: number): string {
  return `${count} file${count === 1 ? '' : 's'}`;
}
