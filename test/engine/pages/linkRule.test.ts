import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, runSiteRules, DiskSiteHost, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { linkRule } from '../../../server/src/engine/rules/linkRule';
import { remoteSpecRule } from '../../../server/src/engine/rules/remoteSpecRule';
import { docsJson, extractMarkers, writeSite } from '../../support/site';

const baseSite: Record<string, string> = {
  'docs.json': docsJson(
    '{ "groups": [ { "group": "G", "pages": ["index", "guides/start"] }, { "group": "API", "openapi": "api/openapi.json", "pages": ["GET /users"] } ] }',
    '\n  "redirects": [ { "source": "/old", "destination": "/guides/start" } ],',
  ),
  'index.mdx': '# Welcome\n## Install\n',
  'guides/start.mdx': "import Shared from '/snippets/shared.mdx';\n\n## Quick start\n<Shared />\n",
  'snippets/shared.mdx': '## From the snippet\n',
  'images/logo.png': '',
  'files/guide.pdf': '',
  'api/openapi.json': JSON.stringify({ openapi: '3.0.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List Users', tags: ['Users'] } } } }),
};

/** Checks a page (with ⟦markers⟧ around the ranges expected) in the base site; returns its diagnostics. */
function checkPage(marked: string, path = 'guides/page.mdx'): { diagnostics: Diagnostic[]; ranges: { start: number; end: number }[]; text: string } {
  const { text, ranges } = extractMarkers(marked);
  const root = writeSite({ ...baseSite, [path]: text });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  return { diagnostics: runSiteRules(graph, [linkRule]).get(path) ?? [], ranges, text };
}

function expectFindings(marked: string, code: string, messages: RegExp[]): Diagnostic[] {
  const { diagnostics, ranges, text } = checkPage(marked);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    messages.map(() => code),
    JSON.stringify(diagnostics, null, 1),
  );
  diagnostics.forEach((d, i) => {
    assert.match(d.message, messages[i]);
    assert.deepEqual(d.range, ranges[i], `range covers ${JSON.stringify(text.slice(d.range.start, d.range.end))}`);
  });
  return diagnostics;
}

