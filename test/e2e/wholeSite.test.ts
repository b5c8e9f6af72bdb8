// The whole site in a real VS Code (code-server + headless Chromium), with the built extension, on
// a copy of the example site under git: every page's problems in the Problems panel before any
// file is opened, the same as `docsjson check`; Check Workspace's totals as the CLI's; the Site
// navigation view marks the pages the site drops; Restart Language Server shows the server's
// output; a page renamed in the explorer leaves no file unsaved, and git sees every edit.
// Screenshots: test-results/whole-site/*.png.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { startVSCode, waitFor, type VSCodeSession } from './harness/browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';
import { tempFolder } from '../support/tempFolder';
import { checkWorkspaceSaysCliTotals, cliMarkerLines, panelMarkers, waitForPanelToMatch } from './harness/problemsPanel';

const SCENARIO_TIMEOUT = loadScaled(120_000);
const EXAMPLE = join(REPO_ROOT, 'examples', 'acme-docs');
const SHOTS = join(REPO_ROOT, 'test-results', 'whole-site');

const clean = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'Writer', GIT_AUTHOR_EMAIL: 'writer@example.com', GIT_COMMITTER_NAME: 'Writer', GIT_COMMITTER_EMAIL: 'writer@example.com' } });
}

describe('the whole site in a real VS Code', () => {
  let session: VSCodeSession;
  let site: string;
  let expected: string[];
  const cleanups: Array<() => unknown> = [];

  before(
    async () => {
      await ensureCodeServer();
      for (const file of ['extension.js', 'server.js', 'cli.js']) assert.ok(existsSync(join(REPO_ROOT, 'dist', file)), `dist/${file} is missing: run "node esbuild.mjs" first`);
      site = join(tempFolder('docsjson-whole-site-e2e-'), 'acme-docs');
      cpSync(EXAMPLE, site, { recursive: true });
      git(site, 'init', '-q');
      git(site, 'add', '.');
      git(site, 'commit', '-q', '-m', 'The site');
      expected = cliMarkerLines(site);
      session = await startVSCode({ name: 'whole-site', after: (fn) => cleanups.push(fn) }, { extensionDirs: [REPO_ROOT], workspace: site });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('at start-up, with no file open, the Problems panel lists every page\'s problems too, exactly as docsjson check', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      assert.ok(expected.some((line) => line.startsWith('quickstart.mdx ')), `the CLI finds a page's problems: ${JSON.stringify(expected)}`);
      await waitForPanelToMatch(wb, expected, 60_000);
      assert.equal(await wb.page.locator('.part.editor .tab').count(), 0, 'no editor is open');
      await wb.screenshot(join(SHOTS, 'problems-at-start-up.png'));
    }));

  it('Check Workspace says the totals docsjson check prints', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      t.diagnostic(await checkWorkspaceSaysCliTotals(wb, site, 60_000));
      await wb.screenshot(join(SHOTS, 'check-workspace.png'));
    }));

  it('the Site navigation view marks the pages the site drops (a tab holding pages beside groups)', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.treeViewItems('Site navigation', { minItems: 3 });
      const pane = wb.page.locator('.pane').filter({ has: wb.page.locator('.pane-header .title', { hasText: /^Site navigation$/i }) }).first();
      const rowOf = (label: string) => pane.locator('.monaco-list-row').filter({ has: wb.page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) }).first();
      await rowOf('API reference').click();
      await wb.page.keyboard.press('ArrowRight');
      const dropped = await waitFor('a row described "dropped by the site"', async () => {
        const rows = await pane.locator('.monaco-list-row').evaluateAll((els) => els.map((el) => `${el.querySelector('.label-name')?.textContent ?? ''} | ${el.querySelector('.label-description')?.textContent ?? ''}`));
        const found = rows.filter((row) => row.endsWith('| dropped by the site'));
        return found.length > 0 ? found : undefined;
      }, 15_000);
      t.diagnostic(JSON.stringify(dropped));
      assert.deepEqual(dropped, ['API overview | dropped by the site']);
      await wb.screenshot(join(SHOTS, 'navigation-dropped-page.png'));
    }));

  it('Restart Language Server shows the server\'s output, which tells of the new start', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.runCommand('docs.json: Restart Language Server');
      const output = await waitFor('the server\'s start in the Output panel', async () => {
        const text = clean((await wb.page.locator('.part.panel .output-view .view-lines').allTextContents()).join(' '));
        return /docs\.json language server started/.test(text) ? text : undefined;
      }, 30_000);
      t.diagnostic(output);
      assert.match(output, /Restarting the docs\.json language server/);
      await wb.screenshot(join(SHOTS, 'restart-output.png'));
    }));

  it('"" typed as a new page entry is not reported while it is typed; saved empty, it is an error', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      // Line 17 is `            "pages": ["introduction", "quickstart", "guides/deploy"]`: a new entry before the "]" (column 68).
      await wb.goTo(17, 68);
      await wb.type(', ""');
      await waitFor('the empty entry in the editor', async () => (await wb.editorText()).includes('"guides/deploy", ""]'), 5000);
      // The pull after the last keystroke has come back once the squiggles of the other problems are drawn again.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const typing = await panelMarkers(wb);
      t.diagnostic(JSON.stringify(typing.filter((m) => m.file === 'docs.json').map((m) => m.code)));
      assert.deepEqual(typing.filter((m) => m.code.includes('ref/empty-page')), [], 'no "must not be empty" while it is typed');
      await wb.screenshot(join(SHOTS, 'empty-entry-typed.png'));
      await wb.save();
      const saved = await waitFor('the empty entry reported once saved', async () => {
        const markers = await panelMarkers(wb);
        return markers.some((m) => m.code.includes('ref/empty-page') && m.severity === 'error') ? markers : undefined;
      }, 30_000);
      t.diagnostic(JSON.stringify(saved.filter((m) => m.code.includes('ref/empty-page'))));
      await wb.screenshot(join(SHOTS, 'empty-entry-saved.png'));
      for (let i = 0; i < ', ""'.length; i++) await wb.page.keyboard.press('Backspace');
      await waitFor('the entry gone', async () => (await wb.editorText()).includes('"guides/deploy"]'), 5000);
      await wb.save();
      await wb.runCommand('View: Close Editor');
    }));

  it('a page renamed in the explorer: docs.json and the links to it are saved with the redirect, no tab is left unsaved, git sees every edit', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('quickstart.mdx');
      await wb.openFile('docs.json');
      const renamed = wb.renameInExplorer('introduction.mdx', 'about.mdx');
      renamed.catch(() => undefined); // awaited below; never an unhandled rejection
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^OK$/ }).click();
      await renamed;
      await wb.waitForNotification(/Add a redirect/, 30_000);
      await wb.clickNotificationButton(/^Add Redirect$/);
      const status = await waitFor('every edit on disk', async () => {
        const now = git(site, 'status', '--porcelain', '--untracked-files=all');
        return now.includes(' M docs.json') && now.includes(' M quickstart.mdx') && readFileSync(join(site, 'docs.json'), 'utf8').includes('"destination": "/about"') ? now : undefined;
      }, 30_000);
      t.diagnostic(status);
      assert.deepEqual(status.trim().split('\n').map((line) => line.trim()).sort(), ['?? about.mdx', 'D introduction.mdx', 'M docs.json', 'M quickstart.mdx']);
      assert.match(readFileSync(join(site, 'quickstart.mdx'), 'utf8'), /\(\/about#what-acme-dos\)/);
      assert.match(readFileSync(join(site, 'docs.json'), 'utf8'), /"about"/);
      await wb.waitForAllSaved();
      await wb.screenshot(join(SHOTS, 'after-rename.png'));
    }));
});
