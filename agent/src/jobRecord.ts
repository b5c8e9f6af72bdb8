import { TERMINAL_HAULT_REASON_KINDS, classifyHaultReason } from './haultReason';
import { parseTodos, type Todo } from './todos';
import { truncateText } from './truncate';

/**
 * A job as the GET endpoint describes it, in either API version (v2 records are mapped onto the
 * same names: `id` -> `sessionId`, `source.ref` -> `branch`, `prLink` -> `pullRequestLink`).
 * Every field may be missing; values this version does not know are kept as they came, and
 * fields it does not know are kept in `extra`.
 */
export interface JobRecord {
  /** The job's id (v1 session id, v2 `id`). */
  sessionId?: string;
  /** v2: active | completed | archived | failed. */
  status?: string;
  /** v2: `source.repository`. */
  repository?: string;
  /** v2: the model that runs the job. */
  model?: string;
  /** v2: ISO 8601, when the job was archived. */
  archivedAt?: string;
  subdomain?: string;
  branch?: string;
  /** Spelled so by the API: the job's execution has stopped. */
  haulted?: boolean;
  haultReason?: string;
  pullRequestLink?: string;
  messageToUser?: string;
  todos: Todo[];
  /** ISO 8601, as sent. */
  createdAt?: string;
  title?: string;
  userId?: string;
  extra: Record<string, unknown>;
}

export const MAX_MESSAGE_TO_USER_CHARS = 20_000;
const MAX_FIELD_CHARS = 2_000;
const MAX_EXTRA_FIELDS = 50;

const STRING_FIELDS = [
  'sessionId',
  'subdomain',
  'branch',
  'haultReason',
  'pullRequestLink',
  'createdAt',
  'title',
  'userId',
  'status',
  'repository',
  'model',
  'archivedAt',
] as const;
const KNOWN_FIELDS = new Set<string>([...STRING_FIELDS, 'haulted', 'messageToUser', 'todos']);

function asText(value: unknown, maxChars: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  return truncateText(typeof value === 'string' ? value : JSON.stringify(value), maxChars);
}

function boundedExtra(value: unknown): unknown {
  const json = JSON.stringify(value);
  return json !== undefined && json.length > MAX_FIELD_CHARS ? truncateText(json, MAX_FIELD_CHARS) : value;
}

/** Reads whatever the GET endpoint returned; never throws. */
export function parseJobRecord(body: unknown): JobRecord {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const record: JobRecord = { todos: parseTodos(fields.todos) ?? [], extra: {} };
  for (const name of STRING_FIELDS) {
    const value = asText(fields[name], MAX_FIELD_CHARS);
    if (value !== undefined) record[name] = value;
  }
  const messageToUser = asText(fields.messageToUser, MAX_MESSAGE_TO_USER_CHARS);
  if (messageToUser !== undefined) record.messageToUser = messageToUser;
  if (fields.haulted !== undefined && fields.haulted !== null) record.haulted = fields.haulted === true || fields.haulted === 'true';
  const unknownNames = Object.keys(fields).filter((name) => !KNOWN_FIELDS.has(name));
  for (const name of unknownNames.slice(0, MAX_EXTRA_FIELDS)) record.extra[truncateText(name, 100)] = boundedExtra(fields[name]);
  return record;
}

/** Reads a v2 AgentJob (`{id, status, source: {repository, ref}, model, prLink, createdAt, archivedAt}`); never throws. */
export function parseJobRecordV2(body: unknown): JobRecord {
  const { id, prLink, source, ...rest } = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { repository, ref, ...otherSource } = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  const mapped: Record<string, unknown> = { ...rest, sessionId: id, pullRequestLink: prLink, repository, branch: ref };
  if (Object.keys(otherSource).length > 0) mapped.source = otherSource;
  return parseJobRecord(mapped);
}

/** A record read back from storage: the JSON of a `JobRecord`, its `extra` fields included. */
export function reviveJobRecord(stored: unknown): JobRecord {
  if (typeof stored !== 'object' || stored === null) return parseJobRecord(stored);
  const { extra, ...fields } = stored as Record<string, unknown>;
  return parseJobRecord({ ...(typeof extra === 'object' && extra !== null ? extra : {}), ...fields });
}

const TERMINAL_STATUSES = new Set(['completed', 'archived', 'failed']);

/** True when the job will not change any more: `haulted`, a reason that ends a job, or a final v2 status. */
export function isTerminal(record: JobRecord): boolean {
  return (
    record.haulted === true ||
    TERMINAL_HAULT_REASON_KINDS.has(classifyHaultReason(record.haultReason)) ||
    TERMINAL_STATUSES.has((record.status ?? '').toLowerCase())
  );
}

/** True only for a job that ended by completing its work. */
export function isCompleted(record: JobRecord): boolean {
  return isTerminal(record) && (classifyHaultReason(record.haultReason) === 'completed' || record.status?.toLowerCase() === 'completed');
}

/** The pull request link when it is a web address; anything else (e.g. `javascript:`) is not a link. */
export function pullRequestUrl(record: JobRecord): string | undefined {
  if (!record.pullRequestLink || !URL.canParse(record.pullRequestLink)) return undefined;
  const url = new URL(record.pullRequestLink);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

const MAX_LISTED_JOBS = 100;

/** The jobs in a list response: a bare array, or the first array inside an object (`{jobs: [...]}`). */
export function parseJobList(body: unknown): JobRecord[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null
      ? Object.values(body).find(Array.isArray)
      : undefined;
  return (list ?? []).slice(0, MAX_LISTED_JOBS).map(parseJobRecord);
}
