import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentApiError, type AgentApiErrorDetails, type AgentApiErrorKind } from '../../agent/src/errors';
import { FAILURE_ACTION_LABELS, clockTime, cliHint, describeFailure, noApiKeyFailure, noProjectFailure } from '../../agent/src/failure';

const error = (kind: AgentApiErrorKind, details: AgentApiErrorDetails = {}) =>
  new AgentApiError(kind, `technical: ${kind} HTTP ${details.status ?? '-'} POST /v1/agent/p/job`, details);

describe('failure model', () => {
  it('words each API failure for a docs writer, with one action, and keeps the technical detail apart', () => {
    const cases: [AgentApiError, string, string | undefined][] = [
      [error('unauthorized', { status: 401 }), 'The API key was not accepted.', 'SetApiKey'],
      [error('forbidden', { status: 403 }), 'The API key may not act on this project: it must be an admin key of the project.', 'SetApiKey'],
      [error('not-found', { apiVersion: 2, request: 'create' }), 'The platform did not find the project: check the setting "docsjson.agent.projectId".', 'SetProjectId'],
      [error('not-found', { apiVersion: 1, request: 'get' }), 'The platform no longer knows this job: it may have been deleted, or the project id changed.', undefined],
      [error('not-found', { apiVersion: 2, request: 'get' }), 'The platform no longer knows this job: it may have been deleted, or the project id changed.', undefined],
      [error('not-found', { apiVersion: 2, request: 'message' }), 'The platform no longer knows this job: it may have been deleted, or the project id changed.', undefined],
      [
        error('not-found', { apiVersion: 1, request: 'create' }),
        'The platform did not find the route that creates agent jobs: it may have retired agent API v1 (deprecated since March 2026): set "docsjson.agent.apiVersion" to 2. If you use v1 on purpose, check the setting "docsjson.agent.projectId".',
        'SetApiVersion',
      ],
      [error('not-found', { apiVersion: 1, request: 'check' }), 'The platform did not find the project: check the setting "docsjson.agent.projectId".', 'SetProjectId'],
      [error('gone', { apiVersion: 1, request: 'get' }), 'The platform no longer serves agent API v1 (deprecated since March 2026); it may have retired it: set "docsjson.agent.apiVersion" to 2.', 'SetApiVersion'],
      [error('server', { status: 502, request: 'create' }), 'The platform failed while creating the job.', 'TryAgain'],
      [error('server', { status: 500, request: 'get' }), 'The platform is having trouble right now; try again in a few minutes.', 'TryAgain'],
      [error('network'), 'Could not reach the docs platform: check the internet connection (or the proxy).', 'TryAgain'],
      [error('timeout'), 'The docs platform did not answer in time.', 'TryAgain'],
      [error('bad-request', { serverSaid: 'prompt too long' }), 'The platform refused the request: "prompt too long".', undefined],
      [error('bad-response'), 'The platform sent an answer this version cannot read.', 'ShowLog'],
      [error('rate-limited', { request: 'get' }), 'The platform is limiting requests for now; try again later.', 'TryAgainLater'],
    ];
    for (const [apiError, message, action] of cases) {
      const failure = describeFailure(apiError, { surface: 'editor' });
      assert.equal(failure.message, message, apiError.kind);
      assert.equal(failure.action, action, apiError.kind);
      assert.equal(failure.detail, apiError.message);
      assert.doesNotMatch(failure.message, /HTTP|\/v1\//, 'no status codes or paths for docs writers');
      if (failure.action) assert.ok(FAILURE_ACTION_LABELS[failure.action]);
    }
  });

  it('counts "try again at" from Retry-After, rounded up to the minute, with the date when not today', () => {
    const now = new Date(2026, 10, 24, 23, 50, 0).getTime();
    const failure = describeFailure(error('rate-limited', { retryAfterMs: 15 * 60_000 + 1, request: 'create', apiVersion: 1 }), { surface: 'cli', now });
    assert.equal(failure.message, 'The platform allows 100 jobs an hour per project; try again at Nov 25, 00:06.');
    assert.equal(clockTime(new Date(2026, 10, 24, 14, 5), new Date(2026, 10, 24, 9, 0)), '14:05');
  });

  it('names the editor setting or the CLI option, and says what is missing before any request', () => {
    assert.equal(noProjectFailure('editor').message, 'Set the project id of your docs site (the setting "docsjson.agent.projectId") to create and follow agent jobs.');
    assert.equal(noProjectFailure('cli').action, 'SetProjectId');
    assert.equal(cliHint(noProjectFailure('cli')), 'Check --project.');
    assert.equal(noApiKeyFailure('editor').action, 'SetApiKey');
    assert.equal(cliHint(describeFailure(error('unauthorized'), { surface: 'cli' })), 'Check DOCS_AGENT_API_KEY.');
  });

  it('treats anything else as unexpected, keeping its text for the log only', () => {
    const failure = describeFailure(new TypeError('x is undefined'), { surface: 'editor' });
    assert.deepEqual(failure, { message: 'Something unexpected went wrong.', action: 'ShowLog', detail: 'x is undefined' });
  });
});
