// Accessibility, as the platform's `a11y` command checks it: images and videos without alt text
// in pages, headings that skip a level, and docs.json colours below WCAG AA on the theme's backgrounds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, recheckDocsJson, runSiteRules, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { accessibilityRule } from '../../../server/src/engine/rules/accessibilityRule';
import { checkSite, docsJson, extractMarkers, withCode, writeSite } from '../../support/site';

function checkPage(marked: string): { diagnostics: Diagnostic[]; ranges: { start: number; end: number }[]; text: string } {
  const { text, ranges } = extractMarkers(marked);
  const root = writeSite({ 'docs.json': docsJson('{ "groups": [ { "group": "G", "pages": ["page"] } ] }'), 'page.mdx': text, 'a.png': '' });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  return { diagnostics: runSiteRules(graph, [accessibilityRule]).get('page.mdx') ?? [], ranges, text };
}

function expectFindings(marked: string, expected: [code: string, message: RegExp][]): Diagnostic[] {
  const { diagnostics, ranges, text } = checkPage(marked);
  assert.deepEqual(diagnostics.map((d) => d.code), expected.map(([code]) => code), JSON.stringify(diagnostics, null, 1));
  diagnostics.forEach((d, i) => {
    assert.match(d.message, expected[i][1]);
    assert.deepEqual(d.range, ranges[i], `range covers ${JSON.stringify(text.slice(d.range.start, d.range.end))}`);
  });
  return diagnostics;
}

describe('accessibility of pages', () => {
  it('reports images without alt text: Markdown, <img>, <video>, inside a <Frame> or not', () => {
    const page = [
      '⟦![](/a.png)⟧ and ![Logo](/a.png)',
      '',
      '<Frame caption="A frame">',
      '  <⟦img⟧ src="/a.png" />',
      '</Frame>',
      '',
      '<img src="/a.png" alt="The dashboard" />',
      '<⟦img⟧ src="/a.png" alt=" " />',
      '<⟦video⟧ src="/a.mp4" />',
      '<img src="/a.png" alt={caption} />',
      '',
    ].join('\n');
    const found = expectFindings(page, [
      ['a11y/image-alt', /^This image has no alt text: screen readers cannot describe it. Write what it shows between the brackets/],
      ['a11y/image-alt', /^This <img> has no alt text: .*Add alt="what it shows"/],
      ['a11y/image-alt', /^This <img> has no alt text/],
      ['a11y/image-alt', /^This <video> has no alt text/],
    ]);
    // Nothing is dropped and nothing breaks: information, by the severity policy (CONTRIBUTING.md).
    assert.ok(found.every((d) => d.severity === 'information'));
  });

  it('tells each missing alt text in full: an empty or blank alt is none, an element with no attributes has none, spread props may hold one', () => {
    const found = expectFindings('⟦![  ](/a.png)⟧\n\n<⟦img⟧ alt="" src="/a.png" />\n\n<⟦img⟧ />\n\n<img {...props} />\n', [
      ['a11y/image-alt', /./],
      ['a11y/image-alt', /./],
      ['a11y/image-alt', /./],
    ]);
    assert.deepEqual(found.map((d) => d.message), [
      'This image has no alt text: screen readers cannot describe it. Write what it shows between the brackets: ![what it shows](…)',
      'This <img> has no alt text: screen readers cannot describe it. Add alt="what it shows"',
      'This <img> has no alt text: screen readers cannot describe it. Add alt="what it shows"',
    ]);
  });

  it('notes a skipped level after an underlined heading too, at the marks, in full', () => {
    const [skip] = expectFindings('# A\n\nSub\n---\n\n⟦####⟧ Deep\n', [['a11y/heading-skip', /./]]);
    assert.equal(skip.message, 'This heading skips a level: h4 after h2. Use h3, so the outline reads in order for screen readers');
  });

  it('notes a heading that skips a level, not one that goes back up', () => {
    const [skip] = expectFindings('## Install\n\n⟦####⟧ Details\n\n## Use\n\n### Step\n', [['a11y/heading-skip', /^This heading skips a level: h4 after h2. Use h3/]]);
    assert.equal(skip.severity, 'information');
  });
});

