import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSite, docsJson, expectOne, withCode } from '../support/site';

const pages = { 'intro.mdx': '', 'guide.mdx': '', 'api/users.mdx': '' };


test('a valid navigation has no diagnostics', () => {
  const check = checkSite(docsJson('{ "tabs": [{ "tab": "Guides", "groups": [{ "group": "Start", "pages": ["intro", { "group": "More", "expanded": true, "pages": ["guide"] }] }] }] }'), pages);
  assert.deepEqual(check.diagnostics, []);
});

test('navigation without a root pattern is an error on the navigation key', () => {
  const check = checkSite(`{ "theme": "mint", "name": "A", "colors": { "primary": "#000" }, ⟦"navigation"⟧: { "global": {} } }`);
  const d = expectOne(check, 'nav/no-root-pattern');
  assert.equal(d.severity, 'error');
  assert.match(d.message, /needs one of "pages", "groups", "tabs"/);
});

test('two root patterns are reported on the one the site drops, naming both keys and the one it keeps', () => {
  const check = checkSite(docsJson('{ "tabs": [{ "tab": "A", "pages": ["intro"] }], ⟦"groups"⟧: [{ "group": "B", "pages": ["guide"] }] }'), pages);
  const d = expectOne(check, 'nav/multiple-root-patterns');
  assert.equal(d.message, '"navigation" holds "tabs" and "groups": the site shows the tabs and drops these groups; its root takes exactly one of them ("global" may stand beside it)');
  const written = checkSite(docsJson('{ ⟦"groups"⟧: [{ "group": "B", "pages": ["guide"] }], "tabs": [{ "tab": "A", "pages": ["intro"] }] }'), pages);
  assert.match(expectOne(written, 'nav/multiple-root-patterns').message, /the site shows the tabs and drops these groups/, 'the measured order, not the written one');
});

/*
 * Which kind the site keeps when one of the two is written as mint.json wrote it, measured on the
 * platform's validator: it keeps the first kind, in its order, that it can read, so unreadable
 * anchors lose to groups they would otherwise win over.
 */
