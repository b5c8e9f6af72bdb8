import { AgentApiError, isAgentApiError, type ApiVersion } from './errors';
import { ApiHttp, headerValue, type ApiHttpOptions, type RequestLabel } from './http/apiHttp';
import type { Dispatcher } from 'undici';
import { parseJobList, parseJobRecord, type JobRecord } from './jobRecord';
import { DEFAULT_MAX_EVENT_CHARS, decodeStream } from './stream/decodeStream';
import type { AgentEvent } from './stream/events';

export type { ApiVersion };

export { DEFAULT_TIMEOUTS } from './http/apiHttp';

export interface JobMessage {
  role: 'system' | 'user' | 'assistant' | (string & {});
  content: string;
}

/**
 * A new job. v1 takes all of it; v2 takes one message (its content is the prompt) and no branch,
 * draft or model: check `features.createOptions` before asking users for them.
 */
export interface CreateJobRequest {
  /** Created by the platform when it does not exist. */
  branch?: string;
  messages: JobMessage[];
  asDraft?: boolean;
  model?: 'sonnet' | 'opus' | (string & {});
}

export interface CreatedJob {
  /** The job's id (v1: `X-Session-Id`; v2: the record's `id`); undefined if the server did not send it. */
  sessionId?: string;
  /** From `X-Branch-Name` (v1) or the record's `source.ref` (v2), when sent. */
  branch?: string;
  /** v2: the job as the 201 answer described it. */
  record?: JobRecord;
  /**
   * v1: the job's live progress, in batches (the events completed by each chunk received). Iterate
   * it to the end, or break out of the loop, or abort the request's signal: each of these
   * releases the connection. Iteration throws an `AgentApiError` (`stream-broken`, `timeout`,
   * `cancelled`) if the stream breaks off. v2 has no live stream.
   */
  eventBatches?: AsyncIterable<AgentEvent[]>;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface JobListPage {
  skip?: number;
  /** 1 to 100; the server's default is 12. */
  take?: number;
}

/** What an API version offers; views ask only for what it takes and offer only what it does. */
export interface ApiFeatures {
  /** The create answer streams the agent's work (v1). */
  liveStream: boolean;
  /** `sendMessage`: a follow-up instruction to a job (v2). */
  followUps: boolean;
  /** `listJobs` (v1): jobs started elsewhere show up, and a job whose create answer was lost can be found. */
  jobsList: boolean;
  /** Branch, model, draft and several messages with roles (v1); else one prompt. */
  createOptions: boolean;
}

/** The agent job API, whatever its version: what the tracker, the CLI and the extension use. */
export interface AgentJobApi {
  readonly baseUrl: string;
  readonly apiVersion: ApiVersion;
  readonly features: ApiFeatures;
  /** Never retried: a failure after sending says so (`mayHaveReachedServer`). */
  createJob(projectId: string, job: CreateJobRequest, options?: RequestOptions): Promise<CreatedJob>;
  getJob(projectId: string, jobId: string, options?: RequestOptions): Promise<JobRecord>;
  /** The job's record exactly as this API version sent it (parsed JSON, not mapped). */
  getJobAsSent(projectId: string, jobId: string, options?: RequestOptions): Promise<unknown>;
  /** Undefined when the server has no list endpoint (v2, or a v1 server answering 404). */
  listJobs(projectId: string, page?: JobListPage, options?: RequestOptions): Promise<JobRecord[] | undefined>;
  /**
   * A follow-up instruction to the same job, which runs again; answers the job's record. Never
   * retried. Throws `unsupported` where `features.followUps` is false.
   */
  sendMessage(projectId: string, jobId: string, prompt: string, options?: RequestOptions): Promise<JobRecord>;
  /** The cheapest authenticated request; resolves when the key was accepted (see `checkApiKey`). */
  probeKey(projectId: string, options?: RequestOptions): Promise<void>;
  close(): Promise<void>;
}

export interface AgentApiClientOptions extends ApiHttpOptions {
  /** Largest single stream event (default 8 M characters). */
  maxStreamEventChars?: number;
}

export const DEFAULT_API_URL = 'https://api.mintlify.com';

/** The v1 API (`/v1/agent/{projectId}/job`) over undici. */
export class AgentApiClient implements AgentJobApi {
  readonly apiVersion = 1;
  readonly features: ApiFeatures = { liveStream: true, followUps: false, jobsList: true, createOptions: true };
  private readonly http: ApiHttp;
  private readonly maxStreamEventChars: number;

