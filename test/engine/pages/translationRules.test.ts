import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, runSiteRules, DiskSiteHost, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { sameContent, siteLanguages } from '../../../server/src/engine/pages/languages';
import { linkRule } from '../../../server/src/engine/rules/linkRule';
import { missingTranslationRule } from '../../../server/src/engine/rules/missingTranslationRule';
import { otherLanguageLinkRule } from '../../../server/src/engine/rules/otherLanguageLinkRule';
import { pageDiagnosticActions } from '../../../server/src/engine/service/pageActions';
import { fixWithoutChoice } from '../../../server/src/engine/service/fixAll';
import { docsJson, extractMarkers, writeSite } from '../../support/site';

/** A site in English (the default, though not first), Chinese and Japanese; Japanese's navigation is pulled in with "$ref". */
const languagesNav = (zhPages = '"zh/index", "zh/guide", "zh/faq"') =>
  `{ "languages": [
    { "language": "zh", "groups": [ { "group": "指南", "pages": [${zhPages}] } ] },
    { "language": "en", "default": true, "groups": [ { "group": "Guide", "root": "en/overview", "pages": ["en/index", "en/guide", "en/faq", "shared"] } ] },
    { "$ref": "nav/ja.json" }
  ] }`;

const baseSite: Record<string, string> = {
  'nav/ja.json': '{ "language": "ja", "groups": [ { "group": "ガイド", "pages": ["ja/index", "ja/guide", "shared"] } ] }',
  'en/overview.mdx': '# Overview\n',
  'en/index.mdx': '# Welcome\n',
  'en/guide.mdx': '# Guide\n## Install\n## Configure\n',
  'en/faq.mdx': '# FAQ\n',
  'shared.mdx': '# Shared\n',
  'zh/index.mdx': '# 欢迎\n',
  'zh/guide.mdx': '# 指南\n## 安装\n## 配置\n',
  'zh/faq.mdx': '# 常见问题\n',
  'ja/index.mdx': '# ようこそ\n',
  'ja/guide.mdx': '# ガイド\n## インストール\n',
  'unlisted.mdx': '# Unlisted\n',
};

function graphOf(files: Record<string, string>, navigation = languagesNav()): SiteGraph {
  const root = writeSite({ ...baseSite, ...files, 'docs.json': docsJson(navigation) });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
}

/** The findings of a rule on a page written with ⟦markers⟧ around the ranges expected, which they must cover. */
function checkPage(path: string, marked: string, rule = otherLanguageLinkRule): { graph: SiteGraph; diagnostics: Diagnostic[] } {
  const { text, ranges } = extractMarkers(marked);
  const graph = graphOf({ [path]: text });
  const diagnostics = runSiteRules(graph, [rule]).get(path) ?? [];
  assert.deepEqual(
    diagnostics.map((d) => d.range),
    ranges,
    JSON.stringify(diagnostics, null, 1),
  );
  return { graph, diagnostics };
}

