// A page's frontmatter `openapi` looked up as the platform does: in every spec the site holds,
// declared in docs.json or not; a spec named by its path or its file stem; an operation the named
// spec lacks taken from another spec (the page shows that one: a warning).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, type Diagnostic } from '../../server/src/engine';
import { readPage } from '../../server/src/engine/pages/pageModel';
import { SiteFiles } from '../../server/src/engine/pages/siteFiles';
import { checkFrontmatter, frontmatterSite, type FrontmatterSite } from '../../server/src/engine/rules/frontmatterRule';
import { docsJson, extractMarkers, writeSite } from '../support/site';
import { billingSpec, chatSpec } from '../support/operationSpecs';

/** JSON that JSON.parse refuses (a raw line break in a string) and js-yaml reads, as the platform does. */
const rawNewlineJson = '{ "openapi": "3.0.0", "info": { "title": "Files", "version": "1", "description": "two\nlines" }, "paths": { "/files": { "get": { "responses": { "200": { "description": "OK" } } } } } }';

/** A site whose docs.json declares no spec, with these files besides. */
function siteWith(files: Record<string, string>, extra = ''): FrontmatterSite {
  const text = docsJson('{ "pages": ["intro"] }', extra);
  return frontmatterSite(checkDocsJson(text, new DiskSiteHost(writeSite({ 'docs.json': text, 'intro.mdx': '', ...files }))));
}

/** Checks a page's frontmatter with ⟦markers⟧: the diagnostics must cover exactly the marked ranges. */
function check(site: FrontmatterSite, marked: string): Diagnostic[] {
  const { text, ranges } = extractMarkers(marked);
  const diagnostics = checkFrontmatter(text, readPage('page.mdx', text).frontmatter!, site);
  assert.deepEqual(
    diagnostics.map((d) => text.slice(d.range.start, d.range.end)),
    ranges.map((r) => text.slice(r.start, r.end)),
    JSON.stringify(diagnostics, null, 1),
  );
  return diagnostics;
}

const found = siteWith({ 'api-reference/openapi.yml': chatSpec, 'billing/billing.json': billingSpec, 'files/files.json': rawNewlineJson });

test('every .json, .yaml and .yml file with a top-level "openapi" is a spec, declared in docs.json or not', () => {
  check(found, '---\nopenapi: POST /chat-messages\n---\n');
  check(found, '---\nopenapi: GET /invoices\n---\n');
  check(found, '---\nopenapi: GET /files\n---\n');
  const [missing] = check(found, '---\nopenapi: ⟦POST /chat-message⟧\n---\n');
  assert.deepEqual([missing.code, missing.severity], ['ref/unknown-operation', 'error']);
  assert.equal(missing.message, 'Operation "POST /chat-message" is not in api-reference/openapi.yml, billing/billing.json, files/files.json. Did you mean "POST /chat-messages"?');
  assert.deepEqual(
    found.specs().map((spec) => (spec.kind === 'local' ? spec.path : spec.kind)),
    ['api-reference/openapi.yml', 'billing/billing.json', 'files/files.json'],
  );
});

test('a spec under .mintlify/ is found, as the platform finds it: that folder\'s .json, .yaml and .yml files are part of the site, its other files are not', () => {
  const text = docsJson('{ "pages": ["intro"] }');
  const host = new DiskSiteHost(writeSite({ 'docs.json': text, 'intro.mdx': '', '.mintlify/specs/openapi.yaml': chatSpec, '.mintlify/Assistant.md': '# Notes\n' }));
  const site = frontmatterSite(checkDocsJson(text, host));
  check(site, '---\nopenapi: POST /chat-messages\n---\n');
  assert.deepEqual(
    site.specs().map((spec) => (spec.kind === 'local' ? spec.path : spec.kind)),
    ['.mintlify/specs/openapi.yaml'],
  );
  assert.deepEqual(new SiteFiles(host).pageFiles, ['intro.mdx']);
});

test('files the platform does not take as specs are not: no top-level "openapi", refused by its validation, ignored, other endings', () => {
  const spec = (path: string) => ({ [path]: chatSpec });
  const none = siteWith({
    'nested.json': JSON.stringify({ info: { openapi: '3.0.0' }, paths: { '/chat-messages': { post: {} } } }),
    'swagger.yaml': chatSpec.replace('openapi: 3.0.3', "swagger: '2.0'"),
    'external.yaml': chatSpec.replace("responses: { '200': { description: OK } }", "responses: { '200': { $ref: 'other.yaml#/R' } }"),
    'broken.yaml': `${chatSpec}  bad: [\n`,
    'drafts/spec.yaml': chatSpec,
    '.mintignore': 'drafts/\n',
    ...spec('node_modules/pkg/openapi.yaml'),
    ...spec('spec.YAML'),
    ...spec('spec.yaml.txt'),
  });
  assert.deepEqual(none.specs(), []);
  assert.equal(check(none, '---\nopenapi: ⟦POST /chat-messages⟧\n---\n')[0].code, 'ref/operation-without-spec');
});

