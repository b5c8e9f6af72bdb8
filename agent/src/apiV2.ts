import type {
  AgentApiClientOptions,
  AgentJobApi,
  ApiFeatures,
  CreateJobRequest,
  CreatedJob,
  JobListPage,
  RequestOptions,
} from './apiClient';
import { AgentApiError, isAgentApiError } from './errors';
import { ApiHttp, type RequestLabel } from './http/apiHttp';
import { parseJobRecordV2, type JobRecord } from './jobRecord';

/** A job id that cannot exist: asking for it costs the server a lookup and proves the key works (404). */
const KEY_PROBE_JOB_ID = 'docsjson-key-check';

/** The prompt of a v2 job: its one message. */
export function promptOf(job: CreateJobRequest): string {
  if (job.messages.length !== 1) {
    throw new AgentApiError('bad-option', `API v2 takes one message (the prompt); ${job.messages.length} were given.`, { apiVersion: 2, request: 'create' });
  }
  const prompt = job.messages[0].content;
  if (!prompt.trim()) throw new AgentApiError('bad-option', 'The message is empty.', { apiVersion: 2, request: 'create' });
  return prompt;
}

/**
 * The v2 API (`/v2/agent/{projectId}/job`): a prompt creates a job (201, its record), the record
 * is polled until `completed`, `archived` or `failed`, and follow-ups go to `.../job/{id}/message`.
 * No live stream, no jobs list. A branch, draft or model in a create request is not sent (v2 takes
 * none); the log says so.
 */
export class AgentApiV2Client implements AgentJobApi {
  readonly apiVersion = 2;
  readonly features: ApiFeatures = { liveStream: false, followUps: true, jobsList: false, createOptions: false };
  private readonly http: ApiHttp;

  constructor(options: AgentApiClientOptions) {
    this.http = new ApiHttp(options);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  async createJob(projectId: string, job: CreateJobRequest, options: RequestOptions = {}): Promise<CreatedJob> {
    const prompt = promptOf(job);
    const ignored = [job.branch && 'branch', job.asDraft && 'draft', job.model && 'model'].filter(Boolean);
    if (ignored.length > 0) this.http.log(`API v2 takes only a prompt; not sent: ${ignored.join(', ')}`);
    const label: RequestLabel = { request: 'create', apiVersion: 2 };
    const record = parseJobRecordV2(await this.http.json('POST', `${this.jobsPath(projectId)}/job`, label, options.signal, { prompt }));
    return { sessionId: record.sessionId, branch: record.branch, record };
  }

  async getJob(projectId: string, jobId: string, options: RequestOptions = {}): Promise<JobRecord> {
    return parseJobRecordV2(await this.getJobAsSent(projectId, jobId, options));
  }

  getJobAsSent(projectId: string, jobId: string, options: RequestOptions = {}): Promise<unknown> {
    const path = `${this.jobsPath(projectId)}/job/${encodeURIComponent(jobId)}`;
    return this.http.withRetries(() => this.http.json('GET', path, { request: 'get', apiVersion: 2 }, options.signal), options.signal);
  }

  async listJobs(_projectId: string, _page?: JobListPage, _options?: RequestOptions): Promise<JobRecord[] | undefined> {
    return undefined;
  }

  async sendMessage(projectId: string, jobId: string, prompt: string, options: RequestOptions = {}): Promise<JobRecord> {
    if (!prompt.trim()) throw new AgentApiError('bad-option', 'The message is empty.', { apiVersion: 2, request: 'message' });
    const path = `${this.jobsPath(projectId)}/job/${encodeURIComponent(jobId)}/message`;
    return parseJobRecordV2(await this.http.json('POST', path, { request: 'message', apiVersion: 2 }, options.signal, { prompt }));
  }

  async probeKey(projectId: string, options: RequestOptions = {}): Promise<void> {
    const path = `${this.jobsPath(projectId)}/job/${KEY_PROBE_JOB_ID}`;
    try {
      await this.http.json('GET', path, { request: 'check', apiVersion: 2 }, options.signal);
    } catch (error) {
      if (!isAgentApiError(error, 'not-found')) throw error;
    }
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private jobsPath(projectId: string): string {
    return `/v2/agent/${encodeURIComponent(projectId)}`;
  }
}
