import { appendFileSync } from 'node:fs';
import { plural } from '../../server/src/engine/text';
import { shortRef, type ReportedFile } from './checkOutput';

const maxRows = 200;

/** Where the workflow run's files are on GitHub, from the variables a runner sets; undefined outside a run. */
export interface GitHubRun {
  summaryFile: string;
  /** `https://github.com/owner/repo/blob/<commit>/`: a checked file's lines are linked under it. */
  blobUrl?: string;
}

export function gitHubRun(env: NodeJS.ProcessEnv): GitHubRun | undefined {
  if (!env.GITHUB_STEP_SUMMARY) return undefined;
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_SHA: commit } = env;
  return {
    summaryFile: env.GITHUB_STEP_SUMMARY,
    blobUrl: server && repository && commit ? `${server}/${repository}/blob/${commit}/` : undefined,
  };
}

/**
 * Appends the job summary (its files' paths from the repository's folder, as annotations name them): the problems reported as a table (each linked to its line), and with
 * a base, how many were already there and left out.
 */
export function writeGitHubSummary(run: GitHubRun, files: ReportedFile[], base: { ref: string; existing: number } | undefined): void {
  const rows = files.flatMap((file) => file.diagnostics.map((d) => ({ file, d })));
  const count = base ? `${rows.length === 0 ? 'No new problems' : plural(rows.length, 'new problem')}` : rows.length === 0 ? 'No problems' : plural(rows.length, 'problem');
  const leftOut = base && base.existing > 0 ? ` (${plural(base.existing, 'problem')} already at \`${markdownText(shortRef(base.ref))}\`, not shown)` : '';
  const lines = ['### docs.json check', '', `${count}${leftOut}`, ''];
  if (rows.length > 0) {
    lines.push('| Severity | Where | Problem | Code |', '|---|---|---|---|');
    for (const { file, d } of rows.slice(0, maxRows)) {
      const path = file.path.split('\\').join('/');
      const where = `${markdownText(path)}:${d.line}`;
      const link = run.blobUrl ? `[${where}](${run.blobUrl}${path.split('/').map(encodeURIComponent).join('/')}#L${d.line})` : where;
      lines.push(`| ${d.severity} | ${link} | ${markdownText(d.message)} | \`${d.code}\` |`);
    }
    if (rows.length > maxRows) lines.push('', `…and ${plural(rows.length - maxRows, 'more problem')}: the annotations and the log list them all.`);
  }
  appendFileSync(run.summaryFile, `${lines.join('\n')}\n`);
}

/** Text from a site, shown as itself in a Markdown table cell: no markup, links, HTML or line breaks. */
function markdownText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#!~])/g, '\\$1');
}
