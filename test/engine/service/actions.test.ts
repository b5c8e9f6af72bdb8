import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Diagnostic } from '../../../server/src/engine/diagnostic';
import { codeActions } from '../../../server/src/engine/service/actions';
import type { TextEdit } from '../../../server/src/engine/service/edits';
import { JsonText } from '../../../server/src/engine/service/jsonText';
import { checkedFixture, sitesDir } from './serviceFixture';
import { titleFromPath } from '../../../server/src/engine/service/frontmatter';

const basic = readFileSync(join(sitesDir, 'lsp-basic', 'docs.json'), 'utf8');
const two = readFileSync(join(sitesDir, 'lsp-multi', 'two', 'docs.json'), 'utf8');

function applyEdits(text: string, edits: TextEdit[]): string {
  return [...edits].sort((a, b) => b.range.start - a.range.start).reduce((result, edit) => result.slice(0, edit.range.start) + edit.newText + result.slice(edit.range.end), text);
}

/** The quick fixes for the problem whose range starts at `marker`. */
function actionsAt(site: string, source: string, marker: string) {
  const start = source.indexOf(marker);
  return codeActions(checkedFixture(site), new JsonText('docs.json', source), { start, end: start });
}

test('every fix for the fixture site, by title', () => {
  const actions = codeActions(checkedFixture('lsp-basic'), new JsonText('docs.json', basic), { start: 0, end: basic.length });
  assert.deepEqual(
    actions.map((action) => [action.title, action.diagnostic.code, action.isPreferred]),
    [
      ['Rename to "description"', 'schema/unknown-key', true],
      ['Change to "book"', 'icon/fa-prefix', true],
      ['Remove "expanded"', 'nav/expanded-no-effect', true],
      ['Create guides/deploy.mdx', 'ref/missing-page', true],
      ['Move "pages" into a new group "API" in "groups"', 'nav/mixed-children', undefined],
      ['Change to "POST /users"', 'ref/unknown-operation', true],
    ],
  );
});

test('did-you-mean fixes replace the reported key or value', () => {
  const [rename] = actionsAt('lsp-basic', basic, '"descripton"');
  assert.equal(applyEdits(basic, rename.edits[0].edits), basic.replace('"descripton"', '"description"'));
  const [operation] = actionsAt('lsp-basic', basic, '"POST /user"');
  assert.equal(applyEdits(basic, operation.edits[0].edits), basic.replace('"POST /user"', '"POST /users"'));
  const [prefix] = actionsAt('lsp-basic', basic, '"fa-book"');
  assert.equal(applyEdits(basic, prefix.edits[0].edits), basic.replace('"fa-book"', '"book"'));
});

test('remove an "expanded" that has no effect, with its comma', () => {
  const [remove] = actionsAt('lsp-basic', basic, '"expanded"');
  assert.deepEqual(remove.edits.map((edit) => edit.file), ['docs.json']);
  assert.equal(applyEdits(basic, remove.edits[0].edits), basic.replace('"group": "Get started",\n            "expanded": true,', '"group": "Get started",'));
});

test('create the missing page with a frontmatter title', () => {
  const [create] = actionsAt('lsp-basic', basic, '"guides/deploy"');
  assert.deepEqual(create.createFile, { file: 'guides/deploy.mdx', content: '---\ntitle: "Deploy"\n---\n' });
  assert.deepEqual(create.edits, []);
});

test('a new page\'s title is its file name in words, with the acronyms a title capitalises', () => {
  assert.equal(titleFromPath('guides/getting-started'), 'Getting started');
  assert.equal(titleFromPath('faq'), 'FAQ');
  assert.equal(titleFromPath('support/faqs'), 'FAQs');
  assert.equal(titleFromPath('api-keys'), 'API keys');
  assert.equal(titleFromPath('using_the_cli'), 'Using the CLI');
  assert.equal(titleFromPath('oauth-and-sso'), 'OAuth and SSO');
  assert.equal(titleFromPath('Aid'), 'Aid', 'a word that only starts like one is left alone');
});

test('a missing page with a did-you-mean prefers the change of the entry to the creation of a page', () => {
  const text = basic.replace('"guides/deploy"', '"guides/setp"');
  const actions = codeActions(checkedFixture('lsp-basic', { 'docs.json': text }), new JsonText('docs.json', text), { start: text.indexOf('"guides/setp"'), end: text.indexOf('"guides/setp"') });
  assert.deepEqual(
    actions.map((action) => [action.title, action.isPreferred]),
    [
      ['Change to "guides/setup"', true],
      ['Create guides/setp.mdx', false],
    ],
  );
});

