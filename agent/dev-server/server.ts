import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIPv6, type AddressInfo } from 'node:net';
import {
  FaultQueue,
  JOB_FAULTS,
  faultsInList,
  faultsInText,
  isRequestFault,
  type Fault,
  type InjectedFault,
  type JobFault,
  type RequestFault,
} from './faults';
import { agentJobAt, isArchivedAt } from './agentJobV2';
import { JobBranches } from './jobBranches';
import { jobRecordAt, jobScript, type DevJob } from './jobScript';
import { CONTENT_HEADERS, SSE_DONE, SSE_KEEP_ALIVE, encodeStep, type WireFormat } from './wireFormats';

export interface DevApiServerOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The key clients must send (`Authorization: Bearer ...`); default a random `mint_dev_...`. */
  apiKey?: string;
  /** Gap between stream events (default 40 ms). */
  eventIntervalMs?: number;
  /** Gap between stream events with the `trickle` fault (default 1000 ms). */
  trickleIntervalMs?: number;
  /** How long a job runs before its record is final, at least as long as its stream (default 1500 ms). */
  jobDurationMs?: number;
  /** Retry-After of the `429` fault unless the injected fault says otherwise (default 1 s). */
  retryAfterSeconds?: number;
  /** Every v1 path answers 410 Gone, as when the platform retires v1. */
  retireV1?: boolean;
  /** A git repository (a path or URL) holding a docs site: each job (and v2 follow-up) pushes a commit to its branch there. */
  gitRemote?: string;
  /** One line per request. */
  log?: (line: string) => void;
}

export interface LoggedRequest {
  method: string;
  path: string;
  /** The parsed JSON body of a POST. */
  body?: unknown;
  /** Undefined while the answer is under way, or when the connection was dropped. */
  status?: number;
}

