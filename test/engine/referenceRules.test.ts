import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, runSiteRules, SiteGraph } from '../../server/src/engine';
import { parseSpec } from '../../server/src/engine/openapi/openapiSpec';
import { checkSite, docsJson, expectOne, extractMarkers, writeSite } from '../support/site';
import { tempFolder } from '../support/tempFolder';

const spec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Acme API', version: '1' },
  paths: { '/users': { get: { summary: 'List users' }, post: { summary: 'Create a user' } }, '/users/{id}': { delete: {} } },
});
const yamlSpec = 'swagger: "2.0"\ninfo:\n  title: Old\n  version: "1"\npaths:\n  /pets:\n    get:\n      summary: List pets\n';


test('pages resolve to .mdx or .md, with a leading / or ./ tolerated', () => {
  const check = checkSite(docsJson('{ "pages": ["intro", "/guide", "./notes", "sub/page"] }'), { 'intro.mdx': '', 'guide.md': '', 'notes.mdx': '', 'sub/page.mdx': '' });
  assert.deepEqual(check.diagnostics, []);
});

test('a .md page is found under every form of its entry: with its extension, ./, a trailing / or a leading /', () => {
  const check = checkSite(docsJson('{ "pages": ["guide.md", "./notes", "tips/", "/more", "deep/page"] }'), { 'guide.md': '', 'notes.md': '', 'tips.md': '', 'more.md': '', 'deep/page.md': '' });
  assert.deepEqual(check.diagnostics.map((d) => d.code), ['ref/page-extension']);
});

test('a page with no file is an error with a did-you-mean and the file to create', () => {
  const check = checkSite(docsJson('{ "pages": ["intro", ⟦"guides/instal"⟧] }'), { 'intro.mdx': '', 'guides/install.mdx': '' });
  const d = expectOne(check, 'ref/missing-page');
  assert.equal(d.severity, 'error');
  assert.equal(d.message, 'Page "guides/instal" not found: there is no guides/instal.mdx or guides/instal.md. Did you mean "guides/install"?');
  assert.deepEqual(d.data, { page: 'guides/instal', file: 'guides/instal.mdx' });
  assert.deepEqual(d.suggestions, [{ title: 'Change to "guides/install"', replacement: '"guides/install"' }]);
});

test('a missing page with nothing close to it is an error with no did-you-mean', () => {
  const d = expectOne(checkSite(docsJson('{ "pages": [⟦"zzz"⟧] }'), { 'intro.mdx': '' }), 'ref/missing-page');
  assert.equal(d.message, 'Page "zzz" not found: there is no zzz.mdx or zzz.md');
  assert.equal(d.suggestions, undefined);
});

test('an entry one letter longer than a page is missing: only a leading "/" is dropped', () => {
  const d = expectOne(checkSite(docsJson('{ "pages": [⟦"xintro"⟧, "/intro"] }'), { 'intro.mdx': '' }), 'ref/missing-page');
  assert.match(d.message, /^Page "xintro" not found/);
});

test('a page entry that is a URL of another scheme is no page to look for', () => {
  const check = checkSite(docsJson('{ "pages": ["intro", "ftp://example.com/notes", "git+ssh://example.com/notes"] }'), { 'intro.mdx': '' });
  assert.deepEqual(check.diagnostics.filter((d) => d.code.startsWith('ref/')), []);
});

test('the missing-page severity is configurable and can be turned off', () => {
  const warn = checkSite(docsJson('{ "pages": ["nope"] }'), {}, { missingPageSeverity: 'warning' });
  assert.equal(expectOne(warn, 'ref/missing-page').severity, 'warning');
  const off = checkSite(docsJson('{ "pages": ["nope"] }'), {}, { missingPageSeverity: 'off' });
  assert.deepEqual(off.diagnostics, []);
});

