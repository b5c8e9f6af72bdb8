import type { JobFault } from './faults';

/** What the dev server knows about a job it created. */
export interface DevJob {
  sessionId: string;
  projectId: string;
  branch: string;
  createdAt: number;
  /** v2: when its latest run started (creation, or the latest follow-up message). */
  runStartedAt: number;
  /** How long a run lasts before its record is final (Infinity for `never-ends`). */
  durationMs: number;
  /** Gap between two steps of its stream. */
  stepIntervalMs: number;
  /** The faults of its latest run (v2: a follow-up message brings its own). */
  faults: ReadonlySet<JobFault>;
  pullRequestNumber: number;
  /** The repository it works on, as the platform names it (`owner/name`). */
  repository: string;
}

/** One AI SDK UI message stream chunk, or a raw SSE frame to send as is. */
export type ScriptStep = { chunk: Record<string, unknown> } | { rawSse: string };

const HOSTILE_TEXT =
  '<script>alert("pwned")</script> <img src=x onerror="alert(1)"> <iframe src="https://evil.example"></iframe> ' +
  '[a link](javascript:alert(1)) \u001b[31mred terminal\u001b[0m \u001b]8;;https://evil.example\u0007hyperlink\u001b]8;;\u0007 ' +
  '\u001b[2J\u202Eeman elif\u202C {{constructor.constructor("alert(1)")()}} ';

/** A notification renders this as a link that runs a command with its arguments, unless the client breaks it. */
export const COMMAND_LINK = '[Show Job](command:workbench.action.openSettings?%5B%22x%22%5D)';

const TODO_CONTENTS = ['Read docs.json and the pages to change', 'Edit the pages', 'Open a pull request'];

export const HUGE_MESSAGE_CHARS = 5 * 1024 * 1024;

function todoList(job: DevJob, completed: number): Record<string, unknown>[] {
  return TODO_CONTENTS.map((content, index) => ({
    id: String(index + 1),
    content: job.faults.has('html') && index === 1 ? `${content} ${HOSTILE_TEXT}` : content,
    status: index < completed ? 'completed' : index === completed ? 'in_progress' : 'pending',
    priority: index === 2 ? 'medium' : 'high',
  }));
}

function textSteps(id: string, text: string): ScriptStep[] {
  const pieces = text.match(/[\s\S]{1,16}/g) ?? [];
  return [
    { chunk: { type: 'text-start', id } },
    ...pieces.map((delta) => ({ chunk: { type: 'text-delta', id, delta } })),
    { chunk: { type: 'text-end', id } },
  ];
}

function toolSteps(toolCallId: string, toolName: string, input: unknown, output: unknown): ScriptStep[] {
  return [
    { chunk: { type: 'tool-input-start', toolCallId, toolName } },
    { chunk: { type: 'tool-input-available', toolCallId, toolName, input } },
    { chunk: { type: 'tool-output-available', toolCallId, output } },
  ];
}

function todoSteps(job: DevJob, step: number): ScriptStep[] {
  return toolSteps(`todo-${step}`, 'todo_write', { todos: todoList(job, step) }, { ok: true });
}

