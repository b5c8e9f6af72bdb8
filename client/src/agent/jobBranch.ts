// Where a job's branch is in a local repository, and what it is compared against. No `vscode`
// import: unit-tested.

export interface RemoteRef {
  /** e.g. `origin/docs/update` */
  name: string;
  remote: string;
  commit?: string;
}

export interface BranchLocation {
  /** The remote-tracking ref of the job's branch, e.g. `origin/docs/update`. */
  branchRef: string;
  remote: string;
  /** What the branch is compared against: the remote's default branch (the one `origin/HEAD` points at, else main or master). */
  baseRef?: string;
}

/** The job's branch among the fetched remote refs, and the base to compare it with. */
export function locateBranch(branch: string, refs: readonly RemoteRef[]): BranchLocation | undefined {
  const found = refs.find((ref) => ref.name === `${ref.remote}/${branch}`);
  if (!found) return undefined;
  const ofRemote = refs.filter((ref) => ref.remote === found.remote && ref.name !== found.name);
  const byName = (name: string) => ofRemote.find((ref) => ref.name === `${found.remote}/${name}`);
  const head = byName('HEAD');
  // HEAD is named after the branch it points at (same commit), main and master first.
  const headTarget = head?.commit
    ? [byName('main'), byName('master'), ...ofRemote].find((ref) => ref && ref !== head && ref.commit === head.commit)
    : undefined;
  const base = headTarget ?? head ?? byName('main') ?? byName('master');
  return { branchRef: found.name, remote: found.remote, baseRef: base?.name };
}

/**
 * The repository's default branch: the one `origin/HEAD` (or another remote's HEAD) points at,
 * else the remote's main or master, else a local main or master.
 */
export function defaultBranchOf(remoteRefs: readonly RemoteRef[], localBranches: readonly string[]): string | undefined {
  const remotes = [...new Set(remoteRefs.map((ref) => ref.remote))].sort((a, b) => Number(b === 'origin') - Number(a === 'origin'));
  for (const remote of remotes) {
    const ofRemote = remoteRefs.filter((ref) => ref.remote === remote);
    const byName = (name: string) => ofRemote.find((ref) => ref.name === `${remote}/${name}`);
    const head = byName('HEAD');
    const target = head?.commit ? [byName('main'), byName('master'), ...ofRemote].find((ref) => ref && ref !== head && ref.commit === head.commit) : undefined;
    const base = target ?? byName('main') ?? byName('master');
    if (base) return base.name.slice(remote.length + 1);
  }
  return localBranches.find((name) => name === 'main') ?? localBranches.find((name) => name === 'master');
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
