import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recheckDocsJson } from '../../server/src/engine';
import { checkSite, docsJson, withCode } from '../support/site';

const pages = { 'intro.mdx': '# Intro\n' };
const navigation = '{ "pages": ["intro"] }';

test('"heading" and "body" beside "fonts.family" are reported where they are written, as the site drops them', () => {
  const check = checkSite(docsJson(navigation, '\n  "fonts": { "family": "Inter", ⟦"heading"⟧: { "family": "Space Grotesk" }, "body": { "family": "Lora" } },'), pages);
  const found = withCode(check, 'schema/dropped-key');
  assert.deepEqual(found.map((d) => [check.covered(d), d.severity]), [['"heading"', 'warning'], ['"body"', 'warning']]);
  assert.equal(found[0].message, '"fonts.heading" is dropped by the site: beside "fonts.family" only the family is read, for all text. Move "family" into "heading" and "body" to set both');
});

test('"family" alone, or "heading" and "body" alone, are what the site reads: nothing to report', () => {
  for (const fonts of ['{ "family": "Inter", "weight": 500 }', '{ "heading": { "family": "Space Grotesk" }, "body": { "family": "Inter" } }']) {
    const check = checkSite(docsJson(navigation, `\n  "fonts": ${fonts},`), pages);
    assert.deepEqual(withCode(check, 'schema/dropped-key'), [], fonts);
  }
});

test('a re-check of an edit inside "fonts" reports what a full check does', () => {
  const before = checkSite(docsJson(navigation, '\n  "fonts": { "heading": { "family": "Space Grotesk" }, "body": { "family": "Lora" } },'), pages);
  const text = before.text.replace('"fonts": {', '"fonts": { "family": "Inter",');
  const rechecked = recheckDocsJson(before.result, text);
  const codes = rechecked.documents.get('docs.json')!.diagnostics.map((d) => d.code);
  assert.deepEqual(codes, ['schema/dropped-key', 'schema/dropped-key']);
});

test('"heading" alone beside "family" is reported alone; a re-check of an edit elsewhere keeps what a full check finds', () => {
  const check = checkSite(docsJson(navigation, '\n  "fonts": { "family": "Inter", ⟦"heading"⟧: { "family": "Space Grotesk" } },'), pages);
  const found = withCode(check, 'schema/dropped-key');
  assert.deepEqual(found.map((d) => check.covered(d)), ['"heading"']);
  const renamed = recheckDocsJson(check.result, check.text.replace('"Acme"', '"Acme Docs"'));
  assert.ok(renamed.basis.units, 'a re-check of a part, not a full check');
  assert.deepEqual(renamed.documents.get('docs.json')!.diagnostics.map((d) => d.message), found.map((d) => d.message));
});
