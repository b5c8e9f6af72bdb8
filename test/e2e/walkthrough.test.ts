// The Getting Started walkthrough in a real VS Code (code-server + headless Chromium), with the
// built extension, on a copy of test/fixtures/sites/e2e-site: opened from the palette, each step
// with its title and its picture, its buttons running the extension's commands, and steps ticked
// as the writer does what they say. The pictures are taken here (DOCSJSON_E2E_SCREENSHOTS).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { loadScaled } from '../support/loadScaled';
import { waitFor, type Workbench } from './harness/browser';
import { REPO_ROOT } from './harness/codeServer';
import { vscodeOnFixtureCopy } from './harness/fixtureSession';

const SCENARIO_TIMEOUT = loadScaled(120_000);
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const walkthrough = manifest.contributes.walkthroughs[0];
const steps: Array<{ id: string; title: string; media: { image: string } }> = walkthrough.steps;
const SHOTS = join(REPO_ROOT, 'test-results', 'walkthrough');

/** A step's button (title, description, picture) on the walkthrough's page. */
const stepButton = (wb: Workbench, id: string): Locator => wb.page.locator(`button.getting-started-step[data-step-id$="#${id}"]`).first();

/** Opens the walkthrough as a writer would: the palette's "Welcome: Open Walkthrough...", then its title. */
async function openWalkthrough(wb: Workbench): Promise<void> {
  await wb.runCommand('Welcome: Open Walkthrough...');
  const row = wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: walkthrough.title }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  await wb.page.locator('.gettingStartedSlideDetails .getting-started-category .category-title', { hasText: walkthrough.title }).first().waitFor({ state: 'visible' });
}