describe('link rule', () => {
  it('reports nothing for links of every kind that resolve', () => {
    const page = [
      '[home](/) [start](/guides/start) [rel](./start) [up](../index#install) [ext](/guides/start.mdx)',
      '[anchor here](#section) [snippet heading](/guides/start#from-the-snippet) [redirect](/old)',
      '[generated](/api-reference/users/list-users) [external](https://example.com/x#y) [mail](mailto:a@b.c)',
      '![logo](/images/logo.png) ![rel img](../images/logo.png) [pdf](/files/guide.pdf)',
      '<Card href="/guides/start#quick-start" img="/images/logo.png" />',
      '[ref link][r]',
      '',
      '## Section',
      '',
      '[r]: /index',
    ].join('\n');
    assert.deepEqual(checkPage(`import Shared from '../snippets/shared.mdx';\n\n${page}`).diagnostics, []);
  });

  it('reports a link to a page that does not exist, with the page it most likely meant', () => {
    const [found] = expectFindings('See [the guide](⟦/guides/strat#x⟧).', 'link/missing-page', [/^Link "\/guides\/strat#x" leads nowhere: .* at \/guides\/strat\. Did you mean "\/guides\/start"\?$/]);
    assert.deepEqual(found.suggestions, [{ title: 'Change to "/guides/start#x"', replacement: '/guides/start#x' }]);
    assert.equal(found.severity, 'error');
  });

  it('reports a missing page in a component href, a relative link and a reference definition', () => {
    expectFindings('<Card href="⟦/nowhere⟧" />\n[a](⟦./nope⟧)\n\n[b][x]\n\n[x]: ⟦/gone⟧\n', 'link/missing-page', [/"\/nowhere"/, /"\.\/nope" .* \/guides\/nope/, /"\/gone"/]);
  });

  it('reports a missing anchor of a reference-style link once, at its definition, with the fix on the fragment (not on a "#" of its label)', () => {
    const [found] = expectFindings('[b][see #x]\n\n[see #x]: /index⟦#instal⟧\n', 'link/missing-anchor', [/^"#instal" is not an anchor of index\.mdx.*Did you mean "#install"\?$/]);
    assert.deepEqual(found.suggestions, [{ title: 'Change to "#install"', replacement: '#install' }]);
  });

  it('reports a missing image or file, with the nearest file', () => {
    const [image] = expectFindings('![logo](⟦/images/logo.pngg⟧)\n<img src="⟦/images/none.svg⟧" />\n[pdf](⟦/files/guide.pfd⟧)', 'link/missing-file', [
      /^Image "\/images\/logo\.pngg" not found: there is no file images\/logo\.pngg in the site\. Did you mean "\/images\/logo\.png"\?$/,
      /^File "\/images\/none\.svg" not found/,
      /^File "\/files\/guide\.pfd" not found.*Did you mean "\/files\/guide\.pdf"/,
    ]);
    assert.equal(image.suggestions?.[0].replacement, '/images/logo.png');
  });

  it('offers the nearest page as written, without a fragment the link had none of; an empty fragment asks for no anchor', () => {
    const [typo] = expectFindings('[a](⟦/guides/strat⟧) [top](/index#)', 'link/missing-page', [/Did you mean "\/guides\/start"\?$/]);
    assert.deepEqual(typo.suggestions, [{ title: 'Change to "/guides/start"', replacement: '/guides/start' }]);
  });

  it('an image is a file even without an extension; a page whose name has a dot and a dash is a page', () => {
    expectFindings('![logo](⟦/images/logo⟧)', 'link/missing-file', [/^Image "\/images\/logo" not found/]);
    expectFindings('[notes](⟦/releases/v1.0-beta⟧)', 'link/missing-page', [/"\/releases\/v1\.0-beta"/]);
  });

  it('reports an anchor no heading defines, at the anchor, with the nearest one', () => {
    const [other, own] = expectFindings('## Here\n[a](/index⟦#instal⟧) [b](⟦#hre⟧) [c](/guides/start⟦#quick-strat⟧)', 'link/missing-anchor', [
      /^"#instal" is not an anchor of index\.mdx: no heading or id there makes it\. Did you mean "#install"\?$/,
      /^"#hre" is not an anchor of this page.*Did you mean "#here"\?$/,
      /"#quick-strat" is not an anchor of guides\/start\.mdx.*"#quick-start"/,
    ]);
    assert.deepEqual(other.suggestions, [{ title: 'Change to "#install"', replacement: '#install' }]);
    assert.equal(own.severity, 'warning');
  });

  it('compares anchors in their letter case: a loosely similar anchor is reported with the right one', () => {
    expectFindings('[a](/index⟦#Install⟧) [b](/index⟦#instal!⟧)', 'link/missing-anchor', [/Did you mean "#install"/, /Did you mean "#install"/]);
  });

  it('anchors of headings with "&" or non-Latin text: the page\'s own form, written or percent-encoded, resolves; "and" or a transliteration does not', () => {
    const headings = '## Analytics & Dashboard\n## CORS 配置\n## Настройка сервера\n';
    const valid = '[a](#analytics-&-dashboard) [b](#analytics-%26-dashboard) [c](#cors-配置) [d](#cors-%E9%85%8D%E7%BD%AE) [e](#настройка-сервера)';
    expectFindings(`${headings}${valid} [f](⟦#analytics-and-dashboard⟧) [g](⟦#nastrojka-servera⟧)`, 'link/missing-anchor', [
      /^"#analytics-and-dashboard" is not an anchor of this page.*Did you mean "#analytics-&-dashboard"\?$/,
      /^"#nastrojka-servera" is not an anchor of this page/,
    ]);
  });

  it('a link to a folder that holds pages but no index page is a warning (the platform\'s checker takes any folder), with its first page', () => {
    const found = expectFindings('[a](⟦/guides⟧) [b](⟦/guides/#quick-start⟧)', 'link/folder-without-index', [
      /^Link "\/guides" leads to the folder \/guides, which has no index page: no page of the site is at \/guides\. Link to its first page, "\/guides\/start"$/,
      /^Link "\/guides\/#quick-start" leads to the folder \/guides, which has no index page/,
    ]);
    assert.deepEqual(found.map((d) => d.severity), ['warning', 'warning']);
  });

  it('reads no link in the parts of an inline SVG drawing (a sprite\'s `<use href>`), as the platform\'s checker; a link around it is read', () => {
    expectFindings('<a href="⟦/nowhere⟧"><svg viewBox="0 0 24 24"><use href="assets/icons.svg#icon-anchor"/><linearGradient href="#g" /></svg></a>\n', 'link/missing-page', [/^Link "\/nowhere" leads nowhere/]);
  });

  it('reads no link inside a component the site drops (it is reported as the component); inside one the page defines, it does', () => {
    const dropped = '<Unknown>\n  [a](/nowhere) ![b](/images/none.png)\n  <Card href="/gone" />\n</Unknown>\n';
    expectFindings(`${dropped}\n[c](⟦/nowhere⟧)\n`, 'link/missing-page', [/^Link "\/nowhere" leads nowhere/]);
    expectFindings(`export const Unknown = ({ children }) => children;\n\n<Unknown>\n  [a](⟦/nowhere⟧)\n</Unknown>\n`, 'link/missing-page', [/^Link "\/nowhere" leads nowhere/]);
  });

  it('a footnote\'s text is no link definition: its links are read as any', () => {
    expectFindings('Sessions can be hijacked.[^hijack] See [ours](⟦/nowhere⟧).\n\n[^hijack]: [python-sdk#2100](https://github.com/o/r/issues/2100).\n', 'link/missing-page', [/^Link "\/nowhere" leads nowhere/]);
  });

  it('reports a link that leaves the docs root', () => {
    expectFindings('[a](⟦../../../etc/passwd⟧) ![b](⟦../../x.png⟧)', 'link/outside-root', [/^Link "\.\.\/\.\.\/\.\.\/etc\/passwd" leaves the docs root/, /^Image "\.\.\/\.\.\/x\.png" leaves the docs root/]);
  });

  it('reports a snippet import that names no file, and not one that does', () => {
    expectFindings("import A from '⟦/snippets/nope.mdx⟧';\nimport B from '/snippets/shared';\nimport { C } from 'react';\nimport D from '@scope/ui/card';\n\n# T\n", 'link/missing-snippet', [/^Snippet "\/snippets\/nope\.mdx" not found/]);
  });

  it('checks links inside Markdown snippets too', () => {
    const root = writeSite({ ...baseSite, 'snippets/shared.mdx': '## From the snippet\n[x](/nowhere)\n' });
    const host = new DiskSiteHost(root);
    const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
    assert.deepEqual([...runSiteRules(graph, [linkRule]).keys()], ['snippets/shared.mdx']);
  });
});

