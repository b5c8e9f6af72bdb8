// MDX syntax errors through the protocol: a real client over stdio opens one page per row of the
// facts' "what breaks a page" table; each gets one error at its line, its quick fix mends the page.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { acceptedPages, breakingPages } from '../support/mdxBreakingPages';
import { writeSite } from '../support/site';
import { LspTestClient } from './lspClient';

const syntaxErrors = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.code === 'mdx/syntax');
const aliasPage = 'alias.mdx';
const aliasText = '---\ntitle: &t Hello\ndescription: *nowhere\n---\n\n# Alias\n';

describe('MDX syntax errors through the protocol', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    const files = { ...Object.fromEntries(breakingPages.map((page) => [page.file, page.text])), ...acceptedPages, [aliasPage]: aliasText };
    const pages = Object.keys(files).map((file) => file.replace(/\.mdx$/, ''));
    root = writeSite({ ...files, 'logo.png': '', 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages } }) });
    client = await LspTestClient.start({ root });
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  for (const page of breakingPages) {
    test(`${page.row}: one error at its line${page.fix ? ', and its quick fix mends the page' : ''}`, async () => {
      await client.open(page.file);
      const found = syntaxErrors(await client.diagnostics(page.file));
      assert.equal(found.length, 1, JSON.stringify(found));
      const [problem] = found;
      assert.deepEqual([problem.range.start.line + 1, problem.range.start.character + 1, problem.severity], [page.line, page.column, 1]);
      assert.ok(String(problem.message).includes(page.says), String(problem.message));
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: client.uri(page.file) },
        range: problem.range,
        context: { diagnostics: [problem] },
      });
      if (!page.fix) {
        assert.deepEqual(actions.map((action) => action.title), []);
        return;
      }
      assert.deepEqual(actions.map((action) => action.title), [page.fix.title]);
      const edits = actions[0].edit!.changes![client.uri(page.file)] as TextEdit[];
      const fixed = TextDocument.applyEdits(TextDocument.create('x', 'mdx', 0, page.text), edits);
      assert.equal(fixed, page.fix.fixed);
      await client.edit(page.file, 0, page.text.length, fixed);
      assert.deepEqual(syntaxErrors(await client.diagnostics(page.file)), [], 'the fixed page parses');
    });
  }

  test('a frontmatter alias to no anchor is a frontmatter error; the page is still answered for', async () => {
    await client.open(aliasPage);
    const found = (await client.diagnostics(aliasPage)).filter((d) => d.code === 'frontmatter/syntax');
    assert.deepEqual(
      found.map((d) => d.message),
      ['The frontmatter is not valid YAML, so the page fails to build: unidentified alias "nowhere"'],
    );
    const symbols = await client.request<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri: client.uri(aliasPage) } });
    assert.ok(symbols.some((symbol) => symbol.name === 'Alias'), JSON.stringify(symbols));
  });

  test('not errors: a < 3, $5 and $6, {/* comment */}', async () => {
    for (const file of Object.keys(acceptedPages)) {
      await client.open(file);
      assert.deepEqual(await client.diagnostics(file), [], file);
    }
  });

  test('typing: a half-typed tag is reported once, and goes when the tag is closed', async () => {
    const file = 'less-than.mdx';
    const text = client.text(file);
    await client.edit(file, text.length, text.length, '\n<Card title="Go">\n');
    const [problem, ...others] = syntaxErrors(await client.diagnostics(file));
    assert.deepEqual(others, []);
    assert.equal(problem.range.start.line, 2);
    await client.edit(file, client.text(file).length, client.text(file).length, 'Text\n</Card>\n');
    assert.deepEqual(syntaxErrors(await client.diagnostics(file)), []);
  });
});
