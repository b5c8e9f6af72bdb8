// The "Site navigation" view in a real VS Code (code-server + headless Chromium), with the built
// extension, on a copy of test/fixtures/sites/e2e-site: the site as readers see it (groups,
// pages titled from their frontmatter), problem badges, a click that opens the page, "Reveal in
// docs.json", and a page dragged onto another group, written back to docs.json.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { loadScaled } from '../support/loadScaled';
import { startVSCode, waitFor, type VSCodeSession, type Workbench } from './harness/browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';
import { tempFolder } from '../support/tempFolder';

const SCENARIO_TIMEOUT = loadScaled(120_000);
const VIEW = 'Site navigation';
const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'sites', 'e2e-site');

/** The view's pane. */
const pane = (wb: Workbench) => wb.page.locator('.pane').filter({ has: wb.page.locator('.pane-header .title', { hasText: /^Site navigation$/i }) }).first();

/** The view's row whose label is `label`. */
const row = (wb: Workbench, label: string): Locator =>
  pane(wb).locator('.monaco-list-row').filter({ has: wb.page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) }).first();

/** Each row as "label [badge]", in order. */
async function rows(wb: Workbench): Promise<string[]> {
  return pane(wb)
    .locator('.monaco-list-row')
    .evaluateAll((els) =>
      els
        .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
        .map((el) => {
          const label = el.querySelector('.label-name')?.textContent?.trim() ?? '';
          // VS Code draws a decoration's badge as the label's ::after content ("\"2\"").
          const after = getComputedStyle(el.querySelector('.monaco-icon-label') ?? el, '::after').content;
          const badge = /^"(.+)"$/.exec(after)?.[1];
          return badge ? `${label} [${badge}]` : label;
        }),
    );
}

