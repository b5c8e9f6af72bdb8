// Typing at a writer's pace in the middle of the largest page of the shared sites (FastMCP's
// 389 K-character changelog, 4,398 links, its whole site open) in a real VS Code (code-server +
// headless Chromium): a broken link typed there is underlined once, the page's other links stay
// as they were, and the underline goes when the link is deleted again. The editor re-reads only
// the stretch of the page around each keystroke; this is that work as a writer meets it.
// Screenshot: test-results/large-page/typed-link.png.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startVSCode, waitFor, type VSCodeSession } from './harness/browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';
import { materialiseSite } from '../support/sites';

const SCENARIO_TIMEOUT = 180_000;
const SHOTS = join(REPO_ROOT, 'test-results', 'large-page');
/** A writer's pace: about seven keys a second. */
const KEY_DELAY_MS = 140;

describe('typing in the largest page of a real site, in a real VS Code', () => {
  let session: VSCodeSession | undefined;
  let tmp: string | undefined;
  const cleanups: Array<() => unknown> = [];

  before(
    async () => {
      await ensureCodeServer();
      for (const file of ['extension.js', 'server.js']) {
        assert.ok(existsSync(join(REPO_ROOT, 'dist', file)), `dist/${file} is missing: run "node esbuild.mjs" first (npm test does)`);
      }
      tmp = mkdtempSync(join(tmpdir(), 'docsjson-large-page-e2e-'));
      const site = join(tmp, 'fastmcp');
      cpSync(materialiseSite('PrefectHQ+fastmcp'), site, { recursive: true });
      session = await startVSCode({ name: 'large-page', after: (fn) => cleanups.push(fn) }, { extensionDirs: [REPO_ROOT], workspace: site });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('a broken link typed in the middle of the changelog is underlined once, and the underline goes with it', { timeout: SCENARIO_TIMEOUT }, (t) =>
    (session ?? assert.fail('VS Code did not start: see the set-up error above')).step(t.name, async (wb) => {
      const text = readFileSync(join(materialiseSite('PrefectHQ+fastmcp'), 'changelog.mdx'), 'utf8');
      const lines = text.split('\n');
      // A line of plain text near the middle: the typed link goes at its end.
      let line = lines.length >> 1;
      while (!/^[A-Za-z*-].*[.)]$/.test(lines[line - 1] ?? '') && line < lines.length) line++;
      await wb.openFile('changelog.mdx');
      await wb.goTo(line, lines[line - 1].length + 1);
      const squiggled = async () => (await wb.squiggles()).errors;
      // The page's own problems in view, read once the server has checked it.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const before = await squiggled();
      const typed = ' See [the typed guide](/nowhere-typed).';
      await wb.focusEditor();
      await wb.page.keyboard.type(typed, { delay: KEY_DELAY_MS });
      assert.equal(await waitFor('the typed link underlined', async () => ((await squiggled()) === before + 1 ? before + 1 : undefined), 20_000), before + 1);
      await wb.screenshot(join(SHOTS, 'typed-link.png'));
      const editor = await wb.editorText();
      assert.ok(editor.includes(typed), 'the text typed is in the editor');
      for (let k = 0; k < typed.length; k++) await wb.page.keyboard.press('Backspace', { delay: 20 });
      assert.equal(await waitFor('the underline gone', async () => ((await squiggled()) === before ? before : undefined), 20_000), before);
    }),
  );
});
