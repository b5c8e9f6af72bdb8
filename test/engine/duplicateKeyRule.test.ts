import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, recheckDocsJson, type CheckResult } from '../../server/src/engine';
import { findDuplicateKeys } from '../../server/src/engine/json/duplicateKeys';
import { codeActions } from '../../server/src/engine/service/actions';
import { SpecCache } from '../../server/src/engine/openapi/openapiSpec';
import { CheckedSite } from '../../server/src/engine/service/checkedSite';
import { JsonText } from '../../server/src/engine/service/jsonText';
import { checkSite, docsJson, withCode, writeSite } from '../support/site';

const pages = { 'intro.mdx': '# Intro\n' };

function checkedSite(result: CheckResult): CheckedSite {
  return new CheckedSite(result.basis.host, result, new SpecCache(), 'docs.json');
}
const navigation = '{ "pages": ["intro"] }';

test('every key written again in its object is reported, saying the site reads the last one and where it is', () => {
  const check = checkSite(docsJson(navigation, '\n  ⟦"colors"⟧: { "primary": "#000000" },\n  "colors": { "primary": "#FF0000" },'), pages);
  // docsJson() writes "colors" first itself: that one and the one marked are both dropped.
  const found = withCode(check, 'schema/duplicate-key');
  assert.deepEqual(found.map((d) => [check.covered(d), d.severity, d.unnecessary]), [['"colors"', 'warning', true], ['"colors"', 'warning', true]]);
  assert.equal(found[0].message, '"colors" is written 3 times in this object: the site reads only the last one, on line 7, and ignores this one. Merge them into the last one, or remove this one');
});

test('keys repeated in nested objects and in objects inside lists; the same key in sibling objects is no repeat', () => {
  const nav = '{ "groups": [{ "group": "A", "pages": ["intro"], "group": "B" }, { "group": "C", "pages": ["intro"] }] }';
  const check = checkSite(docsJson(nav, '\n  "navbar": { "links": [], "primary": { "type": "github", "href": "https://github.com/a" }, "links": [] },'), pages);
  assert.deepEqual(withCode(check, 'schema/duplicate-key').map((d) => check.covered(d)), ['"links"', '"group"']);
});

test('a repeated key in a "$ref" file is reported in that file', () => {
  const refText = '{ "group": "From ref", "pages": ["intro"], "pages": ["intro"] }';
  const root = writeSite({ ...pages, 'nav/group.json': refText });
  const result = checkDocsJson(docsJson('{ "groups": [{ "$ref": "nav/group.json" }] }'), new DiskSiteHost(root));
  const inRef = result.documents.get('nav/group.json')!.diagnostics.filter((d) => d.code === 'schema/duplicate-key');
  assert.deepEqual(inRef.map((d) => refText.slice(d.range.start, d.range.end)), ['"pages"']);
});

test('broken JSON: repeats are still found as far as the tokens go; a key and an equal string value are no repeat', () => {
  assert.deepEqual(findDuplicateKeys('{ "a": 1, "a": 2, "b": [ "a", "a" ], "c": "c", ').map((d) => d.key), ['a']);
  assert.deepEqual(findDuplicateKeys('{ "x": { "y": 1 }, "y": 2 }'), []);
});

test('a re-check reports what a full check does when an edit writes a key twice, and once one is removed', () => {
  const before = checkSite(docsJson('{ "groups": [{ "group": "A", "pages": ["intro"] }] }'), pages);
  const doubled = before.text.replace('"group": "A",', '"group": "A", "group": "B",');
  const rechecked = recheckDocsJson(before.result, doubled);
  assert.deepEqual(rechecked.documents.get('docs.json')!.diagnostics.map((d) => d.code), ['schema/duplicate-key']);
  const mended = recheckDocsJson(rechecked, before.text);
  assert.deepEqual(mended.documents.get('docs.json')!.diagnostics, []);
});

test('the fix removes the key the site ignores; no did-you-mean renames a key to one its object already has', () => {
  const check = checkSite(docsJson(navigation, '\n  "colour": { "primary": "#000000" },\n  "navbar": { "links": [], "link": [] },'), pages);
  const site = checkedSite(check.result);
  const actions = codeActions(site, new JsonText('docs.json', check.text), { start: 0, end: check.text.length });
  assert.deepEqual(actions.map((action) => [action.title, action.diagnostic.code]), []);
  const unknown = withCode(check, 'schema/unknown-key');
  assert.equal(unknown[0].message, 'Unknown key "colour" in docs.json. Did you mean "colors"? It is already set beside it: the site ignores "colour" silently. Move what it holds into "colors", or remove it');

  const twice = checkSite(docsJson(navigation, '\n  "colors": { "primary": "#000000" },'), pages);
  const fixes = codeActions(checkedSite(twice.result), new JsonText('docs.json', twice.text), { start: 0, end: twice.text.length });
  assert.deepEqual(fixes.map((action) => action.title), ['Remove "colors"']);
  const edit = fixes[0].edits[0].edits[0];
  const fixed = twice.text.slice(0, edit.range.start) + edit.newText + twice.text.slice(edit.range.end);
  assert.deepEqual(findDuplicateKeys(fixed), []);
  assert.match(fixed, /"colors": \{ "primary": "#000000" \}/, 'the last one, which the site reads, stays');
});