  constructor(options: AgentApiClientOptions) {
    this.http = new ApiHttp(options);
    this.maxStreamEventChars = options.maxStreamEventChars ?? DEFAULT_MAX_EVENT_CHARS;
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  async createJob(projectId: string, job: CreateJobRequest, options: RequestOptions = {}): Promise<CreatedJob> {
    const label: RequestLabel = { request: 'create', apiVersion: 1 };
    const path = `${this.jobsPath(projectId)}/job`;
    const what = `POST ${path}`;
    const body = JSON.stringify({ branch: job.branch, messages: job.messages, asDraft: job.asDraft ?? false, model: job.model });
    const accept = 'text/event-stream, text/plain;q=0.9, */*;q=0.8';
    const response = await this.http.send('POST', path, label, options.signal, body, accept);
    // Earlier revisions of the API sent X-Message-Id instead.
    const sessionId = headerValue(response.headers, 'x-session-id') ?? headerValue(response.headers, 'x-message-id');
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw await this.http.statusFailure(response, what, label, sessionId);
    }
    return {
      sessionId,
      branch: headerValue(response.headers, 'x-branch-name'),
      eventBatches: this.streamEvents(response, what, label, options.signal),
    };
  }

  async getJob(projectId: string, sessionId: string, options: RequestOptions = {}): Promise<JobRecord> {
    return parseJobRecord(await this.getJobAsSent(projectId, sessionId, options));
  }

  getJobAsSent(projectId: string, sessionId: string, options: RequestOptions = {}): Promise<unknown> {
    const path = `${this.jobsPath(projectId)}/job/${encodeURIComponent(sessionId)}`;
    return this.http.withRetries(() => this.http.json('GET', path, { request: 'get', apiVersion: 1 }, options.signal), options.signal);
  }

  async listJobs(projectId: string, page: JobListPage = {}, options: RequestOptions = {}): Promise<JobRecord[] | undefined> {
    const query = new URLSearchParams();
    if (page.skip !== undefined) query.set('skip', String(page.skip));
    if (page.take !== undefined) query.set('take', String(page.take));
    const path = `${this.jobsPath(projectId)}/jobs${query.size > 0 ? `?${query}` : ''}`;
    try {
      const label: RequestLabel = { request: 'list', apiVersion: 1 };
      return parseJobList(await this.http.withRetries(() => this.http.json('GET', path, label, options.signal), options.signal));
    } catch (error) {
      if (isAgentApiError(error, 'not-found')) return undefined;
      throw error;
    }
  }

  async sendMessage(): Promise<JobRecord> {
    throw new AgentApiError('unsupported', 'API v1 has no follow-up messages; they need API v2.', { apiVersion: 1, request: 'message' });
  }

  async probeKey(projectId: string, options: RequestOptions = {}): Promise<void> {
    const path = `${this.jobsPath(projectId)}/jobs?take=1`;
    await this.http.json('GET', path, { request: 'check', apiVersion: 1 }, options.signal);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private jobsPath(projectId: string): string {
    return `/v1/agent/${encodeURIComponent(projectId)}`;
  }

  private async *streamEvents(response: Dispatcher.ResponseData, what: string, label: RequestLabel, signal: AbortSignal | undefined) {
    const contentType = headerValue(response.headers, 'content-type');
    try {
      yield* decodeStream(response.body, contentType, this.maxStreamEventChars);
    } catch (error) {
      throw this.http.transportFailure(error, what, label, signal, 'stream');
    } finally {
      response.body.destroy();
    }
  }
}
