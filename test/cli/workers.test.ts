// `docsjson check` with its pages parsed by several worker threads (--workers N) reports exactly
// what it reports with one (--workers 0 or 1), in the same order: on a small site with every kind
// of page finding, and on the three real sites.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pageFindingCodes, pageFindingsSite, reportedCodes } from '../support/pageFindingsSite';
import { materialiseSite, realSites } from '../support/sites';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

function check(root: string, workers: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json', '--workers', workers], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('docsjson check --workers', { timeout: 600_000 }, () => {
  test('finds the same problems, in the same order, with and without worker threads on a small site', () => {
    const root = pageFindingsSite(40);
    const alone = check(root, '0');
    assert.equal(alone.status, 1, alone.stderr);
    const codes = reportedCodes(alone.stdout);
    for (const code of pageFindingCodes) assert.ok(codes.has(code), `the site has ${code}: ${[...codes].join(', ')}`);
    for (const workers of ['1', '2', '3']) assert.deepEqual(check(root, workers), alone, `--workers ${workers}`);
  });

  for (const site of realSites) {
    test(`finds the same problems with and without worker threads on ${site}`, () => {
      const root = materialiseSite(site);
      const alone = check(root, '0');
      assert.ok(JSON.parse(alone.stdout).files.length > 0, alone.stderr);
      assert.deepEqual(check(root, '2'), alone);
    });
  }

  test('says what --workers takes', () => {
    const result = spawnSync(process.execPath, [cli, 'check', '.', '--workers', 'many'], { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--workers takes a whole number of threads, not "many"/);
  });
});
