import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { completions } from '../../../server/src/engine/service/completion';
import { checkDocsJson, DiskSiteHost } from '../../../server/src/engine';
import { SpecCache } from '../../../server/src/engine/openapi/openapiSpec';
import { CheckedSite } from '../../../server/src/engine/service/checkedSite';
import { writeSite } from '../../support/site';
import { checkedFixture, markIn, sitesDir, withCursor } from './serviceFixture';

const basic = readFileSync(join(sitesDir, 'lsp-basic', 'docs.json'), 'utf8');
const refSite = readFileSync(join(sitesDir, 'lsp-ref', 'docs.json'), 'utf8');
const enJson = readFileSync(join(sitesDir, 'lsp-ref', 'nav', 'en.json'), 'utf8');

/** Completions at the "|" of a marked text that replaces `file` in the fixture site. */
function complete(site: string, file: string, marked: string) {
  const checked = checkedFixture(site, { [file]: marked.replace('|', '') });
  const { text, offset } = withCursor(file, marked);
  const result = completions(checked, text, offset);
  assert.ok(result, 'a completion list');
  return result;
}

const labels = (result: ReturnType<typeof complete>) => result.items.map((item) => item.label);

test('keys of the object under the cursor: the required ones first, present ones left out, each a snippet', () => {
  const result = complete('lsp-basic', 'docs.json', '{\n  "theme": "mint",\n  |\n}');
  const byLabel = new Map(result.items.map((item) => [item.label, item]));
  assert.equal(byLabel.has('theme'), false, 'a key already present is not offered');
  assert.deepEqual(
    result.items.filter((item) => item.sortText!.startsWith('0')).map((item) => item.label),
    ['name', 'colors', 'navigation'],
  );
  assert.deepEqual(byLabel.get('colors'), {
    label: 'colors',
    kind: 'property',
    documentation: byLabel.get('colors')!.documentation,
    insertText: '"colors": { "primary": "$1" }',
    snippet: true,
    filterText: '"colors"',
    sortText: '0colors',
  });
  assert.match(byLabel.get('colors')!.documentation!, /^Brand colours as hex codes/);
  assert.equal(byLabel.get('icons')!.insertText, '"icons": { "library": "${1|fontawesome,lucide,tabler|}" }');
  assert.equal(byLabel.get('public')!.insertText, '"public": ${1|true,false|}');
  assert.equal(byLabel.get('$schema')!.insertText, '"\\$schema": "$1"');
  assert.deepEqual(result.range, { start: 23, end: 23 });
});

test('a new key before another member gets a comma after it', () => {
  const result = complete('lsp-basic', 'docs.json', markIn(basic, '"icon": "user",', 15));
  const expanded = result.items.find((item) => item.label === 'expanded')!;
  assert.equal(expanded.insertText, '"expanded": ${1|true,false|},');
});

test('a navigation element that holds one kind of child is not offered another', () => {
  const result = complete('lsp-basic', 'docs.json', markIn(basic, '"tab": "Guides",', 16));
  assert.deepEqual(labels(result), ['href', 'hidden', 'align', 'searchable', 'graphql', 'sdk', 'openapi', 'asyncapi', 'global', 'directory']);
});

test('a key being typed is replaced by the key alone when a colon follows', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"theme": "mint"', '"the|me": "mint"'));
  assert.deepEqual(result.range, { start: 51, end: 58 });
  assert.equal(result.items.find((item) => item.label === 'theme')!.insertText, '"theme"');
  assert.equal(result.items.find((item) => item.label === 'theme')!.snippet, false);
});

