// Headless Debian Chromium (through playwright-core) driving a code-server workbench like a person:
// keyboard shortcuts, the command palette, quick open, the Problems panel, the suggest widget,
// quick fixes, the explorer, notifications and webviews. On failure, withVSCode() saves a PNG
// screenshot, the browser console and code-server's logs under test-results/<test name>/.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { chromium, type BrowserContext, type Frame, type Locator, type Page } from 'playwright-core';
import { KEEP_RUNNING, resultsDirFor, startCodeServer, type CodeServer, type StartCodeServerOptions } from './codeServer';
import { liveFrame } from './liveFrame';
import { loadScaled } from '../../support/loadScaled';

export const CHROMIUM_PATH = process.env.DOCSJSON_E2E_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep Chromium off the (closed) network and quiet as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function checkChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian chromium (apt-get install chromium) to run the VS Code e2e tests`);
  }
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  /** More Chromium flags, e.g. `--host-resolver-rules=MAP github.com 127.0.0.1:8443` for a local stand-in of a host. */
  args?: string[];
  /** Accepts any certificate (a local stand-in's self-signed one). */
  ignoreHTTPSErrors?: boolean;
}

/** Launches headless Chromium with a fresh, temporary profile. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  checkChromium();
  const profile = mkdtempSync(join(tmpdir(), 'docsjson-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    ignoreHTTPSErrors: options.ignoreHTTPSErrors,
    viewport: options.viewport ?? { width: 1400, height: 900 },
    // Clipboard access for copy/paste driven tests.
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  let closed: Promise<void> | undefined;
  return {
    context,
    close() {
      closed ??= context
        .close()
        .catch(() => undefined)
        .finally(() => rmSync(profile, { recursive: true, force: true }));
      return closed;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** DOCSJSON_E2E_DEBUG=1 logs each UI action (and retries) with timings to stderr. */
const DEBUG = !!process.env.DOCSJSON_E2E_DEBUG && process.env.DOCSJSON_E2E_DEBUG !== '0';
const debugStart = Date.now();
function debug(message: string): void {
  if (DEBUG) process.stderr.write(`[e2e +${((Date.now() - debugStart) / 1000).toFixed(2)}s] ${message}\n`);
}

/** Polls fn until it returns a value other than undefined/false, or throws after timeoutMs. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, limitMs = 15_000, intervalMs = 150): Promise<T> {
  const timeoutMs = loadScaled(limitMs);
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v as T;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    }
    await sleep(intervalMs);
  }
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();

export interface Diagnostic {
  /** "error" | "warning" | "info" | "hint" as shown by the Problems panel */
  severity: string;
  message: string;
  /** The whole row text, e.g. "found TODO  harness-smoke  [Ln 1, Col 1]" */
  text: string;
}

export class Workbench {
  /** Console messages and page errors of the workbench page (saved on failure). */
  readonly consoleLines: string[] = [];

  constructor(
    readonly page: Page,
    readonly browser: Browser,
    readonly url: string,
  ) {
    page.on('console', (m) => this.consoleLines.push(`[${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => this.consoleLines.push(`[pageerror] ${e.message}`));
  }

  /** Waits until the workbench has rendered and the explorer shows the folder. */
  async waitReady(timeoutMs = 60_000): Promise<void> {
    const page = this.page;
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
    await page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout: timeoutMs });
    await page.locator('.monaco-workbench .part.editor').waitFor({ state: 'visible', timeout: timeoutMs });
    // The explorer tree (or its empty-folder message) means the workspace is loaded.
    await waitFor(
      'the explorer to show the workspace',
      async () => (await page.locator('.explorer-folders-view .monaco-list-row, .explorer-folders-view .monaco-tl-row, .pane-body .welcome-view').count()) > 0,
      timeoutMs,
    );
    // Let late startup work (extension host, keybinding registration) settle.
    await sleep(500);
  }

  // ---- Keyboard-driven UI ------------------------------------------------------------------

  private quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** Opens the quick input with a shortcut, retrying when the first keypress is swallowed. */
  private async openQuickInput(shortcut: string): Promise<Locator> {
    const widget = this.quickInput();
    const input = widget.locator('input.input, .quick-input-box input').first();
    for (let attempt = 0; attempt < 4; attempt++) {
      if (attempt > 0) debug(`${shortcut} did not open the quick input; retrying`);
      await this.page.keyboard.press(shortcut);
      try {
        await widget.waitFor({ state: 'visible', timeout: loadScaled(3000) });
        await input.waitFor({ state: 'visible', timeout: loadScaled(2000) });
        return input;
      } catch {
        await this.page.keyboard.press('Escape');
      }
    }
    throw new Error(`quick input did not open with ${shortcut}`);
  }

  /** Rows of the open quick input list (empty while the widget is hidden). */
  private async quickInputRows(): Promise<Array<{ label: string; description: string; index: number }>> {
    if (!(await this.quickInput().isVisible().catch(() => false))) return [];
    return this.quickInput()
      .locator('.quick-input-list .monaco-list-row')
      .evaluateAll((els) =>
        // No named inner functions here: tsx (esbuild keepNames) would wrap them in a __name()
        // helper that does not exist in the page.
        els.map((row) => {
          const [name, labelName, suffix, description] = ['.monaco-icon-name-container', '.label-name', '.label-suffix', '.label-description'].map((sel) =>
            (row.querySelector(sel)?.textContent ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim(),
          );
          // File labels are split into name + suffix ("notes" + ".smoke"); commands are one name.
          return { label: (name || labelName) + suffix, description, index: Number(row.getAttribute('data-index') ?? -1) };
        }),
      );
  }

  /**
   * Opens the quick input with `open`, fills `value`, and accepts the row `pick` chooses, by
   * states rather than times: a row is taken only once the list has settled (the same rows twice
   * running); a list without the row is typed again (the filter may have run on part of the
   * text); the row is accepted with Enter when it is the focused one (no hit-testing), else
   * clicked; done once the widget has closed. The widget closing under us (focus moved) starts
   * over from `open`. Gives up at the deadline only.
   */
  private async pickFromQuickInput(
    open: { what: string; input: () => Promise<Locator> },
    value: string,
    pick: (row: { label: string; description: string }) => boolean,
    what: string,
    timeoutMs: number,
  ): Promise<void> {
    const deadline = Date.now() + loadScaled(timeoutMs);
    const widget = this.quickInput();
    let shown: string[] = [];
    let lastTry = '';
    for (let attempt = 1; Date.now() < deadline; attempt++) {
      debug(`quick input ${open.what} "${value}" (attempt ${attempt})`);
      const input = await open.input().catch(() => undefined);
      for (let typed = 0; input && typed < 3 && Date.now() < deadline; typed++) {
        // Retyped from empty: a list filtered on a prefix of the text (keys lost under load) is redone.
        const fill = typed === 0 ? input.fill(value, { timeout: loadScaled(3000) }) : input.fill('', { timeout: loadScaled(3000) }).then(() => input.fill(value, { timeout: loadScaled(3000) }));
        const filled = await fill.then(
          () => true,
          () => false,
        );
        if (!filled) {
          lastTry = 'the widget closed before typing';
          break;
        }
        let previous = '';
        const found = await waitFor(
          what,
          async () => {
            if (!(await widget.isVisible().catch(() => false))) return { closed: true as const };
            const rows = await this.quickInputRows();
            shown = rows.map((r) => (r.description ? `${r.label} (${r.description})` : r.label));
            const snapshot = JSON.stringify(rows);
            const settled = snapshot === previous && rows.length > 0;
            previous = snapshot;
            if (!settled) return undefined;
            const row = rows.find(pick);
            return row ? { index: row.index } : { missing: true as const };
          },
          Math.max(1000, Math.min(deadline - Date.now(), 10_000)),
        ).catch(() => undefined);
        if (!found || 'closed' in found) {
          lastTry = found ? 'the widget closed' : 'the list did not settle';
          break;
        }
        if ('missing' in found) {
          lastTry = 'no matching row';
          debug('quick input: no matching row in the settled list; typing again');
          continue;
        }
        const row = widget.locator(`.quick-input-list .monaco-list-row[data-index="${found.index}"]`);
        const focused = await row.evaluate((el) => el.classList.contains('focused')).catch(() => false);
        debug(`quick input: row ${found.index} matches (${focused ? 'focused: Enter' : 'click'})`);
        const accepted = focused
          ? await this.page.keyboard.press('Enter').then(
              () => true,
              () => false,
            )
          : await row.click({ timeout: loadScaled(3000) }).then(
              () => true,
              () => false,
            );
        // Taken once the widget closed, or shows something else (a command that asks for input reuses it).
        const taken = async () => !(await widget.isVisible().catch(() => false)) || (await input.inputValue({ timeout: loadScaled(1000) }).catch(() => '')) !== value;
        if (accepted && (await waitFor('the pick to be taken', taken, 5000).then(() => true, () => false))) return;
        if (await taken()) return;
        lastTry = accepted ? 'the widget stayed as it was after accepting' : 'the click missed';
      }
      debug(`quick input: ${lastTry}; starting over`);
      await this.page.keyboard.press('Escape');
    }
    throw new Error(`timed out waiting for ${what} (${lastTry}); the list showed: ${JSON.stringify(shown.slice(0, 15))}`);
  }

  /**
   * Runs a command by its title as shown in the palette, via Ctrl+Shift+P. The title matches with
   * or without its category ("Docs Agent: Focus on Agent Jobs View" or "Focus on Agent Jobs
   * View"); `match` picks the row otherwise.
   */
  async runCommand(title: string, options: { timeoutMs?: number; match?: (label: string) => boolean } = {}): Promise<void> {
    const match = options.match ?? ((label: string) => commandMatches(label, title));
    await this.pickFromQuickInput(this.shortcut('Control+Shift+P'), `>${title}`, (r) => match(r.label), `command "${title}" in the palette`, options.timeoutMs ?? 30_000);
  }

  /** Runs a command that asks for one item with a quick pick, and picks the row `pick` chooses after typing `value`. */
  async runCommandAndPick(title: string, value: string, pick: (row: { label: string; description: string }) => boolean, timeoutMs = 30_000): Promise<void> {
    const open = async () => {
      await this.runCommand(title);
      const input = this.quickInput().locator('input.input, .quick-input-box input').first();
      await input.waitFor({ state: 'visible', timeout: loadScaled(5000) });
      return input;
    };
    await this.pickFromQuickInput({ what: `after "${title}"`, input: open }, value, pick, `a row for "${value}" after "${title}"`, timeoutMs);
  }

  private shortcut(keys: string): { what: string; input: () => Promise<Locator> } {
    return { what: keys, input: () => this.openQuickInput(keys) };
  }

  /** Opens a workspace file by (relative) path with quick open (Ctrl+P) and waits for its editor. */
  async openFile(path: string, options: { timeoutMs?: number } = {}): Promise<void> {
    const name = basename(path);
    const dir = dirname(path) === '.' ? '' : dirname(path);
    await this.pickFromQuickInput(
      this.shortcut('Control+P'),
      path,
      (r) => r.label === name && (!dir || r.description.replace(/\\/g, '/').includes(dir)),
      `"${path}" in quick open`,
      options.timeoutMs ?? 20_000,
    );
    debug(`openFile: picked ${path}`);
    await this.waitForActiveEditor(name);
    debug(`openFile: ${path} is the active editor`);
  }

  /** Waits until the active editor tab is `name` and its text is rendered and focused. */
  async waitForActiveEditor(name: string, timeoutMs = 15_000): Promise<void> {
    await waitFor(
      `editor tab "${name}" to be active`,
      async () => {
        const tab = this.page.locator('.part.editor .editor-group-container.active .tabs-container .tab.active').first();
        return (await tab.getAttribute('data-resource-name', { timeout: loadScaled(500) }).catch(() => null)) === name;
      },
      timeoutMs,
    );
    await this.activeEditor().locator('.view-lines').waitFor({ state: 'visible', timeout: loadScaled(timeoutMs) });
    await this.focusEditor();
  }

  /** The active text editor (Monaco) element. */
  activeEditor(): Locator {
    return this.page.locator('.part.editor .editor-group-container.active .monaco-editor').first();
  }

  /** Gives keyboard focus to the active editor without moving the cursor. */
  async focusEditor(): Promise<void> {
    const editor = this.activeEditor();
    const focused = await editor.evaluate((el) => el.classList.contains('focused')).catch(() => false);
    if (!focused) {
      await this.page.keyboard.press('Escape');
      // "View: Focus Active Editor Group" would need the palette; the hidden textarea works directly.
      await editor.locator('textarea, .native-edit-context').first().focus();
    }
  }

  /** Visible text of the active editor (lines Monaco rendered; fine for short files). */
  async editorText(): Promise<string> {
    const lines = this.activeEditor().locator('.view-lines .view-line');
    const items = await lines.evaluateAll((els) =>
      els.map((el) => ({ top: parseFloat((el as HTMLElement).style.top || '0'), text: (el.textContent ?? '').replace(/\u00a0/g, ' ') })),
    );
    return items
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text)
      .join('\n');
  }

  /** Moves the cursor with "Go to Line/Column" (Ctrl+G); line and column are 1-based. */
  async goTo(line: number, column = 1): Promise<void> {
    await this.focusEditor();
    const input = await this.openQuickInput('Control+G');
    await input.fill(`:${line}:${column}`);
    await sleep(100);
    await this.page.keyboard.press('Enter');
    await this.quickInput().waitFor({ state: 'hidden', timeout: loadScaled(5000) }).catch(() => undefined);
    await waitFor(
      `cursor at ${line}:${column}`,
      async () => {
        const status = clean(await this.page.locator('.statusbar-item[id="status.editor.selection"]').first().textContent({ timeout: loadScaled(500) }).catch(() => ''));
        return !status || status.includes(`Ln ${line}, Col ${column}`);
      },
      3000,
    ).catch(() => undefined);
  }

  /**
   * Types text at a 1-based line/column of the active editor. `\n` presses Enter. Auto-closing of
   * brackets and quotes is off in the harness's default settings, so the text lands as given.
   */
  async typeAt(line: number, column: number, text: string): Promise<void> {
    await this.goTo(line, column);
    await this.type(text);
  }

  /** Types at the cursor of the active editor. */
  async type(text: string): Promise<void> {
    await this.focusEditor();
    const parts = text.split('\n');
    for (let i = 0; i < parts.length; i++) {
      if (parts[i]) await this.page.keyboard.type(parts[i], { delay: 5 });
      if (i < parts.length - 1) await this.page.keyboard.press('Enter');
    }
  }

  /** Selects all text of the active editor and replaces it. */
  async replaceEditorText(text: string): Promise<void> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  async save(): Promise<void> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+S');
    await waitFor('the editor to be saved', async () => !(await this.page.locator('.part.editor .tab.active.dirty').count()), 10_000);
  }

  /** Waits until no editor tab is marked unsaved: VS Code clears a tab's mark once its save comes back, which may be after the file is written. */
  async waitForAllSaved(timeoutMs = 15_000): Promise<void> {
    await waitFor('no tab left with unsaved changes', async () => (await this.page.locator('.part.editor .tab.dirty').count()) === 0 || undefined, timeoutMs);
  }

  // ---- Problems panel ----------------------------------------------------------------------

  /** Shows the Problems panel ("View: Focus Problems") and returns its rows' text (files and markers). */
  async problems(): Promise<string[]> {
    await this.showProblems();
    const rows = this.page.locator('.markers-panel .monaco-list-row');
    return (await rows.allTextContents()).map(clean);
  }

  /** The markers of the Problems panel (not the file rows), with severity. */
  async problemMarkers(): Promise<Diagnostic[]> {
    await this.showProblems();
    return this.readMarkers();
  }

  private async readMarkers(): Promise<Diagnostic[]> {
    const rows = this.page.locator('.markers-panel .monaco-list-row');
    return rows.evaluateAll((els) =>
      els
        .map((el) => {
          const icon = el.querySelector('.marker-icon, .codicon-error, .codicon-warning, .codicon-info');
          const cls = icon?.className ?? '';
          const severity = /error/.test(cls) ? 'error' : /warning/.test(cls) ? 'warning' : /info/.test(cls) ? 'info' : /hint/.test(cls) ? 'hint' : '';
          const message = (el.querySelector('.marker-message') ?? el.querySelector('.marker-message-details .details-container') ?? el.querySelector('.marker-message-line') ?? el).textContent ?? '';
          return { severity, message: message.replace(/\u00a0/g, ' ').trim(), text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(), isMarker: !!el.querySelector('.marker-message-details, .marker-message, .marker-message-line') };
        })
        .filter((r) => r.isMarker)
        .map(({ severity, message, text }) => ({ severity, message, text })),
    );
  }

  /** Waits until the Problems panel's markers satisfy `until` (e.g. ms => ms.length > 0). */
  async waitForProblems(until: (markers: Diagnostic[]) => boolean, timeoutMs = 20_000): Promise<Diagnostic[]> {
    await this.showProblems();
    let last: Diagnostic[] = [];
    return waitFor(
      'problems',
      async () => {
        last = await this.readMarkers();
        return until(last) ? last : undefined;
      },
      timeoutMs,
    ).catch((e) => {
      throw new Error(`${(e as Error).message}; Problems panel shows: ${JSON.stringify(last)}`);
    });
  }

  private async showProblems(): Promise<void> {
    if (await this.page.locator('.markers-panel').isVisible().catch(() => false)) return;
    // "View: Focus Problems (Errors, Warnings, Infos)" in VS Code 1.139; the suffix varies by version.
    await this.runCommand('View: Focus Problems', { match: (label) => label.startsWith('View: Focus Problems') });
    await this.page.locator('.markers-panel').waitFor({ state: 'visible', timeout: loadScaled(10_000) });
  }

  /** Squiggles currently rendered in the active editor. */
  async squiggles(): Promise<{ errors: number; warnings: number }> {
    const editor = this.activeEditor();
    return { errors: await editor.locator('.squiggly-error').count(), warnings: await editor.locator('.squiggly-warning').count() };
  }

  // ---- Suggest widget ----------------------------------------------------------------------

  private suggestWidget(): Locator {
    return this.page.locator('.editor-widget.suggest-widget.visible');
  }

  /** Triggers completion (Ctrl+Space) at the cursor and returns the suggestion labels. */
  async triggerSuggest(options: { timeoutMs?: number } = {}): Promise<string[]> {
    await this.focusEditor();
    for (let attempt = 0; attempt < 3; attempt++) {
      await this.page.keyboard.press('Control+Space');
      try {
        await this.suggestWidget().waitFor({ state: 'visible', timeout: loadScaled(3000) });
        break;
      } catch {
        if (attempt === 2) throw new Error('the suggest widget did not open after Ctrl+Space');
      }
    }
    return this.suggestLabels(options.timeoutMs);
  }

  /** Labels shown by the open suggest widget (waits while it says "Loading..."). */
  async suggestLabels(timeoutMs = 10_000): Promise<string[]> {
    const widget = this.suggestWidget();
    return waitFor(
      'suggestions',
      async () => {
        const labels = (await widget.locator('.monaco-list-row .label-name').allTextContents()).map(clean).filter(Boolean);
        if (labels.length > 0) return labels;
        const message = clean(await widget.locator('.message').textContent({ timeout: loadScaled(200) }).catch(() => ''));
        if (message && !/loading/i.test(message)) return [] as string[];
        return undefined;
      },
      timeoutMs,
    );
  }

  /** Accepts the suggestion with the given label (selects it with the arrow keys, then Tab). */
  async acceptSuggestion(label: string): Promise<void> {
    const labels = await this.suggestLabels();
    const index = labels.indexOf(label);
    if (index < 0) throw new Error(`no suggestion "${label}" among ${JSON.stringify(labels)}`);
    const focused = async () => clean(await this.suggestWidget().locator('.monaco-list-row.focused .label-name').first().textContent({ timeout: loadScaled(500) }).catch(() => ''));
    for (let i = 0; i < labels.length + 1 && (await focused()) !== label; i++) await this.page.keyboard.press('ArrowDown');
    if ((await focused()) !== label) throw new Error(`could not focus suggestion "${label}"`);
    await this.page.keyboard.press('Tab');
    await this.suggestWidget().waitFor({ state: 'hidden', timeout: loadScaled(5000) });
  }

  // ---- Quick fixes -------------------------------------------------------------------------

  private actionWidget(): Locator {
    // The menu's own submenu panel also has the class action-widget: take the outer one.
    return this.page.locator('.context-view .action-widget:not(.action-list-submenu-panel)').first();
  }

  /** Opens the quick fix menu (Ctrl+.) at the cursor and returns the offered action titles. */
  async quickFix(options: { line?: number; column?: number; timeoutMs?: number } = {}): Promise<string[]> {
    if (options.line) await this.goTo(options.line, options.column ?? 1);
    const widget = this.actionWidget();
    // Ctrl+. is sometimes swallowed (busy machine, focus in transit): retry, last via the palette.
    for (let attempt = 1; ; attempt++) {
      if (attempt < 3) {
        await this.focusEditor();
        await this.page.keyboard.press('Control+.');
      } else {
        await this.runCommand('Quick Fix...');
      }
      if (await widget.waitFor({ state: 'visible', timeout: attempt < 3 ? 3000 : (options.timeoutMs ?? 10_000) }).then(() => true, () => false)) break;
      if (attempt >= 3) throw new Error('the quick fix menu did not open (Ctrl+. and "Quick Fix...")');
      debug(`quick fix menu did not open (attempt ${attempt}); retrying`);
      await this.page.keyboard.press('Escape');
    }
    return waitFor(
      'quick fix actions',
      async () => {
        const titles = (await widget.locator('.monaco-list-row.action .title, .monaco-list-row.action').allTextContents()).map(clean).filter(Boolean);
        if (titles.length) return [...new Set(titles)];
        const text = clean(await widget.textContent());
        return /no code actions/i.test(text) ? ([] as string[]) : undefined;
      },
      options.timeoutMs ?? 10_000,
    );
  }

  /** Opens the quick fix menu (unless open) and applies the action whose title is `title`. */
  async applyQuickFix(title: string, options: { line?: number; column?: number } = {}): Promise<void> {
    const titles = (await this.actionWidget().isVisible()) && !options.line ? await this.quickFixTitles() : await this.quickFix(options);
    if (!titles.includes(title)) throw new Error(`no quick fix "${title}" among ${JSON.stringify(titles)}`);
    await this.actionWidget().locator('.monaco-list-row.action').filter({ hasText: title }).first().click();
    await this.actionWidget().waitFor({ state: 'hidden', timeout: loadScaled(5000) }).catch(() => undefined);
  }

  private async quickFixTitles(): Promise<string[]> {
    return (await this.actionWidget().locator('.monaco-list-row.action .title').allTextContents()).map(clean);
  }

  // ---- Explorer ----------------------------------------------------------------------------

  /** The explorer row of a workspace-relative path, expanding its folders. */
  async explorerRow(path: string): Promise<Locator> {
    const view = this.page.locator('.explorer-folders-view');
    if (!(await view.isVisible().catch(() => false))) await this.runCommand('View: Show Explorer');
    await view.waitFor({ state: 'visible', timeout: loadScaled(10_000) });
    const parts = path.split('/').filter(Boolean);
    let row: Locator | undefined;
    for (let i = 0; i < parts.length; i++) {
      const level = i + 1;
      row = view.locator(`.monaco-list-row[aria-level="${level}"][aria-label=${JSON.stringify(parts[i])}]`).first();
      await row.waitFor({ state: 'visible', timeout: loadScaled(10_000) });
      if (i < parts.length - 1 && (await row.getAttribute('aria-expanded')) === 'false') await row.click();
    }
    return row!;
  }

  /** Renames a file in the explorer (select, F2, type the new name, Enter). newName is a bare name. */
  async renameInExplorer(path: string, newName: string): Promise<void> {
    debug(`rename ${path} -> ${newName}`);
    const input = this.page.locator('.explorer-folders-view .monaco-inputbox input');
    const oldName = basename(path);
    // Clicking a file also opens it in a preview editor, which may take focus just as F2 is
    // pressed; and the tree may re-render (file events) between finding a row and clicking it, so
    // the click lands on a neighbour. So: check the focused row is ours before F2, check the input
    // box holds the old name before typing, and retry (the last try via the context menu).
    for (let attempt = 1; ; attempt++) {
      const row = await this.explorerRow(path);
      await row.click();
      const ready = await waitFor(
        `"${oldName}" focused in the explorer`,
        () =>
          this.page.evaluate(
            (name) => {
              const active = document.activeElement;
              const focusedRow = active?.closest('.explorer-folders-view')?.querySelector('.monaco-list-row.focused');
              return !!focusedRow && focusedRow.getAttribute('aria-label') === name;
            },
            oldName,
          ),
        3000,
      ).catch(() => false);
      if (ready) {
        if (attempt < 3) {
          await this.page.keyboard.press('F2');
        } else {
          await row.click({ button: 'right' });
          await this.page.locator('.monaco-menu .action-item').filter({ hasText: /^Rename/ }).first().click({ timeout: loadScaled(5000) });
        }
        if (await input.waitFor({ state: 'visible', timeout: loadScaled(3000) }).then(() => true, () => false)) {
          if ((await input.inputValue().catch(() => '')) === oldName) break;
          debug(`rename: the input box is renaming "${await input.inputValue().catch(() => '')}", not "${oldName}"`);
        }
      }
      debug(`rename: could not start renaming ${path} (attempt ${attempt})`);
      await this.page.keyboard.press('Escape');
      if (attempt >= 3) throw new Error(`could not start renaming ${path} in the explorer`);
      await sleep(500);
    }
    debug('rename: input visible');
    await input.fill(newName);
    await this.page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden', timeout: loadScaled(10_000) });
    debug('rename: input hidden');
    const dir = dirname(path) === '.' ? '' : `${dirname(path)}/`;
    // The rename waits for extensions' will-rename participants (seen: 2-8 s), then the explorer
    // shows the new name and takes focus back; a quick input opened before that would be closed.
    await this.explorerRow(`${dir}${newName}`);
    await waitFor(
      `"${oldName}" to leave the explorer`,
      async () => (await this.page.locator(`.explorer-folders-view .monaco-list-row[aria-label=${JSON.stringify(oldName)}]`).count()) === 0,
      15_000,
    );
    await waitFor(
      'focus back in the explorer after the rename',
      () => this.page.evaluate(() => !!document.activeElement?.closest('.explorer-folders-view') && document.activeElement?.tagName !== 'INPUT'),
      5000,
    ).catch(() => undefined);
    debug('rename: done');
  }

  // ---- Views -------------------------------------------------------------------------------

  /**
   * Shows a view by its name (e.g. a contributed tree view) with its "Focus on <name> View"
   * command, expands it, and returns the labels of its visible rows.
   */
  async treeViewItems(viewName: string, options: { timeoutMs?: number; minItems?: number } = {}): Promise<string[]> {
    await this.runCommand(`Focus on ${viewName} View`);
    const pane = this.page
      .locator('.pane')
      .filter({ has: this.page.locator('.pane-header .title', { hasText: new RegExp(`^${escapeRegExp(viewName)}$`, 'i') }) })
      .first();
    await pane.waitFor({ state: 'visible', timeout: loadScaled(10_000) });
    const header = pane.locator('.pane-header').first();
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    return waitFor(
      `items in the "${viewName}" view`,
      async () => {
        const labels = (await pane.locator('.pane-body .monaco-list-row .label-name, .pane-body .monaco-list-row .monaco-highlighted-label').allTextContents())
          .map(clean)
          .filter(Boolean);
        const unique = labels.filter((l, i) => labels.indexOf(l) === i);
        return unique.length >= (options.minItems ?? 1) ? unique : undefined;
      },
      options.timeoutMs ?? 15_000,
    );
  }

  // ---- Window, notifications, webviews ------------------------------------------------------

  /** "Developer: Reload Window", then waits for the workbench again. */
  async reloadWindow(): Promise<void> {
    const navigated = this.page.waitForEvent('framenavigated', { predicate: (f) => f === this.page.mainFrame(), timeout: loadScaled(30_000) });
    navigated.catch(() => undefined); // observed below; never an unhandled rejection
    await this.runCommand('Developer: Reload Window');
    await navigated;
    await this.page.waitForLoadState('domcontentloaded');
    await this.waitReady();
  }

  /** Text of the notification toasts on screen (and of the notification center, if open). */
  async notifications(): Promise<string[]> {
    const items = this.page.locator('.notifications-toasts .notification-list-item-message, .notifications-center .notification-list-item-message');
    return [...new Set((await items.allTextContents()).map(clean).filter(Boolean))];
  }

  /** What VS Code last announced to screen readers ("Info: …" for a notification), without the prefix. */
  private async announcements(): Promise<string[]> {
    const regions = this.page.locator('.monaco-aria-container .monaco-status, .monaco-aria-container .monaco-alert');
    return (await regions.allTextContents()).map((text) => clean(text).replace(/^(Info|Warning|Error): /, '')).filter(Boolean);
  }

  /**
   * Waits for a notification whose text matches: its toast, or VS Code's announcement of it made
   * since the wait began (a toast shown while a quick input closes can stay undrawn).
   */
  async waitForNotification(match: string | RegExp, timeoutMs = 15_000): Promise<string> {
    const matches = (n: string) => (typeof match === 'string' ? n.includes(match) : match.test(n));
    const announcedBefore = new Set(await this.announcements());
    let seen: string[] = [];
    return waitFor(
      `a notification matching ${String(match)}`,
      async () => {
        const announced = (await this.announcements()).filter((text) => !announcedBefore.has(text));
        seen = [...(await this.notifications()), ...announced];
        return seen.find(matches);
      },
      timeoutMs,
    ).catch((e) => {
      throw new Error(`${(e as Error).message}; notifications: ${JSON.stringify(seen)}`);
    });
  }

  /**
   * Clicks a notification's button, once it shows, and again until `done` holds (by default: until
   * the button is gone). A toast moves as others come and go (a
   * progress toast closing shifts it down), and on a busy machine it can move between Playwright's
   * look at the spot and its click: the click then lands on another part of the toast, which stays,
   * its button with it, to be clicked again.
   */
  async clickNotificationButton(label: string | RegExp, done?: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    const button = this.page.locator('.notifications-toasts .monaco-button, .notifications-center .monaco-button', { hasText: label }).first();
    await this.clickUntil(button, `the notification's button ${String(label)} clicked`, done, timeoutMs);
  }

  /**
   * Clicks `target` until `done` (by default: until it is gone). A click can miss under load: the
   * target moved between Playwright's look and its click (a toast sliding in, a walkthrough step
   * expanding), or landed on a neighbour whose hover then covers the target (a toast's gear: the
   * pointer is taken away before each new try).
   */
  async clickUntil(target: Locator, what: string, done?: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    done ??= async () => !(await target.isVisible().catch(() => false));
    let clicked = false;
    await waitFor(
      what,
      async () => {
        if (clicked && (await done())) return true;
        if (await target.isVisible().catch(() => false)) {
          if (clicked) await this.page.mouse.move(0, 0);
          await target.click({ timeout: loadScaled(2_000) }).catch(() => undefined);
          clicked = true;
          await waitFor(`${what}: its effect`, async () => (await done()) || undefined, 2_000).catch(() => undefined);
        }
        return (clicked && (await done())) || undefined;
      },
      timeoutMs,
    );
  }

  /**
   * Finds a webview's inner frame (the one holding the extension's HTML) for which predicate
   * holds, e.g. `f => f.locator('h1').count().then(n => n > 0)`. Polls until timeoutMs. The frame
   * returned is live: when the webview reloads (its frame detached), an action on it or on a
   * locator made from it finds the frame again with the same predicate and is done there.
   */
  async webviewFrame(predicate: (frame: Frame) => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<Frame> {
    const find = () =>
      waitFor(
        'a webview frame',
        async () => {
          for (const frame of this.page.frames()) {
            if (frame === this.page.mainFrame() || frame.isDetached()) continue;
            try {
              if (await predicate(frame)) return frame;
            } catch {
              // frame navigated or detached mid-check
            }
          }
          return undefined;
        },
        timeoutMs,
      );
    let current = await find();
    return liveFrame({
      page: this.page,
      current: () => current,
      reacquire: async () => {
        debug('a webview frame was detached; finding it again');
        current = await find();
      },
    });
  }

  /** The webview frame whose body text contains `text`. */
  async webviewFrameWithText(text: string, timeoutMs = 20_000): Promise<Frame> {
    return this.webviewFrame(async (f) => ((await f.evaluate(() => document.body?.innerText ?? '').catch(() => '')) as string).includes(text), timeoutMs);
  }

  async screenshot(path: string): Promise<void> {
    mkdirSync(dirname(path), { recursive: true });
    await this.page.screenshot({ path, fullPage: false, timeout: loadScaled(10_000) });
  }

  /**
   * When DOCSJSON_E2E_SCREENSHOTS names a folder, saves the window, or the smallest rectangle
   * holding the given parts, there as `<name>.png` (for the README); otherwise does nothing.
   */
  async showcase(name: string, ...parts: Locator[]): Promise<void> {
    const folder = process.env.DOCSJSON_E2E_SCREENSHOTS;
    if (!folder) return;
    const boxes = (await Promise.all(parts.map((part) => part.first().boundingBox()))).filter((box) => box !== null);
    const clip = boxes.length
      ? (() => {
          const x = Math.min(...boxes.map((b) => b.x));
          const y = Math.min(...boxes.map((b) => b.y));
          const width = Math.max(...boxes.map((b) => b.x + b.width)) - x;
          const height = Math.max(...boxes.map((b) => b.y + b.height)) - y;
          return { x, y, width, height };
        })()
      : undefined;
    mkdirSync(folder, { recursive: true });
    const path = join(folder, `${name}.png`);
    await this.page.screenshot({ path, clip, timeout: loadScaled(10_000) });
    debug(`showcase ${path}`);
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

/** A palette row's label against a command title, either of them with or without the "Category: " prefix. */
export function commandMatches(label: string, title: string): boolean {
  return label === title || label.endsWith(`: ${title}`) || title.endsWith(`: ${label}`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Opens `url` (a code-server base URL) on `folder` in a new headless Chromium (or the given one)
 * and waits until the workbench is ready.
 */
export async function openWorkbench(url: string, folder: string, options: { browser?: Browser; launch?: LaunchOptions; timeoutMs?: number } = {}): Promise<Workbench> {
  const browser = options.browser ?? (await launchBrowser(options.launch));
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(loadScaled(15_000));
    const target = `${url.replace(/\/?$/, '/')}?folder=${encodeURIComponent(folder)}`;
    const workbench = new Workbench(page, browser, target);
    await page.goto(target, { waitUntil: 'domcontentloaded', timeout: options.timeoutMs ?? 60_000 });
    await workbench.waitReady(options.timeoutMs ?? 60_000);
    return workbench;
  } catch (e) {
    if (!options.browser) await browser.close();
    throw e;
  }
}

/** Saves what helps to see why a test failed: screenshot, page HTML, console, code-server logs. */
export async function saveFailureArtifacts(testName: string, parts: { workbench?: Workbench; server?: CodeServer; error?: unknown }): Promise<string> {
  const dir = resultsDirFor(testName);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (parts.error) writeFileSync(join(dir, 'error.txt'), parts.error instanceof Error ? `${parts.error.stack ?? parts.error.message}` : String(parts.error));
  if (parts.workbench) {
    await parts.workbench.screenshot(join(dir, 'screenshot.png')).catch((e) => writeFileSync(join(dir, 'screenshot-failed.txt'), String(e)));
    writeFileSync(join(dir, 'browser-console.log'), parts.workbench.consoleLines.join('\n'));
    const html = await parts.workbench.page.content().catch(() => '');
    if (html) writeFileSync(join(dir, 'page.html'), html);
  }
  parts.server?.saveLogs(dir);
  return dir;
}

/** Minimal shape of node:test's TestContext that the harness uses. */
export interface TestContextLike {
  name: string;
  after(fn: () => unknown): void;
}

export interface VSCodeSession {
  server: CodeServer;
  workbench: Workbench;
  /** Runs a step; on failure saves artifacts under test-results/<name>/ and rethrows. */
  step<T>(name: string, body: (workbench: Workbench) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts code-server with the extensions, opens the workspace in headless Chromium, and registers
 * cleanup with t.after(). Use session.step() (or withVSCode) so failures leave artifacts.
 */
export async function startVSCode(t: TestContextLike, options: Omit<StartCodeServerOptions, 't'> & { folder?: string; browser?: LaunchOptions }): Promise<VSCodeSession> {
  const server = await startCodeServer({ ...options, t });
  let workbench: Workbench;
  try {
    workbench = await openWorkbench(server.url, options.folder ?? options.workspace, { launch: options.browser });
  } catch (e) {
    const dir = await saveFailureArtifacts(`${t.name}-startup`, { server, error: e });
    await server.stop();
    throw new Error(`${(e as Error).message}\n(code-server logs in ${dir})`, { cause: e });
  }
  const session: VSCodeSession = {
    server,
    workbench,
    async step(name, body) {
      try {
        return await body(workbench);
      } catch (e) {
        const dir = await saveFailureArtifacts(name, { workbench, server, error: e });
        if (e instanceof Error) e.message += `\n(screenshot and logs in ${dir})`;
        throw e;
      }
    },
    async close() {
      if (!KEEP_RUNNING) await workbench.close();
      await server.stop();
    },
  };
  t.after(() => session.close());
  return session;
}

/** One-shot: start, run body in a step named after the test, clean up. */
export async function withVSCode<T>(
  t: TestContextLike,
  options: Omit<StartCodeServerOptions, 't'> & { folder?: string },
  body: (workbench: Workbench, server: CodeServer) => Promise<T>,
): Promise<T> {
  const session = await startVSCode(t, options);
  try {
    return await session.step(t.name, (wb) => body(wb, session.server));
  } finally {
    await session.close();
  }
}
