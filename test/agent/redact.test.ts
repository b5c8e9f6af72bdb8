import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRedactor } from '../../agent/src/redact';

describe('redaction', () => {
  const redact = createRedactor(['s3cr3t-key-value', undefined, 'ab']);

  it('replaces a known secret everywhere, also URL-encoded', () => {
    assert.equal(redact('key s3cr3t-key-value and s3cr3t-key-value'), 'key [redacted] and [redacted]');
    assert.equal(createRedactor(['p@ss word'])('x=p%40ss%20word'), 'x=[redacted]');
  });

  it('replaces credential shapes even when the secret is not known', () => {
    assert.equal(redact('Authorization: Bearer abc.def-123'), 'Authorization: Bearer [redacted]');
    assert.equal(redact('key mint_1234abcd!'), 'key [redacted]!');
    assert.equal(redact('proxy http://user:hunter2@proxy:8080'), 'proxy http://user:[redacted]@proxy:8080');
  });

  it('ignores secrets too short to be told apart from ordinary text', () => {
    assert.equal(redact('about'), 'about');
  });
});
