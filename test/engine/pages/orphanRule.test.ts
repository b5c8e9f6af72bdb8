// Pages nothing reaches: the orphan rule over a whole site, and what makes a page reached.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { orphanRule } from '../../../server/src/engine/rules/orphanRule';
import { docsJson, writeSite } from '../../support/site';

const message = 'No navigation lists this page and no page links to it: readers find it only by its URL (add it to docs.json or link to it)';

/** The orphan findings of a site with this navigation (and docs.json members), each file with the text its finding covers. */
function orphans(navigation: string, files: Record<string, string>, extra = '', only?: string[]): [file: string, covered: string][] {
  const text = docsJson(navigation, extra);
  const host = new DiskSiteHost(writeSite({ ...files, 'docs.json': text }));
  const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), [orphanRule], only);
  return [...found].flatMap(([file, diagnostics]) =>
    diagnostics.map((d) => {
      assert.equal(d.message, message);
      assert.equal(d.severity, 'information');
      return [file, files[file].slice(d.range.start, d.range.end)] as [string, string];
    }),
  );
}

describe('orphan rule', () => {
  it('reports a page nothing reaches, on its first line; the index page and pages reached are not', () => {
    const files = {
      'index.mdx': '# Home\n',
      'listed.mdx': '# Listed\n\n[linked](/linked)\n',
      'linked.mdx': '# Linked\r\nmore\n',
      'lonely.mdx': '# Lonely page\nbody\n',
      'lonely-self.mdx': '[me](/lonely-self)',
      'blank.mdx': '',
      'shared/part.mdx': 'Part\n',
      'imports.mdx': "import Part from '/shared/part.mdx';\n\n<Part />\n",
      'by-href.mdx': '# Href\n',
      'by-redirect.mdx': '# Redirect\n',
      'sub/entry.md': '# Entry\n',
    };
    const found = orphans(
      '{ "global": { "anchors": [{ "anchor": "A", "href": "https://example.com" }] }, "pages": ["index", "listed", "imports", "./sub/entry.md", 42, "GET /x"] }',
      files,
      '\n  "navbar": { "links": [{ "label": "H", "href": "/by-href/" }] },\n  "redirects": [{ "source": "/old", "destination": "/by-redirect" }],',
    );
    assert.deepEqual(found.sort(), [
      ['blank.mdx', ''],
      ['lonely-self.mdx', '[me](/lonely-self)'],
      ['lonely.mdx', '# Lonely page'],
    ]);
  });

  it('the home page is index.md or index.mdx at the root only; a broken link reaches nothing', () => {
    const found = orphans('{ "pages": ["guides/start"] }', {
      'index.md': '# Home\n',
      'guides/start.mdx': '# Start\n\n[gone](/nowhere) and [also gone](./missing)\n',
      'guides/index.mdx': '# Guides\n',
    });
    assert.deepEqual(found, [['guides/index.mdx', '# Guides']]);
  });

  it('reports nothing when only some pages are checked: their links are not all known', () => {
    assert.deepEqual(orphans('{ "pages": ["index"] }', { 'index.mdx': '', 'lonely.mdx': '# Lonely\n' }, '', ['lonely.mdx']), []);
  });
});
