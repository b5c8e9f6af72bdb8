import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { AgentApiError, isAgentApiError, type ApiRequestKind, type ApiVersion } from '../errors';
import { createRedactor, type Redactor } from '../redact';
import { parseApiBaseUrl } from './apiBaseUrl';
import { createDispatcher, type HttpTimeouts, type ProxyOptions } from './dispatcher';
import { oneLine, statusError, transportError } from './failures';
import { readBodyText } from './readBody';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry';

export interface ApiHttpOptions extends ProxyOptions {
  /** e.g. https://api.mintlify.com; plain http only for loopback hosts. */
  baseUrl: string;
  apiKey: string;
  timeouts?: Partial<HttpTimeouts>;
  retry?: Partial<RetryPolicy>;
  /** Largest JSON answer read (default 16 MB). */
  maxResponseBytes?: number;
  /** Receives one redacted line per request, retry and failure. */
  log?: (line: string) => void;
  userAgent?: string;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = { connectMs: 10_000, headersMs: 60_000, bodyIdleMs: 120_000 };

/** What a request is, for its log line and its errors. */
export interface RequestLabel {
  request: ApiRequestKind;
  apiVersion: ApiVersion;
}

const ERROR_BODY_BYTES = 8 * 1024;
const RETRYABLE_KINDS = ['rate-limited', 'server', 'network', 'timeout'] as const;

export function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : oneLine(first, 200) || undefined;
}

/**
 * The HTTP side every API version shares: the checked base URL and key, the dispatcher (proxy,
 * timeouts), redacted logging, bounded JSON answers, error mapping and retries for reads.
 */
export class ApiHttp {
  readonly baseUrl: string;
  readonly timeouts: HttpTimeouts;
  readonly redact: Redactor;
  readonly log: (line: string) => void;
  private readonly apiKey: string;
  private readonly dispatcher: Dispatcher;
  private closing?: Promise<void>;
  private readonly retryPolicy: RetryPolicy;
  private readonly maxResponseBytes: number;
  private readonly userAgent: string;

  constructor(options: ApiHttpOptions) {
    this.baseUrl = parseApiBaseUrl(options.baseUrl);
    if (!options.apiKey.trim()) throw new AgentApiError('bad-option', 'No API key was given.');
    if (!/^[\x21-\x7e]+$/.test(options.apiKey)) {
      throw new AgentApiError('bad-option', 'The API key contains spaces or characters that cannot be sent in a header.');
    }
    this.apiKey = options.apiKey;
    this.redact = createRedactor([options.apiKey, ...proxyPasswords(options.proxyUrl)]);
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
    const log = options.log;
    this.log = log ? (line) => log(this.redact(line)) : () => {};
    this.userAgent = options.userAgent ?? 'docsjson-agent-client';
    this.dispatcher = createDispatcher(this.timeouts, options);
  }

  /** Closes the connections; closing again waits for the same close (undici refuses a second). */
  close(): Promise<void> {
    return (this.closing ??= this.dispatcher.close());
  }

  async send(
    method: 'GET' | 'POST',
    path: string,
    label: RequestLabel,
    signal: AbortSignal | undefined,
    body?: string,
    accept = 'application/json',
  ): Promise<Dispatcher.ResponseData> {
    const what = `${method} ${path}`;
    const started = Date.now();
    try {
      const response = await request(`${this.baseUrl}${path}`, {
        method,
        dispatcher: this.dispatcher,
        signal,
        body,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          accept,
          'user-agent': this.userAgent,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      this.log(`${what} -> HTTP ${response.statusCode} (${Date.now() - started} ms)`);
      return response;
    } catch (error) {
      throw this.transportFailure(error, what, label, signal);
    }
  }

  /** Sends a request and reads its JSON answer; an error status throws. Never retried. */
  async json(method: 'GET' | 'POST', path: string, label: RequestLabel, signal: AbortSignal | undefined, body?: unknown): Promise<unknown> {
    const what = `${method} ${path}`;
    const response = await this.send(method, path, label, signal, body === undefined ? undefined : JSON.stringify(body));
    if (response.statusCode < 200 || response.statusCode >= 300) throw await this.statusFailure(response, what, label);
    let text: string;
    try {
      const read = await readBodyText(response.body, this.maxResponseBytes);
      if (!read.complete) {
        throw new AgentApiError('too-large', `The answer to ${what} is larger than ${this.maxResponseBytes} bytes; not read.`, label);
      }
      text = read.text;
    } catch (error) {
      // A POST whose answer broke off was received: the failure says it may have reached the server.
      throw isAgentApiError(error) ? error : this.transportFailure(error, what, label, signal);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new AgentApiError('bad-response', this.redact(`The answer to ${what} is not JSON: ${oneLine(text, 120)}`), {
        ...label,
        mayHaveReachedServer: true,
      });
    }
  }

  async statusFailure(response: Dispatcher.ResponseData, what: string, label: RequestLabel, sessionId?: string): Promise<AgentApiError> {
    let body = '';
    try {
      body = (await readBodyText(response.body, ERROR_BODY_BYTES)).text;
    } catch {
      // the status says enough
    }
    const retryAfterMs = parseRetryAfter(headerValue(response.headers, 'retry-after'));
    const error = statusError({ status: response.statusCode, body, retryAfterMs, sessionId, what, ...label }, this.redact);
    this.log(error.message);
    return error;
  }

  transportFailure(
    error: unknown,
    what: string,
    label: RequestLabel,
    signal: AbortSignal | undefined,
    phase: 'request' | 'stream' = 'request',
  ): AgentApiError {
    const host = new URL(this.baseUrl).host;
    const cancelled = signal?.aborted === true;
    const failure = transportError({ error, what, host, phase, cancelled, timeouts: this.timeouts, ...label }, this.redact);
    this.log(failure.message);
    return failure;
  }

  /** Repeats a read after rate limits, server errors and network failures (backoff, Retry-After). */
  async withRetries<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt();
      } catch (error) {
        const delay = isAgentApiError(error, ...RETRYABLE_KINDS)
          ? retryDelayMs(retry, this.retryPolicy, error.retryAfterMs)
          : undefined;
        if (delay === undefined) throw error;
        this.log(`retrying in ${delay} ms (retry ${retry + 1} of ${this.retryPolicy.maxRetries})`);
        try {
          await sleep(delay, undefined, { signal });
        } catch {
          throw new AgentApiError('cancelled', 'Cancelled while waiting to retry.');
        }
      }
    }
  }
}

function proxyPasswords(proxyUrl: string | undefined): string[] {
  const { HTTPS_PROXY, https_proxy, HTTP_PROXY, http_proxy } = process.env;
  return [proxyUrl, HTTPS_PROXY, https_proxy, HTTP_PROXY, http_proxy]
    .filter((url): url is string => url !== undefined && URL.canParse(url))
    .flatMap((url) => {
      const password = new URL(url).password;
      return [password, decodedOrAsIs(password)];
    })
    .filter((password, index, all) => password !== '' && all.indexOf(password) === index);
}

/** A percent-encoded text decoded; as written when it is malformed ("%zz"), which must not throw. */
function decodedOrAsIs(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
