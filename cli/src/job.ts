import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_API_URL, type AgentJobApi, type ApiVersion, type CreateJobRequest, type JobMessage } from '../../agent/src/apiClient';
import { API_VERSION_ENV, DEFAULT_API_VERSION, createAgentJobApi, parseApiVersion } from '../../agent/src/apiVersion';
import { cliHint, describeFailure, noApiKeyFailure } from '../../agent/src/failure';
import { pullRequestUrl } from '../../agent/src/jobRecord';
import { JobStore } from '../../agent/src/jobStore';
import { JobTracker, type TrackerUpdate } from '../../agent/src/jobTracker';
import { JsonFileStorage } from '../../agent/src/jsonFileStorage';
import { persistJobProgress } from '../../agent/src/persistJobProgress';
import { createRedactor, type Redactor } from '../../agent/src/redact';
import { jobRepository, remoteIsRepository } from '../../agent/src/jobRepository';
import { trackedJobForSession, type TrackedJob } from '../../agent/src/trackedJob';
import { GitRepository } from './base/gitRepository';
import { checkJobChanges, formatJobChanges, jobChangesExitCode, type JobChangesOptions } from './jobChanges';
import { TextProgressWriter, formatOutcome, formatRecord, jsonLine } from './jobOutput';
import { terminalSafe } from './terminalSafe';
import { argumentError, UsageError } from './usage';
import { didYouMean } from '../../server/src/engine/suggest';

const HELP = `Usage:
  docsjson job create --project ID --message TEXT
  docsjson job create --api-version 1 --project ID --branch NAME --message TEXT [--role ROLE]... [--model sonnet|opus] [--draft]
  docsjson job send ID --project ID --message TEXT          (API v2: a follow-up to the same job)
  docsjson job get ID --project ID [--json]
  docsjson job watch ID --project ID
  docsjson job list --project ID [--json]
  docsjson job check ID --project ID [--base BRANCH] [--remote NAME] [--json]
  docsjson job check --branch NAME [--base BRANCH] [--remote NAME] [--json]
Common options: [--api-version 1|2] [--api-url URL] [--json] [--verbose] [--poll-interval SECONDS]

create   starts an agent job and follows it until it ends. API v2: one --message, the prompt (the
         platform picks the branch and the model). API v1: a --branch, and several --message sent in
         order, each with the --role given just before it (system, user or assistant; default user).
send     sends a follow-up message to a job (API v2) and follows it as it runs again.
get      prints a job's record once (--json: the record as the API sent it).
watch    follows a job until it ends.
list     jobs of the project: those the API lists (v1), and those followed from this machine.
check    run inside the site's repository: fetches the job's branch from the remote (default
         origin) and prints the problems it adds over the branch it started from (--base, default
         the remote's default branch), at their file:line on the job's branch; exit 1 when it adds
         errors. create and watch do this when the job completes (--no-check: not).
--json   one JSON object per line.   --verbose   every request, and the technical detail of failures.
--poll-interval   seconds between two looks at the job (default 3).

The API version is 2, the one the platform recommends (its API reference marks v1 deprecated),
unless --api-version or ${API_VERSION_ENV} says 1. The API key is read from DOCS_AGENT_API_KEY
only; the URL from --api-url or DOCS_AGENT_API_URL (default ${DEFAULT_API_URL}). Jobs followed
here are kept in $XDG_STATE_HOME/docsjson/agent-jobs.json.
Exit status: 0 when the job completed (create, send, watch) or was read (get, list), 1 otherwise, 2 on usage errors.`;

