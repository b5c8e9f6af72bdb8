// A real site the project was not written against (paradedb's docs, 277 pages, from the shared
// sites) in a real VS Code (code-server + headless Chromium) with the built extension: with no
// file open, the Problems panel lists exactly what `docsjson check` finds, its one error among
// them, and Check Workspace says the CLI's totals. Screenshots: test-results/real-site/*.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { materialiseSite } from '../support/sites';
import { REPO_ROOT } from './harness/codeServer';
import { vscodeOnSiteCopy } from './harness/fixtureSession';
import { checkWorkspaceSaysCliTotals, cliMarkerLines, waitForPanelToMatch } from './harness/problemsPanel';

const SCENARIO_TIMEOUT = loadScaled(180_000);
const SHOTS = join(REPO_ROOT, 'test-results', 'real-site');

describe('a real site in a real VS Code', () => {
  const vscode = vscodeOnSiteCopy('real-site', materialiseSite('paradedb+paradedb'));
  let expected: string[];
  before(() => {
    expected = cliMarkerLines(vscode.site);
  });

  it('at start-up, with no file open, the Problems panel lists exactly what docsjson check finds, the error among them', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
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
    vscode.session.step(t.name, async (wb) => {
      t.diagnostic(await checkWorkspaceSaysCliTotals(wb, vscode.site, 120_000));
      await wb.screenshot(join(SHOTS, 'check-workspace.png'));
    }));
});