test('wrap loose pages beside groups into a new group, keeping the order they were written in', () => {
  const [wrap] = actionsAt('lsp-basic', basic, '"pages": ["api/overview"]');
  assert.equal(
    applyEdits(basic, wrap.edits[0].edits),
    basic.replace(
      '"openapi": "api/openapi.yaml",\n        "pages": ["api/overview"],\n        "groups": [\n          {',
      '"openapi": "api/openapi.yaml",\n        "groups": [\n          {\n            "group": "API",\n            "pages": [\n              "api/overview"\n            ]\n          },\n          {',
    ),
  );
  const wrapped = JSON.parse(applyEdits(basic, wrap.edits[0].edits));
  assert.deepEqual(wrapped.navigation.tabs[1].groups[0], { group: 'API', pages: ['api/overview'] });
});

test('the same fix for "pages" beside "groups" at the navigation root', () => {
  const [wrap] = actionsAt('lsp-multi/two', two, '"pages": [');
  assert.equal(wrap.title, 'Move "pages" into a new group "Pages" in "groups"');
  assert.deepEqual(JSON.parse(applyEdits(two, wrap.edits[0].edits)).navigation, {
    groups: [
      { group: 'Pages', pages: ['intro'] },
      { group: 'More', pages: ['extra', 'intro'] },
    ],
  });
});

test('no wrap when the mix is not pages and groups', () => {
  const mixed = basic.replace('"pages": ["api/overview"],', '"anchors": [{ "anchor": "A", "pages": ["api/overview"] }],');
  const checked = checkedFixture('lsp-basic', { 'docs.json': mixed });
  const mix = checked.document('docs.json')!.diagnostics.find((diagnostic) => diagnostic.code === 'nav/mixed-children')!;
  assert.deepEqual(mix.data, { keys: ['anchors', 'groups'] });
  const actions = codeActions(checked, new JsonText('docs.json', mixed), mix.range);
  assert.deepEqual(actions.map((action) => action.diagnostic.code), []);
});

/** The site of the fixture with `text` as its docs.json, and the fixes offered over the whole text. */
function allActions(text: string, besides: Diagnostic[] = []) {
  return codeActions(checkedFixture('lsp-basic', { 'docs.json': text }), new JsonText('docs.json', text), { start: 0, end: text.length }, besides);
}

/** The text after the fix that moves loose pages into a group. */
function wrapped(text: string): string {
  const wrap = allActions(text).find((action) => action.title.startsWith('Move "pages"'));
  assert.ok(wrap, 'a fix moves the pages into a group');
  return applyEdits(text, wrap.edits[0].edits);
}

function problem(code: string, range: { start: number; end: number }, more: Partial<Diagnostic> = {}): Diagnostic {
  return { range, severity: 'error', code, message: 'A problem', ...more };
}

test('a problem in a file the site did not check gets the fixes it brings, also when its code has no fix of its own', () => {
  const page = '# Intro\n[a](/qickstart)\n';
  const start = page.indexOf('/qickstart');
  const link = problem('x/not-a-code', { start, end: start + 10 }, { suggestions: [{ title: 'Change to "/quickstart"', replacement: '/quickstart' }] });
  const actions = codeActions(checkedFixture('lsp-basic'), new JsonText('introduction.mdx', page), { start, end: start }, [link]);
  assert.deepEqual(
    actions.map((action) => ({ title: action.title, preferred: action.isPreferred, edits: action.edits })),
    [{ title: 'Change to "/quickstart"', preferred: true, edits: [{ file: 'introduction.mdx', edits: [{ range: link.range, newText: '/quickstart' }] }] }],
  );
});

test('of several suggestions only the first is preferred; each edits the other places and files it names', () => {
  const elsewhere = { start: 5, end: 6 };
  const suggestions = [
    { title: 'Change to "a"', replacement: 'a', alsoAt: [elsewhere] },
    { title: 'Change to "b"', replacement: 'b', alsoEdits: [{ file: 'docs.json', range: elsewhere, newText: '"b"' }] },
  ];
  const actions = codeActions(checkedFixture('lsp-basic'), new JsonText('introduction.mdx', 'x'), { start: 0, end: 1 }, [problem('x/any', { start: 0, end: 1 }, { suggestions })]);
  assert.deepEqual(
    actions.map((action) => [action.title, action.isPreferred, action.edits]),
    [
      ['Change to "a"', true, [{ file: 'introduction.mdx', edits: [{ range: { start: 0, end: 1 }, newText: 'a' }, { range: elsewhere, newText: 'a' }] }]],
      [
        'Change to "b"',
        false,
        [
          { file: 'introduction.mdx', edits: [{ range: { start: 0, end: 1 }, newText: 'b' }] },
          { file: 'docs.json', edits: [{ range: elsewhere, newText: '"b"' }] },
        ],
      ],
    ],
  );
});