const mintJsonAnchors = '[{ "name": "Blog", "icon": "newspaper", "url": "https://example.com/blog" }]';
const rootCases: { navigation: string; message: string }[] = [
  {
    navigation: `{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"anchors"⟧: ${mintJsonAnchors} }`,
    message: '"navigation" holds "groups" and "anchors": the site shows the groups and drops these anchors, which it cannot read (each anchor needs "anchor"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: `{ ⟦"anchors"⟧: ${mintJsonAnchors}, "groups": [{ "group": "B", "pages": ["guide"] }] }`,
    message: '"navigation" holds "anchors" and "groups": the site shows the groups and drops these anchors, which it cannot read (each anchor needs "anchor"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"anchors"⟧: [] }',
    message: '"navigation" holds "groups" and "anchors": the site shows the groups and drops these anchors, which it cannot read (each anchor needs "anchor"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"anchors"⟧: ["Blog"] }',
    message: '"navigation" holds "groups" and "anchors": the site shows the groups and drops these anchors, which it cannot read (each anchor needs "anchor"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: `{ "pages": ["intro"], ⟦"anchors"⟧: ${mintJsonAnchors} }`,
    message: '"navigation" holds "pages" and "anchors": the site shows the pages and drops these anchors, which it cannot read (each anchor needs "anchor"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "pages": ["intro"], ⟦"groups"⟧: [{ "name": "B", "pages": ["guide"] }] }',
    message: '"navigation" holds "pages" and "groups": the site shows the pages and drops these groups, which it cannot read (each group needs "group"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"tabs"⟧: [{ "name": "API", "url": "api" }] }',
    message: '"navigation" holds "groups" and "tabs": the site shows the groups and drops these tabs, which it cannot read (each tab needs "tab"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "anchors": [{ "anchor": "A", "pages": ["intro"] }], ⟦"tabs"⟧: [{ "name": "API", "url": "api" }] }',
    message: '"navigation" holds "anchors" and "tabs": the site shows the anchors and drops these tabs, which it cannot read (each tab needs "tab"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"dropdowns"⟧: [{ "name": "D", "url": "https://example.com" }] }',
    message: '"navigation" holds "groups" and "dropdowns": the site shows the groups and drops these dropdowns, which it cannot read (each dropdown needs "dropdown"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"languages"⟧: [{ "name": "en", "url": "en" }] }',
    message: '"navigation" holds "groups" and "languages": the site shows the groups and drops these languages, which it cannot read (each language needs "language"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: `{ "tabs": [{ "tab": "A", "pages": ["intro"] }], ⟦"anchors"⟧: ${mintJsonAnchors} }`,
    message: '"navigation" holds "tabs" and "anchors": the site shows the tabs and drops these anchors, which it cannot read (each anchor needs "anchor"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "tabs": [{ "tab": "A", "pages": ["intro"] }], ⟦"versions"⟧: ["v1", "v2"] }',
    message: '"navigation" holds "tabs" and "versions": the site shows the tabs and drops these versions, which it cannot read (each version needs "version"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "tabs": [{ "tab": "A", "pages": ["intro"] }], ⟦"products"⟧: [{ "name": "P" }] }',
    message: '"navigation" holds "tabs" and "products": the site shows the tabs and drops these products, which it cannot read (each product needs "product"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: '{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"anchors"⟧: [{ "anchor": "A", "pages": ["intro"] }, { "name": "Blog", "url": "https://example.com/blog" }] }',
    message: '"navigation" holds "groups" and "anchors": the site shows the groups and drops these anchors, which it cannot read (each anchor needs "anchor"); its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: `{ "anchors": ${mintJsonAnchors}, ⟦"groups"⟧: [{ "name": "B", "pages": ["guide"] }] }`,
    message: '"navigation" holds "anchors" and "groups": the platform can read none of them (each anchor needs "anchor", each group needs "group") and rejects docs.json; its root takes exactly one of them ("global" may stand beside it)',
  },
  {
    navigation: `{ "anchors": ${mintJsonAnchors}, ⟦"tabs"⟧: [{ "name": "API", "url": "api" }] }`,
    message: '"navigation" holds "anchors" and "tabs": the platform can read none of them (each anchor needs "anchor", each tab needs "tab") and rejects docs.json; its root takes exactly one of them ("global" may stand beside it)',
  },
];

for (const { navigation, message } of rootCases) {
  test(`two root patterns, one the platform cannot read: ${navigation.replace(/⟦|⟧/g, '')}`, () => {
    assert.equal(expectOne(checkSite(docsJson(navigation), pages), 'nav/multiple-root-patterns').message, message);
  });
}

test('readable anchors beside groups the platform cannot read: the anchors, as when both are readable', () => {
  const check = checkSite(docsJson('{ ⟦"groups"⟧: [{ "name": "B", "pages": ["guide"] }], "anchors": [{ "anchor": "A", "pages": ["intro"] }] }'), pages);
  assert.equal(
    expectOne(check, 'nav/multiple-root-patterns').message,
    '"navigation" holds "groups" and "anchors": the site shows the anchors and drops these groups, which it cannot read (each group needs "group"); its root takes exactly one of them ("global" may stand beside it)',
  );
});

test('in a tab, groups beside mint.json anchors are kept; a tab with neither readable keeps none', () => {
  const kept = checkSite(docsJson(`{ "tabs": [{ "tab": "T", "groups": [{ "group": "G", "pages": ["guide"] }], ⟦"anchors"⟧: ${mintJsonAnchors} }] }`), pages);
  assert.equal(
    expectOne(kept, 'nav/mixed-children').message,
    'Tab "T" holds "groups" and "anchors" side by side: the site shows the groups and drops these anchors, which it cannot read (each anchor needs "anchor"); each navigation level holds one type of child, so nest one inside the other',
  );
  const none = checkSite(docsJson(`{ "tabs": [{ "tab": "T", "anchors": ${mintJsonAnchors}, ⟦"groups"⟧: [{ "name": "G", "pages": ["guide"] }] }] }`), pages);
  assert.match(expectOne(none, 'nav/mixed-children').message, /: the platform can read none of them \(each anchor needs "anchor", each group needs "group"\) and drops them all; /);
});