describe('link rule, each finding told in full', () => {
  it('tells missing files, anchors a heading cannot make, base paths, links out of the root and into a spec not read', () => {
    const site: Record<string, string> = {
      ...baseSite,
      'docs.json': docsJson(
        '{ "groups": [ { "group": "G", "pages": ["index", "guides/start"] }, { "group": "API", "openapi": "api/openapi.json", "pages": ["GET /users"] }, { "group": "R", "openapi": "https://example.com/o.json" } ] }',
      ),
      'index.mdx': '# Welcome\n## Install\n##### Deep heading\n',
      'custom.mdx': '---\nmode: custom\n---\n## Custom heading\n',
    };
    const page = [
      "import A from '/snippets/sharde.mdx';",
      '',
      '[a](/files/zzzzzz.qqq) [b](/index#deep-heading) [c](/custom#custom-heading) [d](/docs/guides/start) [e](/api-reference/x/y) ![f](/images/lgo.png)',
      '[g][ref] [h](../../x) <img src="/docs/images/logo.png" /> [i](/guides/nope.pdf)',
      '',
      '[ref]: /index#instal',
    ].join('\n');
    const host = new DiskSiteHost(writeSite({ ...site, 'guides/page.mdx': page }));
    const graph = new SiteGraph(host, checkDocsJson(site['docs.json'], host));
    const found = runSiteRules(graph, [linkRule, remoteSpecRule]);
    const base = (what: string, written: string, fixed: string, kind: string) =>
      `${what} "${written}" leads nowhere, but "${fixed}" is ${kind} of the site: paths never hold the base path the site is served under ("/docs", set in the dashboard), so write "${fixed}"`;
    assert.deepEqual(
      found.get('guides/page.mdx')?.map((d) => [d.code, d.message, page.slice(d.range.start, d.range.end), d.suggestions?.[0].replacement, d.data]),
      [
        ['link/missing-snippet', 'Snippet "/snippets/sharde.mdx" not found: the import names no file of the site (with .mdx, .md, .jsx, .js or no extension). Did you mean "/snippets/shared.mdx"?', '/snippets/sharde.mdx', '/snippets/shared.mdx', undefined],
        ['link/missing-file', 'File "/files/zzzzzz.qqq" not found: there is no file files/zzzzzz.qqq in the site', '/files/zzzzzz.qqq', undefined, { path: 'files/zzzzzz.qqq' }],
        ['link/missing-anchor', '"#deep-heading" is not an anchor of index.mdx: its heading "Deep heading" is of level 5, and the platform gives ids to headings of level 1 to 4 only', '#deep-heading', undefined, { page: 'index.mdx', anchor: 'deep-heading' }],
        [
          'link/missing-anchor',
          '"#custom-heading" is not an anchor of custom.mdx: its heading "Custom heading" is of level 2, and the platform gives ids to headings of level 1 to 4 only (none on a page in custom or frame mode)',
          '#custom-heading',
          undefined,
          { page: 'custom.mdx', anchor: 'custom-heading' },
        ],
        ['link/missing-page', base('Link', '/docs/guides/start', '/guides/start', 'a page'), '/docs/guides/start', '/guides/start', undefined],
        ['link/missing-file', 'Image "/images/lgo.png" not found: there is no file images/lgo.png in the site. Did you mean "/images/logo.png"?', '/images/lgo.png', '/images/logo.png', { path: 'images/lgo.png' }],
        ['link/outside-root', 'Link "../../x" leaves the docs root (a path that leaves the docs root): the site cannot serve it', '../../x', undefined, undefined],
        ['link/missing-file', base('File', '/docs/images/logo.png', '/images/logo.png', 'a file'), '/docs/images/logo.png', '/images/logo.png', undefined],
        ['link/missing-file', 'File "/guides/nope.pdf" not found: there is no file guides/nope.pdf in the site', '/guides/nope.pdf', undefined, { path: 'guides/nope.pdf' }],
        ['link/missing-anchor', '"#instal" is not an anchor of index.mdx: no heading or id there makes it. Did you mean "#install"?', '#instal', '#install', { page: 'index.mdx', anchor: 'instal' }],
      ],
    );
    assert.deepEqual(
      found.get('docs.json')?.map((d) => d.message),
      ['Cannot check 1 link or redirect into /api-reference/, where the spec at https://example.com/o.json makes its pages: it was not fetched. Run docsjson check with --fetch-remote (in the editor, turn on docsjson.openapi.fetchRemote)'],
    );
  });

  it('a missing page names the page to create, and has no fix without a page near it', () => {
    const [missing] = expectFindings('[a](⟦/guides/new-page#top⟧)\n', 'link/missing-page', [/^Link "\/guides\/new-page#top" leads nowhere: no page, generated page, file or redirect is at \/guides\/new-page$/]);
    assert.deepEqual(missing.data, { path: 'guides/new-page', page: 'guides/new-page', file: 'guides/new-page.mdx' });
    assert.equal(missing.suggestions, undefined);
  });
});

