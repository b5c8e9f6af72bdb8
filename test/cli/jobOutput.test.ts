import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JobRecord } from '../../agent/src/jobRecord';
import type { TrackedJob } from '../../agent/src/trackedJob';
import { TextProgressWriter, formatOutcome, formatRecord, formatTodos, jsonLine } from '../../cli/src/jobOutput';

function record(fields: Partial<JobRecord>): JobRecord {
  return { todos: [], extra: {}, ...fields };
}

function job(fields: Partial<TrackedJob>): TrackedJob {
  return { localId: 'l1', startedAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', phase: 'finished', transcript: { events: [] }, ...fields } as unknown as TrackedJob;
}

/** What a writer prints for a series of updates. */
function written(updates: Parameters<TextProgressWriter['update']>[0][]): string {
  let text = '';
  const writer = new TextProgressWriter((chunk) => (text += chunk));
  for (const update of updates) writer.update(update);
  writer.close();
  return text;
}

test('todos are listed with a mark for each status, an unknown status as itself, and their priority', () => {
  assert.equal(
    formatTodos([
      { content: 'Done', status: 'completed' },
      { content: 'Doing', status: 'in_progress', priority: 'high' },
      { content: 'Next', status: 'pending' },
      { content: 'Dropped', status: 'cancelled' },
      { content: 'Odd', status: 'paused' as never },
      { content: 'Bare' },
    ]),
    'Todos:\n  [x] Done\n  [>] Doing (high)\n  [ ] Next\n  [-] Dropped\n  [paused] Odd\n  [?] Bare\n',
  );
});

test('a todo\'s text cannot drive the terminal', () => {
  assert.equal(formatTodos([{ content: 'a\u001b[2Jb', status: 'weird\u001b' as never, priority: 'x\u202e' as never }]), 'Todos:\n  [weird\\u{1b}] a\\u{1b}[2Jb (x\\u{202e})\n');
});

test('streamed text flows on one line; a tool call, an error or a new kind of event starts a new one', () => {
  assert.equal(
    written([
      { type: 'session', sessionId: 'job-1', branch: 'docs/fix' },
      { type: 'event', event: { type: 'text', text: 'Hello ' } },
      { type: 'event', event: { type: 'text', text: 'world' } },
      { type: 'event', event: { type: 'reasoning', text: 'hmm' } },
      { type: 'event', event: { type: 'reasoning', text: ' more' } },
      { type: 'event', event: { type: 'tool-call', toolCallId: 't1', toolName: 'edit', input: { file: 'a.mdx' } } },
      { type: 'event', event: { type: 'tool-call', toolCallId: 't0', toolName: 'list', input: undefined } },
      { type: 'event', event: { type: 'tool-result', toolCallId: 't1', output: 'fine', isError: false } },
      { type: 'event', event: { type: 'tool-result', toolCallId: 't2', output: 'no such file', isError: true } },
      { type: 'event', event: { type: 'text', text: 'line\n' } },
      { type: 'event', event: { type: 'error', message: 'boom' } },
      { type: 'event', event: { type: 'unknown', kind: 'data-x', raw: '{"a":1}' } },
      { type: 'event', event: { type: 'finish' } },
      { type: 'event', event: { type: 'text', text: 'open' } },
    ]),
    'Job job-1 on branch docs/fix\nHello world\n(thinking) hmm more\n-> edit {"file":"a.mdx"}\n-> list \n-> tool t2 failed: no such file\nline\n! error: boom\n? data-x: {"a":1}\nopen\n',
  );
});

test('a job without a branch is named alone; phases, notices and connection changes print nothing', () => {
  assert.equal(
    written([
      { type: 'session', sessionId: 'job-2' },
      { type: 'phase', phase: 'streaming' },
      { type: 'notice', message: 'the stream broke' },
      { type: 'connection', lost: true, retries: 1 },
    ]),
    'Job job-2\n',
  );
});

test('a todo list is printed when it changes, not again when the same list comes back', () => {
  const todos = [{ content: 'Write', status: 'pending' as const }];
  assert.equal(
    written([
      { type: 'event', event: { type: 'todos', toolCallId: 't', toolName: 'todo', todos } },
      { type: 'event', event: { type: 'text', text: 'Planned.' } },
      { type: 'record', record: record({ todos }) },
      { type: 'record', record: record({ todos: [{ content: 'Write', status: 'completed' }] }) },
    ]),
    'Todos:\n  [ ] Write\nPlanned.\nTodos:\n  [x] Write\n',
  );
});

test('a record without todos prints its status while the job runs, not once it has ended', () => {
  assert.equal(
    written([
      { type: 'record', record: record({ status: 'active' }) },
      { type: 'record', record: record({}) },
      { type: 'record', record: record({ status: 'completed' }) },
    ]),
    'Status: active\n',
  );
});

test('a follow-up is shown while it is being sent, not once its outcome is known', () => {
  const followUp = (prompt: string, outcome: 'sent' | 'unknown') => ({ type: 'follow-up' as const, followUp: { prompt, sentAt: '2026-01-01T00:00:00Z', outcome } });
  assert.equal(written([followUp('Also fix b', 'unknown'), followUp('Also fix b', 'sent')]), 'Sending: Also fix b\n');
  assert.equal(written([followUp('Known already', 'sent')]), '');
});

test('long tool inputs and errors are cut, each to its own length', () => {
  const long = 'x'.repeat(1_200);
  const text = written([
    { type: 'event', event: { type: 'tool-call', toolCallId: 't', toolName: 'write', input: long } },
    { type: 'event', event: { type: 'error', message: long } },
  ]);
  const [call, error] = text.split('\n');
  assert.equal(call, `-> write ${'x'.repeat(160)}… [1040 more characters not shown]`);
  assert.equal(error, `! error: ${'x'.repeat(1_000)}… [200 more characters not shown]`);
});

test('a JSON line is the JSON of the value with the characters a terminal obeys escaped', () => {
  assert.equal(jsonLine({ a: 'x\u009b\u202e\u2028\u2029\u007fy', b: 'é\u00a0' }), '{"a":"x\\u009b\\u202e\\u2028\\u2029\\u007fy","b":"é\u00a0"}\n');
  assert.deepEqual(JSON.parse(jsonLine({ a: 'x\u009b\u202e\u2028' })), { a: 'x\u009b\u202e\u2028' });
  assert.equal(jsonLine(undefined), 'null\n');
});

test('a record is shown with its status, what it means, and each field it has', () => {
  assert.equal(
    formatRecord(
      record({
        status: 'completed',
        title: 'Fix links',
        repository: 'acme/docs',
        branch: 'docs/links',
        pullRequestLink: 'https://github.com/acme/docs/pull/1',
        messageToUser: 'Done.\nTwo links fixed.',
        todos: [{ content: 'Fix', status: 'completed' }],
        extra: { cost: { usd: 1 } },
      }),
    ),
    'Status: completed\n  The agent finished its work.\nTitle: Fix links\nRepository: acme/docs\nBranch: docs/links\nPull request: https://github.com/acme/docs/pull/1\n' +
      'Message to user:\n  Done.\n  Two links fixed.\nTodos:\n  [x] Fix\ncost: {"usd":1}\n',
  );
});

test('a running record says so; a record without a status shows why it stopped, or that it stopped, or that its state is unknown', () => {
  assert.match(formatRecord(record({ status: 'active' })), /^Status: active \(running\)\n {2}The agent is working\.\n$/);
  assert.match(formatRecord(record({ haultReason: 'completed', haulted: true })), /^Status: completed\n/);
  assert.match(formatRecord(record({ haulted: true })), /^Status: stopped\n/);
  assert.match(formatRecord(record({})), /^Status: unknown \(running\)\n/);
});

test('a pull request link that is not a web address is shown as text, not as a link', () => {
  const text = formatRecord(record({ status: 'completed', pullRequestLink: 'javascript:alert(1)' }));
  assert.ok(text.includes('Pull request (not a web link): javascript:alert(1)\n'), text);
  assert.ok(!text.includes('Pull request: '), text);
});

test('the outcome of a completed job is its record, and completed', () => {
  const outcome = formatOutcome(job({ phase: 'finished', record: record({ status: 'completed' }) }), 'Resume with: docsjson job follow');
  assert.deepEqual(outcome, { text: 'Status: completed\n  The agent finished its work.\n', problem: undefined, detail: undefined, completed: true });
});

test('a job left stale or stopped is not finished and says how to resume', () => {
  for (const phase of ['stale', 'stopped'] as const) {
    const outcome = formatOutcome(job({ phase, record: record({ status: 'active' }) }), 'Resume with: docsjson job follow j');
    assert.equal(outcome.text, 'Status: active (running)\n  The agent is working.\nNot finished yet. Resume with: docsjson job follow j\n');
    assert.equal(outcome.completed, false);
  }
  assert.deepEqual(formatOutcome(job({ phase: 'stale' }), 'Resume.'), { text: 'Not finished yet. Resume.\n', problem: undefined, detail: undefined, completed: false });
  assert.equal(formatOutcome(job({ phase: 'finished' }), 'Resume.').text, '', 'nothing to show');
});

test('a failure is told with what to do, on one line, and its detail is kept for --verbose; it is not a completion', () => {
  const failure = { message: 'The API key was refused.\nIt may have expired.', action: 'SetApiKey' as const, detail: 'HTTP 401 from POST /jobs' };
  const outcome = formatOutcome(job({ phase: 'failed', failure, record: record({ status: 'completed' }) }), 'Resume.');
  assert.equal(outcome.problem, 'The API key was refused. It may have expired. Check DOCS_AGENT_API_KEY.');
  assert.equal(outcome.detail, 'HTTP 401 from POST /jobs');
  assert.equal(outcome.completed, false);
  const noHint = formatOutcome(job({ phase: 'failed', failure: { message: 'Gone.', detail: 'd' } }), 'Resume.');
  assert.equal(noHint.problem, 'Gone.');
  assert.equal(formatOutcome(job({ phase: 'failed', problem: 'The job was lost.' }), 'Resume.').problem, 'The job was lost.');
  assert.equal(formatOutcome(job({ phase: 'failed', problem: 'x'.repeat(2_100) }), 'Resume.').problem, `${'x'.repeat(2_000)}… [100 more characters not shown]`);
});

test('a job that never got created, or whose record did not complete, is not a completion', () => {
  assert.equal(formatOutcome(job({ phase: 'not-created', record: record({ status: 'completed' }) }), 'Resume.').completed, false);
  assert.equal(formatOutcome(job({ phase: 'finished', record: record({ status: 'failed' }) }), 'Resume.').completed, false);
  assert.equal(formatOutcome(job({ phase: 'finished' }), 'Resume.').completed, false);
});