test('a page written with its extension works but gets a warning', () => {
  const check = checkSite(docsJson('{ "pages": [⟦"intro.mdx"⟧] }'), { 'intro.mdx': '' });
  const d = expectOne(check, 'ref/page-extension');
  assert.equal(d.severity, 'warning');
  assert.deepEqual(d.suggestions, [{ title: 'Change to "intro"', replacement: '"intro"' }]);
});

test('pages that leave the docs root are errors and never read', () => {
  const check = checkSite(docsJson('{ "pages": [⟦"../../etc/passwd"⟧] }'));
  assert.equal(expectOne(check, 'ref/outside-root').message, 'Page "../../etc/passwd" is outside the docs root (a path that leaves the docs root); it is not read');
});

test('a symbolic link out of the docs root is not followed', () => {
  const outside = tempFolder('docsjson-outside-');
  writeFileSync(join(outside, 'secret.mdx'), 'secret');
  const { text } = extractMarkers(docsJson('{ "pages": ["secret"] }'));
  const root = writeSite({ 'docs.json': text });
  symlinkSync(join(outside, 'secret.mdx'), join(root, 'secret.mdx'));
  const result = checkDocsJson(text, new DiskSiteHost(root));
  const diagnostics = result.documents.get('docs.json')!.diagnostics;
  assert.deepEqual(diagnostics.map((d) => [d.code, d.message]), [['ref/outside-root', 'Page "secret" is a link to a file outside the docs root; it is not read']]);
});

test('local OpenAPI specs must exist and parse; operations under a remote spec are not checked', () => {
  const missing = checkSite(docsJson('{ "groups": [{ "group": "API", "openapi": ⟦"missing.json"⟧ }] }'));
  assert.equal(expectOne(missing, 'ref/missing-openapi').message, 'OpenAPI spec not found: missing.json');
  const broken = checkSite(docsJson('{ "groups": [{ "group": "API", "openapi": ⟦"bad.yaml"⟧ }] }'), { 'bad.yaml': 'title: not a spec\n' });
  assert.match(expectOne(broken, 'ref/invalid-openapi').message, /no "openapi: 3.x" or "swagger: 2.0" field/);
  const remote = checkSite(docsJson('{ "groups": [{ "group": "API", "openapi": "https://example.com/openapi.json", "pages": ["GET /anything"] }] }'));
  assert.deepEqual(remote.diagnostics, []);
});

test('"METHOD /path" entries must exist in the inherited spec, JSON or YAML', () => {
  const check = checkSite(
    docsJson('{ "tabs": [{ "tab": "API", "openapi": "openapi.json", "groups": [{ "group": "Users", "pages": ["GET /users", "post /users", ⟦"GET /user"⟧] }] }, { "tab": "Old", "openapi": { "source": "old.yaml" }, "pages": ["GET /pets"] }] }'),
    { 'openapi.json': spec, 'old.yaml': yamlSpec },
  );
  const d = expectOne(check, 'ref/unknown-operation');
  assert.equal(d.message, 'Operation "GET /user" is not in openapi.json. Did you mean "GET /users"?');
  assert.deepEqual(d.suggestions, [{ title: 'Change to "GET /users"', replacement: '"GET /users"' }]);
});

test('the site-wide api.openapi is inherited by every element', () => {
  const check = checkSite(docsJson('{ "pages": ["GET /users", ⟦"PUT /users"⟧] }', '\n  "api": { "openapi": "openapi.json" },'), { 'openapi.json': spec });
  assert.match(expectOne(check, 'ref/unknown-operation').message, /"PUT \/users" is not in openapi.json/);
});

test('an operation entry with no spec in force is an error', () => {
  const check = checkSite(docsJson('{ "pages": [⟦"GET /users"⟧] }'));
  assert.match(expectOne(check, 'ref/operation-without-spec').message, /no OpenAPI spec is set here or above/);
});

