import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { AgentApiError, isAgentApiError } from './errors';
import { parseApiBaseUrl } from './http/apiBaseUrl';
import { createDispatcher, type HttpTimeouts, type ProxyOptions } from './http/dispatcher';
import { oneLine, statusError, transportError } from './http/failures';
import { readBodyText } from './http/readBody';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs, type RetryPolicy } from './http/retry';
import { parseJobList, parseJobRecord, type JobRecord } from './jobRecord';
import { createRedactor, type Redactor } from './redact';
import { DEFAULT_MAX_EVENT_CHARS, decodeStream } from './stream/decodeStream';
import type { AgentEvent } from './stream/events';

export interface JobMessage {
  role: 'system' | 'user' | 'assistant' | (string & {});
  content: string;
}

export interface CreateJobRequest {
  /** Created by the platform when it does not exist. */
  branch?: string;
  messages: JobMessage[];
  asDraft?: boolean;
  model?: 'sonnet' | 'opus' | (string & {});
}

export interface CreatedJob {
  /** From `X-Session-Id`; undefined if the server did not send it. */
  sessionId?: string;
  /** From `X-Branch-Name`, when sent. */
  branch?: string;
  /**
   * The job's live progress, in batches (the events completed by each chunk received). Iterate
   * it to the end, or break out of the loop, or abort the request's signal: each of these
   * releases the connection. Iteration throws an `AgentApiError` (`stream-broken`, `timeout`,
   * `cancelled`) if the stream breaks off.
   */
  eventBatches: AsyncIterable<AgentEvent[]>;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface JobListPage {
  skip?: number;
  /** 1 to 100; the server's default is 12. */
  take?: number;
}

/** The agent job API, whatever its version: what the tracker, the CLI and the extension use. */
export interface AgentJobApi {
  readonly baseUrl: string;
  /** Never retried: a failure after sending says so (`mayHaveReachedServer`). */
  createJob(projectId: string, job: CreateJobRequest, options?: RequestOptions): Promise<CreatedJob>;
  getJob(projectId: string, sessionId: string, options?: RequestOptions): Promise<JobRecord>;
  /** Undefined when the server has no list endpoint (it answers 404). */
  listJobs(projectId: string, page?: JobListPage, options?: RequestOptions): Promise<JobRecord[] | undefined>;
  close(): Promise<void>;
}

export interface AgentApiClientOptions extends ProxyOptions {
  /** e.g. https://api.mintlify.com; plain http only for loopback hosts. */
  baseUrl: string;
  apiKey: string;
  timeouts?: Partial<HttpTimeouts>;
  retry?: Partial<RetryPolicy>;
  /** Largest JSON answer read (default 16 MB). */
  maxResponseBytes?: number;
  /** Largest single stream event (default 8 M characters). */
  maxStreamEventChars?: number;
  /** Receives one redacted line per request, retry and failure. */
  log?: (line: string) => void;
  userAgent?: string;
}

export const DEFAULT_API_URL = 'https://api.mintlify.com';

export const DEFAULT_TIMEOUTS: HttpTimeouts = { connectMs: 10_000, headersMs: 60_000, bodyIdleMs: 120_000 };

const ERROR_BODY_BYTES = 8 * 1024;
const RETRYABLE_KINDS = ['rate-limited', 'server', 'network', 'timeout'] as const;

function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : oneLine(first, 200) || undefined;
}

/** The v1 API (`/v1/agent/{projectId}/job`) over undici. */
export class AgentApiClient implements AgentJobApi {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly dispatcher: Dispatcher;
  private readonly timeouts: HttpTimeouts;
  private readonly retryPolicy: RetryPolicy;
  private readonly redact: Redactor;
  private readonly maxResponseBytes: number;
  private readonly maxStreamEventChars: number;
  private readonly log: (line: string) => void;
  private readonly userAgent: string;

  constructor(options: AgentApiClientOptions) {
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
    this.maxStreamEventChars = options.maxStreamEventChars ?? DEFAULT_MAX_EVENT_CHARS;
    const log = options.log;
    this.log = log ? (line) => log(this.redact(line)) : () => {};
    this.userAgent = options.userAgent ?? 'docsjson-agent-client';
    this.dispatcher = createDispatcher(this.timeouts, options);
  }

