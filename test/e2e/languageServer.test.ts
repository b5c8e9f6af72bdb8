// The docs.json language server in a real VS Code (code-server + headless Chromium), with the
// built extension loaded from this repository, on a copy of test/fixtures/sites/e2e-site: the
// Problems panel shows our diagnostics once (VS Code's JSON support, which would fetch the
// "$schema" URL, leaves docs.json alone), completion offers icon names, the quick fix creates a
// missing page and its diagnostic goes away, and renaming a page in the explorer updates
// docs.json. Screenshots and logs of a failed step land in test-results/<step name>/.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { commonIcons } from '../../server/src/engine/icons/commonIcons';
import { iconNames } from '../../server/src/engine/icons/iconNames';
import { loadScaled } from '../support/loadScaled';
import { startVSCode, waitFor, type VSCodeSession, type Workbench } from './harness/browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';
import { panelMarkers, type PanelMarker as Marker } from './harness/problemsPanel';

const SCENARIO_TIMEOUT = loadScaled(120_000);
const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'sites', 'e2e-site');

const clean = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();

const UNKNOWN_KEY = 'Unknown key "descripton" in docs.json. Did you mean "description"? The site ignores it silently';
const FA_PREFIX = 'Icon "fa-rocket" does not need the "fa-" prefix: write "rocket"';
const MISSING_PAGE = 'Page "guides/missing" not found: there is no guides/missing.mdx or guides/missing.md';

