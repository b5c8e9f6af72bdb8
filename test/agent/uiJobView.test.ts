import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJobRecord } from '../../agent/src/jobRecord';
import { trackedJobForSession, type TrackedJob } from '../../agent/src/trackedJob';
import { currentTodos, jobOutcome, jobSummaryView, jobTitle, liveNote, platformTitle, statusText } from '../../client/src/agent/jobView';

const base = trackedJobForSession({ apiUrl: 'https://api.example', projectId: 'p' }, 'sess_1');
const withRecord = (fields: Record<string, unknown>, phase: TrackedJob['phase'] = 'finished'): TrackedJob => ({ ...base, phase, record: parseJobRecord(fields) });

describe('job view', () => {
  it("names a job by the user's name for it, its first user message, the platform's title, branch or id", () => {
    const created: TrackedJob = { ...withRecord({ title: 'Update docs' }), request: { messages: [{ role: 'user', content: 'Add a FAQ page\nwith three questions' }] } };
    assert.equal(jobTitle(created), 'Add a FAQ page');
    assert.equal(platformTitle(created), 'Update docs');
    assert.equal(jobTitle(created, { userTitle: ' FAQ ' }), 'FAQ');
    const other: TrackedJob = { ...created, request: { messages: [{ role: 'user', content: 'Fix the typos' }] } };
    assert.notEqual(jobTitle(other), jobTitle(created), 'two jobs with different messages have different titles');
    assert.equal(platformTitle({ ...created, request: { messages: [{ role: 'user', content: 'Update docs' }] } }), undefined, 'no platform title that repeats the title');
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
    assert.equal(jobOutcome({ ...base, phase: 'polling' }), 'checking', 'polling without a record yet is not "running"');
    assert.equal(statusText({ ...base, phase: 'polling' }), 'Checking');
    assert.equal(statusText({ ...base, phase: 'creating' }), 'Starting');
    assert.equal(jobOutcome({ ...base, phase: 'stale' }), 'stale');
    assert.equal(jobOutcome({ ...base, phase: 'failed' }), 'failed');
    assert.equal(jobOutcome({ ...base, phase: 'stopped' }), 'stopped');
  });

  it('a job no longer followed does not claim the agent is still working from its last, unfinished record', () => {
    const running = withRecord({ haulted: false, haultReason: 'processing' }, 'polling');
    assert.match(jobSummaryView(running).explanation ?? '', /working/);
    const lost = { ...running, phase: 'failed' as const, problem: 'The platform no longer knows this job: it may have been deleted, or the project id changed.' };
    const view = jobSummaryView(lost);
    assert.equal(view.explanation, undefined);
    assert.equal(view.statusText, 'Could not follow');
    assert.equal(view.problem, lost.problem);
  });

  it('a job the platform forgot reads so, keeps what was known of it, and offers no follow-up box', () => {
    const forgotten: TrackedJob = { ...withRecord({ haulted: true, haultReason: 'completed', pullRequestLink: 'https://github.com/o/r/pull/3' }, 'forgotten'), problem: 'The platform no longer knows this job.' };
    const view = jobSummaryView(forgotten, { followUps: true });
    assert.equal(view.outcome, 'forgotten');
    assert.equal(view.statusText, 'Forgotten by the platform');
    assert.equal(view.pullRequestUrl, 'https://github.com/o/r/pull/3');
    assert.equal(view.followUp, undefined);
    assert.ok(jobSummaryView({ ...forgotten, phase: 'finished' }, { followUps: true }).followUp, 'a finished job has the box');
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

  it('says when the live output stops before the end, and where the status comes from', () => {
    const text = { type: 'text' as const, text: 'Working on it' };
    const created: TrackedJob = { ...base, request: { messages: [{ role: 'user', content: 'x' }] }, transcript: { events: [text], dropped: 0, size: 13 } };
    assert.equal(liveNote({ ...created, phase: 'streaming' }), undefined, 'nothing to say while streaming');
    const afterReload = liveNote({ ...created, phase: 'polling', record: parseJobRecord({ haultReason: 'processing' }) }, { cutByReload: true });
    assert.match(afterReload ?? '', /up to the window reload is kept.*cannot be replayed.*record says it is still running/);
    assert.match(liveNote({ ...created, phase: 'polling' }, { cutByReload: true }) ?? '', /Checking whether the job still runs/);
    const ended = liveNote({ ...created, phase: 'finished', record: parseJobRecord({ haulted: true, haultReason: 'completed' }) });
    assert.match(ended ?? '', /stopped before the job ended.*outcome above comes from the job's record/);
    assert.equal(liveNote({ ...created, phase: 'finished', transcript: { events: [text, { type: 'finish' }], dropped: 0, size: 20 } }), undefined, 'a stream that ended says nothing');
    assert.match(liveNote(withRecord({ haulted: true })) ?? '', /followed through its record only/);
    assert.equal(jobSummaryView({ ...created, phase: 'polling' }, { cutByReload: true }).liveNote, liveNote({ ...created, phase: 'polling' }, { cutByReload: true }));
  });
});
