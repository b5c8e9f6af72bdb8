// Every failure of the agent layer, told to a docs writer: what happened in plain words, the one
// action that helps, and the technical detail kept apart for the output channel or a log.
import { API_VERSION_ENV, API_VERSION_SETTING } from './apiVersion';
import { safeText } from './displayText';
import { isAgentApiError, type AgentApiError, type AgentApiErrorKind } from './errors';

/** The one thing that helps; views turn it into a button (`FAILURE_ACTION_LABELS`) or a hint (`cliHint`). */
export type FailureAction =
  | 'SetApiKey'
  | 'SetProjectId'
  | 'SetApiVersion'
  | 'SetApiUrl'
  | 'TryAgainLater'
  | 'TryAgain'
  | 'OpenDashboard'
  | 'ShowLog';

export interface Failure {
  /** What happened, in one or two plain sentences: no status codes, paths or server internals. */
  message: string;
  action?: FailureAction;
  /** For `TryAgainLater`: when (ISO 8601), from the server's Retry-After. */
  retryAt?: string;
  /** The technical account (status, request, the server's words), redacted: for a log only. */
  detail: string;
  /** The API error behind it, when there is one. */
  kind?: AgentApiErrorKind;
}

/** Where the message is shown: it names the editor's settings or the CLI's flags. */
export type FailureSurface = 'editor' | 'cli';

export interface FailureContext {
  surface: FailureSurface;
  /** For rate limits: the clock the "try again at" time is counted from. */
  now?: number;
}

export const FAILURE_ACTION_LABELS: Record<FailureAction, string> = {
  SetApiKey: 'Set API Key',
  SetProjectId: 'Set Project ID',
  SetApiVersion: 'Use API Version 2',
  SetApiUrl: 'Open Settings',
  TryAgainLater: 'OK',
  TryAgain: 'Try Again',
  OpenDashboard: 'Open Dashboard',
  ShowLog: 'Show Log',
};

const CLI_HINTS: Partial<Record<FailureAction, string>> = {
  SetApiKey: 'Check DOCS_AGENT_API_KEY.',
  SetProjectId: 'Check --project.',
  SetApiUrl: 'Check --api-url or DOCS_AGENT_API_URL.',
  OpenDashboard: "Check in the docs platform's dashboard.",
  ShowLog: 'Run again with --verbose for the details.',
};

/** What the CLI adds after a failure's message (empty when the message says it all). */
export function cliHint(failure: Failure): string {
  return (failure.action && CLI_HINTS[failure.action]) ?? '';
}

function versionTwoHint(surface: FailureSurface): string {
  return surface === 'editor'
    ? `set "${API_VERSION_SETTING}" to 2`
    : `use --api-version 2 (or ${API_VERSION_ENV}=2)`;
}

function projectHint(surface: FailureSurface): string {
  return surface === 'editor' ? 'the setting "docsjson.agent.projectId"' : '--project';
}

