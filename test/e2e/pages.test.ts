// Pages in a real VS Code (code-server + headless Chromium), with the built extension loaded from
// this repository, on a copy of test/fixtures/sites/lsp-pages: a page's broken links are
// underlined and listed once; in a Markdown page VS Code's own Markdown support and ours show no
// problem or suggestion twice; a link to a heading is completed; renaming a page in the explorer
// updates every link to it and docs.json, and the redirect offered is added; so does moving the
// open page to another folder with the "Move Page..." command.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { waitFor, type Workbench } from './harness/browser';
import { REPO_ROOT } from './harness/codeServer';
import { vscodeOnFixtureCopy } from './harness/fixtureSession';

const SCENARIO_TIMEOUT = loadScaled(120_000);
const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'sites', 'lsp-pages');

const clean = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();

async function languageMode(wb: Workbench): Promise<string> {
  return clean(await wb.page.locator('.statusbar-item[id="status.editor.mode"]').first().textContent({ timeout: 1000 }).catch(() => ''));
}

/** Types at the end of the open editor's text (Ctrl+End). */
async function typeAtEnd(wb: Workbench, text: string): Promise<void> {
  await wb.focusEditor();
  await wb.page.keyboard.press('Control+End');
  await wb.type(text);
}

/** The pages of a site (root-relative), snippets included. */
function pageFiles(root: string, folder = ''): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return pageFiles(root, path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

describe('pages in a real VS Code (code-server + Chromium)', () => {
  const vscode = vscodeOnFixtureCopy('pages', 'lsp-pages');
  const read = (path: string) => readFileSync(join(vscode.site, path), 'utf8');
  const original = (path: string) => readFileSync(join(FIXTURE, path), 'utf8');

  it('an .mdx page opens as MDX; its broken link and broken anchor are underlined and listed once, under our source', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('index.mdx');
      assert.equal(await waitFor('the language mode', async () => (await languageMode(wb)) || undefined, 10_000), 'MDX');
      const markers = await wb.waitForProblems((ms) => ms.filter((m) => m.text.includes('link/')).length >= 2, 60_000);
      t.diagnostic(JSON.stringify(markers));
      const links = markers.filter((m) => m.text.includes('link/'));
      assert.deepEqual(
        links.map((m) => m.message),
        [
          'Link "/guides/nowhere" leads nowhere: no page, generated page, file or redirect is at /guides/nowhere',
          '"#instal" is not an anchor of quickstart.mdx: no heading or id there makes it. Did you mean "#install"?',
        ],
      );
      // A row reads message, source, code and position: "...docsjsonlink/missing-page[Ln 9, Col 17]": the tool's name, not docs.json's, on a page.
      assert.deepEqual(links.map((m) => [m.severity, m.text.slice(m.message.length)]), [
        ['error', 'docsjsonlink/missing-page[Ln 9, Col 17]'],
        ['warning', 'docsjsonlink/missing-anchor[Ln 9, Col 67]'],
      ]);
      const underlined = () => wb.squiggles().then((found) => (found.errors === 1 && found.warnings === 1 ? found : undefined));
      assert.deepEqual(await waitFor('the two underlined', underlined, 10_000), { errors: 1, warnings: 1 });
    }));

  it('a Markdown page: VS Code\'s Markdown support and ours list no problem and offer no suggestion twice', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('guides/deploy.md');
      assert.equal(await waitFor('the language mode', async () => (await languageMode(wb)) || undefined, 10_000), 'Markdown');
      await typeAtEnd(wb, '\nSee [gone](/nowhere) and [here](#');
      const labels = await wb.triggerSuggest();
      t.diagnostic(JSON.stringify(labels));
      assert.ok(labels.includes('#deploy'), `the page's own heading is offered: ${JSON.stringify(labels)}`);
      assert.equal(new Set(labels).size, labels.length, `no label twice: ${JSON.stringify(labels)}`);
      await wb.page.keyboard.press('Escape');
      await wb.type('deploy)');
      const markers = await wb.waitForProblems((ms) => ms.some((m) => m.message.includes('"/nowhere"')), 30_000);
      t.diagnostic(JSON.stringify(markers));
      const onLine = markers.filter((m) => m.text.includes('[Ln 10,'));
      assert.deepEqual(onLine.map((m) => m.text), ['Link "/nowhere" leads nowhere: no page, generated page, file or redirect is at /nowheredocsjsonlink/missing-page[Ln 10, Col 12]'], 'one problem for the broken link');
      await wb.runCommand('File: Revert File');
      await waitFor('the page back as it was', async () => (await wb.editorText()) === original('guides/deploy.md'), 10_000);
    }));

  it('completes a link to a heading of another page', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('quickstart.mdx');
      await typeAtEnd(wb, '\nSee [the CLI set-up](/guides/setup#');
      const labels = await wb.triggerSuggest();
      t.diagnostic(JSON.stringify(labels));
      assert.deepEqual(labels, ['#install', '#configure-the-cli']);
      await wb.acceptSuggestion('#configure-the-cli');
      await waitFor('the completed link', async () => (await wb.editorText()).includes('See [the CLI set-up](/guides/setup#configure-the-cli'), 5000);
      await wb.runCommand('File: Revert File');
      await waitFor('the page back as it was', async () => (await wb.editorText()) === original('quickstart.mdx'), 10_000);
    }));

  it('renaming a page in the explorer updates every link to it and docs.json, and adds the redirect it offers', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('index.mdx');
      const renamed = wb.renameInExplorer('guides/setup.mdx', 'installation.mdx');
      renamed.catch(() => undefined); // awaited below; never an unhandled rejection
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      assert.equal(clean(await dialog.locator('.dialog-message-detail').textContent()), "Extension 'docs.json Tools' wants to make refactoring changes with this file move");
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^OK$/ }).click();
      await renamed;
      assert.ok(existsSync(join(vscode.site, 'guides', 'installation.mdx')) && !existsSync(join(vscode.site, 'guides', 'setup.mdx')));
      const offer = await wb.waitForNotification(/Add a redirect/, 30_000);
      assert.equal(offer, 'Add a redirect to docs.json so the old address keeps working? /guides/setup → /guides/installation');
      await wb.clickNotificationButton(/^Add Redirect$/);
      await waitFor('the redirect in the docs.json buffer', async () => {
        await wb.openFile('docs.json');
        return (await wb.editorText()).includes('"/guides/installation"') || undefined;
      }, 15_000);
      // No "Save All": the move saves the files it edits, the redirect once added too.
      const expected: Record<string, string> = {
        'index.mdx': original('index.mdx').replace('/guides/setup#install', '/guides/installation#install'),
        'quickstart.mdx': original('quickstart.mdx').replace('/guides/setup', '/guides/installation'),
        'guides/deploy.md': original('guides/deploy.md').replace('/guides/setup', '/guides/installation').replace('./setup#install', './installation#install'),
        'guides/installation.mdx': original('guides/setup.mdx'),
        'docs.json': original('docs.json')
          .replace('"guides/setup"', '"guides/installation"')
          .replace('"destination": "/guides/setup" }', '"destination": "/guides/installation" },\n    { "source": "/guides/setup", "destination": "/guides/installation" }'),
      };
      await waitFor('every file saved with its links updated', () => Object.entries(expected).every(([path, text]) => read(path) === text), 15_000).catch((error: Error) => {
        const differing = Object.keys(expected).filter((path) => read(path) !== expected[path]);
        throw new Error(`${error.message}; differing: ${JSON.stringify(differing.map((path) => [path, read(path)]))}`);
      });
      await wb.waitForAllSaved();
      await wb.openFile('index.mdx');
      const markers = await wb.waitForProblems((ms) => ms.filter((m) => m.text.includes('link/')).length === 2, 30_000);
      assert.ok(!markers.some((m) => m.message.includes('installation')), `no new broken link: ${JSON.stringify(markers)}`);
    }));

  it('"Move Page..." from the palette moves the open page to another folder: docs.json and every link follow, and the redirect offered is added', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      const pages = pageFiles(vscode.site);
      const before = Object.fromEntries([...pages, 'docs.json'].map((path) => [path, read(path)]));
      await wb.openFile('quickstart.mdx');
      await wb.runCommand('docs.json: Move Page...');
      const box = wb.page.locator('.quick-input-widget');
      const input = box.locator('input').first();
      await waitFor('the Move Page input box', async () => (await input.inputValue().catch(() => '')) === 'quickstart.mdx', 10_000);
      assert.equal(clean(await box.locator('.quick-input-title').textContent()), 'Move Page');
      assert.match(clean(await box.textContent()), /The new path of the page\. docs\.json and every link to it follow\./);
      const selected = await input.evaluate((element: HTMLInputElement) => element.value.slice(element.selectionStart ?? 0, element.selectionEnd ?? 0));
      assert.equal(selected, 'quickstart.mdx', 'the name is selected, ready to be typed over');
      await wb.page.keyboard.press('Home');
      await wb.page.keyboard.type('start/', { delay: 5 });
      await waitFor('the new path typed', async () => (await input.inputValue()) === 'start/quickstart.mdx', 5000);
      await wb.showcase('move-page-input');
      await wb.page.keyboard.press('Enter');
      // The writer chose the move: VS Code does not ask again whether to apply the link edits with it
      // (as it asks in the explorer, above), a question that would hold the move until answered.
      await waitFor('the page moved', () => existsSync(join(vscode.site, 'start', 'quickstart.mdx')) && !existsSync(join(vscode.site, 'quickstart.mdx')), 30_000);
      assert.equal(await wb.page.locator('.monaco-dialog-box').count(), 0, 'no dialog asks about refactoring changes');
      const offer = await wb.waitForNotification(/Add a redirect/, 30_000);
      assert.equal(offer, 'Add a redirect to docs.json so the old address keeps working? /quickstart → /start/quickstart');
      await wb.showcase('move-page-redirect-offer');
      await wb.clickNotificationButton(/^Add Redirect$/);
      await waitFor('the redirect in the docs.json buffer', async () => {
        await wb.openFile('docs.json');
        return (await wb.editorText()).includes('"/start/quickstart"') || undefined;
      }, 15_000);
      // No "Save All": the move saves the files it edits, the redirect once added too.
      const linksFollow = (text: string) => text.replaceAll('](/quickstart', '](/start/quickstart').replaceAll('](../quickstart#', '](../start/quickstart#');
      const expected: Record<string, string> = Object.fromEntries(pages.filter((path) => path !== 'quickstart.mdx').map((path) => [path, linksFollow(before[path])]));
      expected['start/quickstart.mdx'] = before['quickstart.mdx'].replace('](./guides/deploy)', '](../guides/deploy)');
      expected['docs.json'] = before['docs.json']
        .replace('"quickstart"', '"start/quickstart"')
        .replace(/ \}\n {2}\]\n\}\n?$/, ' },\n    { "source": "/quickstart", "destination": "/start/quickstart" }\n  ]\n}\n');
      assert.notEqual(expected['docs.json'], before['docs.json'].replace('"quickstart"', '"start/quickstart"'), 'the redirect is expected at the end of the redirects');
      assert.ok(Object.entries(expected).some(([path, text]) => path !== 'start/quickstart.mdx' && text.includes('](../start/quickstart#install)')), 'a relative anchored link is among those that follow');
      await waitFor('every file saved with its links updated', () => Object.entries(expected).every(([path, text]) => read(path) === text), 15_000).catch((error: Error) => {
        const differing = Object.keys(expected).filter((path) => read(path) !== expected[path]);
        throw new Error(`${error.message}; differing: ${JSON.stringify(differing.map((path) => [path, read(path)]))}`);
      });
      await wb.waitForAllSaved();
      await wb.openFile('index.mdx');
      // The links are checked again once the server has seen the moved file (its watcher's event may
      // come after the link edits): the panel settles on the same two problems as before the move.
      const linkProblems = (ms: { text: string; message: string }[]) => ms.filter((m) => m.text.includes('link/')).map((m) => m.message);
      const settled = [
        'Link "/guides/nowhere" leads nowhere: no page, generated page, file or redirect is at /guides/nowhere',
        '"#instal" is not an anchor of start/quickstart.mdx: no heading or id there makes it. Did you mean "#install"?',
      ];
      const markers = await wb.waitForProblems((ms) => JSON.stringify(linkProblems(ms)) === JSON.stringify(settled), 30_000);
      assert.deepEqual(linkProblems(markers), settled);
    }));
});
