// The V8 options the CLI sets: only on a V8 that has them (a later one prints "unrecognized flag" on stderr).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { tierUpFlags } from '../../cli/src/v8Flags';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

test('the tier-up budget is set on the V8 it was measured on (that of Node 20) and not from V8 12 on (that of Node 24 has no such flag)', () => {
  assert.deepEqual(tierUpFlags('11.3.244.8-node.33'), ['--interrupt-budget=540672']);
  assert.deepEqual(tierUpFlags('12.4.254.21-node.33'), []);
  assert.deepEqual(tierUpFlags('13.6.233.17-node.37'), []);
});

test('the CLI run by this Node writes nothing on stderr for its options', () => {
  const result = spawnSync(process.execPath, [cli, '--version'], { encoding: 'utf8' });
  assert.equal(result.status, 0);
  assert.equal(result.stderr, '');
});
