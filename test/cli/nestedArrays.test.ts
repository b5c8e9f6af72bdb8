// A repository's docs.json is untrusted input: 500,000 nested arrays end in a diagnostic and a
// normal exit of the CLI, not a stack overflow.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

test('docsjson check on a docs.json of 500,000 nested arrays exits normally', { timeout: 120_000 }, () => {
  const depth = 500_000;
  const text = `{"name":"A","theme":"mint","colors":{"primary":"#000000"},"navigation":{"pages":["intro"]},"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  const root = writeSite({ 'docs.json': text, 'intro.mdx': '# Intro\n', 'other.mdx': '# Other\n' });
  const result = spawnSync(process.execPath, [cli, 'check', root], { encoding: 'utf8' });
  assert.doesNotMatch(result.stderr, /call stack/i);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /Unknown key "x" in docs\.json/);
  assert.match(result.stdout, /other\.mdx:1:1 {2}information {2}No navigation lists this page/, 'the orphan walk ran over the whole docs.json');
});
