// `docsjson check` on each whole real site of the shared folder, run once per site: every error it
// reports, and how many warnings of each code, are the reviewed ones pinned in sharedSiteFindings.ts,
// so that a new false error (or a class of warnings appearing or vanishing) on any of them fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { materialiseSite, sharedSites } from '../support/sites';
import { sharedSiteFindings } from './sharedSiteFindings';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

interface JsonReport {
  files: { path: string; diagnostics: { line: number; column: number; endLine: number; endColumn: number; severity: string; code: string }[] }[];
}

/** What a finding covers, on one line and cut short: enough to tell it from its neighbours. */
function covered(text: string, d: JsonReport['files'][number]['diagnostics'][number]): string {
  const lines = text.split('\n');
  const first = lines[d.line - 1] ?? '';
  const end = d.endLine === d.line ? d.endColumn - 1 : first.length;
  return first.slice(d.column - 1, end).trim().slice(0, 80);
}

describe('docsjson check on the ten shared real sites', { timeout: 900_000 }, () => {
  for (const site of sharedSites) {
    test(`${site}: exactly the reviewed errors, and the warnings counted by code`, () => {
      const root = materialiseSite(site);
      // No page's parse is cut short by a loaded machine: its findings would depend on the load.
      const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json', '--parse-time-limit', '600'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      assert.ok(result.status === 0 || result.status === 1, result.stderr);
      const report = JSON.parse(result.stdout) as JsonReport;
      const errors: string[] = [];
      const warnings: Record<string, number> = {};
      for (const file of report.files) {
        const text = readFileSync(join(root, file.path), 'utf8');
        for (const d of file.diagnostics) {
          if (d.severity === 'error') errors.push(`${file.path}:${d.line} ${d.code} ${covered(text, d)}`);
          else if (d.severity === 'warning') warnings[d.code] = (warnings[d.code] ?? 0) + 1;
        }
      }
      const pinned = sharedSiteFindings[site];
      assert.ok(pinned, `${site} has no pinned findings in sharedSiteFindings.ts: review its findings and pin them`);
      assert.deepEqual(errors.sort(), [...pinned.errors].sort(), `${site}: the errors`);
      assert.deepEqual(Object.fromEntries(Object.entries(warnings).sort()), pinned.warnings, `${site}: the warnings by code`);
    });
  }
});
