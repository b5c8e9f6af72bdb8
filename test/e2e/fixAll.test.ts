// "Fix All" in a real VS Code (code-server + headless Chromium), with the built extension loaded
// from this repository, on a copy of test/fixtures/sites/lsp-basic: VS Code's Fix All command runs
// the server's source.fixAll.docsjson action, and docs.json gets the fixes that need no choice.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { waitFor } from './harness/browser';
import { REPO_ROOT } from './harness/codeServer';
import { vscodeOnFixtureCopy } from './harness/fixtureSession';

const SCENARIO_TIMEOUT = loadScaled(120_000);

describe('Fix all in a real VS Code (code-server + Chromium)', () => {
  const vscode = vscodeOnFixtureCopy('fix-all', 'lsp-basic');

  it('"Fix All" applies the fixes of docs.json that need no choice and leaves the others', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('docs.json');
      await wb.waitForProblems((ms) => ms.some((m) => m.text.includes('icon/fa-prefix')), 60_000);
      await wb.runCommand('Fix All');
      const text = await waitFor('the fixes applied', async () => {
        const current = await wb.editorText();
        return current.includes('"icon": "book"') ? current : undefined;
      }, loadScaled(20_000));
      await wb.screenshot(join(REPO_ROOT, 'test-results', 'fix-all', 'fix-all.png'));
      assert.ok(text.includes('"description": "A fixture site for the language server"'));
      assert.ok(!text.includes('"expanded": true'));
      const fixed = ['icon/fa-prefix', 'schema/unknown-key', 'nav/expanded-no-effect', 'ref/unknown-operation'];
      const markers = await wb.waitForProblems((ms) => !ms.some((m) => fixed.some((code) => m.text.includes(code))), 30_000);
      t.diagnostic(JSON.stringify(markers));
      assert.ok(markers.some((m) => m.text.includes('ref/missing-page')), 'the missing page, which asks for a choice, is left');
      assert.ok(markers.some((m) => m.text.includes('nav/mixed-children')), 'pages beside groups, to nest one way or the other, are left');
    }));
});