test('$ref files are inlined, and diagnostics about their content point into them', () => {
  const refText = '{ "group": "From ref", "icn": "x", "pages": ["intro", "ghost"] }';
  const root = writeSite({ 'intro.mdx': '', 'nav/group.json': refText });
  const { text } = extractMarkers(docsJson('{ "groups": [{ "$ref": "nav/group.json" }] }'));
  const result = checkDocsJson(text, new DiskSiteHost(root));
  assert.deepEqual(result.documents.get('docs.json')!.diagnostics, []);
  const inRef = result.documents.get('nav/group.json')!.diagnostics;
  assert.deepEqual(inRef.map((d) => [d.code, refText.slice(d.range.start, d.range.end)]), [
    ['schema/unknown-key', '"icn"'],
    ['ref/missing-page', '"ghost"'],
  ]);
});

test('a $ref to a missing file, out of the root, or in a cycle is an error', () => {
  const missing = checkSite(docsJson('{ "groups": [{ "$ref": ⟦"nope.json"⟧ }] }'));
  assert.equal(expectOne(missing, 'ref/missing-file').message, '"$ref" file not found: nope.json');
  const outside = checkSite(docsJson('{ "groups": [{ "$ref": ⟦"../x.json"⟧ }] }'));
  assert.match(expectOne(outside, 'ref/outside-root').message, /points outside the docs root/);
  const root = writeSite({ 'a.json': '{ "group": "A", "pages": [{ "$ref": "b.json" }] }', 'b.json': '{ "group": "B", "pages": [{ "$ref": "a.json" }] }' });
  const { text } = extractMarkers(docsJson('{ "groups": [{ "$ref": "a.json" }] }'));
  const result = checkDocsJson(text, new DiskSiteHost(root));
  const cycle = result.documents.get('b.json')!.diagnostics.filter((d) => d.code === 'ref/cycle');
  assert.equal(cycle.length, 1);
  assert.match(cycle[0].message, /a\.json → b\.json → a\.json/);
});

test('a syntax error in a $ref file is reported in that file', () => {
  const root = writeSite({ 'nav.json': '{ "group": "A", "pages": [ }' });
  const { text } = extractMarkers(docsJson('{ "groups": [{ "$ref": "nav.json" }] }'));
  const result = checkDocsJson(text, new DiskSiteHost(root));
  assert.ok(result.documents.get('nav.json')!.diagnostics.some((d) => d.code === 'json/syntax'));
});

test('a fetched spec the platform refuses: its reference says where in the spec, by URL, line and column, its problems are', () => {
  const url = 'https://api.example.com/openapi.yaml';
  const text = [
    'openapi: 3.1.0',
    'info:',
    '  title: Users',
    '  version: "1"',
    'paths:',
    '  /users:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: The users',
    '          content:',
    '            application/json:',
    '              schema:',
    '                $ref: "./user.yaml"',
    '  /teams:',
    '    get:',
    '      responses:',
    '        "200": { $ref: "https://example.com/team.yaml" }',
    'components:',
    '  schemas:',
    '    User: { type: object }',
  ].join('\n');
  const fetched = parseSpec(text, 'openapi.yaml');
  const check = checkSite(docsJson(`{ "groups": [{ "group": "API", "openapi": ⟦"${url}"⟧, "pages": ["GET /users"] }] }`), {}, { remoteSpecs: { get: (asked) => (asked === url ? fetched : undefined) } });
  const refusal = expectOne(check, 'ref/invalid-openapi');
  assert.equal(
    refusal.message,
    `The spec at ${url} does not validate, so its 2 operations get no pages. "$ref" points outside this spec, to "./user.yaml": the platform refuses references to other files and URLs. Move the definition into this spec's "components" and point to it with "#/components/…" (${url}:14:23) (and 1 more problem in the spec, at 18:24)`,
  );
});