test('a collection written as a "$ref" is taken as readable: the measured order decides', () => {
  const check = checkSite(docsJson('{ "groups": [{ "group": "B", "pages": ["guide"] }], ⟦"anchors"⟧: { "$ref": "./anchors.json" } }'), { ...pages, 'anchors.json': '[{ "anchor": "A", "pages": ["intro"] }]' });
  assert.match(withCode(check, 'nav/multiple-root-patterns')[0].message, /the site shows the anchors and drops these groups; /);
});

test('global beside one root pattern is fine', () => {
  const check = checkSite(docsJson('{ "global": { "anchors": [{ "anchor": "Blog", "href": "https://example.com" }] }, "pages": ["intro"] }'), pages);
  assert.deepEqual(check.diagnostics, []);
});

test('mixed children on one level name the conflicting keys and say which the site drops, on the dropped key', () => {
  const check = checkSite(docsJson('{ "tabs": [{ "tab": "Guides", "anchors": [{ "anchor": "X", "pages": ["intro"] }], ⟦"groups"⟧: [{ "group": "G", "pages": ["guide"] }] }] }'), pages);
  const d = expectOne(check, 'nav/mixed-children');
  assert.equal(d.message, 'Tab "Guides" holds "anchors" and "groups" side by side: the site shows the anchors and drops these groups; each navigation level holds one type of child, so nest one inside the other');
  assert.deepEqual(d.data, { keys: ['anchors', 'groups'] });
  const pagesFirst = checkSite(docsJson('{ "dropdowns": [{ "dropdown": "D", ⟦"pages"⟧: ["intro"], "groups": [{ "group": "G", "pages": ["guide"] }] }] }'), pages);
  assert.match(expectOne(pagesFirst, 'nav/mixed-children').message, /the site shows the groups and drops these pages/);
});

test('three kinds of children on one level: each dropped kind is reported at its key', () => {
  const check = checkSite(
    docsJson('{ "tabs": [{ "tab": "T", ⟦"pages"⟧: ["intro"], "groups": [{ "group": "G", "pages": ["guide"] }], "anchors": [{ "anchor": "A", "pages": ["intro"] }] }] }'),
    pages,
  );
  const found = withCode(check, 'nav/mixed-children');
  assert.deepEqual(found.map((d) => check.covered(d)), ['"pages"', '"groups"']);
  assert.ok(found.every((d) => d.message.includes('the site shows the anchors')), JSON.stringify(found));
});

test('a tab holding anchors that hold groups is not mixing', () => {
  const check = checkSite(docsJson('{ "tabs": [{ "tab": "Guides", "anchors": [{ "anchor": "X", "groups": [{ "group": "G", "pages": ["intro"] }] }] }] }'), pages);
  assert.deepEqual(check.diagnostics, []);
});

test('menu outside a tab is an error; inside a tab it is fine', () => {
  const bad = checkSite(docsJson('{ "anchors": [{ "anchor": "A", ⟦"menu"⟧: [{ "item": "M", "pages": ["intro"] }] }] }'), pages);
  assert.match(expectOne(bad, 'nav/menu-outside-tab').message, /only allowed inside a tab or a product, not in anchor "A"/);
  const good = checkSite(docsJson('{ "tabs": [{ "tab": "T", "menu": [{ "item": "M", "description": "d", "pages": ["intro"] }] }] }'), pages);
  assert.deepEqual(good.diagnostics, []);
});

test('a menu item holds only groups, pages and links', () => {
  const check = checkSite(docsJson('{ "tabs": [{ "tab": "T", "menu": [{ "item": "M", ⟦"anchors"⟧: [{ "anchor": "A", "pages": ["intro"] }] }] }] }'), pages);
  assert.match(expectOne(check, 'nav/child-not-allowed').message, /Menu item "M" cannot hold "anchors": a menu item holds only groups, pages and links/);
});