describe('the Site navigation view in a real VS Code', () => {
  let session: VSCodeSession;
  let site: string;
  const cleanups: Array<() => unknown> = [];
  const docsJson = () => readFileSync(join(site, 'docs.json'), 'utf8');
  const original = readFileSync(join(FIXTURE, 'docs.json'), 'utf8');

  before(
    async () => {
      await ensureCodeServer();
      site = join(tempFolder('docsjson-navigation-e2e-'), 'e2e-site');
      cpSync(FIXTURE, site, { recursive: true });
      session = await startVSCode({ name: 'site-navigation', after: (fn) => cleanups.push(fn) }, { extensionDirs: [REPO_ROOT], workspace: site });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('shows the groups and their pages by title, with a badge counting each group\'s problems', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.treeViewItems(VIEW, { minItems: 6 });
      const shown = await waitFor('the badges of the problems', async () => {
        const now = await rows(wb);
        return now.includes('Get started [2]') ? now : undefined;
      }, 60_000);
      t.diagnostic(JSON.stringify(shown));
      assert.deepEqual(shown, ['Get started [2]', 'Introduction', 'Setup', 'guides/missing [1]', 'Reference', 'Settings']);
      // The folders' pane folded, the view takes the side bar's height.
      const folders = wb.page.locator('.pane-header', { hasText: /^e2e-site$/i }).first();
      if ((await folders.getAttribute('aria-expanded')) === 'true') await folders.click();
    }));

  it('a click on a page opens it; "Reveal in docs.json" selects its entry', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      // The test's settings open list items on a double click (a single click selects).
      await row(wb, 'Setup').dblclick();
      await waitFor('guides/setup.mdx in the active tab', async () => (await wb.page.locator('.part.editor .tab.active').getAttribute('data-resource-name')) === 'setup.mdx', 10_000);
      await row(wb, 'Setup').hover();
      await row(wb, 'Setup').locator('.action-label[aria-label="Reveal in docs.json"]').click();
      await waitFor('docs.json in the active tab', async () => (await wb.page.locator('.part.editor .tab.active').getAttribute('data-resource-name')) === 'docs.json', 10_000);
      const selected = await waitFor('the entry selected', async () => {
        const text = clean(await wb.page.locator('.statusbar-item[id="status.editor.selection"]').textContent().catch(() => ''));
        return /Ln 12, Col 49 \(14 selected\)/.test(text) ? text : undefined;
      }, 10_000);
      t.diagnostic(selected);
      await wb.showcase('navigation', wb.page.locator('.part.sidebar'), wb.page.locator('.part.editor'));
    }));

  it('a group\'s badge counts its pages\' problems too; opening a group expands or folds it rather than selecting its JSON', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.runCommand('View: Close All Editors');
      const page = join(site, 'reference', 'settings.mdx');
      const before = readFileSync(page, 'utf8');
      writeFileSync(page, `${before}\nSee [a page that is not there](/guides/nowhere).\n`);
      try {
        const shown = await waitFor('the page\'s broken link in its badge and its group\'s', async () => {
          const now = await rows(wb);
          return now.includes('Reference [1]') && now.includes('Settings [1]') ? now : undefined;
        }, 60_000);
        t.diagnostic(JSON.stringify(shown));
        assert.ok(shown.includes('Get started [2]'), 'docs.json\'s own problems still count where they are');
      } finally {
        writeFileSync(page, before);
      }
      await waitFor('the badges gone with the link', async () => ((await rows(wb)).includes('Reference') ? true : undefined), 60_000);
      // A click on a group folds it (a tree item without a command), and opens nothing.
      await row(wb, 'Get started').click();
      await waitFor('the group folded', async () => (!(await rows(wb)).includes('Introduction') ? true : undefined), 10_000);
      assert.equal(await wb.page.locator('.part.editor .tab.active').count(), 0, 'no docs.json opened to select the group');
      await row(wb, 'Get started').click();
      await waitFor('the group unfolded', async () => ((await rows(wb)).includes('Introduction') ? true : undefined), 10_000);
    }));

  it('a page dragged onto another group moves there in docs.json', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.runCommand('View: Close All Editors');
      await row(wb, 'Setup').dragTo(row(wb, 'Reference'));
      const moved = original.replace('"introduction", "guides/setup", ', '"introduction", ').replace('["reference/settings"]', '["reference/settings", "guides/setup"]');
      await waitFor('the move written to docs.json', () => docsJson() === moved, 15_000).catch(() => {
        throw new Error(`docs.json is now:\n${docsJson()}`);
      });
      const shown = await waitFor('the view after the move', async () => {
        const now = await rows(wb);
        return now.join() === ['Get started [2]', 'Introduction', 'guides/missing [1]', 'Reference', 'Settings', 'Setup'].join() ? now : undefined;
      }, 15_000);
      t.diagnostic(JSON.stringify(shown));
    }));

  it('a group dragged onto a page nests before it, keeping its text', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const before = docsJson();
      await row(wb, 'Reference').dragTo(row(wb, 'Introduction'));
      await waitFor('the group moved in docs.json', () => docsJson() !== before, 15_000);
      const after = docsJson();
      t.diagnostic(after);
      assert.deepEqual(JSON.parse(after).navigation.groups, [
        {
          group: 'Get started',
          icon: 'fa-rocket',
          pages: [{ group: 'Reference', icon: 'book', pages: ['reference/settings', 'guides/setup'] }, 'introduction', 'guides/missing'],
        },
      ]);
      // Only the lists changed: the lines before the navigation are as they were.
      assert.equal(after.slice(0, after.indexOf('"groups"')), before.slice(0, before.indexOf('"groups"')));
      await waitFor('the view after the move', async () => {
        const now = await rows(wb);
        return now[0] === 'Get started [2]' && now[1] === 'Reference' ? now : undefined;
      }, 15_000);
    }));
});

describe('the Site navigation view with two sites in the workspace', () => {
  let session: VSCodeSession;
  const cleanups: Array<() => unknown> = [];

  before(
    async () => {
      await ensureCodeServer();
      const workspace = tempFolder('docsjson-navigation-sites-e2e-');
      for (const name of ['product', 'engineering']) cpSync(FIXTURE, join(workspace, name), { recursive: true });
      session = await startVSCode({ name: 'site-navigation-two-sites', after: (fn) => cleanups.push(fn) }, { extensionDirs: [REPO_ROOT], workspace });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('shows each docs.json as a site, with its own navigation under it', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.treeViewItems(VIEW, { minItems: 2 });
      const folders = wb.page.locator('.pane-header', { hasText: /^docsjson-navigation-sites-e2e-/i }).first();
      if ((await folders.getAttribute('aria-expanded')) === 'true') await folders.click();
      const site = ['Get started [2]', 'Introduction', 'Setup', 'guides/missing [1]', 'Reference', 'Settings'];
      const shown = await waitFor('both sites and their navigation', async () => {
        const now = await rows(wb);
        return now.join() === ['engineering/docs.json', ...site, 'product/docs.json', ...site].join() ? now : undefined;
      }, 60_000).catch(async (error: Error) => {
        throw new Error(`${error.message}; the view shows ${JSON.stringify(await rows(wb))}`);
      });
      t.diagnostic(JSON.stringify(shown));
    }));
});

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
}
