// Which git repository a job works on, and whether a git remote is that repository. The platform
// names a repository `owner/name` (v2 `source.repository`); v1 names it only in the pull request link.
import type { JobRecord } from './jobRecord';

const PULL_REQUEST_PATH = /^https:\/\/[^/]+\/(.+?)\/(?:pull|-\/merge_requests)\/\d+(?:[/?#]|$)/;

/** `owner/name` (or `group/subgroup/name`) of the job's repository, when its record says. */
export function jobRepository(record: JobRecord | undefined): string | undefined {
  if (record?.repository) return record.repository;
  return record?.pullRequestLink ? PULL_REQUEST_PATH.exec(record.pullRequestLink)?.[1] : undefined;
}

/** The path segments of a remote (`git@host:owner/name.git`, `https://host/owner/name`, a local path). */
function segments(remote: string): string[] {
  return remote.replace(/\/+$/, '').replace(/\.git$/, '').toLowerCase().split(/[/:\\]/).filter((part) => part !== '');
}

/** Whether a remote's URL or path ends with the repository's `owner/name`. */
export function remoteIsRepository(remote: string, repository: string): boolean {
  const wanted = segments(repository);
  const have = segments(remote);
  return wanted.length > 0 && wanted.length <= have.length && wanted.every((part, index) => have[have.length - wanted.length + index] === part);
}
