import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legacyTopLevelKeys } from '../../server/src/engine/rules/legacyKeys';
import { checkSite, docsJson, expectOne, withCode } from '../support/site';

const site = { 'intro.mdx': '' };
const nav = '{ "pages": ["intro"] }';


test('required top-level keys are reported at the start of the file', () => {
  const check = checkSite(`⟦{⟧ "theme": "mint", "colors": { "primary": "#000" }, "navigation": ${nav} }`, site);
  assert.equal(expectOne(check, 'schema/required').message, 'docs.json is missing "name"');
});

test('a misspelt required key is one finding at the key, not "missing" at the start too', () => {
  const check = checkSite(`{ ⟦"them"⟧: "mint", "name": "A", "colors": { "primary": "#000" }, "navigation": ${nav} }`, site);
  assert.deepEqual(check.diagnostics.map((d) => d.code), ['schema/required']);
  const d = expectOne(check, 'schema/required', 'error');
  assert.equal(d.message, 'Unknown key "them" in docs.json. Did you mean "theme"? docs.json is missing "theme" (required), and the site ignores "them"');
  assert.deepEqual(d.suggestions, [{ title: 'Rename to "theme"', replacement: '"theme"' }]);
  const nested = checkSite(`{ "theme": "mint", "name": "A", "colors": { ⟦"primry"⟧: "#000" }, "navigation": ${nav} }`, site);
  assert.match(expectOne(nested, 'schema/required').message, /^Unknown key "primry" in "colors". Did you mean "primary"\? "colors" is missing "primary"/);
  assert.deepEqual(nested.diagnostics.map((d) => d.code), ['schema/required']);
  // A near-spelling of a key that is set is no missing key.
  const set = checkSite(`{ "theme": "mint", ⟦"them"⟧: "x", "name": "A", "colors": { "primary": "#000" }, "navigation": ${nav} }`, site);
  assert.deepEqual(set.diagnostics.map((d) => d.code), ['schema/unknown-key']);
});

test('an unknown theme names the valid ones and suggests the closest', () => {
  const check = checkSite(`{ "theme": ⟦"mapel"⟧, "name": "A", "colors": { "primary": "#000" }, "navigation": ${nav} }`, site);
  const d = expectOne(check, 'schema/enum');
  assert.match(d.message, /^"mapel" is not a valid value for "theme": use "mint", "maple"/);
  assert.match(d.message, /Did you mean "maple"\?$/);
});

test('colours must be hex', () => {
  const check = checkSite(`{ "theme": "mint", "name": "A", "colors": { "primary": ⟦"green"⟧ }, "navigation": ${nav} }`, site);
  const d = expectOne(check, 'schema/pattern');
  assert.match(d.message, /^"colors.primary"/);
  const ok = checkSite(`{ "theme": "mint", "name": "A", "colors": { "primary": "#345", "light": "#AABBCC" }, "navigation": ${nav} }`, site);
  assert.deepEqual(ok.diagnostics, []);
});

test('wrong types name the key and the value found', () => {
  const check = checkSite(`{ "theme": "mint", "name": ⟦42⟧, "colors": { "primary": "#000" }, "navigation": ${nav} }`, site);
  assert.equal(expectOne(check, 'schema/type').message, '"name" must be a string, not the number 42');
});

test('an empty name is reported', () => {
  const check = checkSite(`{ "theme": "mint", "name": ⟦""⟧, "colors": { "primary": "#000" }, "navigation": ${nav} }`, site);
  assert.equal(expectOne(check, 'schema/empty').message, '"name" must not be empty');
});

test('unknown top-level keys get a did-you-mean; legacy mint.json keys get a specific hint', () => {
  const check = checkSite(docsJson(nav, '\n  ⟦"colours"⟧: {},'), site);
  assert.match(expectOne(check, 'schema/unknown-key').message, /^Unknown key "colours" in docs.json. Did you mean "colors"\?/);
  const legacy = checkSite(docsJson(nav, '\n  ⟦"topbarLinks"⟧: [],'), site);
  const d = expectOne(legacy, 'schema/legacy-key');
  assert.equal(d.message, '"topbarLinks" is a mint.json key that docs.json no longer reads: move the links to "navbar.links"');
});

