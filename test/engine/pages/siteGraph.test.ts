import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../../server/src/engine';
import { SiteGraph } from '../../../server/src/engine/pages/siteGraph';
import { docsJson, writeSite } from '../../support/site';

const spec = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'API', version: '1' },
  paths: {
    '/users': { get: { summary: 'List Users', tags: ['Users'] }, post: { summary: 'Create User', tags: ['Users'], 'x-mint': { href: '/custom/create' } } },
  },
});

function site(): SiteGraph {
  const root = writeSite({
    'docs.json': docsJson(
      '{ "groups": [ { "group": "G", "pages": ["index", "guides/start"] }, { "group": "API", "openapi": "api/openapi.json", "pages": ["GET /users", "POST /users"] } ] }',
      '\n  "redirects": [ { "source": "/old", "destination": "/guides/start" }, { "source": "/blog/:slug", "destination": "/index" }, { "source": "/legacy/*", "destination": "/index" } ],',
    ),
    'index.mdx': '---\ntitle: Home\n---\n# Welcome\n## Install\n',
    'guides/start.mdx': "import Shared from '/snippets/shared.mdx';\n\n## Quick start\n## Quick start\n<Shared />\n",
    'guides/index.mdx': '# Guides\n',
    'guides/other.md': '# Other\n',
    'snippets/shared.mdx': '## From the snippet\n',
    'images/logo.png': '',
    'api/openapi.json': spec,
    'drafts/wip.mdx': '# WIP\n',
    '.mintignore': 'drafts/\n',
  });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
}

describe('site graph', () => {
  const graph = site();

  it('lists page files without ignored ones, and snippets apart', () => {
    assert.deepEqual(graph.files.pageFiles, ['guides/index.mdx', 'guides/other.md', 'guides/start.mdx', 'index.mdx']);
    assert.deepEqual(graph.files.snippetFiles, ['snippets/shared.mdx']);
  });

  it('resolves page links: root-relative, relative, index pages, extensions, trailing slashes', () => {
    const found = (target: string, from = 'guides/start.mdx') => {
      const resolution = graph.resolveLink(target, from);
      return resolution.kind === 'found' && resolution.route.kind === 'page' ? resolution.route.file : resolution.kind;
    };
    assert.equal(found('/guides/start'), 'guides/start.mdx');
    assert.equal(found('./other'), 'guides/other.md');
    assert.equal(found('other'), 'guides/other.md');
    assert.equal(found('../index'), 'index.mdx');
    assert.equal(found('/guides'), 'guides/index.mdx');
    assert.equal(found('/guides/'), 'guides/index.mdx');
    assert.equal(found('/'), 'index.mdx');
    assert.equal(found('/guides/start.mdx'), 'guides/start.mdx');
    assert.equal(found('#install', 'index.mdx'), 'index.mdx');
    assert.equal(found('/guides/start?tab=a#quick-start'), 'guides/start.mdx');
  });

  it('resolves files, generated pages and redirects, and tells what is missing or outside', () => {
    const kind = (target: string) => {
      const resolution = graph.resolveLink(target, 'index.mdx');
      return resolution.kind === 'found' ? resolution.route.kind : resolution.kind;
    };
    assert.equal(kind('/images/logo.png'), 'file');
    assert.equal(kind('images/logo.png'), 'file');
    assert.equal(kind('/api-reference/users/list-users'), 'generated', 'the platform generates pages under api-reference/ unless a directory is given');
    assert.equal(kind('/custom/create'), 'generated', 'x-mint.href names the route');
    assert.equal(kind('/old'), 'redirect');
    assert.equal(kind('/blog/anything'), 'redirect');
    assert.equal(kind('/legacy/a/b'), 'redirect');
    assert.equal(kind('https://example.com'), 'external');
    assert.equal(kind('mailto:a@b.c'), 'external');
    assert.equal(kind('/drafts/wip'), 'missing', '.mintignore takes the page out of the site');
    assert.equal(kind('../../x'), 'outside');
    assert.equal(kind('/{{base}}/x'), 'unchecked');
  });

  it('suggests the page a missing link most likely meant', () => {
    const moved = graph.resolveLink('/start', 'index.mdx');
    assert.equal(moved.kind === 'missing' && graph.suggestRoute(moved.path), 'guides/start');
    const typo = graph.resolveLink('/guides/strat', 'index.mdx');
    assert.equal(typo.kind === 'missing' && graph.suggestRoute(typo.path), 'guides/start');
  });

  it('knows the anchors of a page, its snippets included, and the nearest one to a wrong anchor', () => {
    assert.deepEqual([...graph.anchorsOf('guides/start.mdx')], ['quick-start', 'quick-start-2', 'from-the-snippet']);
    const route = { kind: 'page' as const, file: 'guides/start.mdx' };
    assert.deepEqual(graph.resolveAnchor(route, 'from-the-snippet'), { kind: 'defined' });
    assert.deepEqual(graph.resolveAnchor(route, 'quick-strat'), { kind: 'missing', suggestion: 'quick-start' });
    assert.deepEqual(graph.resolveAnchor(route, 'Quick Start'), { kind: 'missing', suggestion: 'quick-start' });
    assert.deepEqual(graph.resolveAnchor({ kind: 'file', path: 'images/logo.png' }, 'x'), { kind: 'unknown' });
  });

  it('resolves snippet imports with or without extension, and not missing ones', () => {
    assert.equal(graph.resolveImport('/snippets/shared.mdx', 'guides/start.mdx'), 'snippets/shared.mdx');
    assert.equal(graph.resolveImport('../snippets/shared', 'guides/start.mdx'), 'snippets/shared.mdx');
    assert.equal(graph.resolveImport('/snippets/none.mdx', 'guides/start.mdx'), undefined);
  });
});

