import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyHaultReason, explainHaultReason } from '../../agent/src/haultReason';
import {
  MAX_MESSAGE_TO_USER_CHARS,
  isCompleted,
  isTerminal,
  parseJobList,
  parseJobRecord,
  pullRequestUrl,
} from '../../agent/src/jobRecord';

describe('job record', () => {
  it('reads every documented field', () => {
    const record = parseJobRecord({
      sessionId: 's1',
      subdomain: 'acme',
      branch: 'docs/update',
      haulted: true,
      haultReason: 'completed',
      pullRequestLink: 'https://github.com/acme/docs/pull/7',
      messageToUser: 'Done',
      todos: [{ content: 'Edit', status: 'completed', priority: 'high', id: '1' }],
      createdAt: '2025-01-02T03:04:05Z',
      title: 'Update',
      userId: 'u1',
    });
    assert.deepEqual(record, {
      sessionId: 's1',
      subdomain: 'acme',
      branch: 'docs/update',
      haulted: true,
      haultReason: 'completed',
      pullRequestLink: 'https://github.com/acme/docs/pull/7',
      messageToUser: 'Done',
      todos: [{ content: 'Edit', status: 'completed', priority: 'high', id: '1' }],
      createdAt: '2025-01-02T03:04:05Z',
      title: 'Update',
      userId: 'u1',
      extra: {},
    });
  });

  it('tolerates missing fields, wrong types and bodies that are not objects', () => {
    assert.deepEqual(parseJobRecord(null), { todos: [], extra: {} });
    assert.deepEqual(parseJobRecord([1, 2]).todos, []);
    const record = parseJobRecord({ sessionId: 42, haulted: 'true', todos: 'none', branch: null });
    assert.equal(record.sessionId, '42');
    assert.equal(record.haulted, true);
    assert.deepEqual(record.todos, []);
    assert.equal(record.branch, undefined);
  });

  it('keeps unknown fields and unknown values as they came', () => {
    const record = parseJobRecord({
      haultReason: 'paused_by_admin',
      todos: [{ content: 'A', status: 'blocked', priority: 'urgent', owner: 'x' }, 'bare string'],
      costUsd: 1.5,
      nested: { a: [1] },
    });
    assert.equal(record.haultReason, 'paused_by_admin');
    assert.deepEqual(record.todos, [
      { content: 'A', status: 'blocked', priority: 'urgent' },
      { content: 'bare string' },
    ]);
    assert.deepEqual(record.extra, { costUsd: 1.5, nested: { a: [1] } });
  });

  it('bounds a huge messageToUser and huge unknown fields', () => {
    const record = parseJobRecord({ messageToUser: 'x'.repeat(5_000_000), blob: 'y'.repeat(100_000) });
    assert.ok(record.messageToUser!.length < MAX_MESSAGE_TO_USER_CHARS + 100);
    assert.match(record.messageToUser!, /more characters not shown\]$/);
    assert.ok(JSON.stringify(record.extra.blob).length < 2_200);
  });

  it('keeps hostile strings as plain data', () => {
    const hostile = '<script>alert(1)</script>\u001b[2J';
    const record = parseJobRecord({ messageToUser: hostile, title: hostile, todos: [{ content: hostile }] });
    assert.equal(record.messageToUser, hostile);
    assert.equal(record.title, hostile);
    assert.equal(record.todos[0].content, hostile);
  });

  it('classifies haultReason, any *_missconfigured alike', () => {
    assert.equal(classifyHaultReason('completed'), 'completed');
    assert.equal(classifyHaultReason('repo_missconfigured'), 'misconfigured');
    assert.equal(classifyHaultReason('github_missconfigured'), 'misconfigured');
    assert.equal(classifyHaultReason('gitlab_misconfigured'), 'misconfigured');
    assert.equal(classifyHaultReason('error'), 'error');
    assert.equal(classifyHaultReason('interrupted'), 'interrupted');
    assert.equal(classifyHaultReason('processing'), 'processing');
    assert.equal(classifyHaultReason(undefined), 'none');
    assert.equal(classifyHaultReason('brand_new_state'), 'unknown');
  });

  it('says when a job is final: haulted, or a reason that ends a job', () => {
    const terminal = (fields: object) => isTerminal(parseJobRecord(fields));
    assert.equal(terminal({ haulted: true }), true);
    assert.equal(terminal({ haulted: true, haultReason: 'brand_new_state' }), true);
    assert.equal(terminal({ haulted: false, haultReason: 'completed' }), true);
    assert.equal(terminal({ haultReason: 'github_missconfigured' }), true);
    assert.equal(terminal({ haultReason: 'error' }), true);
    assert.equal(terminal({ haulted: false, haultReason: 'processing' }), false);
    assert.equal(terminal({ haulted: false, haultReason: 'brand_new_state' }), false);
    assert.equal(terminal({}), false);
    assert.equal(isCompleted(parseJobRecord({ haulted: true, haultReason: 'completed' })), true);
    assert.equal(isCompleted(parseJobRecord({ haulted: true, haultReason: 'error' })), false);
    assert.equal(isCompleted(parseJobRecord({ haulted: false, haultReason: 'processing' })), false);
  });

  it('explains each haultReason in plain language, with what to fix for a misconfigured repository', () => {
    assert.match(explainHaultReason('completed', true), /finished/);
    const misconfigured = explainHaultReason('github_missconfigured', true);
    assert.match(misconfigured, /GitHub connection/);
    assert.match(misconfigured, /installed with access to that repository/);
    assert.match(misconfigured, /start the job again/);
    assert.match(explainHaultReason('repo_missconfigured', true), /repository connection/);
    assert.match(explainHaultReason('error', true), /error/);
    assert.match(explainHaultReason('interrupted', true), /interrupted/);
    assert.match(explainHaultReason('processing', false), /still working/);
    assert.match(explainHaultReason(undefined, true), /without giving a reason/);
    assert.match(explainHaultReason('brand_new_state', true), /"brand_new_state".*stopped/);
  });

  it('gives a pull request link only when it is a web address', () => {
    assert.equal(pullRequestUrl(parseJobRecord({ pullRequestLink: 'https://github.com/a/b/pull/1' })), 'https://github.com/a/b/pull/1');
    assert.equal(pullRequestUrl(parseJobRecord({ pullRequestLink: 'javascript:alert(1)' })), undefined);
    assert.equal(pullRequestUrl(parseJobRecord({ pullRequestLink: 'not a url' })), undefined);
    assert.equal(pullRequestUrl(parseJobRecord({})), undefined);
  });

  it('reads a jobs list as a bare array or as the array inside an object', () => {
    assert.deepEqual(parseJobList([{ sessionId: 'a' }]).map((job) => job.sessionId), ['a']);
    assert.deepEqual(parseJobList({ total: 2, jobs: [{ sessionId: 'a' }, { sessionId: 'b' }] }).map((job) => job.sessionId), ['a', 'b']);
    assert.deepEqual(parseJobList('nonsense'), []);
    assert.equal(parseJobList(Array.from({ length: 500 }, () => ({}))).length, 100);
  });
});