test('an element missing its name key is one finding, at its opening brace, saying where the element is', () => {
  const check = checkSite(docsJson('{ "tabs": [{ "tab": "T", "groups": [⟦{⟧ "pages": ["intro"] }] }] }'), pages);
  assert.deepEqual(check.diagnostics.map((d) => d.code), ['nav/missing-name']);
  assert.equal(expectOne(check, 'nav/missing-name').message, 'A group in tab "T" is missing "group"');
  // A global anchor has no name key the navigation rule tells of: its "anchor" is the schema's to require.
  const global = checkSite(docsJson('{ "global": { "anchors": [⟦{⟧ "href": "https://example.com" }] }, "pages": ["intro"] }'), pages);
  assert.deepEqual(global.diagnostics.map((d) => [d.code, d.message]), [['schema/required', 'A global entry is missing "anchor"']]);
});

test('a misspelt name key is one finding at the key, not "missing" at the element\'s brace too', () => {
  const group = checkSite(docsJson('{ "groups": [{ ⟦"grop"⟧: "Start", "pages": ["intro"] }] }'), pages);
  assert.deepEqual(group.diagnostics.map((d) => d.code), ['schema/required']);
  assert.equal(expectOne(group, 'schema/required').message, 'Unknown key "grop" in a group. Did you mean "group"? A group is missing "group" (required), and the site ignores "grop"');
  const tab = checkSite(docsJson('{ "tabs": [{ ⟦"tabb"⟧: "T", "pages": ["intro"] }] }'), pages);
  assert.deepEqual(tab.diagnostics.map((d) => d.code), ['schema/required']);
  // A child collection is no misspelt name: the group still lacks its name.
  const collection = checkSite(docsJson('{ "tabs": [{ "tab": "T", "groups": [⟦{⟧ "groups": [], "pages": ["intro"] }] }] }'), pages);
  assert.equal(expectOne(collection, 'nav/missing-name').message, 'A group in tab "T" is missing "group"');
});

test('an empty name is an error on the name, for every kind of element', () => {
  const cases: [string, string][] = [
    ['{ "groups": [{ "group": ⟦""⟧, "pages": ["intro"] }] }', '"group" in a group must not be empty'],
    ['{ "tabs": [{ "tab": ⟦""⟧, "pages": ["intro"] }] }', '"tab" in a tab must not be empty'],
    ['{ "anchors": [{ "anchor": ⟦""⟧, "pages": ["intro"] }] }', '"anchor" in an anchor must not be empty'],
    ['{ "dropdowns": [{ "dropdown": ⟦""⟧, "pages": ["intro"] }] }', '"dropdown" in a dropdown must not be empty'],
    ['{ "products": [{ "product": ⟦""⟧, "pages": ["intro"] }] }', '"product" in a product must not be empty'],
    ['{ "versions": [{ "version": ⟦""⟧, "pages": ["intro"] }] }', '"version" in a version must not be empty'],
    ['{ "languages": [{ "language": ⟦""⟧, "pages": ["intro"] }] }', '"language" in a language must not be empty'],
    ['{ "tabs": [{ "tab": "T", "menu": [{ "item": ⟦""⟧, "pages": ["intro"] }] }] }', '"item" in a menu item must not be empty'],
    ['{ "global": { "products": [{ "product": ⟦""⟧, "href": "https://example.com" }] }, "pages": ["intro"] }', '"product" in a global entry must not be empty'],
  ];
  for (const [navigation, message] of cases) {
    const check = checkSite(docsJson(navigation), pages);
    const d = expectOne(check, 'schema/empty');
    assert.equal(d.severity, 'error', navigation);
    assert.equal(d.message, message, navigation);
    assert.equal(check.diagnostics.length, 1, `only the empty name is reported in ${navigation}`);
  }
});

test('an element with an empty name is described as unnamed in other messages', () => {
  const check = checkSite(docsJson('{ "groups": [{ "group": "", ⟦"expanded": true⟧, "pages": ["intro"] }, { "group": "", "tag": "x" }] }'), pages);
  assert.match(expectOne(check, 'nav/expanded-no-effect').message, /^"expanded" has no effect on a top-level group: /);
  assert.deepEqual(withCode(check, 'nav/missing-pages').map((d) => d.message), ['A group is missing "pages"']);
});