describe("a site's languages", () => {
  it('follow the navigation, as the platform routes them: the default is the entry with "default", a page listed by two languages is of none', () => {
    const languages = siteLanguages(graphOf({}))!;
    assert.deepEqual(
      languages.languages.map(({ code }) => code),
      ['zh', 'en', 'ja'],
    );
    assert.equal(languages.defaultLanguage.code, 'en');
    assert.equal(languages.languageOfFile('zh/guide.mdx'), 'zh');
    assert.equal(languages.languageOfFile('ja/guide.mdx'), 'ja', 'a language whose navigation is in a "$ref" file');
    assert.equal(languages.languageOfFile('en/overview.mdx'), 'en', "a group's root page");
    assert.equal(languages.languageOfFile('shared.mdx'), undefined, 'listed by en and ja');
    assert.equal(languages.languageOfFile('unlisted.mdx'), undefined);
    assert.equal(languages.counterpartFile('en/guide.mdx', 'zh'), 'zh/guide.mdx');
    assert.equal(languages.counterpartFile('en/faq.mdx', 'ja'), undefined);
  });

  it('are those of the folder a page is listed in, not of its folder name', () => {
    const languages = siteLanguages(graphOf({ 'en/extra.mdx': '# Extra\n' }, languagesNav('"zh/index", "zh/guide", "zh/faq", "en/extra"')))!;
    assert.equal(languages.languageOfFile('en/extra.mdx'), 'zh');
  });

  it('have the first entry as default when none says "default", and take an unprefixed default language as the version of "/ja/…"', () => {
    const navigation = '{ "languages": [ { "language": "en", "pages": ["index", "guides/start"] }, { "language": "ja", "pages": ["ja/index", "ja/guides/start/index"] } ] }';
    const languages = siteLanguages(graphOf({ 'index.mdx': '# Home\n', 'guides/start.mdx': '# Start\n', 'ja/index.mdx': '# ホーム\n', 'ja/guides/start/index.mdx': '# 開始\n' }, navigation))!;
    assert.equal(languages.defaultLanguage.code, 'en');
    assert.equal(languages.counterpartFile('guides/start.mdx', 'ja'), 'ja/guides/start/index.mdx');
    assert.equal(languages.counterpartFile('ja/index.mdx', 'en'), 'index.mdx');
  });

  it('pair two paths as the platform\'s language switcher does (its pathsDifferByOneSegment cases)', () => {
    const pairs: [string, string, boolean][] = [
      ['/ja/getting-started', '/getting-started', true],
      ['/ja/getting-started', '/es/getting-started', true],
      ['/ja/getting-started', '/ja/quickstart', false],
      ['/ja/getting-started', '/ja/getting-started', false],
      ['/getting-started', '/getting-started', false],
      ['/ja/guides/getting-started/index', '/guides/getting-started', true],
      ['/ja/index/getting-started', '/getting-started', false],
      ['/docs/ja/getting-started', '/docs/getting-started', true],
      ['/docs/ja/getting-started', '/ja/getting-started', false],
      ['/es/docs/2025_12/getting-started', '/docs/2025_12/getting-started', true],
      ['/es/docs/2025_12/getting-started', '/docs/getting-started', false],
      ['/ua/start', '/start', false],
    ];
    assert.deepEqual(
      pairs.map(([a, b]) => [a, b, sameContent(a, b)]),
      pairs,
    );
  });

  it('are none without "languages" in the navigation', () => {
    assert.equal(siteLanguages(graphOf({}, '{ "pages": ["en/index"] }')), undefined);
  });
});

describe('pages missing in a language', () => {
  function missing(navigation: string, files: Record<string, string> = {}): (Diagnostic & { file: string; covered: string })[] {
    const root = writeSite({ ...baseSite, ...files, 'docs.json': docsJson(navigation) });
    const host = new DiskSiteHost(root);
    const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
    return [...runSiteRules(graph, [missingTranslationRule])].flatMap(([file, found]) => found.map((d) => ({ ...d, file, covered: readFileSync(join(root, file), 'utf8').slice(d.range.start, d.range.end) })));
  }

  it('are told once per language, at its entry (in a "$ref" file too), naming the pages of the default language it has no version of', () => {
    const found = missing(languagesNav('"zh/index"'));
    assert.deepEqual(
      found.map(({ file, covered, severity, message }) => ({ file, covered, severity, message })),
      [
        {
          file: 'docs.json',
          covered: '"zh"',
          severity: 'information',
          message: '3 pages of "en" (the default language) have no "zh" version in this language\'s navigation: en/guide, en/faq, en/overview. The language switcher takes readers of them to another "zh" page',
        },
        {
          file: 'nav/ja.json',
          covered: '"ja"',
          severity: 'information',
          message: '2 pages of "en" (the default language) have no "ja" version in this language\'s navigation: en/faq, en/overview. The language switcher takes readers of them to another "ja" page',
        },
      ],
    );
  });

  it('are none when every language has every page, and are counted past ten', () => {
    const all = '"zh/index", "zh/guide", "zh/faq", "zh/overview", "shared"';
    const jaAll = { 'nav/ja.json': '{ "language": "ja", "pages": ["ja/index", "ja/guide", "ja/faq", "ja/overview", "shared"] }' };
    assert.deepEqual(missing(languagesNav(all), jaAll), []);
    const many = Array.from({ length: 12 }, (_, i) => `"en/p${i}"`).join(', ');
    const [told] = missing(`{ "languages": [ { "language": "en", "pages": [${many}] }, { "language": "fr", "pages": ["fr/p0"] } ] }`);
    assert.match(told.message, /^11 pages .*: en\/p1, en\/p2, .*, en\/p10, and 1 more\. /);
  });

  it('are not told for a language none of whose pages has the path of a page of the default language with its code', () => {
    assert.deepEqual(missing('{ "languages": [ { "language": "en", "pages": ["v1/en/a", "v1/en/b"] }, { "language": "fr", "pages": ["v1/fr/a"] } ] }'), []);
  });
});

