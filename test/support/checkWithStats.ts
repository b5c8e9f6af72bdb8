import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

export interface CheckRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The pages the check parsed and those whose facts it read from the cache. */
  parsed: number;
  stored: number;
  /** Whether the report is that of an earlier check of the same files, kept in the cache (no page read nor rule run). */
  replayed: boolean;
}

/** `docsjson check . --format json` in a site's folder, with how many of its pages were parsed and read from the page cache, or whether its kept report was given (DOCSJSON_STATS). */
export function checkWithStats(root: string, ...args: string[]): CheckRun {
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, DOCSJSON_STATS: '1' } });
  const stats = /: (\d+) pages, (\d+) parsed, (\d+) from the cache(; the report of a check of the same files)?$/m.exec(result.stderr);
  if (!stats) throw new Error(`no page counts on stderr (exit ${result.status}): ${result.stderr}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, parsed: Number(stats[2]), stored: Number(stats[3]), replayed: stats[4] !== undefined };
}
