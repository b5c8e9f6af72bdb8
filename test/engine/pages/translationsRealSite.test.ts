// The translation checks on the real site in three languages (dify: en, the default, zh and ja,
// each page under its language's folder): the clean site's findings, reviewed, and defects
// injected into its real pages and docs.json, each asserted where it is written.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, runSiteRules, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { siteLanguages } from '../../../server/src/engine/pages/languages';
import { linkRule } from '../../../server/src/engine/rules/linkRule';
import { missingTranslationRule } from '../../../server/src/engine/rules/missingTranslationRule';
import { otherLanguageLinkRule } from '../../../server/src/engine/rules/otherLanguageLinkRule';
import { materialiseSite } from '../../support/sites';

const root = materialiseSite('langgenius+dify-docs');

function graph(): SiteGraph {
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
}

/** The translation findings of a check of the site, by file (the link rule's anchors of translated headings among them). */
function translationFindings(site: SiteGraph, files?: string[]): Map<string, Diagnostic[]> {
  const found = new Map<string, Diagnostic[]>();
  const add = (results: Map<string, Diagnostic[]>) => {
    for (const [file, list] of results) {
      const kept = list.filter((d) => d.code.startsWith('translation/') || (d.code === 'link/missing-anchor' && d.message.includes('was translated')));
      if (kept.length > 0) found.set(file, [...(found.get(file) ?? []), ...kept]);
    }
  };
  add(runSiteRules(site, [missingTranslationRule], []));
  add(runSiteRules(site, [otherLanguageLinkRule, linkRule], files));
  return found;
}

/** Writes a file of the site for the length of a check, then puts it back. */
function withText<T>(file: string, edit: (text: string) => string, check: () => T): T {
  const original = readFileSync(join(root, file), 'utf8');
  writeFileSync(join(root, file), edit(original));
  try {
    return check();
  } finally {
    writeFileSync(join(root, file), original);
  }
}

describe('translation checks on dify', { timeout: 300_000 }, () => {
  it('find nothing on the clean site: every page is in all three languages, and its 562 links into "en" from the pages its navigation lists are each to the page\'s own original (4 more are on pages none lists)', () => {
    const site = graph();
    const languages = siteLanguages(site)!;
    assert.equal(languages.defaultLanguage.code, 'en');
    assert.deepEqual(
      languages.languages.map(({ code }) => code),
      ['en', 'zh', 'ja'],
    );
    let toOriginal = 0;
    for (const file of site.files.pageFiles) {
      const own = languages.languageOfFile(file);
      if (own === undefined || own === 'en') continue;
      for (const reference of site.page(file)!.references) {
        const resolution = site.resolveLink(reference.target, file);
        if (resolution.kind === 'found' && resolution.route.kind === 'page' && languages.languageOfFile(resolution.route.file) === 'en') {
          assert.equal(languages.counterpartFile(resolution.route.file, own), file, `${file} links to ${resolution.route.file}`);
          toOriginal++;
        }
      }
    }
    assert.equal(toOriginal, 562);
    assert.deepEqual([...translationFindings(site)], []);
  });

  it('tell a page taken out of a language, a link into "en" from a translated page, and an anchor of a translated heading, each where written', () => {
    const page = 'zh/self-host/deploy/quick-start/docker-compose.mdx';
    const injected = '\n\n[常见问题](/en/self-host/deploy/quick-start/faqs) [部署方法](/zh/self-host/deploy/quick-start/faqs#deployment-methods)\n';
    const found = withText(page, (text) => text + injected, () =>
      withText('docs.json', (text) => text.replace(/,\s*"ja\/self-host\/deploy\/quick-start\/faqs"/, ''), () => {
        const site = graph();
        return [...translationFindings(site, [page])].flatMap(([file, list]) => list.map((d) => ({ file, code: d.code, covered: readFileSync(join(root, file), 'utf8').slice(d.range.start, d.range.end), message: d.message, fix: d.suggestions?.[0]?.replacement })));
      }),
    );
    assert.deepEqual(found, [
      {
        file: 'docs.json',
        code: 'translation/missing-pages',
        covered: '"ja"',
        message: '1 page of "en" (the default language) has no "ja" version in this language\'s navigation: en/self-host/deploy/quick-start/faqs. The language switcher takes readers of it to another "ja" page',
        fix: undefined,
      },
      {
        file: page,
        code: 'translation/other-language-link',
        covered: '/en/self-host/deploy/quick-start/faqs',
        message: 'Link "/en/self-host/deploy/quick-start/faqs" leads to a page of "en" from this page of "zh": readers leave their language there. Link to the "zh" version, "/zh/self-host/deploy/quick-start/faqs"',
        fix: '/zh/self-host/deploy/quick-start/faqs',
      },
      {
        file: page,
        code: 'link/missing-anchor',
        covered: '#deployment-methods',
        message: '"#deployment-methods" is not an anchor of zh/self-host/deploy/quick-start/faqs.mdx: the heading that makes it on en/self-host/deploy/quick-start/faqs.mdx, the page in the default language, was translated there, which gives it another anchor: the heading in its place there is "#部署方法"',
        fix: '#部署方法',
      },
    ]);
  });
});
