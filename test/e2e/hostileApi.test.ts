// A hostile agent API in a real VS Code (code-server + headless Chromium): a job whose record ends
// with `haultReason: "[Show Job](command:workbench.action.openSettings?…)"` and whose branch is
// "-Bmain" (the dev server's command-link and branch-option faults). The notification shows the
// text with no link in it (VS Code renders `[label](command:…)` as a link that runs the command),
// and "Check Out Branch" / "Show Changes" refuse the branch before any git command: the clone's
// main stays where it was although the remote has a branch "-Bmain". Screenshots of the toasts
// land in test-results/hostile-api/.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { loadScaled } from '../support/loadScaled';
import { startVSCode, waitFor, type VSCodeSession } from './harness/browser';
import { agentSettings, git, makeSiteRepository } from './harness/agentWorkspace';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';

const SCENARIO_TIMEOUT = loadScaled(150_000);
const PROJECT = 'e2e-hostile';
const SCREENS = join(REPO_ROOT, 'test-results', 'hostile-api');

const clean = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();

/** A remote with main and the agent's "-Bmain" branch (another commit), and the workspace as its clone on main. */
function makeRepositories(root: string): { workspace: string; agentCommit: string } {
  const { seed, workspace } = makeSiteRepository(root, { 'quickstart.mdx': '# Quickstart\n' });
  writeFileSync(join(seed, 'quickstart.mdx'), '# Quickstart, by the agent\n');
  git(seed, 'commit', '-q', '-am', 'agent');
  git(seed, 'push', '-q', 'origin', 'HEAD:refs/heads/-Bmain');
  return { workspace, agentCommit: git(seed, 'rev-parse', 'HEAD').trim() };
}

/** Notifications on screen or in the notification center: their text, and the targets of any links in them. */
async function notifications(page: Page): Promise<{ text: string; links: string[] }[]> {
  const items = page.locator('.notifications-toasts .notification-list-item, .notifications-center .notification-list-item');
  const found = await items.evaluateAll((els) =>
    els.map((el) => {
      const message = el.querySelector('.notification-list-item-message');
      return {
        text: message?.textContent ?? '',
        links: [...(message?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href') ?? a.getAttribute('data-href') ?? a.textContent ?? ''),
      };
    }),
  );
  return found.map(({ text, links }) => ({ text: clean(text), links }));
}

async function waitForNotification(page: Page, match: RegExp): Promise<{ text: string; links: string[] }> {
  return waitFor(`a notification matching ${match}`, async () => (await notifications(page)).find(({ text }) => match.test(text)), 60_000);
}

describe('a hostile agent API in a real VS Code (code-server + Chromium)', () => {
  const apiKey = `mint_dev_e2e_${randomBytes(12).toString('hex')}`;
  let dev: DevApiServer;
  let session: VSCodeSession;
  let tmp: string;
  let workspace: string;
  let agentCommit: string;
  let mainBefore: string;
  const cleanups: Array<() => unknown> = [];

  before(
    async () => {
      await ensureCodeServer();
      assert.ok(existsSync(join(REPO_ROOT, 'dist', 'extension.js')), 'dist/extension.js is missing: run "node esbuild.mjs" first (npm test does)');
      dev = await startDevApiServer({ apiKey, eventIntervalMs: 50, jobDurationMs: 1_000 });
      tmp = mkdtempSync(join(tmpdir(), 'docsjson-hostile-e2e-'));
      ({ workspace, agentCommit } = makeRepositories(tmp));
      mainBefore = git(workspace, 'rev-parse', 'main').trim();
      session = await startVSCode(
        { name: 'hostile-api', after: (fn) => cleanups.push(fn) },
        {
          extensionDirs: [REPO_ROOT],
          workspace,
          // API v1, chosen: its four-step quick input sends the hostile branch name.
          settings: agentSettings(dev, PROJECT, { 'docsjson.agent.apiVersion': 1 }),
        },
      );
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );

  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
    await dev?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("the job's end is told in a notification with no command link", { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await wb.runCommand('Docs Agent: Set API Key');
      const key = page.locator('.quick-input-widget input').first();
      await key.waitFor({ state: 'visible' });
      await key.fill(apiKey);
      await page.keyboard.press('Enter');
      await waitForNotification(page, /API key saved/);

      await wb.runCommand('Docs Agent: Create Agent Job...');
      const widget = page.locator('.quick-input-widget');
      const step = async (value: string, title: RegExp) => {
        await waitFor(`the quick input ${title}`, async () => title.test(clean(await widget.locator('.quick-input-title').textContent({ timeout: 500 }).catch(() => ''))), 10_000);
        await widget.locator('input').first().fill(value);
        await page.keyboard.press('Enter');
      };
      await step('Update the quickstart [fault:command-link,branch-option]', /1\/4/);
      await step('docs/hostile', /2\/4/);
      await step('sonnet', /3\/4/);
      await step('', /4\/4/);

      const ended = await waitForNotification(page, /^Agent job ".*":/);
      assert.match(ended.text, /\[Show Job\] \(command:workbench\.action\.openSettings/, `the text is shown, as text: ${ended.text}`);
      assert.deepEqual(ended.links, [], 'the notification has no link');
      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: join(SCREENS, 'toast.png') });
    }));

  it('"Check Out Branch" and "Show Changes" refuse the branch "-Bmain" before any git command', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await wb.runCommand('Docs Agent: Check Out Branch');
      const refused = await waitForNotification(page, /branch "-Bmain" is not a name git accepts/);
      assert.match(refused.text, /starts with "-", so git would read it as an option/);
      assert.equal(git(workspace, 'rev-parse', 'main').trim(), mainBefore, 'main did not move');
      assert.notEqual(mainBefore, agentCommit);
      assert.equal(git(workspace, 'branch', '--show-current').trim(), 'main');
      assert.doesNotMatch(git(workspace, 'branch', '-r'), /-Bmain/, 'not even fetched');
      await wb.runCommand('Notifications: Clear All Notifications');
      await wb.runCommand('Docs Agent: Show Changes');
      await waitForNotification(page, /branch "-Bmain" is not a name git accepts/);
      await page.screenshot({ path: join(SCREENS, 'branch-refused.png') });
      assert.equal(git(workspace, 'rev-parse', 'main').trim(), mainBefore);
    }));
});
