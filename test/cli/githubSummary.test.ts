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
