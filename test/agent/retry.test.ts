import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRetryAfter, retryDelayMs, type RetryPolicy } from '../../agent/src/http/retry';

const policy: RetryPolicy = { maxRetries: 5, baseDelayMs: 500, maxDelayMs: 5_000, maxRetryAfterMs: 60_000 };

describe('retry delays', () => {
  it('the backoff ceiling doubles with each retry up to the maximum, then the caller gives up', () => {
    const ceilings = [0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, policy, undefined, () => 1));
    assert.deepEqual(ceilings, [500, 1_000, 2_000, 4_000, 5_000, undefined]);
  });

  it('full jitter: a delay is anywhere from zero to the ceiling', () => {
    assert.equal(retryDelayMs(3, policy, undefined, () => 0), 0);
    assert.equal(retryDelayMs(3, policy, undefined, () => 0.25), 1_000);
  });

  it('a Retry-After is waited out exactly, unless it is longer than the policy allows', () => {
    assert.equal(retryDelayMs(0, policy, 7_000, () => 0), 7_000);
    assert.equal(retryDelayMs(0, policy, 60_001, () => 0), undefined);
    assert.equal(retryDelayMs(0, policy, policy.maxRetryAfterMs, () => 0), policy.maxRetryAfterMs, 'the longest wait allowed is waited');
    assert.equal(retryDelayMs(5, policy, 1_000, () => 0), undefined, 'no retry left');
  });

  it('Retry-After is read as seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('3'), 3_000);
    assert.equal(parseRetryAfter(' 1.5 '), 1_500);
    assert.equal(parseRetryAfter('1.25'), 1_250);
    assert.equal(parseRetryAfter('x5'), undefined, 'not a number of seconds, not a date');
    assert.equal(parseRetryAfter('5 apples'), undefined, 'not a number of seconds, not a date');
    assert.equal(parseRetryAfter('Thu, 26 Nov 2026 12:00:10 GMT', Date.parse('Thu, 26 Nov 2026 12:00:00 GMT')), 10_000);
    assert.equal(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', Date.parse('Thu, 26 Nov 2026 12:00:00 GMT')), 0);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
