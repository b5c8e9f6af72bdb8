import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  let jobCount = 0;

  function answerFault(res: ServerResponse, fault: RequestFault, projectId: string, retryAfter?: number): void {
    switch (fault) {
      case '401':
        return sendJson(res, 401, { error: 'Invalid API key' });
      case '403':
        return sendJson(res, 403, { error: `This API key cannot access project ${projectId}` });
      case '404':
        return sendJson(res, 404, { error: `Project ${projectId} not found` });
      case '429':
        return sendJson(
          res,
          429,
          { error: 'Rate limit exceeded: 100 agent runs per project per hour' },
          { 'retry-after': String(retryAfter ?? options.retryAfterSeconds ?? 1) },
        );
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

  function createJob(projectId: string, request: JobRequest, faults: Set<Fault>): DevJob {
    jobCount++;
    const sessionId = `sess_${randomBytes(8).toString('hex')}`;
    const jobFaults = new Set([...faults].filter((fault): fault is JobFault => (JOB_FAULTS as readonly string[]).includes(fault)));
    const job: DevJob = {
      sessionId,
      projectId,
      branch: request.branch ?? `docs-agent/${sessionId}`,
      createdAt: Date.now(),
      durationMs: 0,
      stepIntervalMs: jobFaults.has('trickle') ? trickleIntervalMs : eventIntervalMs,
      faults: jobFaults,
      pullRequestNumber: 100 + jobCount,
    };
    const streamMs = jobScript(job).length * job.stepIntervalMs;
    job.durationMs = jobFaults.has('never-ends') ? Infinity : Math.max(jobDurationMs, streamMs + 100);
    jobs.set(`${projectId}/${sessionId}`, job);
    return job;
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
    throw new HttpProblem(404, 'Not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://dev.invalid');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/__dev/')) return control(req, res, url.pathname);
    const entry: LoggedRequest = { method, path: `${url.pathname}${url.search}` };
    requests.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
      log(`${method} ${entry.path} -> ${res.statusCode}`);
    });

    const body = method === 'POST' ? await readJsonBody(req) : undefined;
    entry.body = body;
    const faults = new Set(faultsInList(String(req.headers['x-dev-fault'] ?? '')));
    const messages = (body as Partial<JobRequest> | undefined)?.messages;
    if (Array.isArray(messages)) {
      for (const message of messages) for (const fault of faultsInText(String(message?.content ?? ''))) faults.add(fault);
    }
    const route = url.pathname.match(/^\/v1\/agent\/([^/]+)\/(job|jobs)(?:\/([^/]+))?$/);
    const projectId = route ? decodeURIComponent(route[1]) : '';
    const queued = injected.take(method, entry.path);
    const requestFault = queued?.fault ?? [...faults].find(isRequestFault);
    if (requestFault && !(requestFault === 'drop' && method === 'POST' && route?.[2] === 'job')) {
      return answerFault(res, requestFault, projectId, queued?.retryAfter);
    }
    checkKey(req);

    if (method === 'POST' && route?.[2] === 'job' && route[3] === undefined) {
      const job = createJob(projectId, validateJobRequest(body), faults);
      if (requestFault === 'drop') return void res.socket?.destroy();
      return streamJob(res, job);
    }
    if (method === 'GET' && route?.[2] === 'job' && route[3] !== undefined) {
      const job = jobs.get(`${projectId}/${decodeURIComponent(route[3])}`);
      if (!job) throw new HttpProblem(404, 'Job not found');
      return sendJson(res, 200, jobRecordAt(job, Date.now()));
    }
    if (method === 'GET' && route?.[2] === 'jobs' && route[3] === undefined) {
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    apiKey,
    requests,
    injectFault: (fault) => injected.add(fault),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