test('the cursor just after a problem, or just before it, still offers its fixes; one character further does not', () => {
  const start = basic.indexOf('"fa-book"');
  const end = start + '"fa-book"'.length;
  const titlesAt = (offset: number) => codeActions(checkedFixture('lsp-basic'), new JsonText('docs.json', basic), { start: offset, end: offset }).map((action) => action.title);
  assert.deepEqual(titlesAt(end), ['Change to "book"']);
  assert.deepEqual(titlesAt(start), ['Change to "book"']);
  assert.deepEqual(titlesAt(end + 1), []);
  assert.deepEqual(titlesAt(start - 1), []);
});

test('no "Create" fix for a page that exists, or for a problem that names no page or no file', () => {
  const site = checkedFixture('lsp-basic');
  const text = new JsonText('docs.json', basic);
  const creates = (data: Diagnostic['data']) =>
    codeActions(site, text, { start: 0, end: 0 }, [problem('ref/missing-page', { start: 0, end: 1 }, { data })]).map((action) => action.title);
  assert.deepEqual(creates({ page: 'fresh', file: 'fresh.mdx' }), ['Create fresh.mdx']);
  assert.deepEqual(creates({ page: 'quickstart', file: 'quickstart.mdx' }), [], 'the page exists');
  assert.deepEqual(creates({ file: 'fresh.mdx' }), [], 'no page');
  assert.deepEqual(creates({ page: 'fresh' }), [], 'no file');
  assert.deepEqual(creates({ page: '', file: 'fresh.mdx' }), [], 'an empty page');
  assert.deepEqual(creates(undefined), [], 'no data');
});

test('no "Remove" fix when the problem is not at a property\'s key: at a value, before the first key, past the end', () => {
  const value = basic.indexOf('true', basic.indexOf('"expanded"'));
  const atValue = problem('nav/expanded-no-effect', { start: value, end: value + 4 });
  const beforeTheFirstKey = problem('nav/expanded-no-effect', { start: 0, end: 1 });
  const pastTheEnd = problem('nav/expanded-no-effect', { start: basic.length + 5, end: basic.length + 6 });
  for (const misplaced of [atValue, beforeTheFirstKey, pastTheEnd]) {
    assert.deepEqual(codeActions(checkedFixture('lsp-basic'), new JsonText('docs.json', basic), misplaced.range, [misplaced]).filter((action) => action.diagnostic === misplaced), []);
  }
});

test('no move into a group when the problem names other keys than "pages" and "groups", or "groups" is not a list, or "pages" has no value', () => {
  const wraps = (text: string, data: Diagnostic['data'], start = text.indexOf('"pages"')) => {
    const mix = problem('nav/mixed-children', { start, end: start + 7 }, { data });
    return codeActions(checkedFixture('lsp-basic', { 'docs.json': text }), new JsonText('docs.json', text), mix.range, [mix]).filter((action) => action.diagnostic === mix).length;
  };
  const mixed = '{"navigation": {"pages": ["introduction"], "groups": [{"group": "G", "pages": ["quickstart"]}]}}';
  assert.equal(wraps(mixed, { keys: ['pages', 'groups'] }), 1);
  assert.equal(wraps(mixed, { keys: ['pages', 'groups'] }, mixed.indexOf('"introduction"')), 0, 'not at a key');
  assert.equal(wraps(mixed, undefined), 0, 'no keys');
  assert.equal(wraps(mixed, { keys: 'pages,groups' }), 0, 'keys not a list');
  assert.equal(wraps(mixed, { keys: ['pages', 'groups', 'tabs'] }), 0, 'three keys');
  assert.equal(wraps(mixed, { keys: ['pages', 'tabs'] }), 0, 'no groups');
  assert.equal(wraps(mixed, { keys: ['tabs', 'groups'] }), 0, 'no pages');
  assert.equal(wraps('{"navigation": {"pages": ["introduction"], "groups": "G"}}', { keys: ['pages', 'groups'] }), 0, 'groups not a list');
  assert.equal(wraps('{"navigation": {"pages": ["introduction"]}}', { keys: ['pages', 'groups'] }), 0, 'no groups written');
  assert.equal(wraps('{"navigation": {"pages": , "groups": []}}', { keys: ['pages', 'groups'] }), 0, 'pages without a value');
});

