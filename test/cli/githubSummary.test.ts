import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gitHubRun, writeGitHubSummary } from '../../cli/src/githubSummary';
import { tempFolder } from '../support/tempFolder';

test('the job summary shows a page\'s text as text: no markup, HTML, links or new rows from a hostile message', () => {
  const summaryFile = join(tempFolder('docsjson-summary-'), 'summary.md');
  writeFileSync(summaryFile, '');
  const run = gitHubRun({ GITHUB_STEP_SUMMARY: summaryFile, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'o/r', GITHUB_SHA: 'abc', GITHUB_WORKSPACE: process.cwd() })!;
  const message = 'Link "/a|b" <img src=x onerror=alert(1)> [click](https://evil)\n| forged | row |';
  writeGitHubSummary(run, [{ path: 'docs/my page.mdx', diagnostics: [{ line: 3, column: 1, endLine: 3, endColumn: 2, severity: 'error', code: 'link/missing-page', message }] }], { ref: 'main', existing: 0 });
  const lines = readFileSync(summaryFile, 'utf8').split('\n');
  assert.equal(lines[2], '1 new problem');
  assert.equal(
    lines[6],
    '| error | [docs/my page.mdx:3](https://github.com/o/r/blob/abc/docs/my%20page.mdx#L3) | Link "/a\\|b" &lt;img src=x onerror=alert(1)&gt; \\[click\\](https://evil) \\| forged \\| row \\| | `link/missing-page` |',
  );
  assert.equal(lines.length, 8, 'one row, then the final new line');
});

test('no summary outside a workflow run', () => {
  assert.equal(gitHubRun({}), undefined);
});

/** The summary written for the files, in a run of the given variables (besides the summary file). */
function summaryOf(files: Parameters<typeof writeGitHubSummary>[1], base?: { ref: string; existing: number }, env: NodeJS.ProcessEnv = {}): string {
  const summaryFile = join(tempFolder('docsjson-summary-'), 'summary.md');
  writeFileSync(summaryFile, '');
  writeGitHubSummary(gitHubRun({ GITHUB_WORKSPACE: process.cwd(), ...env, GITHUB_STEP_SUMMARY: summaryFile })!, files, base);
  return readFileSync(summaryFile, 'utf8');
}

const problem = (line: number, message = 'Page "x" not found') => ({ line, column: 1, endLine: line, endColumn: 2, severity: 'warning' as const, code: 'ref/missing-page', message });

test('a summary without problems says so, with and without a base', () => {
  assert.equal(summaryOf([]), '### docs.json check\n\nNo problems\n\n');
  assert.equal(summaryOf([{ path: 'docs.json', diagnostics: [] }], { ref: 'main', existing: 0 }), '### docs.json check\n\nNo new problems\n\n');
  assert.equal(summaryOf([], { ref: 'main', existing: 2 }), '### docs.json check\n\nNo new problems (2 problems already at `main`, not shown)\n\n');
});

test('the problems are a table, with their paths as the check prints them (from the workspace), linked to their lines only when the run names its repository and commit', () => {
  const files = [{ path: 'site/docs.json', diagnostics: [problem(4), problem(9, 'Broken\r\nin two & more')] }];
  assert.equal(
    summaryOf(files),
    '### docs.json check\n\n2 problems\n\n| Severity | Where | Problem | Code |\n|---|---|---|---|\n' +
      '| warning | site/docs.json:4 | Page "x" not found | `ref/missing-page` |\n| warning | site/docs.json:9 | Broken in two &amp; more | `ref/missing-page` |\n',
  );
  const linked = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'o/r', GITHUB_SHA: 'abc' };
  assert.ok(summaryOf(files, undefined, linked).includes('| [site/docs.json:4](https://github.com/o/r/blob/abc/site/docs.json#L4) |'));
  for (const missing of ['GITHUB_SERVER_URL', 'GITHUB_REPOSITORY', 'GITHUB_SHA']) {
    assert.ok(summaryOf(files, undefined, { ...linked, [missing]: undefined }).includes('| site/docs.json:4 |'), `no link without ${missing}`);
  }
});

test('a long summary stops after 200 rows and says how many more the log has', () => {
  const rows = (count: number) => summaryOf([{ path: 'docs.json', diagnostics: Array.from({ length: count }, (_, i) => problem(i + 1)) }]).trimEnd().split('\n');
  const full = rows(200);
  assert.equal(full.length, 4 + 2 + 200);
  assert.match(full.at(-1)!, /^\| warning \| docs\.json:200 \|/);
  const cut = rows(203);
  assert.equal(cut.length, 4 + 2 + 200 + 2);
  assert.match(cut.at(-3)!, /^\| warning \| docs\.json:200 \|/);
  assert.equal(cut.at(-2), '', 'a blank line ends the table');
  assert.equal(cut.at(-1), '…and 3 more problems: the annotations and the log list them all.');
});