const COMMON_OPTIONS = {
  project: { type: 'string' },
  'api-url': { type: 'string' },
  'api-version': { type: 'string' },
  json: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

const ROLES = ['system', 'user', 'assistant'];
const MODELS = ['sonnet', 'opus'];
const SECRET_FLAG = /^--?(api-?key|key|token|secret)(=|$)/i;
const V1_ONLY_CREATE_OPTIONS = ['branch', 'role', 'model', 'draft'];

interface Context {
  api: AgentJobApi;
  pollIntervalMs: number;
  projectId: string;
  /** Undefined when the state file cannot be used (a warning was printed). */
  store: JobStore | undefined;
  /** Check the job's branch when it completes (inside the site's repository). */
  checkChanges: boolean;
  json: boolean;
  verbose: boolean;
  out: (text: string) => void;
  err: (text: string) => void;
}

interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  /** Options in command-line order (the pairing of --role and --message depends on it). */
  options: { name: string; value?: string }[];
}

function parse(command: string, args: string[], options: NonNullable<ParseArgsConfig['options']>, redact: Redactor): ParsedArgs {
  if (args.some((arg) => SECRET_FLAG.test(arg))) {
    throw new UsageError('the API key is not accepted on the command line; set DOCS_AGENT_API_KEY instead');
  }
  try {
    const parsed = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, tokens: true, strict: true });
    const optionTokens = parsed.tokens.flatMap((token) => (token.kind === 'option' ? [{ name: token.name, value: token.value }] : []));
    return { values: parsed.values, positionals: parsed.positionals, options: optionTokens };
  } catch (error) {
    // parseArgs repeats the offending argument, which could be a pasted key.
    throw new UsageError(redact(argumentError(`job ${command}`, args, { ...COMMON_OPTIONS, ...options }, error)));
  }
}

/** The messages of `create`, in order: each --role applies to the --message that follows it. */
function messagesFrom(options: ParsedArgs['options']): JobMessage[] {
  const messages: JobMessage[] = [];
  let role: string | undefined;
  for (const token of options) {
    if (token.name === 'role') {
      if (!ROLES.includes(token.value ?? '')) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      role = token.value;
    } else if (token.name === 'message') {
      if (!token.value?.trim()) throw new UsageError('--message must not be empty');
      messages.push({ role: role ?? 'user', content: token.value });
      role = undefined;
    }
  }
  if (role !== undefined) throw new UsageError('--role must come before the --message it applies to');
  if (messages.length === 0) throw new UsageError('give at least one --message');
  return messages;
}

