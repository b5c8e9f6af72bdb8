// Components in pages through the protocol: a real client over stdio on a copy of the lsp-pages
// fixture site, with a page of components written into it.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, CompletionList, DocumentSymbol, FoldingRange, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient } from './lspClient';

const page = [
  '---',
  'title: Components',
  '---',
  '',
  '## Install',
  '',
  '<Tabs>',
  '  <Tab title="npm">',
  '    Run it.',
  '  </Tab>',
  '</Tabs>',
  '',
  '<Accordian title="More">',
  '  Hidden text',
  '</Accordian>',
  '',
  'Inline <Badg>new</Badg> text.',
  '',
  '<Card title="Start" icon="rockt" />',
  '',
  '![](/images/logo.png)',
  '',
].join('\n');

/** What a writer types: tabs with no <Tabs> around them, and an unknown component with its text on its line. */
const typedPage = ['---', 'title: Typed', '---', '', '<Tab title="npm">', '  npm i', '</Tab>', '<Tab title="yarn">', '  yarn add', '</Tab>', '', '<Foo>Some text</Foo>', ''].join('\n');

describe('components in pages through the protocol', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = copyOfFixtureSite('lsp-pages');
    writeFileSync(join(root, 'components.mdx'), page);
    writeFileSync(join(root, 'typed.mdx'), typedPage);
    client = await LspTestClient.start({ root });
    await client.open('components.mdx');
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const uri = () => client.uri('components.mdx');

  test('the page gets the component, icon and accessibility problems, each where it is written', async () => {
    const diagnostics = await client.diagnostics('components.mdx');
    const found = diagnostics.map((d) => [d.code, d.severity, page.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character)]);
    assert.deepEqual(found, [
      ['component/unknown', 2, 'Accordian'],
      ['component/unknown-inline', 1, 'Badg'],
      ['icon/unknown', 2, 'rockt'],
      ['a11y/image-alt', 3, '![](/images/logo.png)'],
    ]);
    assert.match(diagnostics[0].message as string, /^The site does not know the component <Accordian>: it drops it silently, with its content .*Did you mean <Accordion>\?$/);
  });

  test('the quick fix of an unknown component renames its opening and closing tags', async () => {
    const [unknown] = await client.diagnostics('components.mdx');
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri() }, range: unknown.range, context: { diagnostics: [unknown] } });
    assert.deepEqual(actions.map((action) => [action.title, action.isPreferred]), [['Change to <Accordion>', true]]);
    const edits = actions[0].edit!.changes![uri()] as TextEdit[];
    const fixed = TextDocument.applyEdits(TextDocument.create(uri(), 'mdx', 1, client.text('components.mdx')), edits);
    assert.ok(fixed.includes('<Accordion title="More">\n  Hidden text\n</Accordion>'));
  });

  test('tabs outside <Tabs> are wrapped in it by a quick fix; an unknown component alone on its line gets its text put on a line of its own', async () => {
    await client.open('typed.mdx');
    const typedUri = client.uri('typed.mdx');
    const diagnostics = await client.diagnostics('typed.mdx');
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['component/misplaced', 4], ['component/misplaced', 7], ['component/unknown-inline', 11]]);
    const fixedBy = async (diagnostic: (typeof diagnostics)[number], title: string) => {
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: typedUri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
      const action = actions.find((candidate) => candidate.title === title);
      assert.ok(action, JSON.stringify(actions.map((candidate) => candidate.title)));
      return TextDocument.applyEdits(TextDocument.create(typedUri, 'mdx', 1, typedPage), action.edit!.changes![typedUri] as TextEdit[]);
    };
    assert.ok((await fixedBy(diagnostics[1], 'Wrap in <Tabs>')).includes('\n<Tabs>\n<Tab title="npm">\n  npm i\n</Tab>\n<Tab title="yarn">\n  yarn add\n</Tab>\n</Tabs>\n'));
    assert.match(diagnostics[2].message as string, /the text on the same line as its tags makes it an inline element in MDX/);
    assert.ok((await fixedBy(diagnostics[2], 'Put the text on its own line between the tags (the site then drops <Foo> and its text)')).endsWith('\n<Foo>\nSome text\n</Foo>\n'));
  });

  test('the server offers completion on "<" and folding ranges', () => {
    assert.ok(client.capabilities.completionProvider?.triggerCharacters?.includes('<'));
    assert.equal(client.capabilities.foldingRangeProvider, true);
  });

  test('completion after "<" lists the components with their summaries; inside a tag, its props; in a value, its values', async () => {
    const at = page.indexOf('<Tabs>') + 1;
    await client.edit('components.mdx', at, at, '');
    const names = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri() }, position: client.position('components.mdx', '<Tabs>', 1), context: { triggerKind: 2, triggerCharacter: '<' } });
    const accordion = names.items.find((item) => item.label === 'Accordion')!;
    assert.equal(accordion.detail, 'A collapsible section with a title; opens to show its content.');
    assert.deepEqual(accordion.textEdit, { range: { start: client.position('components.mdx', '<Tabs>', 1), end: client.position('components.mdx', '<Tabs>', 5) }, newText: 'Accordion' });
    const props = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri() }, position: client.position('components.mdx', '<Card title="Start" icon="rockt" ', '<Card title="Start" icon="rockt" '.length) });
    const labels = props.items.map((item) => item.label);
    assert.ok(labels.includes('href') && !labels.includes('title') && !labels.includes('icon'));
    const icons = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri() }, position: client.position('components.mdx', 'icon="rockt', 'icon="rock'.length) });
    assert.equal(icons.items[0].label, 'rocket');
    assert.equal((icons.items[0].textEdit as TextEdit).newText, 'rocket');
  });

  test('hover on a component and on a prop', async () => {
    const onTab = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri() }, position: client.position('components.mdx', '<Tab ', 2) });
    assert.match((onTab.contents as { value: string }).value, /^`<Tab>`\n\nOne tab of a Tabs block.\n\nSits directly in `<Tabs>`./);
    const onIcon = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri() }, position: client.position('components.mdx', 'icon="rockt"', 1) });
    assert.match((onIcon.contents as { value: string }).value, /^`icon` of `<Card>`\n\n`string`/);
  });

  test('the outline holds the headings and the tabs; components spanning lines fold', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri() } });
    assert.deepEqual(symbols.map((s) => [s.name, s.children?.map((c) => c.name)]), [['Install', ['npm']]]);
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: uri() } });
    assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[6, 9], [7, 8], [12, 13]]);
  });

  test('docsjson/closingTag gives the closing tag after the > of an opening tag', async () => {
    const end = client.text('components.mdx').length;
    await client.edit('components.mdx', end, end, '<Note>');
    const position = client.position('components.mdx', '<Note>', '<Note>'.length);
    assert.equal(await client.request<string | null>('docsjson/closingTag', { textDocument: { uri: uri() }, position }), '</Note>');
    assert.equal(await client.request<string | null>('docsjson/closingTag', { textDocument: { uri: uri() }, position: client.position('components.mdx', '<Card title="Start" icon="rockt" />', 35) }), null);
  });
});