/** Expands a step and waits for its picture to be shown, loaded: the file name of the image shown. */
async function showStep(wb: Workbench, id: string): Promise<string> {
  const step = stepButton(wb, id);
  await step.locator('.step-title').click();
  return waitFor(`the picture of step ${id}`, async () => {
    if ((await step.getAttribute('aria-expanded')) !== 'true') return undefined;
    const image = wb.page.locator('.getting-started-media img').first();
    // The image as loaded (VS Code gives it by srcset), once it has loaded.
    const src = await image.evaluate((img) => ((img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0 ? (img as HTMLImageElement).currentSrc : '')).catch(() => '');
    if (!src) return undefined;
    const url = new URL(src);
    return (url.searchParams.get('path') ?? decodeURIComponent(url.pathname)).split('/').slice(-3).join('/');
  }, 15_000);
}

const done = async (wb: Workbench, id: string) => (await stepButton(wb, id).getAttribute('aria-checked').catch(() => null)) === 'true';

/** Waits for the site's first check: its problems counted in the status bar (the Problems panel left closed). */
async function siteChecked(wb: Workbench): Promise<void> {
  const problems = wb.page.locator('.statusbar-item[id="status.problems"]').first();
  await waitFor('the site checked (its problems counted in the status bar)', async () => /[1-9]/.test((await problems.getAttribute('aria-label').catch(() => null)) ?? ''), 60_000);
}

describe('the Getting Started walkthrough in a real VS Code (code-server + Chromium)', () => {
  // A project id, as a writer sets it; no API key: the agent's view asks for it.
  const vscode = vscodeOnFixtureCopy('walkthrough', 'e2e-site', (site) => {
    mkdirSync(join(site, '.vscode'));
    writeFileSync(join(site, '.vscode', 'settings.json'), JSON.stringify({ 'docsjson.agent.projectId': 'my-docs' }));
  });

  it('opens from the palette with each step titled and pictured; the site checked before it opened, its first step is done', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await siteChecked(wb);
      await openWalkthrough(wb);
      // Done by the check if VS Code registered the walkthrough first, else as it is shown.
      await waitFor('the first step ticked (the site is checked)', () => done(wb, 'siteOpen'), 60_000);
      const shownSteps = steps.filter((step) => step.id !== 'openSite');
      const titles = await wb.page.locator('button.getting-started-step .step-title').allTextContents();
      assert.deepEqual(titles.map((title) => title.trim()), shownSteps.map((step) => step.title));
      assert.equal(await stepButton(wb, 'openSite').count(), 0, 'the step that asks to open a site is not shown');
      for (const step of shownSteps) {
        const shown = await showStep(wb, step.id);
        assert.equal(shown, step.media.image.split('/').slice(-3).join('/'), `the picture of ${step.id}`);
        await wb.screenshot(join(SHOTS, `${step.id}.png`));
      }
      assert.equal(await done(wb, 'seeProblems'), false, 'Check Workspace was not run yet');
      assert.equal(await done(wb, 'agentJob'), false, 'no agent job yet');
    }));

  it('"Check Workspace" in "See the problems" checks the site, shows the Problems panel and ticks the step', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await showStep(wb, 'seeProblems');
      const checked = wb.page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'docs.json: checked' }).first();
      await wb.clickUntil(stepButton(wb, 'seeProblems').getByRole('button', { name: 'Check Workspace' }), 'the workspace checked from the step\'s button', () => checked.isVisible(), 30_000);
      const note = await wb.waitForNotification('docs.json: checked', 30_000);
      assert.match(note, /^docs\.json: checked 1 site: 2 errors, 1 warning$/);
      const problems = await wb.waitForProblems((ms) => ms.some((m) => m.text.includes('ref/missing-page')), 30_000);
      t.diagnostic(JSON.stringify(problems));
      await waitFor('the step ticked', () => done(wb, 'seeProblems'), 15_000);
      await wb.screenshot(join(SHOTS, 'check-workspace-clicked.png'));
    }));

  it('"Compose Agent Job" in "Create an agent job" opens the panel to compose a job for the project', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await showStep(wb, 'agentJob');
      assert.equal(await done(wb, 'agentJob'), false, 'no job yet');
      const composeTab = wb.page.locator('.tabs-container .tab', { hasText: 'New Agent Job' }).first();
      await wb.clickUntil(stepButton(wb, 'agentJob').getByRole('button', { name: 'Compose Agent Job' }), 'the compose panel opened from the step\'s button', () => composeTab.isVisible(), 30_000);
      const panel = await wb.webviewFrameWithText('New agent job', 30_000);
      assert.match(await panel.evaluate(() => document.body.innerText), /Project my-docs/);
      await wb.screenshot(join(SHOTS, 'compose-clicked.png'));
    }));

  it('the pictures are the extension at work; a quick fix asked for ticks "Try a quick fix", whose button opens quick open on docs.json', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      // A small window: the pictures are shown about 450 pixels wide beside the steps.
      const viewport = wb.page.viewportSize();
      await wb.page.setViewportSize({ width: 820, height: 520 });
      await wb.runCommand('View: Close All Editors');
      await wb.openFile('docs.json');
      await wb.waitForProblems((ms) => ms.length >= 3, 30_000);
      await wb.runCommand('View: Close Primary Side Bar');
      await wb.showcase('walkthrough/problems', wb.page.locator('.part.panel'));
      await wb.runCommand('View: Hide Panel');
      await wb.runCommand('View: Show Explorer');
      // The folder's tree folded: the Site navigation view has the height.
      const folder = wb.page.locator('.part.sidebar .pane-header', { hasText: /^e2e-site/i }).first();
      if ((await folder.getAttribute('aria-expanded')) === 'true') await folder.click();
      await wb.treeViewItems('Site navigation', { minItems: 6 });
      await wb.showcase('walkthrough/site', wb.page.locator('.part.sidebar'), wb.page.locator('.part.editor'));
      // Without the side bar, line 12 fits the editor. Inside "guides/missing" on it.
      await wb.runCommand('View: Close Primary Side Bar');
      assert.deepEqual(await wb.quickFix({ line: 12, column: 55 }), ['Create guides/missing.mdx', 'Ask the Agent to Fix…']);
      const line = (text: string) => wb.activeEditor().locator('.view-line', { hasText: text }).first();
      await wb.showcase('walkthrough/quick-fix', line('"Get started"'), line('"Reference"'), wb.page.locator('.action-widget').first());
      await wb.page.keyboard.press('Escape');
      await wb.runCommand('Docs Agent: Compose Agent Job in Panel');
      await wb.webviewFrameWithText('New agent job', 30_000);
      await wb.runCommand('Docs Agent: Focus on Agent Jobs View');
      await wb.page.getByText('Agent jobs need the admin API key').first().waitFor({ state: 'visible' });
      await wb.showcase('walkthrough/agent-job', wb.page.locator('.part.sidebar'), wb.page.locator('.part.editor'));
      if (viewport) await wb.page.setViewportSize(viewport);
      await openWalkthrough(wb);
      await waitFor('the quick fix step ticked', () => done(wb, 'quickFix'), 15_000);
      // Its button opens quick open on "docs.json".
      await showStep(wb, 'quickFix');
      const input = wb.page.locator('.quick-input-widget input').first();
      const quickOpen = async () => (await input.isVisible()) && (await input.inputValue()) === 'docs.json';
      await wb.clickUntil(stepButton(wb, 'quickFix').getByRole('button', { name: 'Open docs.json' }), 'quick open on "docs.json" from the step\'s button', quickOpen, 15_000);
      await wb.page.keyboard.press('Escape');
    }));
});

describe('the walkthrough shown before any site is open, then a docs.json created (a real VS Code)', () => {
  const vscode = vscodeOnFixtureCopy('walkthrough-new-site', 'e2e-site', (site) => renameSync(join(site, 'docs.json'), join(site, 'docs.json.new')));

  it('"Open a documentation site" stays undone while shown with no site, and is done once the docs.json written is checked', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await openWalkthrough(wb);
      await showStep(wb, 'openSite');
      assert.equal(await stepButton(wb, 'siteOpen').count(), 0, 'only the step that asks to open a site is shown');
      assert.equal(await done(wb, 'openSite'), false, 'shown, with no site: not done');
      await stepButton(wb, 'openSite').getByRole('button', { name: 'Open Folder' }).waitFor({ state: 'visible' });
      copyFileSync(join(vscode.site, 'docs.json.new'), join(vscode.site, 'docs.json'));
      await waitFor('the first step ticked (the new site is checked)', () => done(wb, 'siteOpen'), 60_000);
      assert.equal(await stepButton(wb, 'openSite').count(), 0, 'the step that asks to open a site gave way to the done one');
      await wb.screenshot(join(SHOTS, 'site-created.png'));
    }));
});