  async createJob(projectId: string, job: CreateJobRequest, options: RequestOptions = {}): Promise<CreatedJob> {
    const path = `${this.jobsPath(projectId)}/job`;
    const what = `POST ${path}`;
    const body = JSON.stringify({ branch: job.branch, messages: job.messages, asDraft: job.asDraft ?? false, model: job.model });
    const response = await this.send('POST', path, options.signal, body);
    // Earlier revisions of the API sent X-Message-Id instead.
    const sessionId = headerValue(response.headers, 'x-session-id') ?? headerValue(response.headers, 'x-message-id');
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw await this.statusFailure(response, what, sessionId);
    }
    return {
      sessionId,
      branch: headerValue(response.headers, 'x-branch-name'),
      eventBatches: this.streamEvents(response, what, options.signal),
    };
  }

  getJob(projectId: string, sessionId: string, options: RequestOptions = {}): Promise<JobRecord> {
    return this.withRetries(async () => {
      const path = `${this.jobsPath(projectId)}/job/${encodeURIComponent(sessionId)}`;
      return parseJobRecord(await this.getJson(path, options.signal));
    }, options.signal);
  }

  async listJobs(projectId: string, page: JobListPage = {}, options: RequestOptions = {}): Promise<JobRecord[] | undefined> {
    const query = new URLSearchParams();
    if (page.skip !== undefined) query.set('skip', String(page.skip));
    if (page.take !== undefined) query.set('take', String(page.take));
    const path = `${this.jobsPath(projectId)}/jobs${query.size > 0 ? `?${query}` : ''}`;
    try {
      return await this.withRetries(async () => parseJobList(await this.getJson(path, options.signal)), options.signal);
    } catch (error) {
      if (isAgentApiError(error, 'not-found')) return undefined;
      throw error;
    }
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }

  private jobsPath(projectId: string): string {
    return `/v1/agent/${encodeURIComponent(projectId)}`;
  }

  private async send(method: 'GET' | 'POST', path: string, signal: AbortSignal | undefined, body?: string) {
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
          accept: method === 'GET' ? 'application/json' : 'text/event-stream, text/plain;q=0.9, */*;q=0.8',
          'user-agent': this.userAgent,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      this.log(`${what} -> HTTP ${response.statusCode} (${Date.now() - started} ms)`);
      return response;
    } catch (error) {
      throw this.transportFailure(error, what, signal);
    }
  }

  private async getJson(path: string, signal: AbortSignal | undefined): Promise<unknown> {
    const what = `GET ${path}`;
    const response = await this.send('GET', path, signal);
    if (response.statusCode < 200 || response.statusCode >= 300) throw await this.statusFailure(response, what);
    let text: string;
    try {
      const read = await readBodyText(response.body, this.maxResponseBytes);
      if (!read.complete) {
        throw new AgentApiError('too-large', `The answer to ${what} is larger than ${this.maxResponseBytes} bytes; not read.`);
      }
      text = read.text;
    } catch (error) {
      throw isAgentApiError(error) ? error : this.transportFailure(error, what, signal);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new AgentApiError('bad-response', this.redact(`The answer to ${what} is not JSON: ${oneLine(text, 120)}`));
    }
  }

  private async statusFailure(response: Dispatcher.ResponseData, what: string, sessionId?: string): Promise<AgentApiError> {
    let body = '';
    try {
      body = (await readBodyText(response.body, ERROR_BODY_BYTES)).text;
    } catch {
      // the status says enough
    }
    const retryAfterMs = parseRetryAfter(headerValue(response.headers, 'retry-after'));
    const error = statusError({ status: response.statusCode, body, retryAfterMs, sessionId, what }, this.redact);
    this.log(error.message);
    return error;
  }

  private transportFailure(
    error: unknown,
    what: string,
    signal: AbortSignal | undefined,
    phase: 'request' | 'stream' = 'request',
  ): AgentApiError {
    const host = new URL(this.baseUrl).host;
    const cancelled = signal?.aborted === true;
    const failure = transportError({ error, what, host, phase, cancelled, timeouts: this.timeouts }, this.redact);
    this.log(failure.message);
    return failure;
  }

  private async *streamEvents(response: Dispatcher.ResponseData, what: string, signal: AbortSignal | undefined) {
    const contentType = headerValue(response.headers, 'content-type');
    try {
      yield* decodeStream(response.body, contentType, this.maxStreamEventChars);
    } catch (error) {
      throw this.transportFailure(error, what, signal, 'stream');
    } finally {
      response.body.destroy();
    }
  }

  private async withRetries<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
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
    .map((url) => decodeURIComponent(new URL(url).password))
    .filter((password) => password !== '');
}
