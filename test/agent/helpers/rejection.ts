import assert from 'node:assert/strict';
import { AgentApiError } from '../../../agent/src/errors';

/** The AgentApiError a promise rejects with; fails the test when it resolves or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<AgentApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AgentApiError, `expected an AgentApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}
