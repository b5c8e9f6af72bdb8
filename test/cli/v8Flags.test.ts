// The V8 options the CLI sets: only on a V8 that has them (a later one prints "unrecognized flag" on stderr).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tierUpFlags } from '../../cli/src/v8Flags';

test('the tier-up budget is set on the V8 it was measured on (that of Node 20) and not from V8 12 on (that of Node 24 has no such flag)', () => {
  assert.deepEqual(tierUpFlags('11.3.244.8-node.33'), ['--interrupt-budget=540672']);
  assert.deepEqual(tierUpFlags('12.4.254.21-node.33'), []);
  assert.deepEqual(tierUpFlags('13.6.233.17-node.37'), []);
  assert.deepEqual(tierUpFlags(process.versions.v8).length, Number.parseInt(process.versions.v8, 10) < 12 ? 1 : 0);
});
