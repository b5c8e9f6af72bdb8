import type { AgentJobApi, RequestOptions } from './apiClient';
import type { JobRecord } from './jobRecord';

/** Allowance for the server's clock being behind ours. */
const CLOCK_SKEW_MS = 2 * 60_000;

export interface CreatedJobClues {
  branch?: string;
  /** When the POST was sent (ms since the epoch). */
  sentAt: number;
  /** Ids of jobs known from before the POST: none of them is the one it created. */
  knownJobIds?: ReadonlySet<string>;
}

/**
 * After a POST whose answer was lost: the listed job on the same branch created closest to when
 * the POST was sent; undefined when none matches or the server has no list endpoint.
 */
export async function findCreatedJob(
  api: AgentJobApi,
  projectId: string,
  clues: CreatedJobClues,
  options?: RequestOptions,
): Promise<JobRecord | undefined> {
  const jobs = (await api.listJobs(projectId, { take: 25 }, options)) ?? [];
  const distance = (job: JobRecord) => Math.abs(Date.parse(job.createdAt ?? '') - clues.sentAt);
  return jobs
    .filter((job) => job.sessionId && !clues.knownJobIds?.has(job.sessionId) && (clues.branch === undefined || job.branch === clues.branch))
    .filter((job) => Date.parse(job.createdAt ?? '') >= clues.sentAt - CLOCK_SKEW_MS)
    .sort((a, b) => distance(a) - distance(b))[0];
}