async function waitForMarkers(wb: Workbench, what: string, until: (markers: Marker[]) => boolean, timeoutMs = 30_000): Promise<Marker[]> {
  let last: Marker[] = [];
  return waitFor(
    what,
    async () => {
      last = await panelMarkers(wb);
      return until(last) ? last : undefined;
    },
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; the Problems panel shows ${JSON.stringify(last.map(compact))}`);
  });
}

/** A marker as one line: "file severity source(code) position message". */
const compact = (marker: Marker) => `${marker.file} ${marker.severity} ${marker.source}(${marker.code}) ${marker.position} ${marker.message}`;
const shows = (expected: string[]) => (markers: Marker[]) => JSON.stringify(markers.map(compact)) === JSON.stringify(expected);

// The Problems panel's order: errors first, then by position.
const ALL_THREE = [
  `docs.json error docsjson(icon/fa-prefix) [Ln 11, Col 17] ${FA_PREFIX}`,
  `docs.json error docsjson(ref/missing-page) [Ln 12, Col 51] ${MISSING_PAGE}`,
  `docs.json warning docsjson(schema/unknown-key) [Ln 5, Col 3] ${UNKNOWN_KEY}`,
];
const WITHOUT_MISSING_PAGE = [ALL_THREE[0], ALL_THREE[2]];

/** The text of the status bar's language mode indicator ("docs.json", "JSON", ...). */
async function languageMode(wb: Workbench): Promise<string> {
  return clean(await wb.page.locator('.statusbar-item[id="status.editor.mode"]').first().textContent({ timeout: 1000 }).catch(() => ''));
}

describe('the docs.json language server in a real VS Code (code-server + Chromium)', () => {
  let session: VSCodeSession;
  let tmp: string;
  let site: string;
  const cleanups: Array<() => unknown> = [];
  const docsJson = () => readFileSync(join(site, 'docs.json'), 'utf8');
  const original = readFileSync(join(FIXTURE, 'docs.json'), 'utf8');

  before(
    async () => {
      await ensureCodeServer();
      for (const file of ['extension.js', 'server.js']) {
        assert.ok(existsSync(join(REPO_ROOT, 'dist', file)), `dist/${file} is missing: run "node esbuild.mjs" first (npm test does)`);
      }
      tmp = mkdtempSync(join(tmpdir(), 'docsjson-lsp-e2e-'));
      site = join(tmp, 'e2e-site');
      cpSync(FIXTURE, site, { recursive: true });
      session = await startVSCode({ name: 'language-server', after: (fn) => cleanups.push(fn) }, { extensionDirs: [REPO_ROOT], workspace: site });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );

  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('at start-up, before any file is opened, the Problems panel holds the problems of docs.json', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      const markers = await waitForMarkers(wb, 'the three problems of the closed docs.json', shows(ALL_THREE), 60_000);
      t.diagnostic(JSON.stringify(markers.map(compact)));
      assert.equal(await wb.page.locator('.part.editor .tab').count(), 0, 'no editor is open');
    }));

  it('shows the three problems of docs.json in the Problems panel, once each: VS Code\'s JSON support does not validate it against "$schema"', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      // The file has our language id, so only our server sees it.
      assert.equal(await waitFor('the language mode in the status bar', async () => (await languageMode(wb)) || undefined, 10_000), 'docs.json');
      const markers = await waitForMarkers(wb, 'the three problems of docs.json', (ms) => ms.length >= 3, 60_000);
      t.diagnostic(JSON.stringify(markers.map(compact)));
      assert.deepEqual(markers.map(compact), ALL_THREE);
      await wb.showcase('problems', wb.page.locator('.part.editor'), wb.page.locator('.part.panel'));

      // A control: the same "$schema" in a plain JSON file gets VS Code's JSON support, which
      // reports that it cannot load the schema. docs.json, open all along, got no such problem.
      writeFileSync(join(site, 'control.json'), '{\n  "$schema": "https://mintlify.com/docs.json",\n  "name": "control"\n}\n');
      await wb.openFile('control.json');
      // The panel is read once it lists both files: rows come and go while it inserts a new file.
      const withControl = await waitForMarkers(wb, 'a schema problem on control.json beside those of docs.json', (ms) => ms.some((m) => m.file === 'control.json') && ms.filter((m) => m.file === 'docs.json').length >= 3, 60_000);
      t.diagnostic(JSON.stringify(withControl.map(compact)));
      assert.deepEqual(withControl.filter((m) => m.file === 'docs.json').map(compact), ALL_THREE);
      const control = withControl.filter((m) => m.file === 'control.json').map(compact);
      assert.equal(control.length, 1, JSON.stringify(control));
      assert.match(control[0], /^control\.json warning json\(\d+\) \[Ln 2, Col 14\] Unable to load schema from 'https:\/\/mintlify\.com\/docs\.json'/);
      await wb.runCommand('View: Close Editor');
      rmSync(join(site, 'control.json'));
      await waitForMarkers(wb, 'the control gone', shows(ALL_THREE));
      assert.ok(!(await wb.notifications()).some((text) => /schema/i.test(text)), `no schema notification: ${JSON.stringify(await wb.notifications())}`);
    }));

  it('offers Font Awesome icon names for an "icon" value', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      // Line 16 is `        "icon": "book",`: empty the value, then ask for suggestions between the quotes.
      await wb.goTo(16, 18);
      for (let i = 0; i < 'book'.length; i++) await wb.page.keyboard.press('Delete');
      await waitFor('"icon": "" in the editor', async () => /^ {8}"icon": "",$/m.test(await wb.editorText()), 5000);
      const all = await wb.triggerSuggest();
      t.diagnostic(`empty value: ${JSON.stringify(all)}`);
      // Font Awesome (the library of the "mint" theme): the icons real sites use most come first.
      assert.deepEqual(all.slice(0, 5), commonIcons('fontawesome').slice(0, 5));
      const fontAwesome = new Set(iconNames('fontawesome'));
      assert.deepEqual(all.filter((label) => !fontAwesome.has(label)), []);

      // Typing narrows the list (it is incomplete: the server is asked again).
      await wb.type('rock');
      const rock = await waitFor(
        'the list narrowed to "rock" (rocketchat among the suggestions, which the empty value\'s list does not hold)',
        async () => {
          // The widget may close while the narrowed list is on its way: ask again, as a person would.
          const open = await wb.page.locator('.editor-widget.suggest-widget.visible').isVisible();
          const labels = open ? await wb.suggestLabels(2000) : await wb.triggerSuggest();
          return labels.includes('rocketchat') ? labels : undefined;
        },
        20_000,
      );
      t.diagnostic(`"rock": ${JSON.stringify(rock)}`);
      await wb.showcase('completion', wb.page.locator('.part.editor'));
      for (const name of ['rocket', 'rocketchat', 'rockrms']) assert.ok(rock.includes(name), `${name} in ${JSON.stringify(rock)}`);
      assert.ok(!rock.includes('rocking-chair'), 'no Lucide names');
      // Each suggestion says its library and styles.
      const rocketRow = wb.page.locator('.editor-widget.suggest-widget.visible .monaco-list-row').filter({ has: wb.page.locator('.label-name', { hasText: /^rocket$/ }) });
      assert.equal(clean(await rocketRow.locator('.details-label').textContent()), 'Font Awesome · solid');
      await wb.acceptSuggestion('rocket');
      await waitFor('"icon": "rocket" in the editor', async () => /^ {8}"icon": "rocket",$/m.test(await wb.editorText()), 5000);
      await wb.save();
      assert.equal(docsJson(), original.replace('"icon": "book"', '"icon": "rocket"'));
      await waitForMarkers(wb, 'the same three problems after the edit', shows(ALL_THREE));
    }));

  it('creates the missing page with the quick fix; its problem leaves the Problems panel', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      // Inside "guides/missing" on line 12.
      const fixes = await wb.quickFix({ line: 12, column: 55 });
      assert.deepEqual(fixes, ['Create guides/missing.mdx', 'Ask the Agent to Fix…']);
      await wb.showcase('quick-fix', wb.page.locator('.part.editor'));
      await wb.applyQuickFix('Create guides/missing.mdx');
      const page = join(site, 'guides', 'missing.mdx');
      await waitFor('guides/missing.mdx on disk with its title', () => existsSync(page) && readFileSync(page, 'utf8') !== '', 15_000);
      assert.equal(readFileSync(page, 'utf8'), '---\ntitle: "Missing"\n---\n');
      await waitFor('the new page open in the editor', async () => /missing\.mdx/.test((await wb.page.locator('.part.editor .tab.active').textContent()) ?? ''), 15_000);
      await waitForMarkers(wb, 'the missing-page problem to go', shows(WITHOUT_MISSING_PAGE));
    }));

  it('renaming a page in the explorer updates its entry in docs.json', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      // VS Code asks before it applies the edit our server returns for the move: OK, as a person would.
      const renamed = wb.renameInExplorer('guides/setup.mdx', 'installation.mdx');
      renamed.catch(() => undefined); // awaited below; never an unhandled rejection
      const dialog = wb.page.locator('.monaco-dialog-box');
      const shown = dialog.waitFor({ state: 'visible', timeout: 30_000 });
      shown.catch(() => undefined);
      const first = await Promise.race([renamed.then(() => 'renamed'), shown.then(() => 'dialog')]);
      assert.equal(first, 'dialog', 'VS Code asks whether to apply the refactoring edit');
      assert.equal(clean(await dialog.locator('.dialog-message-detail').textContent()), "Extension 'docs.json Tools' wants to make refactoring changes with this file move");
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^OK$/ }).click();
      await renamed;
      assert.ok(existsSync(join(site, 'guides', 'installation.mdx')) && !existsSync(join(site, 'guides', 'setup.mdx')));
      await wb.openFile('docs.json');
      await waitFor('the new path in the docs.json editor', async () => (await wb.editorText()).includes('"guides/installation"'), 15_000);
      const dirty = (await wb.page.locator('.part.editor .tab.active.dirty').count()) > 0;
      t.diagnostic(`docs.json after the rename: ${dirty ? 'edited, not saved' : 'saved by VS Code'}`);
      await wb.save();
      assert.equal(docsJson(), original.replace('"icon": "book"', '"icon": "rocket"').replace('"guides/setup"', '"guides/installation"'));
      await waitForMarkers(wb, 'no new problem after the rename', shows(WITHOUT_MISSING_PAGE));
    }));

  it('typing "" as a new page entry: no request fails, the outline names it "(empty page entry)"', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      // Line 12 is `        "pages": ["introduction", ...`: a new entry after the "[".
      await wb.goTo(12, 19);
      await wb.type('"", ');
      await waitFor('the empty entry in the editor', async () => /"pages": \["", ?"introduction"/.test(await wb.editorText()), 5000);
      await wb.page.keyboard.press('Control+Shift+O');
      const symbols = await waitFor(
        'the outline in "Go to Symbol in Editor"',
        async () => {
          const labels = (await wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row .label-name').allTextContents()).map(clean);
          return labels.includes('(empty page entry)') ? labels : undefined;
        },
        15_000,
      );
      t.diagnostic(JSON.stringify(symbols));
      await wb.page.keyboard.press('Escape');
      const failures = (await wb.notifications()).filter((text) => /failed|error/i.test(text));
      assert.deepEqual(failures, []);
      await wb.runCommand('File: Revert File');
      await waitFor('the entry gone', async () => (await wb.editorText()).includes('"pages": ["introduction"'), 10_000);
    }));

  it('the language status of docs.json says pages and problems with thousands separators, its hover fits in the window, and a screen reader reads it without icon codes', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      const item = wb.page.locator('.statusbar-item[id*="status.languageStatus"]').first();
      await item.hover();
      const hover = wb.page.locator('.monaco-hover').filter({ hasText: /\d pages?, / }).first();
      const row = clean(await waitFor('the language status hover', async () => ((await hover.isVisible()) ? hover.textContent() : undefined), 15_000));
      t.diagnostic(row);
      assert.match(row, /\d+ pages, 1 error, 1 warning.*checked in [\d,]+ ms.*Open docs\.json/);
      assert.ok(!row.includes(tmp), 'no absolute path');
      // A screen reader reads the item's words, not the "$(book)" icon code of its text.
      const ariaLabel = clean(await item.locator('[aria-label]').first().getAttribute('aria-label'));
      t.diagnostic(`aria-label: ${ariaLabel}`);
      assert.match(ariaLabel, /docs\.json site: \d+ pages, 1 error, 1 warning/);
      assert.ok(!ariaLabel.includes('$('), `no icon code in ${JSON.stringify(ariaLabel)}`);
      const box = (await hover.boundingBox())!;
      const window = wb.page.viewportSize()!;
      assert.ok(box.x >= 0 && box.x + box.width <= window.width, `the hover (${Math.round(box.x)}-${Math.round(box.x + box.width)}) inside the window (0-${window.width})`);
      await wb.page.keyboard.press('Escape');
    }));

  it('the palette\'s docs.json commands: Check Workspace, Show Output, Restart Language Server', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      await wb.runCommand('docs.json: Check Workspace');
      t.diagnostic(await wb.waitForNotification(/^docs\.json: checked 1 site: 1 error, 1 warning/, 30_000));
      assert.ok(await wb.page.locator('.markers-panel').isVisible(), 'the Problems panel is shown');

      const serverStarts = async () => [...clean(await wb.page.locator('.part.panel .monaco-editor .view-lines').textContent().catch(() => '')).matchAll(/started \(process (\d+)\)/g)].map((match) => match[1]);
      await wb.runCommand('docs.json: Show Output');
      const before = await waitFor('the server\'s start in the docs.json output', async () => ((await serverStarts()).length > 0 ? serverStarts() : undefined), 15_000);

      await wb.runCommand('docs.json: Restart Language Server');
      await wb.runCommand('docs.json: Show Output');
      const after = await waitFor('a second server start in the output', async () => {
        const starts = await serverStarts();
        return starts.length > before.length ? starts : undefined;
      }, 30_000);
      assert.notEqual(after.at(-1), before.at(-1), 'a new server process');
      await waitForMarkers(wb, 'the problems again after the restart', shows(WITHOUT_MISSING_PAGE), 30_000);
    }));
});