describe('contrast of docs.json colours', () => {
  it('reports the primary colour below 4.5:1 on the light background, with the pair and the ratio', () => {
    const check = checkSite('{ "$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "A", "colors": { "primary": ⟦"#34D399"⟧ }, "navigation": { "pages": [] } }');
    const [found] = withCode(check, 'a11y/contrast');
    assert.equal(found.message, '"colors.primary" #34D399 on the light background #ffffff has a contrast of 1.92:1, below the 4.5:1 that WCAG AA asks for text: choose a darker colour');
    assert.deepEqual(found.range, check.ranges[0]);
    assert.equal(withCode(check, 'a11y/contrast').length, 1);
  });

  it('measures against background.color and the dark background the theme makes from the light colour', () => {
    const check = checkSite(
      '{ "$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "A", "colors": { "primary": "#0B7A62", "light": "#07C983", "dark": ⟦"#0034FF"⟧ }, "background": { "color": { "light": "#ffffff" } }, "navigation": { "pages": [] } }',
    );
    const found = withCode(check, 'a11y/contrast');
    assert.deepEqual(found.map((d) => d.message), ['"colors.dark" #0034FF on the dark background #090d0d has a contrast of 2.73:1, below the 3:1 that the platform asks of it: choose a lighter colour']);
    assert.deepEqual(found[0].range, check.ranges[0]);
  });

  /** The contrast findings of a docs.json with these members and global anchors: each message with the text it covers. */
  function contrasts(members: string): [message: string, covered: string][] {
    const anchors = '[{ "anchor": "Blog", "href": "https://x.dev", "color": { "light": "#FDE047", "dark": "#1E3A8A" } }, { "href": "https://y.dev", "color": { "light": "#FDE047" } }, "x", { "anchor": "C", "href": "https://z.dev", "color": "#000" }]';
    const check = checkSite(`{ "$schema": "https://mintlify.com/docs.json", ${members}, "navigation": { "pages": [], "global": { "anchors": ${anchors} } } }`);
    return withCode(check, 'a11y/contrast').map((d) => [d.message, check.covered(d)]);
  }
  const darker = 'choose a darker colour';
  const lighter = 'choose a lighter colour';

  it('measures the anchors\' colours too, on the linden theme\'s backgrounds tinted with 3% of the primary and the light colour', () => {
    assert.deepEqual(contrasts('"theme": "linden", "name": "A", "colors": { "primary": "#3D9", "light": "#1E3A8A" }'), [
      [`"colors.primary" #3D9 on the light background #f9fefc has a contrast of 1.73:1, below the 4.5:1 that WCAG AA asks for text: ${darker}`, '"#3D9"'],
      [`"colors.light" #1E3A8A on the dark background #0a0a0f has a contrast of 1.91:1, below the 4.5:1 that WCAG AA asks for text: ${lighter}`, '"#1E3A8A"'],
      [`"color.light of anchor "Blog"" #FDE047 on the light background #f9fefc has a contrast of 1.29:1, below the 4.5:1 that WCAG AA asks for text: ${darker}`, '"#FDE047"'],
      [`"color.dark of anchor "Blog"" #1E3A8A on the dark background #0a0a0f has a contrast of 1.91:1, below the 4.5:1 that WCAG AA asks for text: ${lighter}`, '"#1E3A8A"'],
      [`"color.light of anchor "1"" #FDE047 on the light background #f9fefc has a contrast of 1.29:1, below the 4.5:1 that WCAG AA asks for text: ${darker}`, '"#FDE047"'],
    ]);
  });

  it('measures the dark colour on the light background too, at 3:1, and takes a written dark background', () => {
    const anchorsOnWhite = [
      [`"color.light of anchor "Blog"" #FDE047 on the light background #ffffff has a contrast of 1.32:1, below the 4.5:1 that WCAG AA asks for text: ${darker}`, '"#FDE047"'],
      [`"color.light of anchor "1"" #FDE047 on the light background #ffffff has a contrast of 1.32:1, below the 4.5:1 that WCAG AA asks for text: ${darker}`, '"#FDE047"'],
    ];
    assert.deepEqual(contrasts('"theme": "mint", "name": "A", "colors": { "primary": "#0B7A62", "dark": "#FDE047" }'), [
      [`"colors.dark" #FDE047 on the light background #ffffff has a contrast of 1.32:1, below the 3:1 that the platform asks of it: ${darker}`, '"#FDE047"'],
      anchorsOnWhite[0],
      [`"color.dark of anchor "Blog"" #1E3A8A on the dark background #0a0d0d has a contrast of 1.88:1, below the 4.5:1 that WCAG AA asks for text: ${lighter}`, '"#1E3A8A"'],
      anchorsOnWhite[1],
    ]);
    assert.deepEqual(contrasts('"theme": "mint", "name": "A", "colors": { "primary": "#0B7A62", "light": "#07C983" }, "background": { "color": { "dark": "#ffffff" } }'), [
      [`"colors.light" #07C983 on the dark background #ffffff has a contrast of 2.17:1, below the 4.5:1 that WCAG AA asks for text: ${lighter}`, '"#07C983"'],
      ...anchorsOnWhite,
    ]);
  });

  it('measures nothing against a background colour that is not hex (the schema reports it)', () => {
    assert.deepEqual(contrasts('"theme": "mint", "name": "A", "colors": { "primary": "#34D399" }, "background": { "color": { "light": "white" } }'), []);
    assert.deepEqual(contrasts('"theme": "mint", "name": "A", "colors": { "primary": "#34D399" }, "background": { "color": { "dark": "black" } }'), []);
  });

  it('a re-check after an edit of "colors" alone measures them again; after an edit elsewhere, they stay measured once', () => {
    const text = docsJson('{ "pages": [] }');
    const host = new DiskSiteHost(writeSite({ 'docs.json': text }));
    const contrastsOf = (result: ReturnType<typeof checkDocsJson>) => result.documents.get('docs.json')!.diagnostics.filter((d) => d.code === 'a11y/contrast').map((d) => d.message);
    const pale = text.replace('"#0B7A62"', '"#34D399"');
    const recolored = recheckDocsJson(checkDocsJson(text, host), pale);
    assert.ok(recolored.basis.units, 'a re-check of a part, not a full check');
    assert.deepEqual(contrastsOf(recolored), ['"colors.primary" #34D399 on the light background #ffffff has a contrast of 1.92:1, below the 4.5:1 that WCAG AA asks for text: choose a darker colour']);
    const renamed = recheckDocsJson(recolored, pale.replace('"Acme"', '"Acme Docs"'));
    assert.ok(renamed.basis.units, 'a re-check of a part, not a full check');
    assert.deepEqual(contrastsOf(renamed), contrastsOf(recolored));
  });

  it('reports nothing for colours that pass, nor for colours that are not hex', () => {
    const check = checkSite('{ "$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "A", "colors": { "primary": "#0B7A62", "light": "#07C983", "dark": "#0D9373" }, "navigation": { "pages": [] } }');
    assert.deepEqual(withCode(check, 'a11y/contrast'), []);
  });
});