describe('site graph: links of every form, suggestions, editor texts', () => {
  const root = writeSite({
    'docs.json': docsJson('{ "groups": [ { "group": "G", "pages": ["index", "guides/start"] }, { "group": "R", "openapi": "https://example.com/api.json" } ] }'),
    'index.mdx': '# Welcome\n',
    'guides/start.mdx': '# Start\n',
    'guides/my page.mdx': '# Spaced\n',
    'images/logo.png': '',
    'guides/images/local.png': '',
    'assets/logo.png': '',
    'snippets/note.mdx': '',
    'snippets/tips/card.jsx': '',
    'files/report.pdf': '',
  });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
  const resolved = (target: string) => {
    const resolution = graph.resolveLink(target, 'guides/start.mdx');
    if (resolution.kind === 'found') return `found ${resolution.route.kind === 'page' ? resolution.route.file : resolution.path}${resolution.fragment === undefined ? '' : ` #${resolution.fragment}`}`;
    if (resolution.kind === 'missing') {
      const suggestion = graph.suggestRoute(resolution.path);
      return `missing ${resolution.path}${suggestion ? ` (${suggestion}?)` : ''}`;
    }
    if (resolution.kind === 'unchecked') return `unchecked${resolution.spec ? ` ${resolution.spec.url}` : ''}`;
    return resolution.kind;
  };

  it('tells external links, templated ones and empty ones apart from paths', () => {
    assert.deepEqual(['//cdn.example.com/x.js', 'tel:123', 'x:y', '', '   ', '{props.href}', '/${base}/x'].map(resolved), ['external', 'external', 'external', 'unchecked', 'unchecked', 'unchecked', 'unchecked']);
  });

  it('reads paths decoded and trimmed, the page itself from a fragment or a query alone', () => {
    assert.equal(resolved('/guides/my%20page'), 'found guides/my page.mdx');
    assert.equal(resolved(' /guides/start '), 'found guides/start.mdx');
    assert.equal(resolved('/guides/%E0%A4%A'), 'missing guides/%E0%A4%A', 'a malformed escape is read as written');
    assert.equal(resolved('/guides/start#a%20b'), 'found guides/start.mdx #a b');
    assert.equal(resolved('/guides/start#%E0%A4%A'), 'found guides/start.mdx #%E0%A4%A');
    assert.equal(resolved('#'), 'found guides/start.mdx #');
    assert.equal(resolved('?x=1'), 'found guides/start.mdx');
    assert.equal(resolved('?x=1#y'), 'found guides/start.mdx #y');
    assert.equal(resolved('guides/start'), 'missing guides/guides/start (guides/start?)', 'relative to the page');
  });

  it("reads a relative file in the page's folder first, else from the root; a root-relative one from the root only", () => {
    assert.equal(resolved('images/local.png'), 'found guides/images/local.png');
    assert.equal(resolved('images/logo.png'), 'found images/logo.png');
    assert.equal(resolved('/images/local.png'), 'missing images/local.png');
  });

  it("leaves a path under an unfetched spec's directory unchecked, not the directory itself", () => {
    assert.equal(resolved('/api-reference/anything'), 'unchecked https://example.com/api.json');
    assert.equal(resolved('/api-reference'), 'missing api-reference');
  });

  it('suggests a file of the same name elsewhere when there is one only, else the nearest name in its folder', () => {
    assert.equal(graph.suggestFile('images/logo.pnq'), 'images/logo.png');
    assert.equal(graph.suggestFile('files/reprot.pdf'), 'files/report.pdf');
    assert.equal(graph.suggestFile('report.pdf'), 'files/report.pdf');
    assert.equal(graph.suggestFile('img/logo.png'), undefined, 'two files of that name');
    assert.equal(graph.suggestFile('files/zzz.pdf'), undefined);
  });

  it('suggests the nearest snippet for an import, from the root, with an extension only when written with one', () => {
    assert.equal(graph.suggestImport('/snippets/nte.mdx', 'guides/start.mdx'), '/snippets/note.mdx');
    assert.equal(graph.suggestImport('/snippets/nte', 'guides/start.mdx'), '/snippets/note');
    assert.equal(graph.suggestImport('../snippets/tips/crd', 'guides/start.mdx'), '/snippets/tips/card');
    assert.equal(graph.suggestImport('https://x/y', 'guides/start.mdx'), undefined);
    assert.equal(graph.suggestImport('/snippets/zzzzzzzz', 'guides/start.mdx'), undefined);
  });

  it("keeps an editor's text of a page, for this graph and the next ones of the same files, without changing earlier graphs", () => {
    const edited = new SiteGraph(host, graph.check);
    const read = edited.page('index.mdx');
    assert.equal(edited.setText('index.mdx', '# Welcome\n'), read, 'the same text: the same model');
    assert.deepEqual([edited.isEdited('index.mdx'), edited.isEdited('guides/start.mdx')], [true, false]);
    const changed = edited.setText('index.mdx', '# Hello\n');
    assert.deepEqual([...edited.anchorsOf('index.mdx')], ['hello']);
    assert.equal(edited.loadedPage('index.mdx'), changed);
    assert.equal(edited.page('nope.mdx'), undefined);
    const later = new SiteGraph(host, graph.check, edited);
    assert.deepEqual([later.page('index.mdx'), later.isEdited('index.mdx')], [changed, true]);
    later.setText('guides/start.mdx', '# Changed\n');
    assert.equal(edited.page('guides/start.mdx')?.text, '# Start\n', 'the earlier graph keeps its text');
    assert.equal(later.page('guides/start.mdx')?.text, '# Changed\n');
  });
});

