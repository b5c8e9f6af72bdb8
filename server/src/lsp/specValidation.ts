import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { SpecFindings, SpecValidator } from '../engine/openapi/specValidator';
import { specValidationTask, type ValidationAnswer, type ValidationRequest } from './specValidationWorker';

/** How long a spec's text must stay unchanged before it is validated. */
const pauseMs = 300;
/** How long the worker thread is kept with nothing to validate. */
const idleWorkerMs = 60_000;
/** Findings kept by text (an undo finds its text's again). */
const keptFindings = 64;
/** A validation that takes longer is given up (its worker stopped), so the ones after it still run. */
const maxValidationMs = 120_000;

interface Job extends ValidationRequest {
  /** Whose spec this is: a site's validator and the spec's path. A newer text of the same spec supersedes it. */
  slot: string;
  /** The sites waiting for these findings. */
  waiting: Set<() => void>;
}

/**
 * The platform's validation of OpenAPI specs, off the request path: a check asks for the findings
 * on a spec's text and goes on without them; once the text has stayed the same for a pause, a
 * worker thread validates it, and the sites that asked are told (they check again, now with
 * them). Findings are kept by text, so each text is validated once. A newer text of a spec
 * supersedes the older one, which is dropped from the queue, or stopped in the worker.
 */
export class SpecValidation {
  private readonly known = new Map<string, SpecFindings>();
  private readonly queued = new Map<string, Job>();
  private running?: Job;
  private worker?: Worker;
  private timer?: NodeJS.Timeout;
  private idleTimer?: NodeJS.Timeout;
  private runTimer?: NodeJS.Timeout;
  private validators = 0;

  constructor(
    /** The script a worker thread runs: the server's own bundle, which serves validation when started as its worker. */
    private readonly workerScript: string,
    private readonly log: (message: string) => void,
  ) {}

  /** A validator for one site's specs; `validated` is called when findings it went on without are known. */
  validatorFor(validated: () => void): SpecValidator {
    const id = ++this.validators;
    return { findings: (text, fileName) => this.findings(`${id}\n${fileName}`, text, fileName, validated) };
  }

  private findings(slot: string, text: string, fileName: string, validated: () => void): SpecFindings | undefined {
    const key = createHash('sha1').update(/\.ya?ml$/i.test(fileName) ? 'yaml\n' : 'json\n').update(text).digest('hex');
    const found = this.known.get(key);
    if (found) {
      this.known.delete(key);
      this.known.set(key, found);
      return found;
    }
    if (this.running?.key === key) {
      this.running.waiting.add(validated);
      this.queued.delete(slot);
      return undefined;
    }
    const job = this.queued.get(slot);
    if (job?.key === key) job.waiting.add(validated);
    else {
      this.queued.delete(slot);
      this.queued.set(slot, { key, text, fileName, slot, waiting: new Set([validated]) });
    }
    if (this.running?.slot === slot) this.stopRunning();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.startNext(), pauseMs);
    this.timer.unref();
    return undefined;
  }

  private startNext(): void {
    if (this.running) return;
    const [slot, job] = this.queued.entries().next().value ?? [];
    if (!slot || !job) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => {
        if (!this.running) this.stopWorker();
      }, idleWorkerMs);
      this.idleTimer.unref();
      return;
    }
    clearTimeout(this.idleTimer);
    this.queued.delete(slot);
    this.running = job;
    const request: ValidationRequest = { key: job.key, text: job.text, fileName: job.fileName };
    this.workerThread().postMessage(request);
    clearTimeout(this.runTimer);
    this.runTimer = setTimeout(() => this.giveUp(job), maxValidationMs);
    this.runTimer.unref();
  }

  private giveUp(job: Job): void {
    if (this.running !== job) return;
    this.stopWorker();
    this.answered({ key: job.key, error: `it took longer than ${maxValidationMs / 1000} s` });
  }

  private workerThread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerScript, { workerData: { task: specValidationTask } });
    worker.unref();
    worker.on('message', (answer: ValidationAnswer) => this.answered(answer));
    worker.on('error', (error) => this.failed(worker, error.message));
    worker.on('exit', (code) => this.failed(worker, `the worker thread stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  private answered(answer: ValidationAnswer): void {
    const job = this.running;
    if (!job || job.key !== answer.key) return;
    this.running = undefined;
    clearTimeout(this.runTimer);
    if ('error' in answer) this.log(`docs.json language server: validating the OpenAPI spec ${job.fileName} failed: ${answer.error}`);
    // A spec the validation failed on is reported as nothing, as before it was validated.
    const findings = 'error' in answer ? { verdict: { valid: true, problems: [] }, problems: [] } : answer.findings;
    this.known.set(job.key, findings);
    if (this.known.size > keptFindings) this.known.delete(this.known.keys().next().value!);
    for (const validated of job.waiting) validated();
    this.startNext();
  }

  /** The worker ended without answering (it crashed, or ran out of memory): the spec it had is taken as failed. */
  private failed(worker: Worker, message: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const job = this.running;
    if (job) this.answered({ key: job.key, error: message });
  }

  /** The running validation's spec has a newer text: the worker is stopped, the next job starts a new one. */
  private stopRunning(): void {
    this.running = undefined;
    clearTimeout(this.runTimer);
    this.stopWorker();
  }

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
