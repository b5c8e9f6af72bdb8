// Typing at a writer's pace in the middle of the largest page of the shared sites (FastMCP's
// 389 K-character changelog, 4,398 links, its whole site open) in a real VS Code (code-server +
// headless Chromium): a broken link typed there is the page's one underlined error, and the
// underline goes when the link is deleted again. The editor re-reads only
// the stretch of the page around each keystroke; this is that work as a writer meets it.
// Screenshot: test-results/large-page/typed-link.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { waitFor } from './harness/browser';
import { REPO_ROOT } from './harness/codeServer';
import { vscodeOnSiteCopy } from './harness/fixtureSession';
import { materialiseSite } from '../support/sites';

const SCENARIO_TIMEOUT = loadScaled(180_000);
const SHOTS = join(REPO_ROOT, 'test-results', 'large-page');
/** A writer's pace: about seven keys a second. */
const KEY_DELAY_MS = 140;

describe('typing in the largest page of a real site, in a real VS Code', () => {
  const vscode = vscodeOnSiteCopy('large-page', materialiseSite('PrefectHQ+fastmcp'));

  it('a broken link typed in the middle of the changelog is underlined once, and the underline goes with it', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      const text = readFileSync(join(vscode.site, 'changelog.mdx'), 'utf8');
      const lines = text.split('\n');
      // A line of plain text near the middle: the typed link goes at its end.
      let line = lines.length >> 1;
      while (!/^[A-Za-z*-].*[.)]$/.test(lines[line - 1] ?? '') && line < lines.length) line++;
      await wb.openFile('changelog.mdx');
      await wb.goTo(line, lines[line - 1].length + 1);
      // The changelog's own problems are a warning and a note: the typed link is its one error.
      const squiggled = async () => (await wb.squiggles()).errors;
      const typed = ' See [the typed guide](/nowhere-typed).';
      await wb.focusEditor();
      await wb.page.keyboard.type(typed, { delay: KEY_DELAY_MS });
      assert.equal(await waitFor('the typed link underlined', async () => ((await squiggled()) === 1 ? 1 : undefined), 20_000), 1);
      await wb.screenshot(join(SHOTS, 'typed-link.png'));
      const editor = await wb.editorText();
      assert.ok(editor.includes(typed), 'the text typed is in the editor');
      for (let k = 0; k < typed.length; k++) await wb.page.keyboard.press('Backspace', { delay: 20 });
      assert.equal(await waitFor('the underline gone', async () => ((await squiggled()) === 0 ? 0 : undefined), 20_000), 0);
    }),
  );
});
