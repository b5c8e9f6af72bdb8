import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJobRecord } from '../../agent/src/jobRecord';
import { trackedJobForSession, type TrackedJob } from '../../agent/src/trackedJob';
import { currentTodos, jobOutcome, jobSummaryView, jobTitle, statusText } from '../../client/src/agent/jobView';

const base = trackedJobForSession({ apiUrl: 'https://api.example', projectId: 'p' }, 'sess_1');
const withRecord = (fields: Record<string, unknown>, phase: TrackedJob['phase'] = 'finished'): TrackedJob => ({ ...base, phase, record: parseJobRecord(fields) });

describe('job view', () => {
  it('names a job by its title, first user message, branch or id', () => {
    assert.equal(jobTitle(withRecord({ title: '  Fix   the\nnav ' })), 'Fix the nav');
    assert.equal(jobTitle({ ...base, request: { messages: [{ role: 'system', content: 'Be brief' }, { role: 'user', content: '\nUpdate the quickstart\nand more' }] } }), 'Update the quickstart');
    assert.equal(jobTitle({ ...base, branch: 'docs/x' }), 'docs/x');
    assert.equal(jobTitle(base), 'sess_1');
  });

  it('tells how a job ended, whatever the haultReason spelling', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ haulted: true, haultReason: 'completed' }, 'completed', 'Completed'],
      [{ haulted: true, haultReason: 'github_missconfigured' }, 'misconfigured', 'Repository misconfigured'],
      [{ haulted: true, haultReason: 'repo_missconfigured' }, 'misconfigured', 'Repository misconfigured'],
      [{ haulted: true, haultReason: 'error' }, 'error', 'Failed'],
      [{ haulted: true, haultReason: 'interrupted' }, 'interrupted', 'Interrupted'],
      [{ haulted: true, haultReason: 'a_new_reason' }, 'ended', 'Ended'],
    ];
    for (const [fields, outcome, status] of cases) {
      const job = withRecord(fields);
      assert.equal(jobOutcome(job), outcome, JSON.stringify(fields));
      assert.equal(statusText(job), status);
    }
    assert.equal(jobOutcome(withRecord({ haultReason: 'processing' }, 'polling')), 'running');
    assert.equal(statusText({ ...base, phase: 'creating' }), 'Starting');
    assert.equal(jobOutcome({ ...base, phase: 'stale' }), 'stale');
    assert.equal(jobOutcome({ ...base, phase: 'failed' }), 'failed');
    assert.equal(jobOutcome({ ...base, phase: 'stopped' }), 'stopped');
  });

  it('explains a misconfigured repository with what to fix, and offers only web links', () => {
    const view = jobSummaryView(withRecord({ haulted: true, haultReason: 'repo_missconfigured', pullRequestLink: 'javascript:alert(1)', messageToUser: 'm' }));
    assert.match(view.explanation ?? '', /repository connection.*misconfigured.*dashboard/s);
    assert.equal(view.pullRequestUrl, undefined);
    assert.equal(view.messageToUser, 'm');
    assert.equal(jobSummaryView(withRecord({ pullRequestLink: 'https://github.com/o/r/pull/3' })).pullRequestUrl, 'https://github.com/o/r/pull/3');
  });

  it("shows the stream's todos while streaming, the record's once polled", () => {
    const streamed = [{ content: 'from the stream', status: 'in_progress' }];
    const job: TrackedJob = {
      ...withRecord({ todos: [{ content: 'from the record', status: 'completed' }] }, 'streaming'),
      transcript: { events: [{ type: 'todos', toolCallId: 't', toolName: 'todo_write', todos: streamed }], dropped: 0, size: 1 },
    };
    assert.deepEqual(currentTodos(job), streamed);
    assert.deepEqual(currentTodos({ ...job, phase: 'polling' }).map((todo) => todo.content), ['from the record']);
    assert.deepEqual(currentTodos({ ...job, phase: 'polling', record: parseJobRecord({}) }), streamed);
  });
});
