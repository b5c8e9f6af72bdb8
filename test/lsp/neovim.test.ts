// A second, independent LSP client: Neovim headless (Debian's 0.7.2, no pull diagnostics, no
// snippets) attaches to `node dist/server.js --stdio`.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runNeovimLsp, type LspDiagnostic } from '../e2e/harness/neovim';

const server = join(__dirname, '..', '..', 'dist', 'server.js');
const root = join(__dirname, '..', 'fixtures', 'sites', 'lsp-ref');

test('Neovim gets the published diagnostics and the language codes for "language": ""', async () => {
  const text = readFileSync(join(root, 'docs.json'), 'utf8');
  const lines = text.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes('"language": ""'));
  const character = lines[line].indexOf('"language": ""') + '"language": "'.length;

  const result = await runNeovimLsp({ cmd: [process.execPath, server, '--stdio'], file: join(root, 'docs.json'), rootDir: root, completionAt: { line, character } });

  assert.equal(result.error, undefined);
  assert.deepEqual(
    result.diagnostics.map((d) => ({ range: d.range, severity: d.severity, code: d.code, message: d.message })),
    [
      {
        range: { start: { line: 13, character: 20 }, end: { line: 13, character: 22 } },
        severity: 1,
        code: 'schema/empty',
        message: '"language" in a language must not be empty',
      },
    ],
  );
  const items = result.completion!.items;
  assert.equal(items.length, 41);
  assert.deepEqual(
    items.slice(0, 3).map((item) => [item.label, item.detail]),
    [
      ['en', 'English'],
      ['cn', 'Chinese (Simplified)'],
      ['zh', 'Chinese'],
    ],
  );
  assert.deepEqual(items.find((item) => item.label === 'fr')!.textEdit, {
    range: { start: { line: 13, character: 20 }, end: { line: 13, character: 22 } },
    newText: '"fr"',
  });
});

test('Neovim: a heading renamed in another open page reports the link to its old anchor without touching the linking page; restored, the report goes', async () => {
  const site = mkdtempSync(join(tmpdir(), 'docsjson-nvim-pages-'));
  try {
    cpSync(join(__dirname, '..', 'fixtures', 'sites', 'lsp-pages'), site, { recursive: true });
    const heading = readFileSync(join(site, 'guides', 'setup.mdx'), 'utf8').split('\n').indexOf('## Install');
    const result = await runNeovimLsp({
      cmd: [process.execPath, server, '--stdio'],
      file: 'index.mdx',
      rootDir: site,
      steps: [
        { open: 'guides/setup.mdx', waitForPublishOf: 'guides/setup.mdx' },
        { setLine: { file: 'guides/setup.mdx', line: heading, text: '## Installing' }, waitForPublishOf: 'index.mdx' },
        { setLine: { file: 'guides/setup.mdx', line: heading, text: '## Install' }, waitForPublishOf: 'index.mdx' },
      ],
    });
    const messages = (diagnostics: LspDiagnostic[] | null) => diagnostics?.map((d) => d.message);
    const before = ['Link "/guides/nowhere" leads nowhere: no page, generated page, file or redirect is at /guides/nowhere', '"#instal" is not an anchor of quickstart.mdx: no heading or id there makes it. Did you mean "#install"?'];
    assert.deepEqual(messages(result.diagnostics), before);
    assert.deepEqual(messages(result.stepDiagnostics[1]), ['"#install" is not an anchor of guides/setup.mdx: no heading or id there makes it. Did you mean "#installing"?', ...before]);
    assert.deepEqual(messages(result.stepDiagnostics[2]), before);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});

test('Neovim: a page of components gets its problems, completion after "<", hover, outline, folding and the closing tag', async () => {
  const site = mkdtempSync(join(tmpdir(), 'docsjson-nvim-components-'));
  try {
    cpSync(join(__dirname, '..', 'fixtures', 'sites', 'lsp-pages'), site, { recursive: true });
    const text = ['## Install', '', '<Tabs>', '  <Tab title="npm">', '    Run it.', '  </Tab>', '</Tabs>', '', '<Accordian title="More">', '  Hidden', '</Accordian>', ''].join('\n');
    const result = await runNeovimLsp({
      cmd: [process.execPath, server, '--stdio'],
      file: 'components.mdx',
      text,
      rootDir: site,
      completionAt: { line: 2, character: 1 },
      requests: [
        { method: 'textDocument/hover', position: { line: 3, character: 4 } },
        { method: 'textDocument/documentSymbol' },
        { method: 'textDocument/foldingRange' },
        { method: 'docsjson/closingTag', position: { line: 2, character: 6 } },
        { method: 'textDocument/completion', position: { line: 3, character: 18 } },
      ],
    });
    assert.equal(result.error, undefined);
    assert.deepEqual(result.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]), [['component/unknown', 8, 1]]);
    assert.match(result.diagnostics[0].message, /Did you mean <Accordion>\?$/);
    const accordion = result.completion!.items.find((item) => item.label === 'Accordion')!;
    assert.equal(accordion.detail, 'A collapsible section with a title; opens to show its content.');
    const [hover, symbols, folds, closing, props] = result.responses.map((response) => response.result);
    assert.match((hover as { contents: { value: string } }).contents.value, /^`<Tab>`/);
    assert.deepEqual((symbols as { name: string; children: { name: string }[] }[]).map((s) => [s.name, s.children.map((c) => c.name)]), [['Install', ['npm']]]);
    assert.deepEqual((folds as { startLine: number; endLine: number }[]).map((f) => [f.startLine, f.endLine]), [[2, 5], [3, 4], [8, 9]]);
    assert.equal(closing, '</Tabs>');
    const propItems = ((props as { items?: { label: string }[] }).items ?? (props as { label: string }[])).map((item) => item.label);
    assert.ok(propItems.includes('icon') && !propItems.includes('title'), 'the props of <Tab> not yet written');
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});
