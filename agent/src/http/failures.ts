import { AgentApiError, type ApiRequestKind, type ApiVersion } from '../errors';
import type { Redactor } from '../redact';
import { truncateText } from '../truncate';

/** Something fit for one line of a message: no control characters, no runs of whitespace. */
export function oneLine(text: string, maxChars = 300): string {
  return truncateText(text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim(), maxChars);
}

/** The server's own explanation in an error body: `{error}`, `{message}`, `{detail}`, or the text. */
export function serverMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null) {
      const fields = parsed as Record<string, unknown>;
      for (const name of ['error', 'message', 'detail']) {
        const value = fields[name];
        if (typeof value === 'string') return oneLine(value);
        if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') {
          return oneLine((value as { message: string }).message);
        }
      }
    }
  } catch {
    // not JSON: the text itself is the explanation
  }
  return /^\s*</.test(body) ? '' : oneLine(body);
}

export interface StatusFailure {
  status: number;
  body: string;
  retryAfterMs?: number;
  sessionId?: string;
  /** e.g. "GET /v1/agent/proj/job/123" */
  what: string;
  request?: ApiRequestKind;
  apiVersion?: ApiVersion;
}

/** The technical account of an HTTP error status (for logs); `describeFailure` words it for users. */
export function statusError(failure: StatusFailure, redact: Redactor): AgentApiError {
  const { status, retryAfterMs, sessionId, request, apiVersion } = failure;
  const said = redact(serverMessage(failure.body));
  const suffix = said ? `: ${said}` : '.';
  const details = { status, retryAfterMs, sessionId, request, apiVersion, serverSaid: said || undefined, mayHaveReachedServer: status >= 500 };
  const make = (kind: AgentApiError['kind'], text: string) => new AgentApiError(kind, redact(`${text}${suffix}`), details);
  if (status === 400 || status === 422) return make('bad-request', `The agent API refused the request (HTTP ${status}) ${failure.what}`);
  if (status === 401) return make('unauthorized', `The agent API rejected the API key (HTTP 401) for ${failure.what}`);
  if (status === 403) return make('forbidden', `The API key may not do ${failure.what} (HTTP 403); it must be an admin key of this project, used from an allowed IP address`);
  if (status === 404) return make('not-found', `Not found (HTTP 404): ${failure.what}; check the project id and job id`);
  if (status === 410) return make('gone', `Gone (HTTP 410): ${failure.what}; the API no longer serves this path`);
  if (status === 429) {
    const wait = retryAfterMs === undefined ? 'later' : `in ${Math.ceil(retryAfterMs / 1000)} s`;
    return make('rate-limited', `Rate limited by the agent API (HTTP 429) for ${failure.what}; try again ${wait}`);
  }
  if (status >= 500) return make('server', `The agent API failed (HTTP ${status}) for ${failure.what}`);
  return make('http', `The agent API answered HTTP ${status} for ${failure.what}`);
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
]);

export interface TransportFailure {
  error: unknown;
  what: string;
  host: string;
  timeouts: { connectMs: number; headersMs: number; bodyIdleMs: number };
  cancelled: boolean;
  /** Sending the request and waiting for its headers, or reading a streamed body. */
  phase: 'request' | 'stream';
  request?: ApiRequestKind;
  apiVersion?: ApiVersion;
}

/** Maps an error thrown by undici (no response, or a body that broke off) to a user-facing error. */
export function transportError(failure: TransportFailure, redact: Redactor): AgentApiError {
  const { error, what, host, timeouts, request, apiVersion } = failure;
  const make = (kind: AgentApiError['kind'], text: string, mayHaveReachedServer: boolean) =>
    new AgentApiError(kind, redact(text), { mayHaveReachedServer, request, apiVersion });
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (failure.cancelled) return make('cancelled', `Cancelled: ${what}.`, true);
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return make('timeout', `Could not connect to ${host} within ${seconds(timeouts.connectMs)} (${what}).`, false);
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return make('timeout', `No answer from ${host} within ${seconds(timeouts.headersMs)} (${what}).`, true);
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return make('timeout', `The answer from ${host} stalled for more than ${seconds(timeouts.bodyIdleMs)} (${what}).`, true);
  }
  if (message.startsWith('Proxy response')) {
    return make('network', `The proxy refused to connect to ${host} (${oneLine(message)}).`, false);
  }
  const cause = `${oneLine(message)}${code ? ` (${code})` : ''}`;
  if (failure.phase === 'stream') {
    return make('stream-broken', `The live stream of ${what} from ${host} broke off: ${cause}.`, true);
  }
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  return make('network', `Network error on ${what} to ${host}: ${cause}.`, !notSent);
}