test('pages written after the groups go into a new group after the last one', () => {
  const text = JSON.stringify({ navigation: { groups: [{ group: 'A', pages: ['introduction'] }, { group: 'B', pages: ['api/overview'] }], pages: ['quickstart'] } }, null, 2);
  const expected = {
    navigation: {
      groups: [
        { group: 'A', pages: ['introduction'] },
        { group: 'B', pages: ['api/overview'] },
        { group: 'Pages', pages: ['quickstart'] },
      ],
    },
  };
  assert.equal(wrapped(text), JSON.stringify(expected, null, 2));
});

test('pages beside an empty list of groups become its one group, indented with the file\'s tabs', () => {
  const text = '{\n\t"navigation": {\n\t\t"pages": ["introduction"],\n\t\t"groups": []\n\t}\n}';
  assert.equal(wrapped(text), '{\n\t"navigation": {\n\t\t"groups": [\n\t\t\t{\n\t\t\t\t"group": "Pages",\n\t\t\t\t"pages": [\n\t\t\t\t\t"introduction"\n\t\t\t\t]\n\t\t\t}\n\t\t]\n\t}\n}');
});

test('a file indented by four spaces gets its new group indented by four', () => {
  const text = JSON.stringify({ navigation: { pages: ['quickstart'], groups: [{ group: 'A', pages: ['introduction'] }] } }, null, 4);
  assert.equal(wrapped(text), text.replace('"pages": [\n            "quickstart"\n        ],\n        ', '').replace('"groups": [\n', '"groups": [\n            {\n                "group": "Pages",\n                "pages": [\n                    "quickstart"\n                ]\n            },\n'));
});

test('a list of groups written on one line gets the new group on that line; a file with no indented line indents it by two spaces', () => {
  const text = '{"navigation": {"pages": ["quickstart"], "groups": [{"group": "A", "pages": ["introduction"]}]}}';
  assert.equal(wrapped(text), '{"navigation": {"groups": [{\n  "group": "Pages",\n  "pages": [\n    "quickstart"\n  ]\n}, {"group": "A", "pages": ["introduction"]}]}}');
});

test('a list of groups on one line in a file of several lines gets the new group on that line', () => {
  const text = '{\n  "navigation": {\n    "pages": ["quickstart"],\n    "groups": [{"group": "A", "pages": ["introduction"]}]\n  }\n}';
  assert.equal(wrapped(text), '{\n  "navigation": {\n    "groups": [{\n      "group": "Pages",\n      "pages": [\n        "quickstart"\n      ]\n    }, {"group": "A", "pages": ["introduction"]}]\n  }\n}');
});

test('a file indented by tabs, with spaces after them to align, gets its new group indented by tabs', () => {
  const text = '{\n\t  "navigation": {\n\t\t"pages": ["introduction"],\n\t\t"groups": []\n\t}\n}';
  assert.ok(wrapped(text).includes('\n\t\t\t{\n\t\t\t\t"group": "Pages",'), wrapped(text));
});

test('the new group is named after the element that holds the pages', () => {
  const holders = { tabs: 'tab', anchors: 'anchor', dropdowns: 'dropdown', products: 'product', versions: 'version', languages: 'language', menu: 'item' };
  for (const [list, key] of Object.entries(holders)) {
    const text = JSON.stringify({ navigation: { [list]: [{ [key]: 'Holder', pages: ['introduction'], groups: [{ group: 'G', pages: ['quickstart'] }] }] } }, null, 2);
    assert.deepEqual(JSON.parse(wrapped(text)).navigation[list][0].groups[0], { group: 'Holder', pages: ['introduction'] }, key);
  }
});

test('an element whose name is empty, not text or missing gives the new group the name "Pages"', () => {
  for (const name of ['""', '5', '']) {
    const text = `{"navigation": {"tabs": [{"tab": ${name}, "pages": ["introduction"], "groups": [{"group": "G", "pages": ["quickstart"]}]}]}}`;
    assert.ok(wrapped(text).includes('"group": "Pages"'), `"tab": ${name}`);
  }
});
