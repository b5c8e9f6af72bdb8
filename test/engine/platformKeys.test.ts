// Keys and shapes the platform's docs.json validator accepts today (settled by running it on each
// shape): the check takes them without a warning, and a wrong value in them is reported as the
// validator reports it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSite, docsJson, expectOne } from '../support/site';

const site = { 'index.mdx': '', 'guide.mdx': '' };
const clean = (text: string) => assert.deepEqual(checkSite(text, site).diagnostics.map((d) => `${d.code} ${d.message}`), []);

test('top-level variations, markdown.schema and instructions, seo paths, organization and trailing slash, api.params.post', () => {
  clean(
    docsJson(
      '{ "pages": ["index"] }',
      `
  "variations": { "options": [{ "id": "cloud", "label": "Cloud" }, { "id": "self", "label": "Self-hosted" }] },
  "markdown": { "schema": false, "instructions": ["Use the CLI", "Prefer v2"] },
  "seo": { "paths": [{ "path": "guides/v2", "metatags": { "robots": "noindex" } }], "organization": { "name": "Acme", "sameAs": ["https://x.com/acme"] }, "trailingSlash": true },
  "api": { "params": { "expanded": "all", "post": ["format"] } },`,
    ),
  );
  clean(docsJson('{ "pages": ["index"] }', '\n  "markdown": { "instructions": "Use the CLI" },'));
});

test('integrations onetrust and transcend, mixpanel.region, segment.cdnUrl, contextual download-pdf', () => {
  clean(
    docsJson(
      '{ "pages": ["index"] }',
      `
  "integrations": { "onetrust": { "domainScript": "abc" }, "transcend": { "bundleId": "b-1" }, "mixpanel": { "projectToken": "t", "region": "eu" }, "segment": { "key": "k", "cdnUrl": "https://cdn.example.com" } },
  "contextual": { "options": ["copy", "download-pdf"] },`,
    ),
  );
  expectOne(checkSite(docsJson('{ "pages": ["index"] }', '\n  "integrations": { "mixpanel": { "projectToken": "t", "region": ⟦"asia"⟧ } },'), site), 'schema/enum', 'error');
});

test('a product\'s name and menu: the menu\'s pages are checked as any other', () => {
  clean(docsJson('{ "products": [{ "product": "API", "name": "The API", "menu": [{ "item": "Home", "pages": ["index"] }] }, { "product": "Guides", "pages": ["guide"] }] }'));
  expectOne(checkSite(docsJson('{ "products": [{ "product": "API", "menu": [{ "item": "Home", "pages": [⟦"nope"⟧] }] }] }'), site), 'ref/missing-page', 'error');
});

test('structured sdk and graphql; a wrong sdk.format is an error, as the platform rejects the file (or drops the tab\'s groups)', () => {
  clean(
    docsJson(`{ "tabs": [
      { "tab": "GraphQL", "graphql": { "source": "schema.graphql", "directory": "gql" } },
      { "tab": "Schema", "graphql": "https://api.example.com/schema.graphql" },
      { "tab": "SDK", "sdk": { "format": "typedoc", "source": "sdk/out.json" } },
      { "tab": "Docs", "groups": [{ "group": "S", "sdk": { "format": "sphinx", "source": "https://x.example.com/s.zip" }, "pages": ["index"] }] }
    ] }`),
  );
  const format = expectOne(checkSite(docsJson('{ "tabs": [{ "tab": "SDK", "sdk": { "format": ⟦"jsdoc"⟧, "source": "sdk/out.json" } }, { "tab": "Docs", "pages": ["index"] }] }'), site), 'schema/enum', 'error');
  assert.equal(format.message, '"jsdoc" is not a valid value for "sdk.format" in tab "SDK": use "typedoc", "docfx", "javadoc", "sphinx" or "phpdoc"');
  expectOne(checkSite(docsJson('{ "groups": [{ "group": "G", "sdk": { "format": ⟦"jsdoc"⟧, "source": "s.json" }, "pages": ["index"] }] }'), site), 'schema/enum', 'error');
});

test('language "ua", the Spec\'s code, is taken, with a warning and the fix to "uk", which the platform knows (it drops "ua" silently)', () => {
  const ua = expectOne(checkSite(docsJson('{ "languages": [{ "language": ⟦"ua"⟧, "pages": ["index"] }, { "language": "en", "pages": ["guide"] }] }'), site), 'schema/deprecated', 'warning');
  assert.equal(ua.message, '"ua" in language "ua" is the Spec\'s code for Ukrainian, but the site knows Ukrainian as "uk" and silently drops a language it does not know: write "uk"');
  assert.deepEqual(ua.suggestions, [{ title: 'Change to "uk"', replacement: '"uk"' }]);
  clean(docsJson('{ "languages": [{ "language": "uk", "pages": ["index"] }, { "language": "en", "pages": ["guide"] }] }'));
});
