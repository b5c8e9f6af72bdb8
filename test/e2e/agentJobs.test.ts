// Agent jobs end to end in a real VS Code (code-server + headless Chromium), against the local
// agent API server started in this process, in a workspace cloned from a local bare repository
// (the job's "remote"): a wrong key is said plainly with Set API Key, the right one is accepted;
// create a job from the panel and watch it (text streaming in, todos moving in the sidebar, the
// pull request link, the completion notification, hostile HTML shown as text); create a slow job
// with the quick input (Back keeps what was typed) and reload the window mid-job (the job is
// still listed, the panel says the output up to the reload is kept, the job finishes); the two
// jobs have their own titles; "Show Changes" opens the branch's diff and "Check Out Branch"
// refuses while there are uncommitted changes; the key is in no log. Screenshots of the panel and
// the sidebar land in test-results/agent-screens/; those of a failed step in test-results/<step name>/.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { loadScaled } from '../support/loadScaled';
import { startVSCode, waitFor, type VSCodeSession, type Workbench } from './harness/browser';
import { agentSettings, git, makeSiteRepository, writeFiles } from './harness/agentWorkspace';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';

const SCENARIO_TIMEOUT = loadScaled(150_000);
const SCREENS = join(REPO_ROOT, 'test-results', 'agent-screens');
const PROJECT = 'e2e-project';
const VIEW = '[id="workbench.view.extension.docsjsonAgent"]';

const clean = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The rows of the Agent Jobs view: label + description, as screen readers get them. */
async function jobRows(page: Page): Promise<string[]> {
  const rows = page.locator(`${VIEW} .monaco-list-row`);
  return (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent ?? ''))).map(clean);
}

/** Job rows only (not their todos or pull request), newest first: "title status · when". */
const JOB_ROW = / (Starting|Checking|Running|Connection lost, retrying|Completed|Failed|Repository misconfigured|Interrupted|Ended|No progress|Could not follow|Forgotten by the platform|Not watched|Not followed \(no API key\?\)) · (just now|\d+ min ago|\d+ h ago)/;
async function jobOnlyRows(page: Page): Promise<string[]> {
  return (await jobRows(page)).filter((row) => JOB_ROW.test(row));
}

async function showJobsView(wb: Workbench): Promise<void> {
  await wb.runCommand('Focus on Agent Jobs View');
  await wb.page.locator(VIEW).waitFor({ state: 'visible', timeout: 10_000 });
}

async function viewText(page: Page): Promise<string> {
  return clean(await page.locator(VIEW).innerText({ timeout: 2_000 }).catch(() => ''));
}

async function statusBarText(page: Page): Promise<string> {
  return clean((await page.locator('.part.statusbar .statusbar-item').allTextContents()).join(' | '));
}

/** Notifications on screen (toasts, and the notification center when open) whose text matches, with their buttons. */
async function toasts(page: Page, match: RegExp): Promise<{ text: string; buttons: string[] }[]> {
  const items = page.locator('.notifications-toasts .notification-list-item, .notifications-center .notification-list-item');
  const found = await items.evaluateAll((els) =>
    els.filter((el) => el.getClientRects().length > 0).map((el) => ({
      text: el.querySelector('.notification-list-item-message')?.textContent ?? '',
      buttons: [...el.querySelectorAll('.monaco-button')].map((button) => button.textContent ?? ''),
    })),
  );
  return found.map(({ text, buttons }) => ({ text: clean(text), buttons: buttons.map(clean) })).filter(({ text }) => match.test(text));
}

/** The agent job panel's frame showing `selector` (and `text`, when given). */
function panelFrame(wb: Workbench, selector: string, text?: string, timeoutMs = 20_000): Promise<Frame> {
  return wb.webviewFrame(async (frame) => {
    if ((await frame.locator(selector).count()) === 0) return false;
    return text === undefined || ((await frame.evaluate(() => document.body.innerText)) as string).includes(text);
  }, timeoutMs);
}

async function typeInQuickInput(page: Page, value: string, expectTitle: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await waitFor(`the quick input "${expectTitle}"`, async () => expectTitle.test(clean(await widget.locator('.quick-input-title').textContent({ timeout: 500 }).catch(() => ''))), 10_000);
  await widget.locator('input').first().fill(value);
  await page.keyboard.press('Enter');
}

/**
 * The notification matching `match`: a toast, or (a toast hides after a while, e.g. while the
 * window was busy reloading) the entry in the notification center. Unless the caller expects a
 * notification without buttons, one whose buttons are not drawn is looked at again (under load
 * a look once found the completion's message with no buttons beside it).
 */
async function jobNotification(wb: Workbench, match: RegExp, toastWaitMs = 8_000, withButtons = true): Promise<{ text: string; buttons: string[] }> {
  const look = async () => (await toasts(wb.page, match)).find(({ buttons }) => buttons.length > 0 === withButtons);
  const toast = await waitFor('a toast', look, toastWaitMs).catch(() => undefined);
  if (toast) return toast;
  await wb.runCommand('Notifications: Show Notifications');
  try {
    return await waitFor(`a notification matching ${match} ${withButtons ? 'with' : 'without'} buttons in the notification center`, look, 5_000);
  } finally {
    await wb.page.keyboard.press('Escape');
  }
}