test('each legacy mint.json key says where its content went in docs.json, or that docs.json dropped it', () => {
  for (const key of Object.keys(legacyTopLevelKeys)) {
    const check = checkSite(docsJson(nav, `\n  ⟦"${key}"⟧: {},`), site);
    assert.match(expectOne(check, 'schema/legacy-key').message, new RegExp(`^"${key}" is a mint.json key that docs.json no longer reads: (?:(?:move|set|name|use) .*"[a-z.]+"|removed in docs.json)`));
  }
});

test('styling.eyebrows accepts "breadcrumbs" and "section" only', () => {
  for (const value of ['breadcrumbs', 'section']) {
    assert.deepEqual(checkSite(docsJson(nav, `\n  "styling": { "eyebrows": "${value}" },`), site).diagnostics, []);
  }
  const check = checkSite(docsJson(nav, '\n  "styling": { "eyebrows": ⟦"crumbs"⟧ },'), site);
  assert.match(expectOne(check, 'schema/enum').message, /"crumbs" is not a valid value for "styling.eyebrows"/);
});

test('interaction.drilldown is an optional boolean', () => {
  assert.deepEqual(checkSite(docsJson(nav, '\n  "interaction": { "drilldown": true },'), site).diagnostics, []);
  assert.deepEqual(checkSite(docsJson(nav, '\n  "interaction": {},'), site).diagnostics, []);
  const check = checkSite(docsJson(nav, '\n  "interaction": { "drilldown": ⟦"yes"⟧ },'), site);
  assert.match(expectOne(check, 'schema/type').message, /"interaction.drilldown" must be true or false/);
});

test('a syntax error is reported where it is, and the rest of the file is still checked', () => {
  const check = checkSite(`{ "theme": "mint", "name": "A" ⟦"colors"⟧: { "primary": "#000" }, "navigation": { "pages": ["ghost"] } }`, site);
  const syntax = withCode(check, 'json/syntax');
  assert.ok(syntax.length >= 1);
  assert.deepEqual(syntax[0].range, check.ranges[0]);
  assert.equal(syntax[0].message, 'Expected "," between items');
  assert.equal(withCode(check, 'ref/missing-page').length, 1, 'the missing page after the syntax error is still found');
});

test('comments are syntax errors: docs.json is strict JSON', () => {
  const check = checkSite(`{ ⟦// a comment⟧\n "theme": "mint", "name": "A", "colors": { "primary": "#000" }, "navigation": ${nav} }`, site);
  assert.equal(expectOne(check, 'json/syntax').message, 'Comments are not allowed in docs.json');
});

test('a file that is not an object, or empty, gets one clear error', () => {
  assert.deepEqual(checkSite('[1, 2]').diagnostics.map((d) => d.message), ['docs.json must hold a JSON object']);
  assert.deepEqual(checkSite('').diagnostics.map((d) => d.code), ['json/syntax']);
});

test('each kind of global entry is checked against its own definition', () => {
  for (const [kind, key] of [['anchors', 'anchor'], ['tabs', 'tab'], ['languages', 'language'], ['versions', 'version'], ['dropdowns', 'dropdown'], ['products', 'product']]) {
    const value = kind === 'languages' ? 'fr' : 'X';
    const check = checkSite(docsJson(`{ "global": { "${kind}": [{ "${key}": "${value}", "href": ⟦42⟧ }] }, "pages": ["intro"] }`), site);
    assert.equal(expectOne(check, 'schema/type').message, `"href" in global entry "${value}" must be a string, not the number 42`, kind);
  }
});

test('docs.json must hold an object, with a navigation', () => {
  assert.equal(expectOne(checkSite('[]'), 'schema/type').message, 'docs.json must hold a JSON object');
  const missing = expectOne(checkSite('{ "theme": "mint", "name": "A", "colors": { "primary": "#000" } }'), 'schema/required');
  assert.equal(missing.message, 'docs.json is missing "navigation"');
});