test('a group without pages is an error naming the group, unless it has its own openapi', () => {
  const check = checkSite(docsJson('{ "groups": [{ ⟦"group": "API Reference"⟧ }] }'), pages);
  assert.equal(expectOne(check, 'nav/missing-pages').message, 'Group "API Reference" is missing "pages"');
  const withSpec = checkSite(docsJson('{ "groups": [{ "group": "API", "openapi": "openapi.json" }] }'), {
    'openapi.json': JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {} }),
  });
  assert.deepEqual(withSpec.diagnostics, []);
});

test('"expanded" on a top-level group has no effect and says so; on a nested group it is fine', () => {
  const check = checkSite(docsJson('{ "groups": [{ "group": "Top", ⟦"expanded": false⟧, "pages": ["intro", { "group": "Nested", "expanded": true, "pages": ["guide"] }] }] }'), pages);
  const d = expectOne(check, 'nav/expanded-no-effect');
  assert.equal(d.severity, 'warning');
  assert.equal(d.unnecessary, true);
  assert.match(d.message, /no effect on top-level group "Top": top-level groups are always expanded/);
});

test('a page entry must be a path or a group object', () => {
  const check = checkSite(docsJson('{ "pages": ["intro", ⟦42⟧] }'), pages);
  assert.match(expectOne(check, 'nav/invalid-page-entry').message, /must be a page path or a group object, not the number 42/);
});

test('a collection that is not an array is a type error', () => {
  const check = checkSite(docsJson('{ "tabs": [{ "tab": "T", "groups": ⟦{ "group": "G" }⟧ }] }'), pages);
  assert.match(expectOne(check, 'schema/type').message, /"groups" in tab "T" must be an array, not an object/);
});

test('global anchors need an external href', () => {
  const check = checkSite(docsJson('{ "global": { "anchors": [{ "anchor": "Blog", "href": ⟦"/blog"⟧ }, { "anchor": "Mail", "href": "mailto:a@b.c" }, { "anchor": "Site", "href": "https://example.com" }] }, "pages": ["intro"] }'), pages);
  assert.match(expectOne(check, 'nav/global-anchor-href').message, /links to "\/blog": global anchors need an external URL/);
});

test('a global anchor href that only looks external is reported: no host after https://, a blank host, an empty mailto:', () => {
  for (const href of ['https://', 'https:///docs', 'https:// example.com', 'http:/example.com', 'mailto:', 'ftp://example.com']) {
    const check = checkSite(docsJson(`{ "global": { "anchors": [{ "anchor": "A", "href": ⟦${JSON.stringify(href)}⟧ }] }, "pages": ["intro"] }`), pages);
    assert.match(expectOne(check, 'nav/global-anchor-href').message, /global anchors need an external URL/, href);
  }
});

test('a global anchor without href is missing it', () => {
  const check = checkSite(docsJson('{ "global": { "anchors": [⟦{⟧ "anchor": "Blog" }] }, "pages": ["intro"] }'), pages);
  const missing = check.diagnostics.filter((d) => d.code === 'schema/required');
  assert.equal(missing.length, 1);
  assert.match(missing[0].message, /is missing "href"/);
  assert.deepEqual(missing[0].range, check.ranges[0]);
});

test('language codes: known codes pass, unknown ones get a did-you-mean', () => {
  const good = checkSite(docsJson('{ "languages": [{ "language": "en", "pages": ["intro"] }, { "language": "zh-Hant", "pages": ["guide"] }, { "language": "uk", "pages": ["guide"] }] }'), pages);
  assert.deepEqual(good.diagnostics, []);
  // "ua", the Spec's code, is taken, with the warning that the site drops it and the fix to "uk".
  const spec = checkSite(docsJson('{ "languages": [{ "language": "en", "pages": ["intro"] }, { "language": ⟦"ua"⟧, "pages": ["guide"] }] }'), pages);
  assert.equal(expectOne(spec, 'schema/deprecated').severity, 'warning');
  const bad = checkSite(docsJson('{ "languages": [{ "language": ⟦"ez"⟧, "pages": ["intro"] }] }'), pages);
  const d = expectOne(bad, 'schema/enum');
  assert.match(d.message, /"ez" is not a valid value for "language"/);
  assert.ok(d.suggestions && d.suggestions.length === 1, 'a did-you-mean suggestion');
});

