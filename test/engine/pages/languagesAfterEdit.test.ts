// The site's languages after typing in docs.json: an edit of page entries updates them for the
// entries edited (no walk of the whole navigation), and they answer as languages worked out
// afresh from the same text do.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocsJson, DiskSiteHost, recheckDocsJson, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { languagesWorkedOut, siteLanguages, type SiteLanguages } from '../../../server/src/engine/pages/languages';
import { linkRule } from '../../../server/src/engine/rules/linkRule';
import { missingTranslationRule } from '../../../server/src/engine/rules/missingTranslationRule';
import { otherLanguageLinkRule } from '../../../server/src/engine/rules/otherLanguageLinkRule';
import { docsJson, writeSite } from '../../support/site';
import { materialiseSite } from '../../support/sites';
import { applyEdit, typingEdit } from '../../support/typingEdits';

const navigation = `{ "languages": [
    { "language": "en", "default": true, "groups": [
      { "group": "Guide", "root": "en/overview", "pages": ["en/index", "en/guide", "en/faq", "shared"] },
      { "group": "More", "pages": ["en/changelog", "/en/guide", "en/api/index"] } ] },
    { "language": "zh", "groups": [ { "group": "指南", "pages": ["zh/index", "zh/guide", "zh/faq", "zh/api"] } ] },
    { "language": "ja", "groups": [ { "group": "ガイド", "pages": ["ja/index", "shared", "ja/faq"] } ] }
  ] }`;

const files: Record<string, string> = {
  'en/overview.mdx': '# Overview\n',
  'en/index.mdx': '# Welcome\n',
  'en/guide.mdx': '# Guide\n## Install\n',
  'en/faq.mdx': '# FAQ\n',
  'en/changelog.mdx': '# Changelog\n',
  'en/api/index.mdx': '# API\n',
  'shared.mdx': '# Shared\n',
  'zh/index.mdx': '# 欢迎\n[指南](/en/guide) [API](/en/api) [FAQ](/en/faq#top)\n',
  'zh/guide.mdx': '# 指南\n## 安装\n[Install](/en/guide#install)\n',
  'zh/faq.mdx': '# 常见问题\n',
  'ja/index.mdx': '# ようこそ\n[Guide](/en/guide)\n',
  'ja/faq.mdx': '# よくある質問\n',
};

const site = () => {
  const root = writeSite({ ...files, 'docs.json': docsJson(navigation) });
  return { host: new DiskSiteHost(root), text: readFileSync(join(root, 'docs.json'), 'utf8') };
};

