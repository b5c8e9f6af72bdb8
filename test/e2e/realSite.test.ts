// A real site the project was not written against (paradedb's docs, 277 pages, from the shared
// sites) in a real VS Code (code-server + headless Chromium) with the built extension: with no
// file open, the Problems panel lists exactly what `docsjson check` finds, its one error among
// them, and Check Workspace says the CLI's totals. Screenshots: test-results/real-site/*.png.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { materialiseSite } from '../support/sites';
import { startVSCode, type VSCodeSession } from './harness/browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';
import { checkWorkspaceSaysCliTotals, cliMarkerLines, waitForPanelToMatch } from './harness/problemsPanel';

const SCENARIO_TIMEOUT = loadScaled(180_000);
const SHOTS = join(REPO_ROOT, 'test-results', 'real-site');

describe('a real site in a real VS Code', () => {
  let session: VSCodeSession;
  let site: string;
  let expected: string[];
  const cleanups: Array<() => unknown> = [];

  before(
    async () => {
      await ensureCodeServer();
      for (const file of ['extension.js', 'server.js', 'cli.js']) assert.ok(existsSync(join(REPO_ROOT, 'dist', file)), `dist/${file} is missing: run "node esbuild.mjs" first`);
      site = materialiseSite('paradedb+paradedb');
      expected = cliMarkerLines(site);
      session = await startVSCode({ name: 'real-site', after: (fn) => cleanups.push(fn) }, { extensionDirs: [REPO_ROOT], workspace: site });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('at start-up, with no file open, the Problems panel lists exactly what docsjson check finds, the error among them', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      assert.ok(expected.some((line) => / error link\/missing-page /.test(line)), `the CLI finds the site's broken link: ${JSON.stringify(expected)}`);
      // The panel's list draws only the rows in sight: maximised, every problem of the site is.
      await wb.problems();
      await wb.runCommand('View: Toggle Maximized Panel', { match: (label) => /^View: (Toggle Maximized Panel|Maximize Panel)/.test(label) });
      await waitForPanelToMatch(wb, expected, 120_000);
      t.diagnostic(`${expected.length} problems, as the CLI's`);
      assert.equal(await wb.page.locator('.part.editor .tab').count(), 0, 'no editor is open');
      await wb.screenshot(join(SHOTS, 'problems-at-start-up.png'));
    }));

  it('Check Workspace says the totals docsjson check prints', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      t.diagnostic(await checkWorkspaceSaysCliTotals(wb, site, 120_000));
      await wb.screenshot(join(SHOTS, 'check-workspace.png'));
    }));
});
