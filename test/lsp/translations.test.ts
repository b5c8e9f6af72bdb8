// A site in two languages over the protocol: the pages a language lacks are told on docs.json, and a
// link from a translated page into the default language gets the fix to the page in its own language.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { docsJson, writeSite } from '../support/site';
import { LspTestClient } from './lspClient';
import { findingsAfter, tracePagesChecks, type PagesCheckRun } from './pagesCheckRuns';

const navigation = `{ "languages": [
    { "language": "en", "default": true, "pages": ["en/index", "en/guide", "en/faq", "en/changelog"] },
    { "language": "zh", "pages": ["zh/index", "zh/guide", "zh/faq"] }
  ] }`;

describe('translations in the editor', () => {
  let client: LspTestClient;

  before(async () => {
    const root = writeSite({
      'docs.json': docsJson(navigation),
      'en/index.mdx': '# Home\n',
      'en/guide.mdx': '# Guide\n## Install\n',
      'en/faq.mdx': '# FAQ\n',
      'en/changelog.mdx': '# Changelog\n',
      'zh/index.mdx': '# 首页\n\n参见[指南](/en/guide)和[问题](/en/faq)。\n',
      'zh/guide.mdx': '# 指南\n## 安装\n',
      'zh/faq.mdx': '# 常见问题\n',
    });
    client = await LspTestClient.start({ root });
    await client.open('zh/index.mdx');
  });
  after(() => client.stop());

  test('the pages a language lacks are told once, at its entry of docs.json', async () => {
    await client.open('docs.json');
    const told = (await client.diagnostics('docs.json')).filter((d) => d.code === 'translation/missing-pages');
    assert.deepEqual(
      told.map((d) => [String(d.message).split(':')[0], d.range.start.line]),
      [['1 page of "en" (the default language) has no "zh" version in this language\'s navigation', client.position('docs.json', '"language": "zh"').line]],
    );
  });

  test('typing in docs.json keeps the summary true: a page added to the language, a language code edited', async () => {
    await client.open('docs.json');
    const summaries = async () => (await client.diagnostics('docs.json')).filter((d) => d.code === 'translation/missing-pages').map((d) => String(d.message).split(':')[0]);
    const at = client.text('docs.json').indexOf('"zh/faq"') + '"zh/faq"'.length;
    await client.edit('docs.json', at, at, ', "zh/changelog"');
    assert.deepEqual(await summaries(), [], 'every page of "en" has its "zh" version');
    await client.edit('docs.json', at, at + ', "zh/changelog"'.length, '');
    assert.equal((await summaries()).length, 1);
    const code = client.text('docs.json').indexOf('"language": "zh"') + '"language": "'.length;
    await client.edit('docs.json', code, code + 2, 'ja');
    assert.deepEqual(await summaries(), ['1 page of "en" (the default language) has no "ja" version in this language\'s navigation']);
    await client.edit('docs.json', code, code + 2, 'zh');
    assert.deepEqual(await summaries(), ['1 page of "en" (the default language) has no "zh" version in this language\'s navigation']);
  });

  test('a link into the default language is fixed to the page in the page\'s own language, and is told no more', async () => {
    const link = async (): Promise<Diagnostic | undefined> => (await client.diagnostics('zh/index.mdx')).find((d) => d.code === 'translation/other-language-link' && client.text('zh/index.mdx').split('\n')[d.range.start.line].slice(d.range.start.character).startsWith('/en/guide'));
    const diagnostic = await link();
    assert.ok(diagnostic, 'the link to /en/guide is told');
    assert.equal(diagnostic.severity, 2);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: client.uri('zh/index.mdx') }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
    assert.deepEqual(
      actions.map((action) => [action.title, action.kind, action.isPreferred]),
      [['Change to "/zh/guide"', 'quickfix', true]],
    );
    const edits = actions[0].edit!.changes![client.uri('zh/index.mdx')] as TextEdit[];
    const next = TextDocument.applyEdits(TextDocument.create(client.uri('zh/index.mdx'), 'mdx', 0, client.text('zh/index.mdx')), edits);
    await client.edit('zh/index.mdx', 0, client.text('zh/index.mdx').length, next);
    assert.match(client.text('zh/index.mdx'), /\[指南\]\(\/zh\/guide\)/);
    assert.equal(await link(), undefined);
    const left = (await client.diagnostics('zh/index.mdx')).filter((d) => d.code === 'translation/other-language-link');
    assert.equal(left.length, 1, 'the link to /en/faq is still told');
  });
});

describe('typing in a page entry of a site in two languages', () => {
  let client: LspTestClient;
  let runs: PagesCheckRun[];
  const groups = `{ "languages": [
    { "language": "en", "default": true, "groups": [ { "group": "Guide", "pages": ["en/index", "en/guide", "en/later"] } ] },
    { "language": "zh", "groups": [ { "group": "指南", "pages": ["zh/index", "zh/later"] } ] }
  ] }`;

  before(async () => {
    const root = writeSite({
      'docs.json': docsJson(groups),
      'en/index.mdx': '# Home\n',
      'en/guide.mdx': '# Guide\n',
      'zh/index.mdx': '# 首页\n\n参见[指南](/en/guide)。\n',
    });
    client = await LspTestClient.start({ root });
    runs = await tracePagesChecks(client);
  });
  after(() => client.stop());

  const statuses = () => client.statuses as { pagesChecked: boolean }[];

  /** Whether the site's status after an edit of docs.json says the last check of every page holds (no run is due). */
  const pagesHoldAfter = async (at: number, typed: string): Promise<boolean> => {
    const before = statuses().length;
    await client.edit('docs.json', at, at, typed);
    await client.pull('docs.json');
    await client.until(() => statuses().length > before);
    return statuses().at(-1)!.pagesChecked;
  };

  test('the check of every page is kept while the entry names no page file, and run again when it names one no more', async () => {
    const first = await findingsAfter(client, runs, () => client.request('workspace/diagnostic', { previousResultIds: [] }));
    assert.ok(first.some((finding) => finding.startsWith('zh/index.mdx ') && finding.endsWith(' translation/other-language-link')));
    await findingsAfter(client, runs, async () => {
      await client.open('docs.json');
      await client.pull('docs.json');
    });
    await client.until(() => statuses().at(-1)?.pagesChecked === true, 60_000);
    const runsBefore = runs.length;
    const later = client.text('docs.json').indexOf('"zh/later"') + '"zh/later'.length;
    for (const [index, typed] of [...'-soon'].entries()) assert.equal(await pagesHoldAfter(later + index, typed), true, `"zh/later${'-soon'.slice(0, index + 1)}"`);
    assert.equal(runs.length, runsBefore, 'no page was checked again');
    const missing = (await client.diagnostics('docs.json')).filter((d) => d.code === 'translation/missing-pages');
    assert.deepEqual(
      missing.map((d) => String(d.message).split(': ')[1].split('. ')[0]),
      ['en/guide, en/later'],
      'the pages "zh" lacks are told as typed',
    );
    const index = client.text('docs.json').indexOf('"zh/index"') + '"zh/index'.length;
    const unlisted = await findingsAfter(client, runs, async () => assert.equal(await pagesHoldAfter(index, 'x'), false, 'zh/index.mdx is listed no more: every page is checked again'));
    assert.ok(unlisted.some((finding) => finding.startsWith('zh/index.mdx ') && finding.endsWith(' page/orphaned')));
  });
});
