import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../../server/src/engine';
import { SpecCache } from '../../../server/src/engine/openapi/openapiSpec';
import { CheckedSite } from '../../../server/src/engine/service/checkedSite';
import { appliedEdits } from '../../../server/src/engine/service/edits';
import { navigationMove } from '../../../server/src/engine/service/navigationMove';
import { navigationChildren, type NavigationNode } from '../../../server/src/engine/service/navigationTree';
import { writeSite } from '../../support/site';

const pages = {
  'introduction.mdx': '---\ntitle: "Welcome"\nicon: "hand-wave"\n---\n',
  'quickstart.mdx': '---\ntitle: Quickstart\n---\n',
  'guides/deploy.mdx': '# no frontmatter\n',
  'guides/setup.mdx': '---\ntitle: "Set up"\n---\n',
};

const docsJson = `{
  "name": "Acme",
  "navigation": {
    "tabs": [
      {
        "tab": "Guides",
        "icon": "book",
        "groups": [
          {
            "group": "Get started",
            "icon": "rocket",
            "pages": ["introduction", "quickstart", "GET /users"]
          },
          {
            "group": "Deploy",
            "pages": [
              "guides/deploy",
              {
                "group": "Nested",
                "pages": ["guides/setup"]
              },
              "missing/page"
            ]
          }
        ]
      },
      { "tab": "Blog", "href": "https://acme.com/blog" }
    ],
    "global": { "anchors": [{ "anchor": "Status", "href": "https://status.acme.com" }] }
  }
}
`;

function site(text = docsJson): CheckedSite {
  const root = writeSite({ ...pages, 'docs.json': text });
  const host = new DiskSiteHost(root);
  const specs = new SpecCache();
  return new CheckedSite(host, checkDocsJson(text, host, {}, 'docs.json', specs), specs, 'docs.json');
}

const line = (node: NavigationNode) => `${node.kind} ${node.label}${node.icon ? ` [${node.icon}]` : ''}${node.file ? ` (${node.file})` : ''} ${node.childCount}`;

function outline(checked: CheckedSite, parent?: NavigationNode, depth = 0): string[] {
  return (navigationChildren(checked, parent) ?? []).flatMap((node) => [`${'  '.repeat(depth)}${line(node)}`, ...outline(checked, node, depth + 1)]);
}

describe('the navigation as readers see it', () => {
  it('lists tabs, groups and pages in order, with page titles and icons from frontmatter, and global links', () => {
    assert.deepEqual(outline(site()), [
      'tab Guides [book] 2',
      '  group Get started [rocket] 3',
      '    page Welcome [hand-wave] (introduction.mdx) 0',
      '    page Quickstart (quickstart.mdx) 0',
      '    operation GET /users 0',
      '  group Deploy 3',
      '    page guides/deploy (guides/deploy.mdx) 0',
      '    group Nested 1',
      '      page Set up (guides/setup.mdx) 0',
      '    page missing/page 0',
      'tab Blog 0',
      'link Status 0',
    ]);
  });

  it('gives each node its place in docs.json and its range', () => {
    const checked = site();
    const [guides] = navigationChildren(checked)!;
    assert.deepEqual([guides.document, guides.path], ['docs.json', ['navigation', 'tabs', 0]]);
    const [group] = navigationChildren(checked, guides)!;
    const [welcome] = navigationChildren(checked, group)!;
    assert.equal(docsJson.slice(welcome.range.start, welcome.range.end), '"introduction"');
    assert.equal(navigationChildren(checked, { document: 'docs.json', path: ['navigation', 'nope'] }), undefined);
  });

  it('unnamed elements get a readable placeholder', () => {
    const checked = site('{"name": "A", "navigation": {"groups": [{"group": "", "pages": ["introduction"]}]}}');
    assert.deepEqual(outline(checked), ['group (unnamed group) 1', '  page Welcome [hand-wave] (introduction.mdx) 0']);
  });

  it('names and page entries of white space only get the placeholder, not a blank label', () => {
    const checked = site('{"name": "A", "navigation": {"groups": [{"group": "   ", "pages": ["   ", "  introduction"]}]}}');
    assert.deepEqual(outline(checked), ['group (unnamed group) 2', '  page (empty page entry) 0', '  page   introduction 0']);
  });
});

