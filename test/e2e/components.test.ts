// Components in a real VS Code (code-server + headless Chromium), with the built extension loaded
// from this repository, on a copy of test/fixtures/sites/lsp-pages with a page of components: an
// unknown component is underlined with the warning that the site drops it, and its quick fix
// renames both tags; `<` offers the components with their summaries; `>` closes the tag; a `<br>`
// typed in the page is the error the platform's build stops at, said once, and its fix closes it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { waitFor } from './harness/browser';
import { REPO_ROOT } from './harness/codeServer';
import { vscodeOnFixtureCopy } from './harness/fixtureSession';

const SCENARIO_TIMEOUT = loadScaled(120_000);
const clean = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
const page = ['---', 'title: Components', '---', '', '## Install', '', '<Accordian title="More">', '  Hidden text', '</Accordian>', ''].join('\n');

describe('components in a real VS Code (code-server + Chromium)', () => {
  const vscode = vscodeOnFixtureCopy('components', 'lsp-pages', (site) => writeFileSync(join(site, 'components.mdx'), page));

  it('an unknown component is underlined with the warning that the site drops it; its quick fix renames both tags', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('components.mdx');
      const markers = await wb.waitForProblems((ms) => ms.some((m) => m.text.includes('component/unknown')), 60_000);
      t.diagnostic(JSON.stringify(markers));
      const unknown = markers.filter((m) => m.text.includes('component/unknown'));
      assert.deepEqual(unknown.map((m) => [m.severity, m.message]), [
        ['warning', 'The site does not know the component <Accordian>: it drops it silently, with its content (it is not built in, and the page neither exports nor imports it). Did you mean <Accordion>?'],
      ]);
      assert.deepEqual(await waitFor('the underline', async () => ((await wb.squiggles()).warnings === 1 ? wb.squiggles() : undefined), 10_000), { errors: 0, warnings: 1 });
      const titles = await wb.quickFix({ line: 7, column: 3 });
      assert.ok(titles.includes('Change to <Accordion>'), JSON.stringify(titles));
      await wb.screenshot(join(REPO_ROOT, 'test-results', 'components', 'unknown-component-quick-fix.png'));
      await wb.showcase('component-quick-fix', wb.page.locator('.part.editor'), wb.page.locator('.part.panel'));
      await wb.applyQuickFix('Change to <Accordion>');
      await waitFor('both tags renamed', async () => (await wb.editorText()).includes('<Accordion title="More">\n  Hidden text\n</Accordion>'), 10_000);
      await wb.waitForProblems((ms) => !ms.some((m) => m.text.includes('component/unknown')), 30_000);
    }));

  it('"<" offers the components with their summaries, and ">" closes the tag', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('components.mdx');
      await wb.focusEditor();
      await wb.page.keyboard.press('Control+End');
      await wb.type('\n<');
      const all = await wb.triggerSuggest();
      t.diagnostic(JSON.stringify(all));
      assert.deepEqual(all.slice(0, 3), ['Accordion', 'AccordionGroup', 'Badge']);
      const details = async () => clean(await wb.page.locator('.suggest-details-container').first().textContent({ timeout: 500 }).catch(() => ''));
      const propsShown = async () => ((await details()).includes('Props:') ? details() : undefined);
      // VS Code opens the details beside the list when it last had them open; Ctrl+Space opens them otherwise.
      let shown = await waitFor('the details of Accordion', propsShown, 3_000).catch(() => undefined);
      if (shown === undefined) {
        await wb.page.keyboard.press('Control+Space');
        shown = await waitFor('the details of Accordion, asked for', propsShown, 10_000);
      }
      assert.match(shown, /A collapsible section with a title.*Props: title\*/);
      await wb.screenshot(join(REPO_ROOT, 'test-results', 'components', 'component-completion.png'));
      await wb.showcase('component-completion', wb.page.locator('.part.editor'));
      await wb.type('Car');
      const labels = await waitFor('Card first', async () => ((await wb.suggestLabels())[0] === 'Card' ? wb.suggestLabels() : undefined), 10_000);
      const focused = await wb.page.locator('.editor-widget.suggest-widget.visible .monaco-list-row.focused').first().textContent();
      assert.match(focused ?? '', /A box with a title, icon and text, optionally a link/, JSON.stringify(labels));
      await wb.acceptSuggestion('Card');
      await wb.type(' title="Next">');
      await waitFor('the closing tag after the cursor', async () => (await wb.editorText()).endsWith('<Card title="Next"></Card>'), 10_000);
      await wb.type('Go on');
      await waitFor('typed between the tags', async () => (await wb.editorText()).endsWith('<Card title="Next">Go on</Card>'), 10_000);
      await wb.screenshot(join(REPO_ROOT, 'test-results', 'components', 'closing-tag.png'));
    }));

  it('Enter between a tag and the closing tag it gets puts the closing tag on a line of its own; "{" is not closed for the writer', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('components.mdx');
      await wb.focusEditor();
      await wb.page.keyboard.press('Control+End');
      await wb.type('\n\n<Note>');
      await waitFor('the closing tag after the cursor', async () => (await wb.editorText()).endsWith('<Note></Note>'), 10_000);
      await wb.page.keyboard.press('Enter');
      await wb.type('Read this first.');
      const block = await waitFor('the text on its own line, the closing tag below it', async () => /<Note>\n[ \t]*Read this first\.\n<\/Note>$/.exec(await wb.editorText())?.[0], 10_000);
      t.diagnostic(JSON.stringify(block));
      await wb.page.keyboard.press('Control+End');
      await wb.type('\n\nUse {');
      await waitFor('the brace typed alone', async () => (await wb.editorText()).endsWith('\nUse {') || undefined, 10_000);
      await wb.runCommand('File: Revert File');
    }));

  it('a "<br>" typed in a page is one error where the build stops, in a writer\'s words; its quick fix writes "<br />"', { timeout: SCENARIO_TIMEOUT }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('components.mdx');
      await wb.focusEditor();
      await wb.page.keyboard.press('Control+End');
      await wb.type('\nFirst line<br>second line\n\nMore text after it.');
      // While the line is typed, the page ends inside a tag ("First line<"): the check of the whole text says where.
      const markers = await wb.waitForProblems((ms) => ms.some((m) => m.text.includes('mdx/syntax') && m.message.includes('`<br>`')), 60_000);
      t.diagnostic(JSON.stringify(markers));
      const syntax = markers.filter((m) => m.text.includes('mdx/syntax'));
      assert.equal(syntax.length, 1, JSON.stringify(syntax));
      assert.equal(syntax[0].severity, 'error');
      assert.match(syntax[0].message, /^`<br>` must be closed in MDX: write `<br \/>` \(/);
      const line = (await wb.editorText()).split('\n').findIndex((text) => text.startsWith('First line<br>')) + 1;
      const titles = await wb.quickFix({ line, column: 'First line<'.length + 1 });
      assert.ok(titles.includes('Write <br />'), JSON.stringify(titles));
      await wb.screenshot(join(REPO_ROOT, 'test-results', 'components', 'syntax-error-quick-fix.png'));
      await wb.showcase('syntax-error', wb.page.locator('.part.editor'), wb.page.locator('.part.panel'));
      await wb.applyQuickFix('Write <br />');
      await waitFor('the tag closed', async () => (await wb.editorText()).includes('First line<br />second line'), 10_000);
      await wb.waitForProblems((ms) => !ms.some((m) => m.text.includes('mdx/syntax')), 30_000);
    }));
});