describe('links into another language', () => {
  it('are told from a translated page to another page of the default language, with the fix to its version in the page\'s own language', () => {
    const { graph, diagnostics } = checkPage('zh/index.mdx', '# 欢迎\n[指南](⟦/en/guide#install⟧) [FAQ](⟦../en/faq⟧)\n## 安装\n');
    assert.deepEqual(
      diagnostics.map(({ message, severity, suggestions }) => ({ message, severity, suggestions })),
      [
        {
          message: 'Link "/en/guide#install" leads to a page of "en" from this page of "zh": readers leave their language there. Link to the "zh" version, "/zh/guide"',
          severity: 'warning',
          suggestions: [{ title: 'Change to "/zh/guide#install"', replacement: '/zh/guide#install', preferred: false }],
        },
        {
          message: 'Link "../en/faq" leads to a page of "en" from this page of "zh": readers leave their language there. Link to the "zh" version, "/zh/faq"',
          severity: 'warning',
          suggestions: [{ title: 'Change to "/zh/faq"', replacement: '/zh/faq' }],
        },
      ],
    );
    const [guessedAnchor, faq] = diagnostics.map((d) => fixWithoutChoice(pageDiagnosticActions(graph, 'zh/index.mdx', d)));
    assert.equal(guessedAnchor, undefined, 'the version in zh has no "#install": the writer chooses');
    assert.equal(faq?.title, 'Change to "/zh/faq"');
  });

  it('are told without a fix when the page has no version in the link\'s language', () => {
    const { diagnostics } = checkPage('ja/index.mdx', '[FAQ](⟦/en/faq⟧)\n');
    assert.match(diagnostics[0].message, /leads to a page of "en" from this page of "ja": readers leave their language there \(no "ja" version of it is in "ja"'s navigation\)$/);
    assert.equal(diagnostics[0].suggestions, undefined);
  });

  it('are not told to the page\'s own version in another language, to a page common to languages, from a page of none, or for images', () => {
    checkPage('zh/guide.mdx', '> 本文档由 AI 自动翻译。请参考 [英文原版](/en/guide)。\n[shared](/shared) [zh](/zh/faq) ![x](/en/overview)\n');
    checkPage('unlisted.mdx', '[en](/en/guide) [zh](/zh/guide)\n');
    checkPage('en/index.mdx', '[shared](/shared) [self](/en/guide)\n');
  });

  it('are told from the default language into a translation too', () => {
    const { diagnostics } = checkPage('en/index.mdx', '[指南](⟦/zh/guide⟧)\n');
    assert.equal(diagnostics[0].suggestions?.[0].replacement, '/en/guide');
  });
});

describe('anchors of translated headings', () => {
  it('say the heading was translated, with the heading in its place as a fix the writer confirms', () => {
    const { graph, diagnostics } = checkPage('zh/faq.mdx', '# 常见问题\n[安装](/zh/guide⟦#install⟧)\n', linkRule);
    assert.equal(diagnostics[0].message, '"#install" is not an anchor of zh/guide.mdx: the heading that makes it on en/guide.mdx, the page in the default language, was translated there, which gives it another anchor: the heading in its place there is "#安装"');
    assert.deepEqual(diagnostics[0].suggestions, [{ title: 'Change to "#安装"', replacement: '#安装', preferred: false }]);
    assert.equal(fixWithoutChoice(pageDiagnosticActions(graph, 'zh/faq.mdx', diagnostics[0])), undefined);
    const own = checkPage('zh/guide.mdx', '# 指南\n## 安装\n## 配置\n见[配置](⟦#configure⟧)。\n', linkRule).diagnostics;
    assert.equal(own[0].message, '"#configure" is not an anchor of this page: the heading that makes it on en/guide.mdx, the page in the default language, was translated here, which gives it another anchor: the heading in its place here is "#配置"');
  });

  it('name no heading when the pages have not as many headings, and stay as they were where the default language has no such heading', () => {
    const { diagnostics } = checkPage('ja/index.mdx', '[a](/ja/guide⟦#configure⟧) [b](/ja/guide⟦#nothing⟧) [c](/en/guide⟦#nothing⟧)\n', linkRule);
    assert.equal(diagnostics[0].message, '"#configure" is not an anchor of ja/guide.mdx: the heading that makes it on en/guide.mdx, the page in the default language, was translated there, which gives it another anchor');
    assert.equal(diagnostics[0].suggestions, undefined);
    assert.match(diagnostics[1].message, /^"#nothing" is not an anchor of ja\/guide\.mdx: no heading or id there makes it/);
    assert.match(diagnostics[2].message, /^"#nothing" is not an anchor of en\/guide\.mdx: no heading or id there makes it/);
  });
});