/** The modal dialog on screen: its message and buttons (undefined when none is open). */
async function dialog(page: Page): Promise<{ text: string; buttons: string[] } | undefined> {
  const box = page.locator('.monaco-dialog-box');
  if (!(await box.isVisible().catch(() => false))) return undefined;
  return {
    text: clean(await box.locator('.dialog-message-text').textContent({ timeout: 1_000 }).catch(() => '')),
    buttons: (await box.locator('.dialog-buttons .monaco-button').allTextContents()).map(clean),
  };
}

/** Waits for a modal dialog whose message matches, and answers it with `button`. */
async function answerDialog(page: Page, match: RegExp, button: string): Promise<{ text: string; buttons: string[] }> {
  const shown = await waitFor(`a dialog matching ${match}`, async () => {
    const open = await dialog(page);
    return open && match.test(open.text) ? open : undefined;
  }, 15_000);
  await page.locator('.monaco-dialog-box .dialog-buttons .monaco-button', { hasText: button }).first().click();
  await waitFor('the dialog to close', async () => (await dialog(page)) === undefined, 10_000);
  return shown;
}

/** Widens the sidebar (drags its edge), so job titles and their descriptions show in screenshots. */
async function widenSidebar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box || box.width >= width) return;
  const edge = box.x + box.width + 1;
  await page.mouse.move(edge, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + width, box.y + 200, { steps: 8 });
  await page.mouse.up();
}

/** A screenshot for the README: the top left of the window, `width` x `height`. */
async function screen(page: Page, name: string, width = 1200, height = 640): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, name), clip: { x: 0, y: 0, width, height } });
}

/** Picks `value` in a vscode-elements single select, as a user does: open it, click the option. */
async function choose(frame: Frame, select: string, value: string): Promise<void> {
  const node = frame.locator(select);
  await node.click();
  await node.locator('li[role="option"]', { hasText: value }).first().click();
}