/** "14:05", or "Nov 25, 14:05" when it is not today. */
export function clockTime(at: Date, now: Date): string {
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, ${time}`;
}

function rateLimited(error: AgentApiError, now: number): Pick<Failure, 'message' | 'action' | 'retryAt'> {
  const retryAt = error.retryAfterMs === undefined ? undefined : new Date(now + error.retryAfterMs);
  // Rounded up to the minute: "try again at 14:05" must not be too early.
  if (retryAt && retryAt.getSeconds() + retryAt.getMilliseconds() > 0) retryAt.setSeconds(60, 0);
  const when = retryAt ? `try again at ${clockTime(retryAt, new Date(now))}` : 'try again later';
  const creating = error.request === 'create' || error.request === 'message';
  const limit = error.apiVersion === 2 ? '100 jobs and follow-up messages an hour per project' : '100 jobs an hour per project';
  const message = creating ? `The platform allows ${limit}; ${when}.` : `The platform is limiting requests for now; ${when}.`;
  return { message, action: 'TryAgainLater', retryAt: retryAt?.toISOString() };
}

/** The words of a job's record the platform no longer has (a 404 on the job itself). */
export const JOB_NOT_FOUND = 'The platform no longer knows this job: it may have been deleted, or the project id changed.';

/**
 * A 404. On one job's record (or a follow-up to it): the platform no longer has that job. On a v1
 * create, the route itself is gone: v1 may be retired. Otherwise the project is not found.
 */
function notFound(error: AgentApiError, surface: FailureSurface): Pick<Failure, 'message' | 'action'> {
  if (error.request === 'get' || error.request === 'message') return { message: JOB_NOT_FOUND, action: undefined };
  if (error.apiVersion === 1 && error.request === 'create') {
    return {
      message:
        'The platform did not find the route that creates agent jobs: it may have retired agent API v1 ' +
        `(deprecated since March 2026): ${versionTwoHint(surface)}. If you use v1 on purpose, check ${projectHint(surface)}.`,
      action: 'SetApiVersion',
    };
  }
  return { message: `The platform did not find the project: check ${projectHint(surface)}.`, action: 'SetProjectId' };
}

function forbidden(error: AgentApiError): Pick<Failure, 'message' | 'action'> {
  if (/\bIP\b|allow ?list|whitelist/i.test(error.serverSaid ?? '')) {
    return {
      message: 'The API key may not be used from this network: it is limited to other IP addresses.',
      action: 'OpenDashboard',
    };
  }
  return { message: 'The API key may not act on this project: it must be an admin key of the project.', action: 'SetApiKey' };
}

function serverFailed(error: AgentApiError): Pick<Failure, 'message' | 'action'> {
  switch (error.request) {
    case 'create':
      return { message: 'The platform failed while creating the job.', action: 'TryAgain' };
    case 'message':
      return { message: 'The platform failed while taking your message.', action: 'TryAgain' };
    default:
      return { message: 'The platform is having trouble right now; try again in a few minutes.', action: 'TryAgain' };
  }
}

function worded(error: AgentApiError, context: FailureContext): Pick<Failure, 'message' | 'action' | 'retryAt'> {
  const { surface } = context;
  switch (error.kind) {
    case 'unauthorized':
      return { message: 'The API key was not accepted.', action: 'SetApiKey' };
    case 'forbidden':
      return forbidden(error);
    case 'not-found':
      return notFound(error, surface);
    case 'gone':
      return error.apiVersion === 1
        ? {
            message: `The platform no longer serves agent API v1 (deprecated since March 2026); it may have retired it: ${versionTwoHint(surface)}.`,
            action: 'SetApiVersion',
          }
        : { message: 'The platform no longer serves this part of the agent API.', action: 'ShowLog' };
    case 'rate-limited':
      return rateLimited(error, context.now ?? Date.now());
    case 'server':
      return serverFailed(error);
    case 'network':
      return { message: 'Could not reach the docs platform: check the internet connection (or the proxy).', action: 'TryAgain' };
    case 'timeout':
      return { message: 'The docs platform did not answer in time.', action: 'TryAgain' };
    case 'bad-request':
      return {
        message: `The platform refused the request${error.serverSaid ? `: "${safeText(error.serverSaid, 300)}".` : '.'}`,
        action: undefined,
      };
    case 'unsupported':
      return { message: `Follow-up messages need agent API version 2: ${versionTwoHint(surface)}.`, action: 'SetApiVersion' };
    case 'insecure-url':
      return { message: error.message, action: 'SetApiUrl' };
    case 'bad-option':
      return { message: error.message, action: undefined };
    case 'cancelled':
      return { message: 'Cancelled.', action: undefined };
    case 'stream-broken':
      return { message: "The job's live output broke off; it is followed by looking at it every few seconds.", action: undefined };
    case 'bad-response':
    case 'too-large':
    case 'http':
      return { message: 'The platform sent an answer this version cannot read.', action: 'ShowLog' };
  }
}

/** Any failure of the agent layer as a docs writer's sentence, the action that helps, and the detail. */
export function describeFailure(error: unknown, context: FailureContext): Failure {
  if (!isAgentApiError(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return { message: 'Something unexpected went wrong.', action: 'ShowLog', detail };
  }
  return { ...worded(error, context), detail: error.message, kind: error.kind };
}

/** "The API key ..." -> "the API key ...", to continue a sentence. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function noProjectFailure(surface: FailureSurface): Failure {
  return {
    message: `Set the project id of your docs site (${projectHint(surface)}) to create and follow agent jobs.`,
    action: 'SetProjectId',
    detail: 'no project id',
  };
}

export function noApiKeyFailure(surface: FailureSurface): Failure {
  return {
    message:
      surface === 'editor'
        ? 'No API key is set: agent jobs need the admin API key of your docs project.'
        : 'Set DOCS_AGENT_API_KEY to an admin API key of the project (it is read from the environment only).',
    action: surface === 'editor' ? 'SetApiKey' : undefined,
    detail: 'no API key',
  };
}