test('unknown keys in an element are warnings with a did-you-mean', () => {
  const check = checkSite(docsJson('{ "groups": [{ "group": "G", ⟦"icn"⟧: "book", "pages": ["intro"] }] }'), pages);
  const d = expectOne(check, 'schema/unknown-key');
  assert.equal(d.severity, 'warning');
  assert.equal(d.message, 'Unknown key "icn" in group "G". Did you mean "icon"? The site ignores it silently');
  assert.deepEqual(d.suggestions, [{ title: 'Rename to "icon"', replacement: '"icon"' }]);
});

test('a navigation nested deeper than the limit is reported once, without a crash', () => {
  let nav = '"intro"';
  for (let i = 0; i < 200; i++) nav = `{ "group": "g${i}", "pages": [${nav}] }`;
  const check = checkSite(docsJson(`{ "pages": [${nav}] }`), pages);
  assert.equal(withCode(check, 'nav/too-deep').length, 1);
});

test('a navigation, a "global" or a list of it of the wrong type is told as written; so is an entry of a collection', () => {
  const cases: [string, string, string][] = [
    ['⟦[1]⟧', 'schema/type', '"navigation" must be an object, not an array'],
    ['{ "global": ⟦[]⟧, "pages": ["intro"] }', 'schema/type', '"global" must be an object, not an array'],
    ['{ "global": { "anchors": ⟦{}⟧ }, "pages": ["intro"] }', 'schema/type', '"global.anchors" must be an array, not an object'],
    ['{ "global": { "anchors": [⟦"x"⟧] }, "pages": ["intro"] }', 'nav/invalid-child', 'Each entry of "global.anchors" must be an object, not "x"'],
    ['{ "tabs": [⟦"x"⟧] }', 'nav/invalid-child', 'Each entry of "tabs" in "navigation" must be a tab object, not "x"'],
    ['{ "tabs": [{ "tab": "T", "anchors": [⟦3⟧] }] }', 'nav/invalid-child', 'Each entry of "anchors" in tab "T" must be an anchor object, not the number 3'],
  ];
  for (const [navigation, code, message] of cases) {
    const check = checkSite(docsJson(navigation), pages);
    assert.deepEqual(check.diagnostics.map((d) => [d.code, d.message]), [[code, message]], navigation);
    assert.deepEqual(check.diagnostics[0].range, check.ranges[0], navigation);
  }
});

test('a child an element may not hold is named with what it may hold; a group is told to nest groups in its pages', () => {
  const tabs = expectOne(checkSite(docsJson('{ "groups": [{ "group": "G", "pages": ["intro"], ⟦"tabs"⟧: [{ "tab": "T", "pages": ["guide"] }] }] }'), pages), 'nav/child-not-allowed');
  assert.equal(tabs.message, 'Group "G" cannot hold "tabs"; it may hold "pages"');
  const groups = expectOne(checkSite(docsJson('{ "groups": [{ "group": "G", "pages": ["intro"], ⟦"groups"⟧: [{ "group": "H", "pages": ["guide"] }] }] }'), pages), 'nav/child-not-allowed');
  assert.equal(groups.message, 'Group "G" cannot hold "groups": put nested groups inside its "pages"');
});

