// `docsjson check` on each whole real site of the shared folder: every error it reports, and how
// many warnings of each code, are the reviewed ones pinned in sharedSiteFindings.ts, so that a new
// false error (or a class of warnings appearing or vanishing) on any of them fails. The check runs
// with `--cache`, then twice again, each reporting exactly what the first did: the second, of the
// same files, gives the report the first kept and leaves the cache's file as it was; the third,
// with another option that makes the report (the time limit of a page), checks again, every
// page's facts from the cache and none parsed (DOCSJSON_STATS counts the pages parsed).
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { materialiseSite, sharedSites } from '../support/sites';
import { pageCacheFile } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { checkWithStats, type CheckRun } from '../support/checkWithStats';
import { tempFolder } from '../support/tempFolder';
import { sharedSiteFindings } from './sharedSiteFindings';

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

/** `docsjson check` of the site, its page cache kept in `cacheLocation`. */
function check(root: string, cacheLocation: string, timeLimitSeconds = 600): CheckRun {
  // No page's parse is cut short by a loaded machine: its findings would depend on the load.
  const run = checkWithStats(root, '--parse-time-limit', String(timeLimitSeconds), '--cache-location', cacheLocation);
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return run;
}

describe('docsjson check on the ten shared real sites', { timeout: 900_000 }, () => {
  test('the real sites are the ten shared ones', () => assert.equal(sharedSites.length, 10, sharedSites.join(', ')));
  for (const site of sharedSites) {
    test(`${site}: exactly the reviewed errors, and the warnings counted by code; the same report kept, and checked again with every page's facts kept`, () => {
      const root = materialiseSite(site);
      const cacheLocation = tempFolder('docsjson-cache-');
      const cold = check(root, cacheLocation);
      assert.ok(cold.parsed > 100, `${cold.parsed} pages parsed`);
      const report = JSON.parse(cold.stdout) as JsonReport;
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

      const cacheFile = pageCacheFile(cacheLocation);
      const kept = statSync(cacheFile);
      const warm = check(root, cacheLocation);
      assert.deepEqual([warm.status, warm.stdout], [cold.status, cold.stdout], 'the run that gives the kept report');
      assert.deepEqual([warm.replayed, warm.parsed, warm.stored], [true, 0, 0]);
      assert.equal(statSync(cacheFile).mtimeMs, kept.mtimeMs, 'the cache is not written again');

      const rechecked = check(root, cacheLocation, 599);
      assert.deepEqual([rechecked.status, rechecked.stdout], [cold.status, cold.stdout], 'the run that reads the facts of every page from the cache');
      // A page with the same text as another page of the site is read from the cache already in the first run.
      assert.deepEqual([rechecked.replayed, rechecked.parsed, rechecked.stored], [false, 0, cold.parsed + cold.stored]);
    });
  }
});