/** The live stream of a job, as UI message stream chunks. */
export function jobScript(job: DevJob): ScriptStep[] {
  const { faults } = job;
  const steps: ScriptStep[] = [
    { chunk: { type: 'start', messageId: `msg-${job.sessionId}` } },
    { chunk: { type: 'start-step' } },
    { chunk: { type: 'reasoning-start', id: 'r1' } },
    { chunk: { type: 'reasoning-delta', id: 'r1', delta: 'The user wants the docs updated; plan first.' } },
    { chunk: { type: 'reasoning-end', id: 'r1' } },
    ...textSteps('t1', `I'll update the docs on branch ${job.branch}. ${faults.has('html') ? HOSTILE_TEXT : ''}`),
    ...todoSteps(job, 0),
  ];
  if (faults.has('unknown-events')) {
    steps.push(
      { chunk: { type: 'data-weather', data: { city: 'Paris', sky: 'clear' } } },
      { chunk: { type: 'source-url', sourceId: 's1', url: 'https://example.com/ref' } },
      { chunk: { type: 'future-part-type', payload: [1, 2, 3] } },
      { rawSse: 'data: this is not json\n\n' },
      { rawSse: 'event: ping\nid: 7\nretry: 5000\n: a comment\ndata: {"no":"type"}\n\n' },
    );
  }
  if (faults.has('misconfigured')) {
    return [
      ...steps,
      ...textSteps('t2', 'I cannot push to the repository: the GitHub app has no access to it.'),
      { chunk: { type: 'error', errorText: 'repository access denied' } },
      { chunk: { type: 'finish-step' } },
      { chunk: { type: 'finish', finishReason: 'error' } },
    ];
  }
  steps.push(
    ...toolSteps('read-1', 'read_file', { path: 'docs.json' }, { content: '{ "name": "Example docs" }' }),
    ...todoSteps(job, 1),
    ...toolSteps('edit-1', 'edit_file', { path: 'quickstart.mdx', edits: 2 }, { ok: true }),
    ...todoSteps(job, 2),
  );
  if (faults.has('error')) {
    return [
      ...steps,
      { chunk: { type: 'error', errorText: 'The agent hit an internal error while opening the pull request.' } },
      { chunk: { type: 'finish', finishReason: 'error' } },
    ];
  }
  if (faults.has('never-ends')) return steps;
  return [
    ...steps,
    ...textSteps('t3', 'Opening a pull request with the changes.'),
    ...todoSteps(job, 3),
    { chunk: { type: 'finish-step' } },
    { chunk: { type: 'finish', finishReason: 'stop' } },
  ];
}

function ending(job: DevJob): { haultReason: string; messageToUser: string; pullRequestLink?: string } {
  if (job.faults.has('misconfigured')) {
    return { haultReason: 'repo_missconfigured', messageToUser: 'The GitHub app cannot push to the repository.' };
  }
  if (job.faults.has('command-link')) {
    return { haultReason: COMMAND_LINK, messageToUser: `Done. ${COMMAND_LINK}` };
  }
  if (job.faults.has('error')) {
    return { haultReason: 'error', messageToUser: 'Something went wrong while opening the pull request.' };
  }
  const messageToUser = job.faults.has('huge')
    ? 'All done. '.repeat(HUGE_MESSAGE_CHARS / 10)
    : `I updated the quickstart page.${job.faults.has('html') ? ` ${HOSTILE_TEXT}` : ''}`;
  return {
    haultReason: 'completed',
    messageToUser,
    pullRequestLink: `https://github.com/${job.repository}/pull/${job.pullRequestNumber}`,
  };
}

/** The todo list as the stream has shown it by `now`, so that record and stream agree. */
function streamedTodos(job: DevJob, now: number): Record<string, unknown>[] {
  const streamed = jobScript(job).slice(0, Math.floor((now - job.createdAt) / job.stepIntervalMs) + 1);
  for (const step of streamed.reverse()) {
    const input = 'chunk' in step ? (step.chunk.input as { todos?: Record<string, unknown>[] } | undefined) : undefined;
    if (input?.todos) return input.todos;
  }
  return todoList(job, 0);
}

/** The GET record of a job at time `now`: it progresses with time and ends after `durationMs`. */
export function jobRecordAt(job: DevJob, now: number): Record<string, unknown> {
  const progress = Math.min(1, (now - job.createdAt) / job.durationMs);
  const base = {
    sessionId: job.sessionId,
    subdomain: job.projectId,
    branch: job.branch,
    createdAt: new Date(job.createdAt).toISOString(),
    title: job.faults.has('html') ? `Update docs ${HOSTILE_TEXT}` : job.faults.has('command-link') ? `Update docs ${COMMAND_LINK}` : 'Update docs',
    userId: 'dev-user',
  };
  if (progress < 1) {
    return { ...base, haulted: false, haultReason: 'processing', todos: streamedTodos(job, now) };
  }
  const end = ending(job);
  const completed = end.haultReason === 'completed' ? 3 : job.faults.has('misconfigured') ? 0 : 2;
  return { ...base, haulted: true, ...end, todos: todoList(job, completed) };
}