/** The workspace: a clone on main of a remote that also has the agent's branch docs/e2e (another commit). */
function makeRepositories(root: string): string {
  const { seed, workspace } = makeSiteRepository(root, { 'notes.md': '# Notes\n', 'quickstart.mdx': '# Quickstart\n\nInstall it.\n' });
  git(seed, 'checkout', '-q', '-b', 'docs/e2e');
  writeFiles(seed, { 'quickstart.mdx': '# Quickstart\n\nInstall it, then run it.\n', 'faq.mdx': '# FAQ\n' });
  git(seed, 'add', '.');
  git(seed, 'commit', '-q', '-m', 'agent: update the quickstart');
  git(seed, 'push', '-q', 'origin', 'docs/e2e');
  return workspace;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

describe('agent jobs in a real VS Code (code-server + Chromium)', () => {
  const apiKey = `mint_dev_e2e_${randomBytes(12).toString('hex')}`;
  let dev: DevApiServer;
  let session: VSCodeSession;
  let tmp: string;
  let workspace: string;
  const cleanups: Array<() => unknown> = [];
  const posts = () => dev.requests.filter((request) => request.method === 'POST' && request.path === `/v1/agent/${PROJECT}/job`).length;

  before(
    async () => {
      await ensureCodeServer();
      // npm test builds first; rebuilding here could race the other e2e file copying dist/.
      for (const file of ['extension.js', 'webview.js']) {
        assert.ok(existsSync(join(REPO_ROOT, 'dist', file)), `dist/${file} is missing: run "node esbuild.mjs" first (npm test does)`);
      }
      // A trickling job sends an event every 1.5 s (~55 s in all): long enough to reload the window
      // in, even on a busy machine (a reload has taken over a minute here).
      dev = await startDevApiServer({ apiKey, eventIntervalMs: 200, trickleIntervalMs: 1_500, jobDurationMs: 3_000 });
      tmp = mkdtempSync(join(tmpdir(), 'docsjson-agent-e2e-'));
      workspace = makeRepositories(tmp);
      rmSync(SCREENS, { recursive: true, force: true });
      session = await startVSCode(
        { name: 'agent-jobs', after: (fn) => cleanups.push(fn) },
        {
          extensionDirs: [REPO_ROOT],
          workspace,
          // A lost connection is given up after 20 s here (10 min by default). API v1, chosen: its
          // branch, model, draft and live output are what these scenarios drive.
          settings: agentSettings(dev, PROJECT, { 'docsjson.agent.connectionRetryMinutes': 0.34, 'docsjson.agent.apiVersion': 1 }),
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

  it('asks for a key in the sidebar; "Set API Key" checks it: a wrong one is said plainly with Set API Key, the right one is accepted', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await showJobsView(wb);
      // The workspace's docsjson.agent.apiUrl is the local server: the view asks for its key, without the hint to set the URL that is set.
      const welcome = await waitFor('the no-key welcome view', async () => {
        const text = await viewText(wb.page);
        return text.includes('Agent jobs need the API key of the server that docsjson.agent.apiUrl names') ? text : undefined;
      }, 30_000);
      assert.ok(!welcome.includes('npm run dev:api'), welcome);
      const setKey = async (key: string) => {
        await wb.runCommand('Docs Agent: Set API Key');
        const input = wb.page.locator('.quick-input-widget input').first();
        await input.waitFor({ state: 'visible' });
        assert.equal(await input.getAttribute('type'), 'password');
        await input.fill(key);
        await wb.page.keyboard.press('Enter');
      };
      await setKey('mint_wrong_key_for_e2e');
      const rejected = await jobNotification(wb, /^The API key was not accepted\. It was not saved\.$/);
      assert.deepEqual(rejected.buttons, ['Set API Key']);
      const input = wb.page.locator('.quick-input-widget input').first();
      await wb.clickNotificationButton('Set API Key', () => input.isVisible());
      await input.fill(apiKey);
      await wb.page.keyboard.press('Enter');
      assert.equal(await wb.waitForNotification('API key saved'), `Docs Agent: API key saved for ${dev.url}. The API key was accepted.`);
      await waitFor('the no-job welcome view', async () => (await viewText(wb.page)).includes('No agent jobs yet'), 10_000);
    }));

  it('creates a job from the panel and watches it: text streams in, todos move in the sidebar, the pull request and the notification appear', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await showJobsView(wb);
      await widenSidebar(page, 500);
      await wb.runCommand('Docs Agent: Compose Agent Job in Panel');
      const compose = await panelFrame(wb, '#compose');
      // Nothing written yet: the form says so, and the message goes once one is written.
      assert.equal(await compose.locator('.message .remove[disabled]').count(), 1, 'the only message cannot be removed');
      await compose.locator('#create').click();
      await waitFor('the missing-message error', async () => clean(await compose.locator('#messages-error').textContent()) === 'Write what the agent should do.', 5_000);
      // The dev server's hostile mode: script, img onerror, iframe and javascript: links in the agent's text.
      await compose.locator('.message textarea').first().fill('Update the quickstart [fault:html]');
      // The branch is a new one named from the message (the workspace is on main), until edited.
      await waitFor('the branch named from the message', async () => (await compose.locator('#branch input').inputValue()) === 'docs/agent-update-the-quickstart-fault-html', 5_000);
      await compose.locator('#branch input').fill('docs/e2e');
      await waitFor('the error to clear itself', async () => clean(await compose.locator('#messages-error').textContent()) === '', 5_000);
      await compose.locator('#add-message').click();
      assert.equal(await compose.locator('.message .remove[disabled]').count(), 0, 'with two messages, either can be removed');
      await choose(compose, '.message vscode-single-select >> nth=1', 'system');
      await compose.locator('.message textarea').nth(1).fill('Keep the tone friendly.');
      await choose(compose, '#model', 'opus');
      await compose.locator('#draft').click();
      assert.equal(await compose.locator('#draft').evaluate((box) => (box as HTMLInputElement).checked), true, 'the draft box is ticked');
      await screen(page, 'compose.png', 1100, 560);
      await compose.locator('#create').click();

      const watch = await panelFrame(wb, '#transcript');
      // The panel's own record of how its text grew (every DOM change), and the sidebar's rows.
      await watch.evaluate(() => {
        const lengths: number[] = [];
        (window as unknown as { textLengths: number[] }).textLengths = lengths;
        new MutationObserver(() => {
          const length = [...document.querySelectorAll('#transcript .markdown.text')].reduce((sum, el) => sum + (el.textContent ?? '').length, 0);
          if (length !== lengths.at(-1)) lengths.push(length);
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const samples: { rows: string[]; status: string }[] = [];
      const started = Date.now();
      const ended = () => (samples.at(-1)?.rows ?? []).some((row) => / Completed · /.test(row));
      while (!ended() && Date.now() - started < 60_000) {
        samples.push({ rows: await jobRows(page), status: await statusBarText(page) });
        if (!ended()) await sleep(150);
      }
      assert.ok(ended(), `the job did not complete; last sample: ${JSON.stringify(samples.at(-1))}`);
      const done = await jobNotification(wb, /^Agent job ".*": completed\.$/);
      assert.deepEqual(done.buttons, ['Open Pull Request', 'Show Job']);

      // Text streamed in: the panel showed it growing, not all at once.
      const lengths = (await watch.evaluate(() => (window as unknown as { textLengths: number[] }).textLengths)).filter((length) => length > 0);
      assert.ok(lengths.length >= 5 && lengths.every((length, index) => index === 0 || length > lengths[index - 1]), `text lengths seen: ${JSON.stringify(lengths)}`);
      // Todos moved in the sidebar: one in progress while running, all completed at the end.
      const todoRows = (rows: string[]) => rows.filter((row) => / · (high|medium|low)$/.test(row));
      assert.ok(
        samples.some((sample) => todoRows(sample.rows).some((row) => row.includes('in progress'))),
        `no todo was seen in progress: ${JSON.stringify(samples.map((sample) => todoRows(sample.rows)))}`,
      );
      assert.ok(samples.some((sample) => sample.status.includes('1 agent job')), 'the status bar counted the running job');
      // The finished job folds up; opened, it shows its pull request and its todos, all done.
      const jobRow = page.locator(`${VIEW} .monaco-list-row`).filter({ hasText: 'Completed' }).first();
      await waitFor('the finished job folded', async () => (await jobRow.getAttribute('aria-expanded')) === 'false' && todoRows(await jobRows(page)).length === 0, 10_000);
      await jobRow.locator('.monaco-tl-twistie').click();
      const rows = await waitFor('the final rows', async () => {
        const current = await jobRows(page);
        return todoRows(current).length === 3 && todoRows(current).every((row) => row.includes('completed')) && current.some((row) => /Completed/.test(row)) ? current : undefined;
      });
      const prRow = rows.find((row) => row.startsWith('Pull request #'));
      assert.match(prRow ?? '', /^Pull request #\d+, https:\/\/github\.com\/example\/docs\/pull\/\d+$/, JSON.stringify(rows));
      assert.ok(!(await statusBarText(page)).includes('agent job'), 'the status bar item hides when nothing runs');

      // The panel: outcome, pull request button, message to the user, todos with status and priority.
      await waitFor('the panel to show the end', async () => (await watch.locator('#status').getAttribute('data-outcome')) === 'completed', 10_000);
      assert.equal(clean(await watch.locator('#explanation').textContent()), 'The agent finished its work.');
      assert.equal(await watch.locator('#pull-request').isVisible(), true);
      assert.match(clean(await watch.locator('#pull-request-url').textContent()), /^https:\/\/github\.com\/example\/docs\/pull\/\d+$/);
      assert.match(clean(await watch.locator('#message-to-user').textContent()), /^I updated the quickstart page\./);
      assert.deepEqual(await watch.locator('#todos li').evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))), ['completed', 'completed', 'completed']);
      assert.deepEqual((await watch.locator('#todos .priority').allTextContents()).map(clean), ['high', 'high', 'medium']);
      assert.match(clean(await watch.locator('.meta').textContent()), /Branch docs\/e2e · Model opus · Draft · Job sess_/);
      assert.equal(clean(await watch.locator('#title').textContent()), 'Update the quickstart [fault:html]', "the job keeps the user's title");
      assert.match(clean(await watch.locator('.meta').textContent()), /^Platform title: Update docs <script>/, "the platform's title is shown beside it");
      assert.equal(await watch.locator('#todos li svg.codicon-pass-filled').count(), 3, 'todo states are codicons');
      assert.ok((await watch.locator('#transcript p.todos').count()) >= 1, 'the feed says the todo list was updated');
      assert.equal(await watch.locator('#transcript .todo-list').count(), 0, 'the feed does not repeat the list (the Todos section has it)');
      await screen(page, 'panel.png');
      assert.ok((await watch.locator('details.tool').count()) >= 2, 'tool calls are listed, collapsed');
      assert.equal(await watch.locator('details.tool[open]').count(), 0);

      // Hostile HTML from the agent is shown as text: no element made from it, nothing run.
      const dom = await watch.evaluate(() => ({
        // VS Code adds a script of its own to every webview; the agent's text must add none.
        scripts: [...document.querySelectorAll('script')].map((script) => `${script.getAttribute('src') ?? ''} ${script.hasAttribute('nonce') ? 'nonce' : ''} ${(script.textContent ?? '').slice(0, 60)}`),
        // The panel's own SVGs are the todo codicons, inside the todo list.
        inApp: document.querySelectorAll('#app script, #app img, #app iframe, #app object, #app embed, #app svg:not(li.todo > svg.codicon), #app style, #app form').length,
        handlers: [...document.querySelectorAll('#app *')].filter((el) => [...el.attributes].some((attribute) => attribute.name.startsWith('on'))).length,
        links: [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
        text: document.body.innerText,
      }));
      assert.equal(dom.inApp, 0, 'no element made from the agent\'s HTML');
      assert.equal(dom.handlers, 0);
      assert.ok(dom.scripts.some((script) => /webview\.js nonce/.test(script)), JSON.stringify(dom.scripts));
      assert.ok(!dom.scripts.some((script) => /alert|pwned/.test(script)), JSON.stringify(dom.scripts));
      assert.ok(dom.links.length > 0 && dom.links.every((href) => /^https?:\/\//.test(href)), JSON.stringify(dom.links));
      assert.ok(dom.text.includes('<script>alert("pwned")</script>'), 'the script tag is visible as text');
      assert.ok(dom.text.includes('<img src=x onerror="alert(1)">'), 'the img tag is visible as text');
      assert.equal(posts(), 1, 'one POST');
      assert.deepEqual(dev.requests.find((request) => request.method === 'POST')?.body, {
        branch: 'docs/e2e',
        messages: [
          { role: 'user', content: 'Update the quickstart [fault:html]' },
          { role: 'system', content: 'Keep the tone friendly.' },
        ],
        asDraft: true,
        model: 'opus',
      });
    }));

  it('creates a slow job with the quick input; after "Reload Window" mid-job it is still listed and finishes', { timeout: 2 * SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await wb.runCommand('Docs Agent: Create Agent Job...');
      await typeInQuickInput(page, 'Slow docs job [fault:trickle]', /^Create Agent Job.*1\/4/);
      // The branch step offers a new branch named from the message, never the branch checked out (main).
      const widget = page.locator('.quick-input-widget');
      const branchInput = widget.locator('input').first();
      const step = async (n: number) => waitFor(`step ${n}/4`, async () => new RegExp(`${n}/4`).test(clean(await widget.locator('.quick-input-title').textContent())), 10_000);
      await step(2);
      await waitFor('the branch named from the message', async () => (await branchInput.inputValue()) === 'docs/agent-slow-docs-job-fault-trickle', 5_000);
      await screen(page, 'quick-input-branch.png', 1000, 260);
      // Back from the branch step returns to the message, as typed.
      await widget.locator('[aria-label^="Back"]').first().click();
      await waitFor('the message step again, as typed', async () => /1\/4/.test(clean(await widget.locator('.quick-input-title').textContent())) && (await branchInput.inputValue()) === 'Slow docs job [fault:trickle]', 10_000);
      await page.keyboard.press('Enter');
      await step(2);
      // The repository's default branch asks first; No keeps the step open.
      await branchInput.fill('main');
      await page.keyboard.press('Enter');
      const asked = await answerDialog(page, /^The agent will commit to main directly\. Continue\?$/, 'Cancel');
      assert.deepEqual([...asked.buttons].sort(), ['Cancel', 'Continue']);
      await step(2);
      assert.equal(await branchInput.inputValue(), 'main', 'still on the branch step, as typed');
      await typeInQuickInput(page, 'docs/slow', /^Create Agent Job.*2\/4/);
      await typeInQuickInput(page, 'opus', /^Create Agent Job.*3\/4/);
      await typeInQuickInput(page, 'draft', /^Create Agent Job.*4\/4/);
      await panelFrame(wb, '#transcript', 'Slow docs job');
      await showJobsView(wb);
      // Newest first: the slow job is the first job row, named by its message.
      await waitFor('the slow job running in the sidebar', async () => /^Slow docs job \[fault:trickle\] Running · /.test((await jobOnlyRows(page))[0] ?? ''), 10_000);
      await waitFor('the first todo list of the slow job', async () => (await jobRows(page)).some((row) => row.includes('in progress')), 20_000);
      await screen(page, 'sidebar-running.png', 560, 300);
      assert.match(await statusBarText(page), /1 agent job/);
      const postsBefore = posts();

      const reloadStarted = Date.now();
      await wb.reloadWindow();
      const reloadSeconds = (Date.now() - reloadStarted) / 1000;
      await showJobsView(wb);
      // Still listed after the reload (restored from the Memento), and followed again by polling.
      const listed = await waitFor('both jobs in the sidebar after the reload', async () => {
        const rows = await jobOnlyRows(page);
        return rows.length === 2 ? rows : undefined;
      }, 30_000);
      assert.match(listed[0], /^Slow docs job \[fault:trickle\] (Checking|Running|Completed) · /);
      assert.match(listed[1], /^Update the quickstart \[fault:html\] Completed · .* · Update docs <script>/, "the other job: its own title, the platform's as description");
      const stillRunning = / (Checking|Running) · /.test(listed[0]);
      // The panel came back too (panel serializer), on the same job, and says what the reload cut.
      const restored = await panelFrame(wb, '#transcript', 'Branch docs/slow', 30_000);
      const note = clean(await restored.locator('#live-note').textContent({ timeout: 10_000 }));
      assert.match(note, /^The live output up to the window reload is kept below; what the agent did after the reload cannot be replayed\./);
      await screen(page, 'reloaded.png', 1400, 640);
      await waitFor('the slow job completed in the sidebar', async () => {
        const rows = await jobOnlyRows(page);
        return rows.length === 2 && rows.every((row) => / Completed · /.test(row));
      }, 120_000);
      const done = await jobNotification(wb, /^Agent job "(Slow docs job.*|Update docs)": completed\.$/);
      assert.deepEqual(done.buttons, ['Open Pull Request', 'Show Job']);
      await waitFor('the restored panel to show the end', async () => (await restored.locator('#status').getAttribute('data-outcome')) === 'completed', 10_000);
      assert.match(clean(await restored.locator('#pull-request-url').textContent()), /\/pull\/\d+$/);
      assert.match(clean(await restored.locator('#live-note').textContent()), /cannot be replayed\. The outcome above comes from the job's record\.$/);
      await showJobsView(wb);
      await screen(page, 'sidebar-finished.png', 560, 300);
      assert.equal(posts(), postsBefore, 'the job was not sent again');
      assert.deepEqual(dev.requests.filter((request) => request.method === 'POST').at(-1)?.body, {
        branch: 'docs/slow',
        messages: [{ role: 'user', content: 'Slow docs job [fault:trickle]' }],
        asDraft: true,
        model: 'opus',
      });
      const sessionGets = dev.requests.filter((request) => request.method === 'GET' && /\/job\/sess_/.test(request.path));
      assert.ok(sessionGets.length > 0, 'the job was polled after the reload');
      t.diagnostic(`reload took ${reloadSeconds.toFixed(1)} s; the job was ${stillRunning ? 'still running' : 'already done'} when the sidebar came back`);
    }));

  it('"Show Changes" opens the branch against its base in the multi-file diff; "Check Out Branch" waits for uncommitted changes', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await wb.runCommandAndPick('Docs Agent: Show Job', 'Update the quickstart', (row) => row.label.startsWith('Update the quickstart'));
      const panel = await panelFrame(wb, '#show-changes', 'Branch docs/e2e');
      await panel.locator('#show-changes').click();
      const tab = await waitFor('the multi-file diff editor', async () => {
        const titles = (await page.locator('.tabs-container .tab').allTextContents()).map(clean);
        return titles.find((title) => title.includes('origin/docs/e2e ↔ origin/main'));
      }, 30_000);
      assert.match(tab, /^Update the quickstart \[fault:html\]: origin\/docs\/e2e ↔ origin\/main \(2 files\)/);
      const files = await waitFor('both changed files in the diff', async () => {
        const text = clean(await page.locator('.multiDiffEditor').innerText({ timeout: 1_000 }).catch(() => ''));
        return text.includes('quickstart.mdx') && text.includes('faq.mdx') ? text : undefined;
      }, 20_000);
      assert.ok(files.includes('then run it'), `the change itself shows: ${files.slice(0, 300)}`);
      await screen(page, 'changes.png', 1200, 420);

      // The diff took the panel's place; the command palette asks which job.
      const checkOut = () => wb.runCommandAndPick('Docs Agent: Check Out Branch', 'Update the quickstart', (row) => row.label.startsWith('Update the quickstart'));
      writeFileSync(join(workspace, 'notes.md'), '# Notes\n\nA local edit.\n');
      await checkOut();
      const refused = await wb.waitForNotification(/uncommitted changes/, 30_000);
      assert.equal(refused, 'You have uncommitted changes in 1 file. Commit or stash them first, then check out "docs/e2e".');
      assert.equal(git(workspace, 'branch', '--show-current').trim(), 'main');
      git(workspace, 'checkout', '--', 'notes.md');
      await checkOut();
      await wb.waitForNotification('checked out "docs/e2e"', 30_000);
      assert.equal(git(workspace, 'branch', '--show-current').trim(), 'docs/e2e');
    }));

  /** Composes a v1 job with this message in the panel (its branch named from the message) and waits until it runs. */
  async function startJob(wb: Workbench, message: string): Promise<Frame> {
    await wb.runCommand('Docs Agent: Compose Agent Job in Panel');
    const compose = await panelFrame(wb, '#compose');
    await compose.locator('.message textarea').first().fill(message);
    await compose.locator('#create').click();
    const panel = await panelFrame(wb, '#transcript', message);
    await showJobsView(wb);
    const title = message.replace(/[[\]]/g, '\\$&');
    await waitFor(`"${message}" running in the sidebar`, async () => (await jobOnlyRows(wb.page)).some((row) => new RegExp(`^${title} Running · `).test(row)), 30_000);
    return panel;
  }

  it('a lost connection reads "Connection lost, retrying" (sidebar, panel, status bar) with one line counting the tries; the job resumes when the server is back', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      const panel = await startJob(wb, 'Connection test [fault:trickle]');
      await dev.stop();
      try {
        await waitFor('the sidebar to say the connection is lost', async () => (await jobOnlyRows(page)).some((row) => /^Connection test \[fault:trickle\] Connection lost, retrying · /.test(row)), 30_000);
        assert.equal(clean(await panel.locator('#status').textContent()), 'Connection lost, retrying');
        const tries = async () => Number(clean(await panel.locator('#connection').textContent({ timeout: 2_000 })).match(/Retrying \((\d+) tr(?:y|ies) so far\)/)?.[1] ?? 0);
        const first = await waitFor('the feed line counting tries', async () => (await tries()) || undefined, 10_000);
        await waitFor('a later try counted in the same line', async () => (await tries()) > first, 20_000);
        const lines = (await panel.locator('#notices p').allTextContents()).map(clean);
        assert.equal(lines.filter((line) => /Connection lost|Could not reach/.test(line)).length, 1, `one line, updated: ${JSON.stringify(lines)}`);
        assert.match(await statusBarText(page), /1 agent job: connection lost/);
        assert.deepEqual(await toasts(page, /connection|reach/i), [], 'no notification while it retries');
        await screen(page, 'connection-lost.png', 1400, 640);
      } finally {
        await dev.start();
      }
      await waitFor('the connection back in the panel', async () => (await panel.locator('#connection').count()) === 0 && (await panel.locator('#notices').innerText()).includes('The connection is back after'), 30_000);
      await waitFor('the job completed after all', async () => (await panel.locator('#status').getAttribute('data-outcome')) === 'completed', 90_000);
      await jobNotification(wb, /^Agent job "Connection test \[fault:trickle\]": completed\.$/);
    }));

  it('a connection lost for longer than docsjson.agent.connectionRetryMinutes ends with one notification', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await startJob(wb, 'Gives up [fault:trickle]');
      await dev.stop();
      let gaveUp: { text: string; buttons: string[] };
      try {
        gaveUp = await jobNotification(wb, /^Agent job "Gives up \[fault:trickle\]": Lost the connection/, 90_000);
        await sleep(2_000);
        assert.equal((await toasts(page, /Lost the connection/)).length, 1, 'one notification');
      } finally {
        await dev.start();
      }
      assert.match(gaveUp.text, /no answer for \d+ s \(\d+ tries\); stopped following the job, which may still be running\. Refresh to look again\.$/);
      assert.deepEqual(gaveUp.buttons, ['Show Job']);
      await showJobsView(wb);
      assert.ok((await jobOnlyRows(page)).some((row) => /^Gives up \[fault:trickle\] Could not follow · /.test(row)));
    }));

  it('a job the platform forgets mid-run (its server restarted) is "no longer known" at once, said once, kept as forgotten, not blamed on v1; the panel does not say the agent is still working', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const panel = await startJob(wb, 'Forgotten job [fault:trickle]');
      await dev.stop();
      dev.forgetJobs();
      await dev.start();
      const gone = await jobNotification(wb, /^Agent job "Forgotten job \[fault:trickle\]": /, 90_000);
      assert.equal(gone.text, 'Agent job "Forgotten job [fault:trickle]": The platform no longer knows this job: it may have been deleted, or the project id changed.');
      assert.deepEqual(gone.buttons, ['Show Job'], 'no "Use API Version 2"');
      await waitFor('the panel to show the job forgotten', async () => (await panel.locator('#status').getAttribute('data-outcome')) === 'forgotten', 10_000);
      assert.equal(clean(await panel.locator('#status').textContent()), 'Forgotten by the platform');
      assert.equal(clean(await panel.locator('#problem').textContent()), 'The platform no longer knows this job: it may have been deleted, or the project id changed.');
      const app = clean(await panel.locator('#app').innerText());
      assert.equal(app.split('no longer knows this job').length - 1, 1, `said once: ${app}`);
      assert.doesNotMatch(app, /still working|retired|API v1/);
      await showJobsView(wb);
      await waitFor('the sidebar to keep the job as forgotten', async () => (await jobOnlyRows(wb.page)).some((row) => /^Forgotten job \[fault:trickle\] Forgotten by the platform · /.test(row)), 10_000);
      await screen(wb.page, 'job-forgotten.png', 1400, 640);
    }));

  it('a 500 on create says the platform failed, in plain words: the job is not listed and its form comes back', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await showJobsView(wb);
      const before = await jobOnlyRows(page);
      await wb.runCommand('Docs Agent: Compose Agent Job in Panel');
      const compose = await panelFrame(wb, '#compose');
      await compose.locator('.message textarea').first().fill('Fix the broken links [fault:500]');
      // The repository's default branch asks first; Cancel sends nothing and says so on the form.
      await compose.locator('#branch input').fill('main');
      await compose.locator('#create').click();
      await answerDialog(page, /^The agent will commit to main directly\. Continue\?$/, 'Cancel');
      await waitFor('the form to say nothing was sent', async () => /^Not sent: choose a branch for the agent other than main/.test(clean(await compose.locator('#compose-error').textContent())), 10_000);
      await compose.locator('#branch input').fill('docs/agent-fix-the-broken-links');
      await compose.locator('#create').click();
      const failed = await jobNotification(wb, /The platform failed while creating the job/, 30_000, false);
      assert.match(failed.text, /^Agent job "Fix the broken links \[fault:500\]": The platform failed while creating the job\./);
      assert.doesNotMatch(failed.text.replace('"Fix the broken links [fault:500]"', ''), /HTTP|500|POST|\/v1\/|could not follow/i, 'no technical words');
      assert.deepEqual(failed.buttons, [], 'a job never created has nothing to show, and a failure to try again later no button');
      const form = await panelFrame(wb, '#compose', 'The platform failed while creating the job');
      assert.equal(await form.locator('.message textarea').first().inputValue(), 'Fix the broken links [fault:500]', 'the form comes back as it was sent');
      await waitFor('the sidebar without the job', async () => {
        const rows = await jobOnlyRows(page);
        return rows.length === before.length && !rows.some((row) => row.startsWith('Fix the broken links'));
      }, 15_000);
    }));

  it('a v1 path answering 410 says v1 may be retired, and its button switches to v2; a v2 job gets a follow-up from its panel and ends with a new pull request', { timeout: 2 * SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const page = wb.page;
      await wb.runCommand('Docs Agent: Compose Agent Job in Panel');
      const v1 = await panelFrame(wb, '#compose');
      await v1.locator('.message textarea').first().fill('Add a FAQ page [fault:410]');
      await v1.locator('#create').click();
      const retired = await jobNotification(wb, /no longer serves agent API v1/, 30_000);
      assert.match(retired.text, /^Agent job "Add a FAQ page \[fault:410\]": The platform no longer serves agent API v1 \(deprecated since March 2026\); it may have retired it: set "docsjson\.agent\.apiVersion" to 2\./);
      assert.deepEqual(retired.buttons, ['Use API Version 2']);
      await wb.clickNotificationButton('Use API Version 2', async () => (await dialog(page)) !== undefined);
      // It asks before switching.
      await answerDialog(page, /^Switch the agent API to version 2\?$/, 'Switch to Version 2');
      // The form came back with the reason; under v2 it asks for the prompt only.
      const compose = await panelFrame(wb, '#compose', 'Agent API version 2', 30_000);
      assert.equal(await compose.locator('#branch').count(), 0, 'v2 takes no branch');
      const [promptBox, formBox] = await Promise.all([compose.locator('.message textarea').first().boundingBox(), compose.locator('#compose').boundingBox()]);
      assert.ok(promptBox && formBox && promptBox.width > formBox.width * 0.9, `the prompt spans the form: ${promptBox?.width} of ${formBox?.width} px`);
      await compose.locator('.message textarea').first().fill('Add a FAQ page');
      await compose.locator('#create').click();
      const panel = await panelFrame(wb, '#follow-up', 'Add a FAQ page', 30_000);
      await waitFor('the first run to complete', async () => (await panel.locator('#status').getAttribute('data-outcome')) === 'completed', 60_000);
      const firstPr = clean(await panel.locator('#pull-request-url').textContent());
      assert.match(firstPr, /^https:\/\/github\.com\/example\/docs\/pull\/\d+$/);
      await jobNotification(wb, /^Agent job "Add a FAQ page": completed\.$/);
      // A rejected key leaves the working one, and the job list, as they were.
      await showJobsView(wb);
      const rowsBefore = await jobOnlyRows(page);
      await wb.runCommand('Docs Agent: Set API Key');
      const keyInput = page.locator('.quick-input-widget input').first();
      await keyInput.waitFor({ state: 'visible' });
      await keyInput.fill('mint_wrong_second_key');
      await page.keyboard.press('Enter');
      await jobNotification(wb, /^The API key was not accepted\. It was not saved: the key set before is still in use\.$/, 30_000);
      await sleep(1_500);
      assert.deepEqual(await jobOnlyRows(page), rowsBefore, 'the job list is as it was');
      assert.ok(!(await viewText(page)).includes('No agent jobs yet'));
      assert.ok(!dev.requests.some((request) => request.method === 'POST' && request.path.includes('mint_wrong')), 'nothing sent with it but the check');
      await wb.runCommandAndPick('Docs Agent: Show Job', 'Add a FAQ page', (row) => row.label.startsWith('Add a FAQ page'));
      const followUpBox = panel.locator('#follow-up textarea');
      await followUpBox.fill('Also link it from the quickstart');
      // Renamed while a follow-up is being typed: the panel takes the new name and keeps the text.
      await wb.clickUntil(panel.locator('header button.link', { hasText: 'Rename' }), 'the Rename link', async () => await page.locator('.quick-input-widget input').first().isVisible().catch(() => false));
      const nameInput = page.locator('.quick-input-widget input').first();
      await waitFor('the name box holding the old name', async () => (await nameInput.inputValue().catch(() => '')) === 'Add a FAQ page');
      await nameInput.fill('FAQ page');
      await page.keyboard.press('Enter');
      await waitFor('the panel under its new name', async () => clean(await panel.locator('#title').textContent()) === 'FAQ page');
      assert.equal(await followUpBox.inputValue(), 'Also link it from the quickstart', 'what was typed in the follow-up box stays');
      // Every status the panel shows from here on, recorded as it is drawn.
      await panel.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
        new MutationObserver(() => {
          const outcome = document.querySelector('#status')?.getAttribute('data-outcome');
          if (outcome && seen[seen.length - 1] !== outcome) seen.push(outcome);
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await panel.locator('#send-follow-up').click();
      await waitFor('the second run to complete with a new pull request', async () => {
        const outcome = await panel.locator('#status').getAttribute('data-outcome');
        const pr = clean(await panel.locator('#pull-request-url').textContent().catch(() => ''));
        return outcome === 'completed' && pr !== firstPr && /\/pull\/\d+$/.test(pr);
      }, 60_000);
      const statuses = await panel.evaluate(() => (window as unknown as { statusesSeen?: string[] }).statusesSeen);
      assert.ok(Array.isArray(statuses), 'the panel kept its page while the statuses were recorded');
      assert.ok(statuses.some((outcome) => outcome !== 'completed'), `the job was shown running again: ${JSON.stringify(statuses)}`);
      assert.match(clean(await panel.locator('#follow-ups').textContent()), /^Also link it from the quickstart \(sent\)$/);
      assert.match(clean(await panel.locator('#live-note').textContent()), /^Agent API version 2 sends no live output/);
      await screen(page, 'follow-up.png', 1400, 640);
      const messages = dev.requests.filter((request) => request.method === 'POST' && /^\/v2\/agent\/[^/]+\/job\/[^/]+\/message$/.test(request.path));
      assert.equal(messages.length, 1, 'one POST of the follow-up');
      assert.deepEqual(messages[0].body, { prompt: 'Also link it from the quickstart' });
      await showJobsView(wb);
      assert.equal((await jobOnlyRows(page)).filter((row) => row.startsWith('FAQ page ')).length, 1, 'the same job, in place, under its new name');
    }));

  it('never writes the API key to the output channel, logs, settings or URLs', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const server = session.server;
      // Everything code-server keeps (logs of every extension host, output channels, settings,
      // state), except the copied extension itself.
      const files = filesUnder(server.dir).filter((path) => !relative(server.dir, path).startsWith('ext/') && statSync(path).size < 50 * 1024 * 1024);
      const agentLogs = files.filter((path) => path.endsWith('Docs Agent.log'));
      assert.ok(agentLogs.length >= 2, `the Docs Agent output channel of each extension host: ${JSON.stringify(agentLogs)}`);
      const agentLog = agentLogs.map((path) => readFileSync(path, 'utf8')).join('\n');
      assert.match(agentLog, new RegExp(`POST /v1/agent/${PROJECT}/job -> HTTP 200`), 'the channel logs requests');
      assert.match(agentLog, /API key set for/);
      const leaks = files.filter((path) => readFileSync(path).includes(apiKey));
      assert.deepEqual(leaks.map((path) => relative(server.dir, path)), []);
      assert.ok(!server.logs().includes(apiKey), 'not in code-server output');
      assert.ok(!wb.consoleLines.join('\n').includes(apiKey), 'not in the browser console');
      assert.ok(!dev.requests.some((request) => request.path.includes(apiKey)), 'not in a URL');
    }));
});