test('enum values: the themes', () => {
  const result = complete('lsp-basic', 'docs.json', markIn(basic, '"mint"', 1));
  assert.deepEqual(labels(result), ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia']);
  assert.deepEqual(result.range, { start: 60, end: 66 });
  assert.equal(result.items[1].insertText, '"maple"');
  assert.equal(result.isIncomplete, false);
});

test('an empty value slot offers the values and a new object of the right shape', () => {
  const expanded = complete('lsp-basic', 'docs.json', basic.replace('"group": "Users",', '"group": "Users", "expanded": |'));
  assert.deepEqual(labels(expanded), ['true', 'false']);
  const icons = complete('lsp-basic', 'docs.json', basic.replace('"name": "Basic",', '"name": "Basic",\n  "icons": |,'));
  assert.deepEqual(
    icons.items.map(({ label, insertText, kind }) => ({ label, insertText, kind })),
    [{ label: '{ "library" }', insertText: '{ "library": "${1|fontawesome,lucide,tabler|}" }', kind: 'snippet' }],
  );
  const tabs = complete('lsp-basic', 'docs.json', basic.replace('"tabs": [', '"tabs": [|'));
  assert.deepEqual(
    tabs.items.map(({ label, insertText, detail }) => ({ label, insertText, detail })),
    [{ label: '{ "tab" }', insertText: '{ "tab": "$1" },', detail: 'New tab' }],
  );
});

test('icon names of the site library, with their styles, best matches of what is typed first', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"icon": "user"', '"icon": "ro|"'));
  assert.equal(result.isIncomplete, true);
  assert.deepEqual(result.items.slice(0, 3).map(({ label, detail, insertText }) => ({ label, detail, insertText })), [
    { label: 'road', detail: 'Font Awesome · solid', insertText: '"road"' },
    { label: 'robot', detail: 'Font Awesome · solid', insertText: '"robot"' },
    { label: 'route', detail: 'Font Awesome · solid', insertText: '"route"' },
  ]);
  assert.equal(result.items.length, 100);
});

test('an empty icon value offers the icons sites use most first, and names starting with a digit last', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"icon": "user"', '"icon": "|"'));
  assert.deepEqual(labels(result).slice(0, 5), ['book-open', 'code', 'github', 'server', 'terminal']);
  assert.ok(!labels(result).some((label) => /^\d/.test(label)), 'no "0", "42-group" among the first hundred');
  const lucide = complete('lsp-basic', 'docs.json', basic.replace('"icon": "user"', '"icon": { "name": "|", "library": "lucide" }'));
  assert.deepEqual(labels(lucide).slice(0, 4), ['book-open', 'code', 'github', 'server'], 'the common names the library has (Lucide 0.545.0, which the site serves, has brand icons; no discord)');
});

test('did-you-mean and completion agree: what completion offers first for a prefix is what a diagnostic suggests', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"icon": "user"', '"icon": "rock|"'));
  assert.equal(labels(result)[0], 'rocket');
  const checked = checkedFixture('lsp-basic', { 'docs.json': basic.replace('"icon": "user"', '"icon": "rock"') });
  const unknown = checked.document('docs.json')!.diagnostics.find((d) => d.code === 'icon/unknown');
  assert.match(unknown!.message, /Did you mean "rocket"\?/);
});

test('icon names of the library an icon object names', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"icon": "user"', '"icon": { "name": "git|", "library": "lucide" }'));
  assert.deepEqual(labels(result).slice(0, 3), ['github', 'gitlab', 'git-fork']);
  assert.equal(result.items[0].detail, 'Lucide');
});

test('language codes with their names', () => {
  const result = complete('lsp-ref', 'docs.json', markIn(refSite, '"language": ""', 13));
  assert.equal(result.items.length, 41);
  assert.deepEqual(result.items.slice(0, 3).map(({ label, detail, insertText }) => ({ label, detail, insertText })), [
    { label: 'en', detail: 'English', insertText: '"en"' },
    { label: 'cn', detail: 'Chinese (Simplified)', insertText: '"cn"' },
    { label: 'zh', detail: 'Chinese', insertText: '"zh"' },
  ]);
  assert.equal(result.items.find((item) => item.label === 'pt-BR')!.detail, 'Portuguese (Brazil)');
});