test('a root with two patterns the platform can read neither of rejects docs.json', () => {
  const check = checkSite(docsJson('{ "anchors": [{ "name": "A", "url": "x" }], ⟦"tabs"⟧: [{ "name": "T", "url": "y" }] }'), pages);
  const d = expectOne(check, 'nav/multiple-root-patterns');
  assert.equal(
    d.message,
    '"navigation" holds "anchors" and "tabs": the platform can read none of them (each anchor needs "anchor", each tab needs "tab") and rejects docs.json; its root takes exactly one of them ("global" may stand beside it)',
  );
  assert.deepEqual(d.data, { keys: ['anchors', 'tabs'] });
  assert.deepEqual(withCode(check, 'nav/missing-name').map((m) => m.message), ['An anchor is missing "anchor"', 'A tab is missing "tab"']);
});

test('only global anchors need an external href: other global entries may link within the site', () => {
  assert.deepEqual(checkSite(docsJson('{ "global": { "products": [{ "product": "P", "href": "/p" }] }, "pages": ["intro"] }'), pages).diagnostics, []);
  const d = expectOne(checkSite(docsJson('{ "global": { "anchors": [{ "anchor": "Blog", "href": ⟦"/blog"⟧ }] }, "pages": ["intro"] }'), pages), 'nav/global-anchor-href');
  assert.equal(d.message, 'Global entry "Blog" in "global" links to "/blog": global anchors need an external URL (https://… or mailto:); relative paths are not allowed');
});

test('the level past the limit is reported at its opening brace, with the limit', () => {
  let nav = '"intro"';
  for (let i = 0; i < 70; i++) nav = `{ "group": "g${i}", "pages": [${nav}] }`;
  const check = checkSite(docsJson(`{ "pages": [${nav}] }`), pages);
  const [d] = withCode(check, 'nav/too-deep');
  assert.equal(d.message, 'The navigation is nested more than 64 levels deep here; deeper levels are not checked');
  assert.equal(d.severity, 'warning', 'the check\'s own limit: the platform\'s validation accepts 200 levels');
  assert.equal(check.covered(d), '{');
});

test('a global anchor href is external only from its first character: http and mailto count, a URL later in the text does not', () => {
  const hrefs = (href: string) => withCode(checkSite(docsJson(`{ "global": { "anchors": [{ "anchor": "A", "href": ${JSON.stringify(href)} }] }, "pages": ["intro"] }`), pages), 'nav/global-anchor-href').length;
  assert.deepEqual(['http://example.com', 'HTTPS://example.com/x', 'mailto:team@example.com', 'see https://example.com', '/go?to=https://example.com'].map(hrefs), [0, 0, 0, 1, 1]);
});

/*
 * The platform's validateDocsConfig accepts each of these navigations and strips the part it
 * cannot hold without a word (or keeps a global anchor's internal link): the site builds and only
 * that part is gone, a warning by the severity policy (CONTRIBUTING.md), never an error.
 */
test('navigation the platform accepts and strips part of is a warning, not an error', () => {
  const cases: [code: string, navigation: string][] = [
    ['nav/multiple-root-patterns', '{ "tabs": [{ "tab": "A", "pages": ["intro"] }], "groups": [{ "group": "B", "pages": ["guide"] }] }'],
    ['nav/mixed-children', '{ "tabs": [{ "tab": "T", "anchors": [{ "anchor": "A", "pages": ["intro"] }], "groups": [{ "group": "G", "pages": ["guide"] }] }] }'],
    ['nav/menu-outside-tab', '{ "anchors": [{ "anchor": "A", "menu": [{ "item": "M", "pages": ["intro"] }] }] }'],
    ['nav/child-not-allowed', '{ "groups": [{ "group": "G", "pages": ["intro"], "tabs": [{ "tab": "T", "pages": ["guide"] }] }] }'],
    ['nav/missing-pages', '{ "groups": [{ "group": "G" }] }'],
    ['nav/global-anchor-href', '{ "global": { "anchors": [{ "anchor": "Blog", "href": "/blog" }] }, "pages": ["intro"] }'],
  ];
  for (const [code, navigation] of cases) {
    const found = withCode(checkSite(docsJson(navigation), pages), code);
    assert.ok(found.length > 0, `${code} in ${navigation}`);
    assert.deepEqual(found.map((d) => d.severity), found.map(() => 'warning'), navigation);
  }
});