/** Everything the rules read of the languages, for every page file and every path written in docs.json. */
function answers(languages: SiteLanguages | undefined, graph: SiteGraph, text: string): unknown {
  if (!languages) return undefined;
  const codes = languages.languages.map(({ code }) => code);
  const paths = [...new Set([...text.matchAll(/"([^"]+)"/g)].map((found) => found[1].replace(/^\//, '')))];
  return {
    codes,
    default: languages.defaultLanguage.code,
    counts: codes.map((code) => languages.pathCount(code)),
    missing: codes.map((code) => languages.missingIn(code)),
    files: graph.files.pageFiles.map((file) => [file, languages.languageOfFile(file), languages.pathOfFile(file), codes.map((code) => languages.counterpartFile(file, code))]),
    counterparts: paths.map((path) => codes.map((code) => languages.counterpart(path, code))),
  };
}

const rules = [missingTranslationRule, otherLanguageLinkRule, linkRule];

describe("the site's languages after an edit of docs.json", () => {
  it('typing in page entries updates them for the entries edited, as worked out afresh; the signature stays while no page file is concerned', () => {
    const { host, text: start } = site();
    let graph = new SiteGraph(host, checkDocsJson(start, host));
    let text = start;
    const before = siteLanguages(graph)!;
    const pageRulesFound = () => JSON.stringify([...runSiteRules(graph, [otherLanguageLinkRule, linkRule])]);
    const workedOut = languagesWorkedOut();
    const steps: [string, string, boolean][] = [
      // [the text typed over, its replacement, whether a page file's languages changed]
      ['"zh/faq"', '"zh/faqx"', true],
      ['"zh/faqx"', '"zh/faqxy"', false],
      ['"zh/api"', '"zh/api", "zh/guide"', false],
      // A "ja" version of en/guide, but no file: the page's versions that the page rules read are the files.
      ['"ja/faq"', '"ja/faq", "ja/guide"', false],
      // Two "zh" paths for en/guide (zh/guide/index is zh/guide.mdx too): its "zh" version is no longer known.
      ['"zh/api"', '"zh/api", "zh/guide/index"', true],
      ['"en/changelog", ', '', true],
      ['"ja/faq"', '"ja/faq", "en/later"', false],
      ['"en/later"', '"zh/index"', true],
    ];
    for (const [from, to, concerned] of steps) {
      const signature = siteLanguages(graph)!.signature;
      const findings = pageRulesFound();
      text = text.replace(from, to);
      graph = new SiteGraph(host, recheckDocsJson(graph.check!, text), graph);
      const languages = siteLanguages(graph);
      assert.equal(languages, before, `${to}: the languages are updated in place`);
      const fresh = new SiteGraph(new DiskSiteHost(host.root), checkDocsJson(text, host));
      assert.deepEqual(answers(languages, graph, text), answers(siteLanguages(fresh), fresh, text), to);
      assert.deepEqual(JSON.stringify([...runSiteRules(graph, rules)]), JSON.stringify([...runSiteRules(fresh, rules)]), to);
      assert.equal(languages!.signature !== signature, concerned, `${to}: the signature ${concerned ? 'changes' : 'stays'}`);
      if (!concerned) assert.equal(pageRulesFound(), findings, `${to}: the page rules find what they found`);
    }
    assert.equal(languagesWorkedOut(), workedOut + steps.length, 'only the fresh graphs worked the languages out');
  });

  it('on a real site in three languages, typing in a page entry of each finds what a fresh check finds, and works out no languages again', () => {
    const root = materialiseSite('langgenius+dify-docs');
    const host = new DiskSiteHost(root);
    let text = readFileSync(join(root, 'docs.json'), 'utf8');
    let graph = new SiteGraph(host, checkDocsJson(text, host));
    siteLanguages(graph);
    const workedOut = languagesWorkedOut();
    for (const entry of ['"zh/home"', '"en/cloud/use-dify/nodes/llm"']) {
      const at = text.indexOf(entry) + entry.length - 3;
      for (const typed of 'x') {
        text = text.slice(0, at) + typed + text.slice(at);
        graph = new SiteGraph(host, recheckDocsJson(graph.check!, text), graph);
        const languages = siteLanguages(graph);
        const fresh = new SiteGraph(new DiskSiteHost(root), checkDocsJson(text, host));
        assert.deepEqual(JSON.stringify([...runSiteRules(graph, [missingTranslationRule])]), JSON.stringify([...runSiteRules(fresh, [missingTranslationRule])]), `${entry} + ${typed}`);
        assert.deepEqual(answers(languages, graph, text), answers(siteLanguages(fresh), fresh, text), `${entry} + ${typed}`);
      }
    }
    assert.equal(languagesWorkedOut(), workedOut + 2, 'only the fresh graphs worked the languages out');
  });

  it('answer as worked out afresh after any typing', () => {
    const { host, text: start } = site();
    let updated = 0;
    fc.assert(
      fc.property(fc.array(typingEdit, { minLength: 1, maxLength: 8 }), (edits) => {
        let graph = new SiteGraph(host, checkDocsJson(start, host));
        let text = start;
        siteLanguages(graph);
        for (const edit of edits) {
          text = applyEdit(text, edit);
          const [workedOut, pagesBefore] = [languagesWorkedOut(), graph.check!.model.routeInputs.pages];
          graph = new SiteGraph(host, recheckDocsJson(graph.check!, text), graph);
          if (siteLanguages(graph) && graph.check!.model.routeInputs.pages !== pagesBefore && languagesWorkedOut() === workedOut) updated++;
          const fresh = new SiteGraph(new DiskSiteHost(host.root), checkDocsJson(text, host));
          assert.deepEqual(answers(siteLanguages(graph), graph, text), answers(siteLanguages(fresh), fresh, text));
          assert.deepEqual(JSON.stringify([...runSiteRules(graph, rules)]), JSON.stringify([...runSiteRules(fresh, rules)]));
        }
      }),
      { numRuns: 60 },
    );
    assert.ok(updated >= 5, `only ${updated} edits updated the languages in place: the property would see little`);
  });
});