test('page paths from the site without extension, pages not yet in the navigation first', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"pages": ["introduction"', '"pages": [|"introduction"'));
  assert.deepEqual(
    result.items.map(({ label, kind, detail, insertText }) => ({ label, kind, detail, insertText })),
    [
      { label: 'guides/setup', kind: 'page', detail: undefined, insertText: '"guides/setup",' },
      { label: 'api/overview', kind: 'page', detail: 'in the navigation', insertText: '"api/overview",' },
      { label: 'introduction', kind: 'page', detail: 'in the navigation', insertText: '"introduction",' },
      { label: 'quickstart', kind: 'page', detail: 'in the navigation', insertText: '"quickstart",' },
      { label: '{ "group", "pages" }', kind: 'snippet', detail: 'New group', insertText: '{ "group": "$1", "pages": ["$2"] },' },
    ],
  );
});

test('page paths of the element\'s own language come before the same page of another language', () => {
  const docs = (marked: string) =>
    `{ "theme": "mint", "name": "A", "colors": { "primary": "#000" }, "navigation": { "languages": [
      { "language": "en", "groups": [{ "group": "G", "pages": ["en/index", "en/guide", "en/setup"] }] },
      { "language": "ko", "groups": [{ "group": "G", "pages": ["ko/index", "ko/guide", ${marked}] }] }
    ] } }`;
  const files = Object.fromEntries(['en/index', 'en/guide', 'en/setup', 'en/quickstart', 'ko/index', 'ko/guide', 'ko/setup', 'ko/quickstart'].map((page) => [`${page}.mdx`, '# Page\n']));
  const marked = docs('"quick|"');
  const root = writeSite({ ...files, 'docs.json': marked.replace('|', '') });
  const host = new DiskSiteHost(root);
  const specs = new SpecCache();
  const site = new CheckedSite(host, checkDocsJson(host.readFile('docs.json')!, host, {}, 'docs.json', specs), specs, 'docs.json');
  const { text, offset } = withCursor('docs.json', marked);
  assert.deepEqual(labels(completions(site, text, offset)!).slice(0, 2), ['ko/quickstart', 'en/quickstart']);
});

test('page paths match fuzzily and keep a leading slash', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"quickstart"', '"/gst|"'));
  assert.deepEqual(labels(result), ['guides/setup']);
  assert.equal(result.items[0].insertText, '"/guides/setup"');
});

test('"METHOD /path" operations of the spec in force, with their summaries, before the pages', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"GET /users"', '"GET|"'));
  assert.deepEqual(
    result.items.map(({ label, kind, detail, documentation }) => ({ label, kind, detail, documentation })),
    [
      { label: 'GET /users', kind: 'operation', detail: 'List users', documentation: 'Returns every user.\n\nOperation in `api/openapi.yaml`' },
      { label: 'GET /users/{id}', kind: 'operation', detail: 'Get a user', documentation: 'Operation in `api/openapi.yaml`' },
      { label: 'guides/setup', kind: 'page', detail: undefined, documentation: undefined },
    ],
  );
});

test('spec files for openapi', () => {
  const result = complete('lsp-basic', 'docs.json', basic.replace('"openapi": "api/openapi.yaml"', '"openapi": "|"'));
  assert.deepEqual(labels(result), ['api/openapi.yaml']);
  assert.equal(result.items[0].kind, 'file');
});

test('in a "$ref" file, completion knows where the file is pulled in', () => {
  const icon = complete('lsp-ref', 'nav/en.json', markIn(enJson, '"icon": ""', 9));
  assert.equal(icon.items[0].detail, 'Lucide', 'the site library (lucide) is in force');
  assert.deepEqual(icon.range, { start: 180, end: 182 });
  const keys = complete('lsp-ref', 'nav/en.json', markIn(enJson, '"language": "en",', 17));
  assert.deepEqual(labels(keys), ['default', 'href', 'hidden', 'banner', 'footer', 'navbar', 'openapi', 'asyncapi', 'global', 'directory']);
  const pages = complete('lsp-ref', 'nav/en.json', enJson.replace('"en/about"', '"fr|"'));
  assert.deepEqual(labels(pages), ['fr/index']);
});

test('"$ref" values: JSON files relative to the referencing file', () => {
  const result = complete('lsp-ref', 'docs.json', refSite.replace('"nav/en.json"', '"|"'));
  assert.deepEqual(labels(result), ['nav/en.json']);
});

test('no completion outside the JSON values and keys', () => {
  const checked = checkedFixture('lsp-basic');
  const { text, offset } = withCursor('docs.json', basic.replace('"theme": "mint"', '"theme"| : "mint"'));
  assert.equal(completions(checked, text, offset), undefined);
});