test('a fetched spec the platform validates but whose converter reports an error: a warning on its reference, with where in the spec', () => {
  const url = 'https://api.example.com/openapi.yaml';
  const text = ['openapi: 3.1.0', 'info:', '  title: Users', '  version: "1"', 'paths:', '  /users:', '    get:', '      x-codeSamples: { lang: js }', '      responses:', '        "200":', '          description: OK'].join('\n');
  const fetched = parseSpec(text, 'openapi.yaml');
  const check = checkSite(docsJson(`{ "groups": [{ "group": "API", "openapi": ⟦"${url}"⟧, "pages": ["GET /users"] }] }`), {}, { remoteSpecs: { get: (asked) => (asked === url ? fetched : undefined) } });
  assert.deepEqual(check.diagnostics, [], 'docs.json itself is fine');
  const found = runSiteRules(new SiteGraph(check.result.basis.host, check.result), docsJsonSiteRules, []).get('docs.json') ?? [];
  assert.deepEqual(
    found.map(({ code, message, platformMessage, range }) => ({ code, message, platformMessage, covered: check.covered({ range } as never) })),
    [
      {
        code: 'openapi/converter-error',
        message: `In the spec at ${url}: "x-codeSamples" of GET /users must be a list of code samples, each with a "lang" and a "source": the platform's converter reports an error and shows none of them (${url}:8:22)`,
        platformMessage: '#/paths/\\/users/get/x-codeSamples: x-codeSamples must be an array',
        covered: `"${url}"`,
      },
    ],
  );
});

test('an empty page entry is an error at the entry', () => {
  const check = checkSite(docsJson('{ "pages": ["intro", ⟦""⟧] }'), { 'intro.mdx': '' });
  assert.equal(expectOne(check, 'ref/empty-page').message, 'A page entry must not be empty');
});

test('a $ref to a URL is an error: a $ref names a file of the docs folder', () => {
  const check = checkSite(docsJson('{ "groups": [{ "$ref": ⟦"https://example.com/nav.json"⟧ }] }'));
  assert.equal(expectOne(check, 'ref/remote').message, '"$ref" must be a file in the docs folder, not a URL: https://example.com/nav.json');
});

test('a page written with its extension is told how to write it', () => {
  const check = checkSite(docsJson('{ "pages": [⟦"guides/intro.md"⟧] }'), { 'guides/intro.md': '' });
  assert.equal(expectOne(check, 'ref/page-extension').message, 'Write page paths without the extension: "guides/intro"');
});

test('an operation entry may name its spec first: the fix keeps the name, a spec not found is told at the entry', () => {
  const billing = JSON.stringify({ openapi: '3.1.0', info: { title: 'B', version: '1' }, paths: { '/invoices': { get: {} } } });
  const check = checkSite(
    docsJson('{ "groups": [{ "group": "A", "openapi": "openapi.json", "pages": ["openapi.json GET /user", "GET /zzzzzz/qqqqq/xxxxxx", "nope.json GET /users", "billing.json GET /invoices", "billing.json GET /invoice"] }] }'),
    { 'openapi.json': spec, 'billing.json': billing },
  );
  assert.deepEqual(
    check.diagnostics.map((d) => [d.code, d.message, check.covered(d), d.suggestions?.[0].replacement, d.data]),
    [
      ['ref/unknown-operation', 'Operation "GET /user" is not in openapi.json. Did you mean "GET /users"?', '"openapi.json GET /user"', '"openapi.json GET /users"', undefined],
      ['ref/unknown-operation', 'Operation "GET /zzzzzz/qqqqq/xxxxxx" is not in openapi.json', '"GET /zzzzzz/qqqqq/xxxxxx"', undefined, undefined],
      ['ref/missing-openapi', 'OpenAPI spec not found: nope.json', '"nope.json GET /users"', undefined, { file: 'nope.json' }],
      ['ref/unknown-operation', 'Operation "GET /invoice" is not in billing.json. Did you mean "GET /invoices"?', '"billing.json GET /invoice"', '"billing.json GET /invoices"', undefined],
    ],
  );
});