describe('moving an entry by drag and drop', () => {
  const ref = (...path: (string | number)[]) => ({ document: 'docs.json', path: ['navigation', 'tabs', 0, 'groups', ...path] });
  const move = (source: ReturnType<typeof ref>, target: ReturnType<typeof ref>, text = docsJson) => {
    const result = navigationMove(site(text), source, target);
    if ('refused' in result) return result.refused;
    const after = appliedEdits(text, result.edits);
    JSON.parse(after);
    return { after, edits: result.edits.length };
  };

  it('a page dropped on another group goes to the end of its pages, in two small edits', () => {
    const result = move(ref(0, 'pages', 1), ref(1));
    assert.ok(typeof result !== 'string');
    assert.equal(result.edits, 2);
    assert.equal(
      result.after,
      docsJson
        .replace('["introduction", "quickstart", "GET /users"]', '["introduction", "GET /users"]')
        .replace('"missing/page"\n', '"missing/page",\n              "quickstart"\n'),
    );
  });

  it('a page dropped on a page goes before it, in the same list or another', () => {
    const same = move(ref(0, 'pages', 2), ref(0, 'pages', 0));
    assert.ok(typeof same !== 'string');
    assert.match(same.after, /\["GET \/users", "introduction", "quickstart"\]/);
    const other = move(ref(1, 'pages', 0), ref(0, 'pages', 1));
    assert.ok(typeof other !== 'string');
    assert.match(other.after, /\["introduction", "guides\/deploy", "quickstart", "GET \/users"\]/);
    assert.match(other.after, /"pages": \[\n {14}\{\n {16}"group": "Nested"/);
  });

  it('a group keeps its text and is re-indented where it lands', () => {
    const result = move(ref(1, 'pages', 1), ref(0));
    assert.ok(typeof result !== 'string');
    assert.match(result.after, /"GET \/users", \{\n {14}"group": "Nested",\n {14}"pages": \["guides\/setup"\]\n {12}\}\]/);
    const lifted = move(ref(1, 'pages', 1), { document: 'docs.json', path: ['navigation', 'tabs', 0] });
    assert.ok(typeof lifted !== 'string');
    assert.deepEqual(
      JSON.parse(lifted.after).navigation.tabs[0].groups.map((g: { group: string }) => g.group),
      ['Get started', 'Deploy', 'Nested'],
    );
    assert.match(lifted.after, /\n {10}\},\n {10}\{\n {12}"group": "Nested",\n {12}"pages": \["guides\/setup"\]\n {10}\}\n {8}\]/);
  });

  it('a move that changes nothing makes no edit', () => {
    const result = navigationMove(site(), ref(0, 'pages', 0), ref(0, 'pages', 1));
    assert.deepEqual(result, { document: 'docs.json', edits: [] });
  });

  it('refuses moves the navigation cannot hold, saying why', () => {
    assert.equal(move(ref(1), ref(1, 'pages', 1)), 'An entry cannot move into itself.');
    assert.equal(move(ref(0, 'pages', 0), { document: 'docs.json', path: ['navigation', 'tabs', 1] }), 'Tab "Blog" has no list that takes a page.');
    assert.equal(move({ document: 'docs.json', path: ['navigation', 'tabs', 1] }, ref(0, 'pages', 0)), 'A "pages" list holds pages and groups, not tab "Blog".');
    assert.equal(move(ref(0, 'pages', 0), { document: 'nav.json', path: [0] }), 'Entries can only be moved within the file they are written in.');
  });
});

describe('entries the site drops', () => {
  it('a tab holding "pages" beside "groups": its pages are marked dropped, saying why; its groups are not', () => {
    const text = '{ "name": "A", "navigation": { "tabs": [{ "tab": "API", "pages": ["introduction"], "groups": [{ "group": "G", "pages": ["quickstart"] }] }] } }';
    const checked = site(text);
    const [tab] = navigationChildren(checked)!;
    const entries = navigationChildren(checked, tab)!;
    assert.deepEqual(entries.map((node) => [node.kind, node.label, node.dropped]), [
      ['group', 'G', undefined],
      ['page', 'Welcome', 'the site shows the groups beside it and drops the pages'],
    ]);
    assert.equal(tab.dropped, undefined);
  });
});
