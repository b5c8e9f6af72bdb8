import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, recheckDocsJson, SiteGraph } from '../../../server/src/engine';
import { writeSite } from '../../support/site';

const spec = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/items': { get: { summary: 'List' }, post: { summary: 'Create' } } } };

function site(): { host: DiskSiteHost; text: string } {
  const navigation = {
    groups: [
      { group: 'Start', pages: ['guides/b', 'intro'] },
      { group: 'Guides', pages: ['guides/a', 'guides/c'] },
      { group: 'API', openapi: 'items.json', pages: ['GET /items'] },
    ],
  };
  const docs = { theme: 'mint', name: 'Acme', colors: { primary: '#0B7A62' }, navigation, redirects: [{ source: '/old', destination: '/guides' }] };
  const root = writeSite({
    'docs.json': JSON.stringify(docs, null, 2),
    'intro.mdx': '',
    'guides/a.mdx': '',
    'guides/b.mdx': '',
    'guides/c.mdx': '',
    'items.json': JSON.stringify(spec),
  });
  return { host: new DiskSiteHost(root), text: readFileSync(join(root, 'docs.json'), 'utf8') };
}

/** What the routes answer, for comparing the routes of a re-check with a full check's. */
function answers(graph: SiteGraph) {
  const { routes } = graph;
  return {
    home: routes.pageAt(''),
    firstInGuides: routes.firstPageIn('guides'),
    generated: [...routes.generated.values()].map(({ route, operation, spec: name }) => `${route} ${operation.method} ${name}`).sort(),
    old: routes.redirectFor('old')?.destination,
    unknown: [...routes.uncheckedSpecs.values()].map(({ url, directory }) => `${url} ${directory}`),
    diagnostics: graph.check!.documents.get('docs.json')!.diagnostics.map((d) => d.code),
  };
}

test('after each re-check of a navigation edit, the routes answer as a full check of the text does, keeping the parts the edit left', () => {
  const { host, text } = site();
  let graph = new SiteGraph(host, checkDocsJson(text, host));
  let current = text;
  const edits: { edit: (text: string) => string; keeps: ('generated' | 'redirects')[]; sameRoutes?: boolean }[] = [
    { edit: (t) => t.replace('"Guides"', '"Guides and more"'), keeps: ['generated', 'redirects'], sameRoutes: true },
    { edit: (t) => t.replace('"guides/b"', '"guides/bb"'), keeps: ['generated', 'redirects'] },
    { edit: (t) => t.replace('"guides/a"', '"guides/c"'), keeps: ['generated', 'redirects'] },
    { edit: (t) => t.replace('"GET /items"', '"POST /items"'), keeps: ['redirects'] },
    { edit: (t) => t.replace('"openapi": "items.json"', '"openapi": { "source": "items.json", "directory": "ref" }'), keeps: ['redirects'] },
    { edit: (t) => t.replace('"guides/bb"', '"guides/b"'), keeps: ['generated', 'redirects'] },
    // An AsyncAPI source names no spec or operation, yet its pages' directory becomes unknown.
    { edit: (t) => t.replace('"group": "Guides and more"', '"group": "Guides and more", "asyncapi": "events.yaml"'), keeps: ['redirects'] },
    { edit: (t) => t.replace('"asyncapi": "events.yaml"', '"asyncapi": { "source": "events.yaml", "directory": "events" }'), keeps: ['redirects'] },
    { edit: (t) => t.replace('"group": "Guides and more", "asyncapi": { "source": "events.yaml", "directory": "events" }', '"group": "Guides and more"'), keeps: ['redirects'] },
  ];
  for (const { edit, keeps, sameRoutes = false } of edits) {
    const next = edit(current);
    assert.notEqual(next, current);
    const before = graph;
    graph = new SiteGraph(host, recheckDocsJson(before.check!, next), before);
    assert.ok(graph.check!.basis.units, 'the element alone was checked again');
    assert.deepEqual(answers(graph), answers(new SiteGraph(host, checkDocsJson(next, host))), next);
    for (const part of keeps) assert.equal(graph.routes[part], before.routes[part], `${part} kept`);
    // What the page rules found is kept for the same routes (pages/pageInputs.ts).
    assert.equal(graph.routes === before.routes, sameRoutes, 'the routes themselves kept exactly when nothing they are made of changed');
    current = next;
  }
});
