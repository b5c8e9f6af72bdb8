import { classifyHaultReason, explainHaultReason } from './haultReason';
import { isTerminal, type JobRecord } from './jobRecord';
import { safeText } from './displayText';

/** How a job stands by its record, in either API version. */
export type RecordOutcome = 'running' | 'completed' | 'archived' | 'failed' | 'misconfigured' | 'error' | 'interrupted' | 'ended' | 'unknown';

const V2_STATUSES: Record<string, RecordOutcome> = { active: 'running', completed: 'completed', archived: 'archived', failed: 'failed' };

export function recordOutcome(record: JobRecord): RecordOutcome {
  if (record.status !== undefined) return V2_STATUSES[record.status.toLowerCase()] ?? (isTerminal(record) ? 'ended' : 'unknown');
  switch (classifyHaultReason(record.haultReason)) {
    case 'completed':
      return 'completed';
    case 'misconfigured':
      return 'misconfigured';
    case 'error':
      return 'error';
    case 'interrupted':
      return 'interrupted';
    case 'processing':
      return 'running';
    default:
      return record.haulted === true ? 'ended' : record.haulted === false ? 'running' : 'unknown';
  }
}

/** A sentence or two for users on what the record says, whatever the API version. */
export function explainRecord(record: JobRecord): string {
  if (record.status === undefined) return explainHaultReason(record.haultReason, record.haulted);
  switch (record.status.toLowerCase()) {
    case 'active':
      return 'The agent is working.';
    case 'completed':
      return 'The agent finished its work.';
    case 'archived':
      return 'The job was archived; it does not run any more.';
    case 'failed':
      return 'The agent could not finish this job. Send a follow-up message to try again, or start a new job.';
    default:
      return `The job reports "${safeText(record.status, 100)}", a state this version does not know.`;
  }
}