export interface DevApiServer {
  url: string;
  apiKey: string;
  /** Every API request so far (control requests under /__dev/ excluded). */
  requests: LoggedRequest[];
  /** Queues a fault for the next matching request(s). */
  injectFault(fault: InjectedFault): void;
  /** Forgets one job (as if deleted on the platform), or every job (as a restart of the server does). */
  forgetJobs(sessionId?: string): void;
  /** Stops answering: the port is closed and open connections are cut; the jobs are kept. */
  stop(): Promise<void>;
  /** Listens again on the same port after `stop`, with the jobs it had. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 1024 * 1024;

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) throw new HttpProblem(413, 'Request body too large');
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpProblem(400, 'The body must be JSON');
  }
}

interface JobRequest {
  branch?: string;
  messages: { role: string; content: string }[];
}

function validateJobRequest(body: unknown): JobRequest {
  const request = body as Partial<JobRequest> & { model?: unknown; asDraft?: unknown };
  if (typeof body !== 'object' || body === null || !Array.isArray(request.messages) || request.messages.length === 0) {
    throw new HttpProblem(400, '`messages` must be a non-empty array');
  }
  if (!request.messages.every((message) => typeof message?.role === 'string' && typeof message?.content === 'string')) {
    throw new HttpProblem(400, 'Each message needs a string `role` and `content`');
  }
  if (request.model !== undefined && request.model !== 'sonnet' && request.model !== 'opus') {
    throw new HttpProblem(400, '`model` must be "sonnet" or "opus"');
  }
  if (request.branch !== undefined && typeof request.branch !== 'string') throw new HttpProblem(400, '`branch` must be a string');
  return request as JobRequest;
}

function validatePrompt(body: unknown): string {
  const prompt = (body as { prompt?: unknown } | undefined)?.prompt;
  if (typeof prompt !== 'string' || prompt.length < 1) throw new HttpProblem(400, '`prompt` must be a non-empty string');
  return prompt;
}

function jobFaultsOf(faults: Iterable<Fault>): Set<JobFault> {
  return new Set([...faults].filter((fault): fault is JobFault => (JOB_FAULTS as readonly string[]).includes(fault)));
}

/** `/v1/agent/{project}/job[/{id}]`, `/v1/agent/{project}/jobs`, `/v2/agent/{project}/job[/{id}[/message]]`. */
const ROUTE = /^\/(v1|v2)\/agent\/([^/]+)\/(job|jobs)(?:\/([^/]+))?(?:\/(message))?$/;

const HEADER_SAFE = /^[\x20-\x7e]*$/;

/** Starts the local agent API (see README.md in this folder for its faults). */
export async function startDevApiServer(options: DevApiServerOptions = {}): Promise<DevApiServer> {
  const apiKey = options.apiKey ?? `mint_dev_${randomBytes(12).toString('hex')}`;
  const eventIntervalMs = options.eventIntervalMs ?? 40;
  const trickleIntervalMs = options.trickleIntervalMs ?? 1_000;
  const jobDurationMs = options.jobDurationMs ?? 1_500;
  const log = options.log ?? (() => {});
  const jobs = new Map<string, DevJob>();
  const requests: LoggedRequest[] = [];
  const injected = new FaultQueue();
  const branches = options.gitRemote === undefined ? undefined : new JobBranches(options.gitRemote);
  const repository = options.gitRemote === undefined ? 'example/docs' : repositoryNameOf(options.gitRemote);
  let jobCount = 0;

  /** The job's commit on its branch; a failed push is logged, and the job goes on without it. */
  function pushBranch(job: DevJob): void {
    try {
      branches?.push(job.branch, job.faults.has('broken-link'));
    } catch (error) {
      log(`could not push ${job.branch}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }

  function answerFault(res: ServerResponse, fault: RequestFault, projectId: string, version: string, retryAfter?: number): void {
    switch (fault) {
      case '401':
        return sendJson(res, 401, { error: 'Invalid API key' });
      case '403':
        return version === 'v2'
          ? sendJson(res, 403, { error: "Your IP address 203.0.113.7 is not in this API key's IP allowlist" })
          : sendJson(res, 403, { error: `This API key cannot access project ${projectId}` });
      case '404':
        return sendJson(res, 404, { error: `Project ${projectId} not found` });
      case '410':
        return sendJson(res, 410, { error: 'This version of the agent API has been retired' });
      case '429': {
        const limit = version === 'v2' ? '100 jobs and messages per project per hour' : '100 agent runs per project per hour';
        return sendJson(res, 429, { error: `Rate limit exceeded: ${limit}` }, { 'retry-after': String(retryAfter ?? options.retryAfterSeconds ?? 1) });
      }
      case '500':
        res.writeHead(500, { 'content-type': 'text/html' });
        return void res.end('<html><body><h1>500 Internal Server Error</h1><script>alert(1)</script></body></html>');
      case 'drop':
        return void res.socket?.destroy();
    }
  }

  function checkKey(req: IncomingMessage): void {
    const header = req.headers.authorization ?? '';
    if (header === `Bearer ${apiKey}`) return;
    // Echoes what it got, as some servers do: clients must keep it out of their messages.
    const presented = header.replace(/^Bearer\s+/i, '');
    throw new HttpProblem(401, presented ? `Invalid API key "${presented}"` : 'Missing API key');
  }

  function createJob(projectId: string, branch: string | undefined, faults: Set<Fault>, streamed: boolean): DevJob {
    jobCount++;
    const sessionId = `sess_${randomBytes(8).toString('hex')}`;
    const jobFaults = jobFaultsOf(faults);
    const now = Date.now();
    const job: DevJob = {
      sessionId,
      projectId,
      branch: jobFaults.has('branch-option') ? '-Bmain' : (branch ?? `docs-agent/${sessionId}`),
      createdAt: now,
      runStartedAt: now,
      durationMs: 0,
      stepIntervalMs: jobFaults.has('trickle') ? trickleIntervalMs : eventIntervalMs,
      faults: jobFaults,
      pullRequestNumber: 100 + jobCount,
      repository,
    };
    job.durationMs = runDuration(job, streamed);
    jobs.set(`${projectId}/${sessionId}`, job);
    pushBranch(job);
    return job;
  }

  /** A run lasts `jobDurationMs`, and at least as long as its stream (v1). */
  function runDuration(job: DevJob, streamed: boolean): number {
    const streamMs = streamed ? jobScript(job).length * job.stepIntervalMs + 100 : 0;
    return job.faults.has('never-ends') ? Infinity : Math.max(jobDurationMs, streamMs);
  }

  /** A v2 follow-up: the job runs again, with the faults of the message, towards a new pull request. */
  function runAgain(job: DevJob, faults: Set<Fault>): void {
    jobCount++;
    job.faults = jobFaultsOf(faults);
    job.stepIntervalMs = job.faults.has('trickle') ? trickleIntervalMs : eventIntervalMs;
    job.runStartedAt = Date.now();
    job.durationMs = runDuration(job, false);
    job.pullRequestNumber = 100 + jobCount;
    pushBranch(job);
  }

  function streamJob(res: ServerResponse, job: DevJob): void {
    const { faults } = job;
    const format: WireFormat = faults.has('data-stream') ? 'data-stream' : faults.has('plain-text') ? 'plain-text' : 'ui-message-stream';
    res.writeHead(200, {
      ...CONTENT_HEADERS[format],
      'cache-control': 'no-cache',
      ...(faults.has('no-session-id') ? {} : { 'x-session-id': job.sessionId }),
      ...(HEADER_SAFE.test(job.branch) ? { 'x-branch-name': job.branch } : {}),
    });
    res.flushHeaders();
    const steps = jobScript(job);
    const cutAt = faults.has('cut') ? Math.floor(steps.length / 2) : Infinity;
    let next = 0;
    const timer = setInterval(
      () => {
        if (next === cutAt) {
          clearInterval(timer);
          res.socket?.destroy();
        } else if (next < steps.length) {
          const text = encodeStep(steps[next++], format);
          if (text) res.write(text);
        } else if (faults.has('never-ends')) {
          if (format === 'ui-message-stream') res.write(SSE_KEEP_ALIVE);
        } else {
          clearInterval(timer);
          res.end(format === 'ui-message-stream' ? SSE_DONE : undefined);
        }
      },
      job.stepIntervalMs,
    );
    res.on('close', () => clearInterval(timer));
  }

  function forgetJobs(sessionId?: string): void {
    if (sessionId === undefined) return jobs.clear();
    for (const [key, job] of jobs) if (job.sessionId === sessionId) jobs.delete(key);
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === 'POST' && path === '/__dev/faults') {
      const fault = (await readJsonBody(req)) as InjectedFault | undefined;
      if (!fault || !isRequestFault(fault.fault)) throw new HttpProblem(400, 'Unknown fault');
      injected.add(fault);
      return void res.writeHead(204).end();
    }
    if (req.method === 'DELETE' && path === '/__dev/faults') {
      injected.clear();
      return void res.writeHead(204).end();
    }
    if (req.method === 'GET' && path === '/__dev/requests') return sendJson(res, 200, requests);
    const forget = path.match(/^\/__dev\/jobs(?:\/([^/]+))?$/);
    if (req.method === 'DELETE' && forget) {
      forgetJobs(forget[1] === undefined ? undefined : decodeURIComponent(forget[1]));
      return void res.writeHead(204).end();
    }
    throw new HttpProblem(404, 'Not found');
  }

  /**
   * Only requests that name this server by a loopback name and its port: a web page can make its
   * own host name resolve to 127.0.0.1 (DNS rebinding) and reach the server under that name.
   */
  function checkHost(req: IncomingMessage): void {
    const port = (server.address() as AddressInfo | null)?.port;
    const bound = options.host === undefined || ['0.0.0.0', '::'].includes(options.host) ? [] : [isIPv6(options.host) ? `[${options.host}]` : options.host];
    const names = ['localhost', '127.0.0.1', '[::1]', ...bound].map((name) => `${name.toLowerCase()}:${port}`);
    const host = (req.headers.host ?? '').toLowerCase();
    if (!names.includes(host)) throw new HttpProblem(403, `This server answers only as ${names.join(', ')}, not as "${host}"`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://dev.invalid');
    const method = req.method ?? 'GET';
    checkHost(req);
    if (url.pathname.startsWith('/__dev/')) {
      checkKey(req);
      return control(req, res, url.pathname);
    }
    const entry: LoggedRequest = { method, path: `${url.pathname}${url.search}` };
    requests.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
      log(`${method} ${entry.path} -> ${res.statusCode}`);
    });

    const body = method === 'POST' ? await readJsonBody(req) : undefined;
    entry.body = body;
    const faults = new Set(faultsInList(String(req.headers['x-dev-fault'] ?? '')));
    const { messages, prompt } = (body ?? {}) as Partial<JobRequest> & { prompt?: unknown };
    const texts = [...(Array.isArray(messages) ? messages.map((message) => message?.content) : []), prompt];
    for (const text of texts) for (const fault of faultsInText(String(text ?? ''))) faults.add(fault);
    const route = url.pathname.match(ROUTE);
    const [, version = '', encodedProject = '', collection = '', encodedId, action] = route ?? [];
    const projectId = route ? decodeURIComponent(encodedProject) : '';
    const jobId = encodedId === undefined ? undefined : decodeURIComponent(encodedId);
    const queued = injected.take(method, entry.path);
    const requestFault = queued?.fault ?? (version === 'v1' && options.retireV1 ? '410' : undefined) ?? [...faults].find(isRequestFault);
    const creates = method === 'POST' && collection === 'job' && (jobId === undefined || action === 'message');
    if (requestFault && !(requestFault === 'drop' && creates)) {
      return answerFault(res, requestFault, projectId, version, queued?.retryAfter);
    }
    checkKey(req);
    const findJob = () => {
      const job = jobId === undefined ? undefined : jobs.get(`${projectId}/${jobId}`);
      if (!job) throw new HttpProblem(404, 'Job not found');
      return job;
    };

    if (version === 'v2' && collection === 'job') {
      if (method === 'POST' && jobId === undefined) {
        validatePrompt(body);
        const job = createJob(projectId, undefined, faults, false);
        if (requestFault === 'drop') return void res.socket?.destroy();
        return sendJson(res, 201, agentJobAt(job, Date.now()));
      }
      if (method === 'GET' && jobId !== undefined && action === undefined) return sendJson(res, 200, agentJobAt(findJob(), Date.now()));
      if (method === 'POST' && action === 'message') {
        const job = findJob();
        validatePrompt(body);
        if (isArchivedAt(job, Date.now())) throw new HttpProblem(400, 'This job is archived');
        runAgain(job, faults);
        if (requestFault === 'drop') return void res.socket?.destroy();
        return sendJson(res, 200, agentJobAt(job, Date.now()));
      }
    }
    if (version === 'v1' && method === 'POST' && collection === 'job' && jobId === undefined && action === undefined) {
      const request = validateJobRequest(body);
      const job = createJob(projectId, request.branch, faults, true);
      if (requestFault === 'drop') return void res.socket?.destroy();
      return streamJob(res, job);
    }
    if (version === 'v1' && method === 'GET' && collection === 'job' && jobId !== undefined && action === undefined) {
      return sendJson(res, 200, jobRecordAt(findJob(), Date.now()));
    }
    if (version === 'v1' && method === 'GET' && collection === 'jobs' && jobId === undefined) {
      const skip = Math.max(0, Number(url.searchParams.get('skip') ?? 0) || 0);
      const take = Math.min(100, Math.max(1, Number(url.searchParams.get('take') ?? 12) || 12));
      const now = Date.now();
      const listed = [...jobs.values()].filter((job) => job.projectId === projectId).sort((a, b) => b.createdAt - a.createdAt);
      return sendJson(res, 200, { jobs: listed.slice(skip, skip + take).map((job) => jobRecordAt(job, now)), total: listed.length });
    }
    throw new HttpProblem(404, 'Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const status = error instanceof HttpProblem ? error.status : 500;
      sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(options.port ?? 0);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    apiKey,
    requests,
    injectFault: (fault) => injected.add(fault),
    forgetJobs,
    stop,
    start: () => (server.listening ? Promise.resolve() : listen(address.port)),
    close: stop,
  };
}

/** How the platform would name the repository a remote holds: its last two path segments. */
function repositoryNameOf(remote: string): string {
  return remote.replace(/\/+$/, '').replace(/\.git$/, '').split(/[/:\\]/).filter(Boolean).slice(-2).join('/');
}