function required(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function apiVersionFrom(values: ParsedArgs['values']): ApiVersion {
  const flag = values['api-version'] as string | undefined;
  try {
    return parseApiVersion(flag) ?? parseApiVersion(process.env[API_VERSION_ENV]) ?? DEFAULT_API_VERSION;
  } catch {
    throw new UsageError(`${flag === undefined ? API_VERSION_ENV : '--api-version'} must be 1 or 2`);
  }
}

function stateFile(): string {
  const stateHome = process.env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(stateHome, 'docsjson', 'agent-jobs.json');
}

async function openStore(err: (text: string) => void): Promise<JobStore | undefined> {
  try {
    return new JobStore(await JsonFileStorage.open(stateFile()));
  } catch (error) {
    err(`docsjson: jobs will not be kept on this machine: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}

/**
 * Follows a job to its end, printing progress; the exit status (with `followUp`, 0 also needs
 * the platform to have taken the message).
 */
async function follow(context: Context, tracker: JobTracker, followUp = false): Promise<number> {
  const { out, err, json, store, verbose } = context;
  const stopSaving = store ? persistJobProgress(tracker, store, { onError: (message) => err(`docsjson: ${message}\n`) }) : undefined;
  const text = new TextProgressWriter(out);
  tracker.onUpdate((update: TrackerUpdate) => {
    if (json) out(jsonLine(update));
    else if (update.type === 'notice') {
      err(`docsjson: ${terminalSafe(update.message)}\n`);
      if (verbose && update.detail) err(`docsjson: (detail) ${terminalSafe(update.detail)}\n`);
    } else if (update.type === 'connection') {
      // Said once when lost and once when back; every try with --verbose.
      if (!update.lost) err(`docsjson: The connection is back after ${update.retries} ${update.retries === 1 ? 'try' : 'tries'}; following the job again.\n`);
      else if (update.retries === 1 || verbose) err(`docsjson: Connection lost, retrying (try ${update.retries})…\n`);
    } else text.update(update);
  });
  const stop = () => tracker.stop();
  process.once('SIGINT', stop);
  const job = await tracker.done;
  process.off('SIGINT', stop);
  await stopSaving?.();
  text.close();
  const resumeHint = job.sessionId
    ? `Follow it again with: docsjson job watch ${terminalSafe(job.sessionId)} --project ${terminalSafe(job.projectId)}${context.api.apiVersion === DEFAULT_API_VERSION ? '' : ` --api-version ${context.api.apiVersion}`}`
    : '';
  const outcome = formatOutcome(job, resumeHint);
  if (json) out(jsonLine({ type: 'final', job: withoutTranscript(job), completed: outcome.completed }));
  else out(outcome.text);
  if (outcome.problem) err(`docsjson: ${terminalSafe(outcome.problem)}\n`);
  if (verbose && outcome.detail) err(`docsjson: (detail) ${terminalSafe(outcome.detail)}\n`);
  const messageTaken = !followUp || job.followUps?.at(-1)?.outcome === 'sent';
  const changes = outcome.completed && context.checkChanges ? await checkChangesAtEnd(context, job) : 0;
  return outcome.completed && messageTaken && changes === 0 ? 0 : 1;
}

/** After a job completes, inside a clone of the job's repository: the problems its branch adds. */
async function checkChangesAtEnd({ out, err, json }: Context, job: Readonly<TrackedJob>): Promise<number> {
  const branch = job.record?.branch ?? job.branch;
  const origin = originUrl();
  if (!branch || origin === undefined) return 0;
  const repository = jobRepository(job.record);
  if (repository !== undefined && !remoteIsRepository(origin, repository)) {
    if (!json) err(`docsjson: this folder is not a clone of ${terminalSafe(repository)}: to see what the agent's branch adds, run "docsjson job check --branch ${terminalSafe(branch)}" in one\n`);
    return 0;
  }
  try {
    const changes = await checkJobChanges(process.cwd(), branch);
    out(json ? jsonLine({ type: 'changes', ...changes }) : `\n${formatJobChanges(changes, false)}`);
    return jobChangesExitCode(changes);
  } catch (error) {
    err(`docsjson: could not check the agent's changes: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
    return 0;
  }
}

/** The origin of the git repository this command runs in, if any. */
function originUrl(): string | undefined {
  try {
    return GitRepository.at(process.cwd(), '', '').remoteUrl('origin');
  } catch {
    return undefined;
  }
}

async function check(context: Context, sessionId: string, options: JobChangesOptions): Promise<number> {
  const record = await context.api.getJob(context.projectId, sessionId);
  if (!record.branch) {
    context.err(`docsjson: the job has no branch yet, so there is nothing to check\n`);
    return 1;
  }
  return checkBranch(record.branch, options, context.json, context.out);
}

async function checkBranch(branch: string, options: JobChangesOptions, json: boolean, out: (text: string) => void): Promise<number> {
  const changes = await checkJobChanges(process.cwd(), branch, options);
  out(formatJobChanges(changes, json));
  return jobChangesExitCode(changes);
}

function withoutTranscript(job: Readonly<TrackedJob>): Omit<TrackedJob, 'transcript'> {
  const { transcript: _transcript, ...rest } = job;
  return rest;
}

function createRequest(apiVersion: ApiVersion, values: ParsedArgs['values'], messages: JobMessage[]): CreateJobRequest {
  if (apiVersion === 2) {
    if (messages.length !== 1) throw new UsageError('API v2 takes one --message: the prompt');
    return { messages };
  }
  const model = values.model as string | undefined;
  if (model !== undefined && !MODELS.includes(model)) throw new UsageError(`--model must be one of ${MODELS.join(', ')}`);
  const branch = required(values.branch as string | undefined, 'branch');
  return { branch, messages, model, asDraft: values.draft === true };
}

async function create(context: Context, request: CreateJobRequest): Promise<number> {
  const scope = { apiUrl: context.api.baseUrl, projectId: context.projectId };
  const knownJobIds = new Set((context.store?.list(scope) ?? []).flatMap((job) => job.sessionId ?? []));
  const tracker = JobTracker.create(context.api, context.projectId, request, { pollIntervalMs: context.pollIntervalMs, surface: 'cli', knownJobIds });
  return follow(context, tracker);
}

function knownJob(context: Context, sessionId: string): TrackedJob {
  const scope = { apiUrl: context.api.baseUrl, projectId: context.projectId };
  return context.store?.findBySession(scope, sessionId) ?? trackedJobForSession(scope, sessionId);
}

async function watch(context: Context, sessionId: string): Promise<number> {
  return follow(context, JobTracker.resume(context.api, knownJob(context, sessionId), { pollIntervalMs: context.pollIntervalMs, surface: 'cli' }));
}

async function send(context: Context, sessionId: string, message: string): Promise<number> {
  const tracker = JobTracker.sendFollowUp(context.api, knownJob(context, sessionId), message, {
    pollIntervalMs: context.pollIntervalMs,
    surface: 'cli',
  });
  return follow(context, tracker, true);
}

async function get(context: Context, sessionId: string): Promise<number> {
  if (context.json) context.out(jsonLine(await context.api.getJobAsSent(context.projectId, sessionId)));
  else context.out(formatRecord(await context.api.getJob(context.projectId, sessionId)));
  return 0;
}

async function list(context: Context): Promise<number> {
  const scope = { apiUrl: context.api.baseUrl, projectId: context.projectId };
  const listed = await context.api.listJobs(context.projectId, { take: 100 });
  if (listed === undefined) context.err('docsjson: this API has no jobs list; showing the jobs followed from this machine\n');
  const { store } = context;
  if (store && listed) await store.mergeListed(scope, listed);
  const jobs = store
    ? store.list(scope)
    : (listed ?? []).map((record) => ({ ...trackedJobForSession(scope, record.sessionId ?? '?'), record }));
  for (const job of jobs) {
    if (context.json) {
      context.out(jsonLine(withoutTranscript(job)));
      continue;
    }
    const status = job.phase === 'forgotten' ? job.phase : (job.record?.status ?? job.record?.haultReason ?? job.phase);
    const url = job.record && pullRequestUrl(job.record);
    const link = url ? `  ${url}` : '';
    context.out(terminalSafe(`${job.sessionId ?? job.localId}  ${status}  ${job.branch ?? ''}  ${job.startedAt}${link}`) + '\n');
  }
  return 0;
}

const COMMAND_OPTIONS: Record<string, NonNullable<ParseArgsConfig['options']>> = {
  create: {
    branch: { type: 'string' },
    message: { type: 'string', multiple: true },
    role: { type: 'string', multiple: true },
    model: { type: 'string' },
    draft: { type: 'boolean', default: false },
    'poll-interval': { type: 'string' },
    'no-check': { type: 'boolean', default: false },
  },
  send: { message: { type: 'string', multiple: true }, 'poll-interval': { type: 'string' }, 'no-check': { type: 'boolean', default: false } },
  get: {},
  watch: { 'poll-interval': { type: 'string' }, 'no-check': { type: 'boolean', default: false } },
  list: {},
  check: { branch: { type: 'string' }, base: { type: 'string' }, remote: { type: 'string' } },
};

/** Checks what needs no API (exit status 2, no request sent); the messages of create and send. */
function checkUsage(command: string, parsed: ParsedArgs, apiVersion: ApiVersion): JobMessage[] {
  const { positionals, options } = parsed;
  const needsId = command === 'get' || command === 'watch' || command === 'send' || command === 'check';
  if (positionals.length !== (needsId ? 1 : 0)) {
    throw new UsageError(needsId ? `job ${command} takes exactly one job id` : `job ${command} takes no positional arguments`);
  }
  required(parsed.values.project, 'project');
  if (command === 'send' && apiVersion !== 2) {
    throw new UsageError(`follow-up messages need API version 2: use --api-version 2 (or ${API_VERSION_ENV}=2)`);
  }
  if (command === 'create' && apiVersion === 2) {
    const v1Only = options.find((option) => V1_ONLY_CREATE_OPTIONS.includes(option.name));
    if (v1Only) throw new UsageError(`--${v1Only.name} is not taken by API v2 (the default), which takes one --message, the prompt; API v1 takes it: --api-version 1`);
  }
  if (command !== 'create' && command !== 'send') return [];
  const messages = messagesFrom(options);
  if (command === 'send' && messages.length !== 1) throw new UsageError('job send takes one --message');
  return messages;
}

export async function runJob(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const apiKey = process.env.DOCS_AGENT_API_KEY ?? '';
  const redact = createRedactor([apiKey]);
  const out = (text: string) => void process.stdout.write(redact(text));
  const err = (text: string) => void process.stderr.write(redact(text));
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(`${HELP}\n`);
    return command === undefined ? 2 : 0;
  }
  if (!(command in COMMAND_OPTIONS)) {
    const guess = didYouMean(command, Object.keys(COMMAND_OPTIONS));
    throw new UsageError(redact(`unknown job command "${command}"${guess ? `: did you mean "${guess}"?` : ''} (create, send, get, watch, list, check)`));
  }
  const parsed = parse(command, args, COMMAND_OPTIONS[command], redact);
  const { values, positionals } = parsed;
  if (values.help) {
    out(`${HELP}\n`);
    return 0;
  }
  const changesOptions: JobChangesOptions = { base: values.base as string | undefined, remote: values.remote as string | undefined };
  if (command === 'check' && values.branch !== undefined) {
    if (positionals.length > 0) throw new UsageError('job check takes a job id or --branch, not both');
    return checkBranch(required(values.branch, 'branch'), changesOptions, values.json === true, out);
  }
  const apiVersion = apiVersionFrom(values);
  const messages = checkUsage(command, parsed, apiVersion);
  const createJob = command === 'create' ? createRequest(apiVersion, values, messages) : undefined;
  const projectId = values.project as string;
  const pollSeconds = Number(values['poll-interval'] ?? 3);
  if (!(pollSeconds > 0)) throw new UsageError('--poll-interval must be a positive number of seconds');
  if (!apiKey.trim()) {
    err(`docsjson: ${noApiKeyFailure('cli').message}\n`);
    return 2;
  }
  const verbose = values.verbose === true;
  let api: AgentJobApi;
  try {
    api = createAgentJobApi({
      apiVersion,
      baseUrl: (values['api-url'] as string | undefined) ?? process.env.DOCS_AGENT_API_URL ?? DEFAULT_API_URL,
      apiKey,
      userAgent: 'docsjson-cli',
      log: verbose ? (line) => err(`docsjson: (request) ${terminalSafe(line)}\n`) : undefined,
    });
  } catch (error) {
    err(`docsjson: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const store = command === 'get' || command === 'check' ? undefined : await openStore(err);
  const checkChanges = values['no-check'] !== true;
  const context: Context = { api, projectId, store, checkChanges, pollIntervalMs: pollSeconds * 1000, json: values.json === true, verbose, out, err };
  try {
    if (createJob) return await create(context, createJob);
    switch (command) {
      case 'send':
        return await send(context, positionals[0], messages[0].content);
      case 'watch':
        return await watch(context, positionals[0]);
      case 'get':
        return await get(context, positionals[0]);
      case 'check':
        return await check(context, positionals[0], changesOptions);
      default:
        return await list(context);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const failure = describeFailure(error, { surface: 'cli' });
    err(`docsjson: ${terminalSafe([failure.message, cliHint(failure)].filter(Boolean).join(' '))}\n`);
    if (verbose) err(`docsjson: (detail) ${terminalSafe(failure.detail)}\n`);
    return 1;
  } finally {
    await api.close();
  }
}