test('a spec named by its file stem, its path as written or a part of it', () => {
  for (const name of ['openapi', 'api-reference/openapi.yml', '/api-reference/openapi.yml', './api-reference/openapi.yml', 'api-reference/openapi']) {
    check(found, `---\nopenapi: "${name} POST /chat-messages"\n---\n`);
  }
  const [missing] = check(found, '---\nopenapi: ⟦openapi POST /chat-message⟧\n---\n');
  assert.deepEqual([missing.code, missing.severity, missing.message], ['ref/unknown-operation', 'error', 'Operation "POST /chat-message" is not in api-reference/openapi.yml. Did you mean "POST /chat-messages"?']);
  assert.deepEqual(missing.suggestions, [{ title: 'Change to "openapi POST /chat-messages"', replacement: '"openapi POST /chat-messages"' }]);
});

test('an operation the named spec lacks is taken from the first spec that has it: the page shows that one, a warning', () => {
  const [other] = check(found, '---\nopenapi: ⟦billing POST /chat-messages⟧\n---\n');
  assert.deepEqual([other.code, other.severity], ['ref/unknown-operation', 'warning']);
  assert.equal(other.message, 'Operation "POST /chat-messages" is not in billing/billing.json: the page shows "POST /chat-messages" of api-reference/openapi.yml instead');
  assert.deepEqual(other.suggestions, [{ title: 'Change to "api-reference/openapi.yml POST /chat-messages"', replacement: '"api-reference/openapi.yml POST /chat-messages"' }]);
  const [gone] = check(found, '---\nopenapi: ⟦es/openapi.yml GET /invoices⟧\n---\n');
  assert.deepEqual([gone.code, gone.severity, gone.message], ['ref/missing-openapi', 'warning', 'OpenAPI spec not found: es/openapi.yml: the page shows "GET /invoices" of billing/billing.json instead']);
  const [nowhere] = check(found, '---\nopenapi: ⟦es/openapi.yml GET /nothing⟧\n---\n');
  assert.deepEqual([nowhere.code, nowhere.severity], ['ref/missing-openapi', 'error']);
});

test('the declared specs come first, a found spec docs.json declares is not counted twice, a remote spec keeps unknown operations quiet', () => {
  const declared = siteWith({ 'api-reference/openapi.yml': chatSpec, 'billing/billing.json': billingSpec }, '\n  "api": { "openapi": "billing/billing.json" },');
  assert.deepEqual(declared.specs().map((spec) => (spec.kind === 'local' ? spec.path : spec.kind)), ['billing/billing.json', 'api-reference/openapi.yml']);
  const remote = siteWith({ 'api-reference/openapi.yml': chatSpec }, '\n  "api": { "openapi": "https://example.com/openapi.json" },');
  check(remote, '---\nopenapi: GET /anything\n---\n');
  check(remote, '---\nopenapi: openapi GET /anything\n---\n');
  check(remote, '---\nopenapi: POST /chat-messages\n---\n');
});

test('the site\'s files are searched for specs only when a page names an operation, and only .json/.yaml/.yml files are read', () => {
  const text = docsJson('{ "pages": ["intro"] }');
  const host = new DiskSiteHost(writeSite({ 'docs.json': text, 'intro.mdx': '', 'api/openapi.yml': chatSpec, 'notes.txt': 'openapi: 3.0.0', 'guide.mdx': '---\ntitle: Guide\n---\n' }));
  const read: string[] = [];
  const counting = Object.assign(Object.create(host) as DiskSiteHost, { readFile: (path: string) => (read.push(path), host.readFile(path)) });
  const checked = checkDocsJson(text, counting);
  read.length = 0;
  const site = frontmatterSite(checked);
  check(site, '---\ntitle: Guide\nicon: book\n---\n');
  assert.deepEqual(read, [], 'a page that names no operation reads no file');
  check(site, '---\nopenapi: POST /chat-messages\n---\n');
  assert.deepEqual(read.sort(), ['api/openapi.yml', 'docs.json']);
});