describe('link rule, what a link asks for', () => {
  it('a src, an img or a poster asks for a file; so does a name with a file extension, not a page name', () => {
    expectFindings(
      '<img src="⟦/images/none⟧" />\n<Card title="c" img="⟦/images/gone⟧" />\n<video poster="⟦/media/still⟧" />\n[a](⟦/files/report.xlsx⟧)\n',
      'link/missing-file',
      [/^File "\/images\/none" not found/, /^File "\/images\/gone" not found/, /^File "\/media\/still" not found/, /^File "\/files\/report\.xlsx" not found/],
    );
    expectFindings('[b](⟦/guides/notes.mdx⟧)\n', 'link/missing-page', [/^Link "\/guides\/notes\.mdx" leads nowhere/]);
  });
});

describe('link rule, a base path many links share', () => {
  it('is told once, at the first link, when three links start with it', () => {
    const { diagnostics, text } = checkPage('[a](/docs/guides/start) [b](/docs/index#install) ![c](/docs/images/logo.png)\n');
    assert.deepEqual(diagnostics.map((d) => [d.code, text.slice(d.range.start, d.range.end)]), [['link/base-path', '/docs/guides/start']]);
    assert.match(diagnostics[0].message, /^3 links start with "\/docs", which is not part of this site's paths: "\/docs\/guides\/start" is "\/guides\/start"/);
  });
});

describe('anchors as the platform makes them', () => {
  const anchorsPage = [
      '---',
      'title: Steps',
      '---',
      '',
      '<Steps titleSize="h2">',
      '  <Step title="Install the CLI">',
      '    x',
      '  </Step>',
      '</Steps>',
      '',
      '<Steps>',
      '  <Step title="Plain step">',
      '    y',
      '  </Step>',
      '  <Step title="Own size" titleSize="h3">',
      '    z',
      '  </Step>',
      '  <Step title="Hidden" titleSize="h2" noAnchor>',
      '    w',
      '  </Step>',
      '  <Step title="Named" titleSize="h2" id="Chosen: Name!">',
      '    n',
      '  </Step>',
      '</Steps>',
      '',
      '## Install the CLI',
      '',
      '## Example: Connect',
      '',
      '<View title="Python: Setup">',
      '  v',
      '</View>',
      '',
      '<Card id="card-anchor" title="C" href="/x">c</Card>',
      '',
      '<Note id="note-anchor">n</Note>',
      '',
      '<div id="div-anchor">',
      '  d',
      '</div>',
      '',
      '<Accordion title="Some Title">',
      '  a',
      '</Accordion>',
    ].join('\n');

  function checkAgainst(extra: Record<string, string>, marked: string): Diagnostic[] {
    const { text, ranges } = extractMarkers(marked);
    const root = writeSite({ ...baseSite, ...extra, 'guides/page.mdx': text });
    const host = new DiskSiteHost(root);
    const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
    const found = runSiteRules(graph, [linkRule]).get('guides/page.mdx') ?? [];
    assert.deepEqual(
      found.map((d) => text.slice(d.range.start, d.range.end)),
      ranges.map((range) => text.slice(range.start, range.end)),
    );
    return found;
  }

  it('steps with an h2 or h3 title size (their own or their <Steps>\'), views and ids of components that pass them on are anchors; other steps, noAnchor and callouts, cards are not', () => {
    const valid = ['install-the-cli', 'own-size', 'Chosen%20Name', 'install-the-cli-2', 'example-connect', 'python-setup', 'div-anchor', 'some-title'];
    const broken = ['plain-step', 'hidden', 'install-the-cli-3', 'card-anchor', 'note-anchor'];
    const links = [...valid.map((anchor) => `[v](/guides/anchors#${anchor})`), ...broken.map((anchor) => `[b](/guides/anchors⟦#${anchor}⟧)`)].join('\n');
    const found = checkAgainst({ 'guides/anchors.mdx': anchorsPage }, `${links}\n`);
    assert.ok(found.every((d) => d.code === 'link/missing-anchor'));
  });

  it('compares a fragment as the platform does, percent-decoded and without punctuation; letter case still counts', () => {
    checkAgainst({ 'guides/anchors.mdx': anchorsPage }, '[a](/guides/anchors#example:-connect) [b](/index#install!) [c](/index⟦#Install⟧)\n');
  });

  it('an API page\'s anchors are its parameters\' too, made from the spec: none is reported there, but on another page it is', () => {
    const apiPage = '---\nopenapi: GET /users\n---\n\nIntro\n';
    checkAgainst({ 'guides/users.mdx': apiPage }, '[a](/guides/users#query-limit) [b](/guides/users#response-data) [c](/index⟦#query-limit⟧)\n');
  });
});

/**
 * CPU time (ms) of the link rule on `count` pages, each with one target that is not there (`link`
 * gives the page's text), each told the nearest target, as `suggested` says for page 7.
 */
function cpuOfMissingTargets(count: number, page: (n: number) => string, siteFiles: (n: number) => Record<string, string>, suggested: RegExp): number {
  const files: Record<string, string> = {};
  const pages: string[] = [];
  for (let n = 0; n < count; n++) {
    pages.push(`guides/page-${n}`);
    Object.assign(files, { [`guides/page-${n}.mdx`]: page(n) }, siteFiles(n));
  }
  const root = writeSite({ ...files, 'docs.json': docsJson(JSON.stringify({ pages })) });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  for (const name of pages) graph.page(`${name}.mdx`);
  const start = process.cpuUsage();
  const found = runSiteRules(graph, [linkRule]);
  const used = process.cpuUsage(start);
  assert.equal(found.size, count);
  assert.match(found.get('guides/page-7.mdx')![0].message, suggested);
  return (used.user + used.system) / 1000;
}

/** Eight times the targets and files: about eight times the time when linear, 64 when quadratic. */
function assertLinear(cpu: (count: number) => number): void {
  cpu(200); // warm up
  const small = cpu(500);
  // 4,000: seconds when each missing target was compared with every page or file.
  const large = cpu(4_000);
  assert.ok(large / small < 24, `500: ${small.toFixed(0)} ms, 4,000: ${large.toFixed(0)} ms`);
}

describe('suggestions at scale', () => {
  it('for missing links grow about linearly with the links: each is compared with the pages it may be close to, not with every page', () => {
    assertLinear((count) => cpuOfMissingTargets(count, (n) => `# Page ${n}\n\nSee [the next](/guides/pagex-${n}).\n`, () => ({}), /Did you mean "\/guides\/page-7"\?/));
  });

  it('for missing images grow about linearly with the images: each is compared with the names of its folder, not with every file', () => {
    assertLinear((count) =>
      cpuOfMissingTargets(count, (n) => `# Page ${n}\n\n![Shot ${n}](/images/shot-${n}.pnng)\n`, (n) => ({ [`images/shot-${n}.png`]: '' }), /Did you mean "\/images\/shot-7\.png"\?/),
    );
  });
});
