import { COMMAND_LINK, type DevJob } from './jobScript';

const HOSTILE_REPOSITORY = 'example/docs<script>alert(1)</script>\u001b[31m\u202E';

/** What a v2 run of a job is at `now`: `active` for `durationMs` from the run's start, then its end. */
function statusAt(job: DevJob, now: number): string {
  if (now - job.runStartedAt < job.durationMs) return 'active';
  if (job.faults.has('command-link')) return COMMAND_LINK;
  if (job.faults.has('misconfigured') || job.faults.has('error')) return 'failed';
  return job.faults.has('archived') ? 'archived' : 'completed';
}

/** The v2 AgentJob record of a job at time `now`. */
export function agentJobAt(job: DevJob, now: number): Record<string, unknown> {
  const status = statusAt(job, now);
  const html = job.faults.has('html');
  const ended = status === 'completed' || status === 'archived';
  return {
    id: job.sessionId,
    status,
    source: { repository: html ? HOSTILE_REPOSITORY : job.repository, ref: job.branch },
    model: 'sonnet',
    prLink: ended ? (html ? 'javascript:alert(1)' : `https://github.com/${job.repository}/pull/${job.pullRequestNumber}`) : null,
    createdAt: new Date(job.createdAt).toISOString(),
    archivedAt: status === 'archived' ? new Date(job.runStartedAt + job.durationMs).toISOString() : null,
  };
}

export function isArchivedAt(job: DevJob, now: number): boolean {
  return statusAt(job, now) === 'archived';
}
