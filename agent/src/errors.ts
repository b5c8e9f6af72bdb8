export type AgentApiErrorKind =
  | 'insecure-url'
  | 'bad-option'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'gone'
  | 'bad-request'
  | 'unsupported'
  | 'rate-limited'
  | 'http'
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'bad-response'
  | 'too-large'
  | 'stream-broken';

/** 2: the platform's current API (the default); 1: our specification, deprecated by the platform. */
export type ApiVersion = 1 | 2;

/** What a request was for: the failure model words its message by it. */
export type ApiRequestKind = 'create' | 'get' | 'list' | 'message' | 'check';

export interface AgentApiErrorDetails {
  /** Which API version answered (or was asked). */
  apiVersion?: ApiVersion;
  request?: ApiRequestKind;
  /** The server's own explanation (`{error}`), redacted and on one line. */
  serverSaid?: string;
  status?: number;
  /** How long the server asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  /**
   * For a job creation that failed: true when the request may have reached the server, so a job
   * may exist even though no answer arrived. Never retry such a POST; look the job up instead.
   */
  mayHaveReachedServer?: boolean;
  /** The job's session id, when the response headers arrived before the failure. */
  sessionId?: string;
}

/**
 * Every failure of the agent API client. The message is meant for users, is already redacted
 * (no API key, no proxy password) and carries no `cause`, so nothing unredacted can leak through it.
 */
export class AgentApiError extends Error {
  readonly kind: AgentApiErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly mayHaveReachedServer?: boolean;
  readonly sessionId?: string;
  readonly apiVersion?: ApiVersion;
  readonly request?: ApiRequestKind;
  readonly serverSaid?: string;

  constructor(kind: AgentApiErrorKind, redactedMessage: string, details: AgentApiErrorDetails = {}) {
    super(redactedMessage);
    this.name = 'AgentApiError';
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.mayHaveReachedServer = details.mayHaveReachedServer;
    this.sessionId = details.sessionId;
    this.apiVersion = details.apiVersion;
    this.request = details.request;
    this.serverSaid = details.serverSaid;
  }
}

export function isAgentApiError(error: unknown, ...kinds: AgentApiErrorKind[]): error is AgentApiError {
  return error instanceof AgentApiError && (kinds.length === 0 || kinds.includes(error.kind));
}