test('the nearest spec in force is the one an operation is looked up in; under a spec by URL, operations are not checked', () => {
  const billing = JSON.stringify({ openapi: '3.1.0', info: { title: 'B', version: '1' }, paths: { '/invoices': { get: {} } } });
  const nested = checkSite(docsJson('{ "tabs": [{ "tab": "T", "openapi": "openapi.json", "groups": [{ "group": "G", "openapi": "billing.json", "pages": [⟦"GET /users"⟧] }] }] }'), { 'openapi.json': spec, 'billing.json': billing });
  assert.equal(expectOne(nested, 'ref/unknown-operation').message, 'Operation "GET /users" is not in billing.json');
  assert.deepEqual(checkSite(docsJson('{ "groups": [{ "group": "R", "openapi": "https://example.com/openapi.json", "pages": ["GET /anything"] }] }')).diagnostics, []);
  assert.deepEqual(
    checkSite(docsJson('{ "groups": [{ "group": "R", "openapi": ["openapi.json", "https://example.com/openapi.json"], "pages": ["https://example.com/openapi.json GET /anything"] }] }'), { 'openapi.json': spec }).diagnostics,
    [],
    'named first by its URL: the spec by URL, whose operations are not known',
  );
  const noSpec = expectOne(checkSite(docsJson('{ "pages": [⟦"GET /users"⟧] }')), 'ref/operation-without-spec');
  assert.equal(noSpec.message, '"GET /users" names an API operation, but no OpenAPI spec is set here or above (set "openapi" on this element, a parent, or "api.openapi")');
});

test('a page file whose path reads like an operation is a page', () => {
  assert.deepEqual(checkSite(docsJson('{ "pages": ["GET /users"] }'), { 'GET /users.mdx': '# A page' }).diagnostics, []);
});

test('a spec out of the docs root, one that is no spec, and specs the platform refuses say why and what is lost', () => {
  const external = (paths: object, components: object = {}) => JSON.stringify({ openapi: '3.1.0', info: { title: 'R', version: '1' }, paths, components });
  const oneOperation = external({ '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: './user.yaml' } } } } } } } });
  const noOperation = external({}, { schemas: { A: { $ref: './a.yaml' }, B: { $ref: './b.yaml' } } });
  const check = checkSite(docsJson('{ "groups": [{ "group": "A", "openapi": "../x.json" }, { "group": "B", "openapi": "bad.yaml" }, { "group": "C", "openapi": "one.json" }, { "group": "D", "openapi": "none.json" }] }'), {
    'bad.yaml': 'title: x\n',
    'one.json': oneOperation,
    'none.json': noOperation,
  });
  const outsideThisSpec = (file: string) => `"$ref" points outside this spec, to "${file}": the platform refuses references to other files and URLs. Move the definition into this spec's "components" and point to it with "#/components/…"`;
  assert.deepEqual(
    check.diagnostics.map((d) => [d.code, d.message, check.covered(d)]),
    [
      ['ref/outside-root', 'OpenAPI spec "../x.json" is outside the docs root (a path that leaves the docs root); it is not read', '"../x.json"'],
      ['ref/invalid-openapi', 'OpenAPI spec bad.yaml cannot be used: it has no "openapi: 3.x" or "swagger: 2.0" field', '"bad.yaml"'],
      ['ref/invalid-openapi', `OpenAPI spec one.json does not validate, so its one operation gets no page. ${outsideThisSpec('./user.yaml')}`, '"one.json"'],
      ['ref/invalid-openapi', `OpenAPI spec none.json does not validate, so it makes no API pages. ${outsideThisSpec('./a.yaml')} (and 1 more problem in the spec)`, '"none.json"'],
    ],
  );
  assert.ok(check.diagnostics.slice(2).every((d) => typeof d.platformMessage === 'string' && d.platformMessage.length > 0), 'what the platform prints goes with a refusal');
});