describe('site graph: anchors, link forms and suggestions the checks rely on', () => {
  const root = writeSite({
    'docs.json': docsJson('{ "pages": ["index", "guides/setup", "guides/a"] }'),
    'index.mdx': '# Welcome\n',
    'guides/setup.mdx': '# Setup\n## Getting started with the API\n',
    'guides/a.mdx': "import { Card } from '/snippets/card.jsx';\n\n# A\n",
    'snippets/card.jsx': 'export const Card = () => <div id="inside-card" />;\n\n# Not a heading\n',
    'snippets/v1.2/note.mdx': '',
    'logo.png': '',
    'assets/diagram.svg': '',
    'assets/old-diagram.svg': '',
    'a/b.png': '',
    'drafts/chart.svg': '',
    '.mintignore': 'drafts/\nassets/old-diagram.svg\n',
  });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));

  it('gives a page that cannot be read no anchors, and a page none of the JavaScript snippets it imports', () => {
    assert.deepEqual([...graph.anchorsOf('guides/gone.mdx')], []);
    assert.deepEqual([...graph.anchorsOf('guides/a.mdx')], ['a']);
  });

  it('resolves a fragment alone to the page as a route, a relative page with or without a trailing slash', () => {
    const own = graph.resolveLink('#getting-started-with-the-api', 'guides/setup.mdx');
    assert.ok(own.kind === 'found' && own.path === 'guides/setup', JSON.stringify(own));
    for (const target of ['setup', 'setup/', './setup']) {
      const found = graph.resolveLink(target, 'guides/a.mdx');
      assert.ok(found.kind === 'found' && found.route.kind === 'page' && found.route.file === 'guides/setup.mdx', `${target}: ${JSON.stringify(found)}`);
    }
  });

  it('tells a scheme with a digit or written encoded as external, not a relative path with a colon in it', () => {
    assert.equal(graph.resolveLink('s3://bucket/key', 'guides/a.mdx').kind, 'external');
    assert.equal(graph.resolveLink('http%3A//example.com', 'guides/a.mdx').kind, 'external');
    assert.equal(graph.resolveLink('guides/old:intro', 'index.mdx').kind, 'missing');
  });

  it('reads a relative image from the root as a file of the site, with a trailing slash too', () => {
    for (const target of ['assets/diagram.svg', 'assets/diagram.svg/']) {
      assert.deepEqual(graph.resolveLink(target, 'guides/a.mdx'), { kind: 'found', path: 'assets/diagram.svg', route: { kind: 'file', path: 'assets/diagram.svg' }, fragment: undefined }, target);
    }
  });

  it('tells nothing of an empty fragment; suggests the anchor a heading written as a fragment makes', () => {
    const page = { kind: 'page' as const, file: 'guides/setup.mdx' };
    assert.deepEqual(graph.resolveAnchor(page, ''), { kind: 'unknown' });
    assert.deepEqual(graph.resolveAnchor(page, 'Getting Started With The API'), { kind: 'missing', suggestion: 'getting-started-with-the-api' });
  });

  it('suggests a file at the root by its spelling, a file of the same name in another folder, and nothing when none is near', () => {
    assert.equal(graph.suggestFile('lgo.png'), 'logo.png');
    assert.equal(graph.suggestFile('images/diagram.svg'), 'assets/diagram.svg');
    assert.equal(graph.suggestFile('zzzzzzzz.png'), undefined);
    assert.equal(graph.suggestFile('assets/zzzzzzzz.svg'), undefined);
  });

  it('suggests by spelling only a file of the same folder, and never an ignored file', () => {
    assert.equal(graph.suggestFile('ab.png'), undefined, 'a/b.png is in another folder');
    assert.equal(graph.suggestFile('img/chart.svg'), undefined, 'drafts/ is ignored');
    assert.equal(graph.suggestFile('assets/old-diagrm.svg'), undefined, 'assets/old-diagram.svg is ignored');
  });

  it('suggests a page of the same name in a far folder for a missing link', () => {
    const missing = graph.resolveLink('/reference/old/setup', 'index.mdx');
    assert.ok(missing.kind === 'missing' && graph.suggestRoute(missing.path) === 'guides/setup', JSON.stringify(missing));
  });

  it('suggests a snippet in a folder with a dot in its name, without an extension when written without one', () => {
    assert.equal(graph.suggestImport('/snippets/v1.2/nte', 'index.mdx'), '/snippets/v1.2/note');
  });
});
