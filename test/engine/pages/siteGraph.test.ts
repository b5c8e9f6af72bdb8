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
    assert.equal(moved.kind === 'missing' && moved.suggestion, 'guides/start');
    const typo = graph.resolveLink('/guides/strat', 'index.mdx');
    assert.equal(typo.kind === 'missing' && typo.suggestion, 'guides/start');
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
