import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, runSiteRules, DiskSiteHost, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { linkRule } from '../../../server/src/engine/rules/linkRule';
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

  it('reports a missing image or file, with the nearest file', () => {
    const [image] = expectFindings('![logo](⟦/images/logo.pngg⟧)\n<img src="⟦/images/none.svg⟧" />\n[pdf](⟦/files/guide.pfd⟧)', 'link/missing-file', [
      /^Image "\/images\/logo\.pngg" not found: there is no file images\/logo\.pngg in the site\. Did you mean "\/images\/logo\.png"\?$/,
      /^File "\/images\/none\.svg" not found/,
      /^File "\/files\/guide\.pfd" not found.*Did you mean "\/files\/guide\.pdf"/,
    ]);
    assert.equal(image.suggestions?.[0].replacement, '/images/logo.png');
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

  it('compares anchors exactly: a loosely similar anchor is still reported', () => {
    expectFindings('[a](/index⟦#Install⟧) [b](/index⟦#install!⟧)', 'link/missing-anchor', [/Did you mean "#install"/, /Did you mean "#install"/]);
  });

  it('anchors of headings with "&" or non-Latin text: the page\'s own form, written or percent-encoded, resolves; "and" or a transliteration does not', () => {
    const headings = '## Analytics & Dashboard\n## CORS 配置\n## Настройка сервера\n';
    const valid = '[a](#analytics-&-dashboard) [b](#analytics-%26-dashboard) [c](#cors-配置) [d](#cors-%E9%85%8D%E7%BD%AE) [e](#настройка-сервера)';
    expectFindings(`${headings}${valid} [f](⟦#analytics-and-dashboard⟧) [g](⟦#nastrojka-servera⟧)`, 'link/missing-anchor', [
      /^"#analytics-and-dashboard" is not an anchor of this page.*Did you mean "#analytics-&-dashboard"\?$/,
      /^"#nastrojka-servera" is not an anchor of this page/,
    ]);
  });

  it('a link to a folder that holds pages but no index page says so, with its first page', () => {
    expectFindings('[a](⟦/guides⟧) [b](⟦/guides/#quick-start⟧)', 'link/missing-page', [
      /^Link "\/guides" leads to the folder \/guides, which has no index page: readers get a page not found\. Link to its first page, "\/guides\/start"$/,
      /^Link "\/guides\/#quick-start" leads to the folder \/guides, which has no index page/,
    ]);
  });

  it('reports a link that leaves the docs root', () => {
    expectFindings('[a](⟦../../../etc/passwd⟧) ![b](⟦../../x.png⟧)', 'link/outside-root', [/^Link "\.\.\/\.\.\/\.\.\/etc\/passwd" leaves the docs root/, /^Image "\.\.\/\.\.\/x\.png" leaves the docs root/]);
  });

  it('reports a snippet import that names no file, and not one that does', () => {
    expectFindings("import A from '⟦/snippets/nope.mdx⟧';\nimport B from '/snippets/shared';\nimport { C } from 'react';\n\n# T\n", 'link/missing-snippet', [/^Snippet "\/snippets\/nope\.mdx" not found/]);
  });

  it('checks links inside Markdown snippets too', () => {
    const root = writeSite({ ...baseSite, 'snippets/shared.mdx': '## From the snippet\n[x](/nowhere)\n' });
    const host = new DiskSiteHost(root);
    const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
    assert.deepEqual([...runSiteRules(graph, [linkRule]).keys()], ['snippets/shared.mdx']);
  });
});
