// The spec files a site declares (in docs.json, or first in a page's frontmatter `openapi`):
// what the platform's validation refuses and what its converter reports, told in the spec file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, pageRules, runSiteRules, SiteGraph, type CheckOptions, type Diagnostic } from '../../server/src/engine';
import { parseSpec } from '../../server/src/engine/openapi/openapiSpec';
import { openapiSpecRule, specInFrontmatter } from '../../server/src/engine/rules/openapiSpecRule';
import { parseFrontmatter } from '../../server/src/engine/pages/frontmatter';
import { readFrontmatterBlock } from '../../server/src/engine/pages/scanPage';
import { docsJson, writeSite } from '../support/site';

const valid = ['openapi: 3.1.0', 'info:', '  title: Users', '  version: "1"', 'paths:', '  /users:', '    get:', '      responses:', '        "200":', '          description: OK', ''].join('\n');
/** Valid, but its converter reports an error: x-codeSamples must be a list. */
const converterError = valid.replace('    get:\n', '    get:\n      x-codeSamples: { lang: js }\n');
/** Refused by the platform's validation: a `$ref` to another file. */
const refused = valid.replace('          description: OK\n', '          description: OK\n          content:\n            application/json:\n              schema: { $ref: "./user.yaml" }\n');

/** The openapi problems of every file of a site whose navigation is `navigation`, checked with its pages as the command line checks them. */
function specProblems(navigation: string, files: Record<string, string>, options: CheckOptions = {}): Record<string, string[]> {
  const root = writeSite({ ...files, 'docs.json': docsJson(navigation) });
  const host = new DiskSiteHost(root);
  const check = checkDocsJson(host.readFile('docs.json')!, host, options);
  const found: Record<string, string[]> = {};
  const add = (file: string, diagnostics: readonly Diagnostic[]) => {
    const codes = diagnostics.filter((d) => d.code.startsWith('openapi/')).map((d) => d.code);
    if (codes.length > 0) found[file] = [...(found[file] ?? []), ...codes];
  };
  for (const [file, document] of check.documents) add(file, document.diagnostics);
  for (const [file, diagnostics] of runSiteRules(new SiteGraph(host, check), [...pageRules, ...docsJsonSiteRules])) add(file, diagnostics);
  return found;
}

test('a spec file docs.json declares: what the validation refuses (a spec that does not parse among them), and what the converter reports in one it accepts', () => {
  assert.deepEqual(specProblems('{ "groups": [{ "group": "API", "openapi": "refused.yaml", "pages": ["intro"] }] }', { 'intro.mdx': '# Intro\n', 'refused.yaml': refused }), {
    'refused.yaml': ['openapi/invalid-spec'],
  });
  assert.deepEqual(specProblems('{ "groups": [{ "group": "API", "openapi": "api.yaml", "pages": ["GET /users"] }] }', { 'api.yaml': converterError }), {
    'api.yaml': ['openapi/converter-error'],
  });
  assert.deepEqual(specProblems('{ "groups": [{ "group": "API", "openapi": "api.yaml", "pages": ["GET /users"] }] }', { 'api.yaml': valid }), {});
  assert.deepEqual(specProblems('{ "groups": [{ "group": "API", "openapi": "broken.yaml", "pages": ["intro"] }] }', { 'intro.mdx': '# Intro\n', 'broken.yaml': 'openapi: [3.1\n' }), {
    'broken.yaml': ['openapi/invalid-spec'],
  });
});

test("a spec file named first in a page's frontmatter is checked too; one that is not a file of the site is not", () => {
  const pages = (openapi: string) => ({ 'intro.mdx': `---\nopenapi: ${openapi}\n---\n`, 'page.yaml': converterError });
  assert.deepEqual(specProblems('{ "pages": ["intro"] }', pages('" page.yaml GET /users"')), { 'page.yaml': ['openapi/converter-error'] });
  assert.deepEqual(specProblems('{ "pages": ["intro"] }', pages('missing.yaml GET /users')), {});
  assert.deepEqual(specProblems('{ "pages": ["intro"] }', pages('GET /users')), {}, 'no spec named: the site has none');
});

test('a spec the language server found named in pages it has not checked yet is checked with docs.json', () => {
  const files = { 'intro.mdx': '# Intro\n', 'page.yaml': refused };
  assert.deepEqual(specProblems('{ "pages": ["intro"] }', files, { pageSpecs: ['page.yaml', 'gone.yaml'] }), { 'page.yaml': ['openapi/invalid-spec'] });
});

test("the spec a frontmatter's openapi names: the file of its first word, from the site's root", () => {
  const named = (value: string) => specInFrontmatter(parseFrontmatter(readFrontmatterBlock(`---\nopenapi: ${value}\n---\n`)!));
  assert.equal(named('"specs/api.yaml GET /users"'), 'specs/api.yaml');
  assert.equal(named('"  /specs/api.yaml  POST /users "'), 'specs/api.yaml');
  assert.equal(named('"GET /users"'), undefined, 'an operation of the spec docs.json declares');
  assert.equal(named('"https://example.com/api.yaml GET /users"'), undefined, 'a URL: no file of the site');
  assert.equal(named('3'), undefined, 'not a string');
  assert.equal(named('"users list"'), undefined, 'no operation');
  assert.equal(specInFrontmatter(parseFrontmatter(readFrontmatterBlock('---\ntitle: A\n---\n')!)), undefined, 'no openapi');
});

test('the open page checked alone (no docs.json check) reports no spec problem: the specs are told with docs.json', () => {
  const host = new DiskSiteHost(writeSite({ 'intro.mdx': '---\nopenapi: page.yaml GET /users\n---\n', 'page.yaml': refused }));
  assert.deepEqual([...runSiteRules(new SiteGraph(host), [openapiSpecRule])], []);
});

test('fetched specs: the converter errors of one the platform validates, on its reference; none for one not fetched, refused, or without errors', () => {
  const url = (name: string) => `https://api.example.com/${name}.yaml`;
  const fetched: Record<string, ReturnType<typeof parseSpec>> = {
    [url('converter')]: parseSpec(converterError, 'openapi.yaml'),
    [url('clean')]: parseSpec(valid, 'openapi.yaml'),
    [url('refused')]: parseSpec(refused, 'openapi.yaml'),
  };
  const specs = ['converter', 'clean', 'refused', 'unfetched'].map((name) => `{ "group": "${name}", "openapi": "${url(name)}", "pages": ["GET /users"] }`);
  const text = docsJson(`{ "groups": [${specs.join(', ')}, { "group": "Local", "openapi": "local.yaml", "pages": ["GET /users"] }] }`);
  const files = { 'docs.json': text, 'local.yaml': converterError };
  const host = new DiskSiteHost(writeSite(files));
  const check = checkDocsJson(text, host, { remoteSpecs: { get: (asked) => fetched[asked] } });
  const found = [...runSiteRules(new SiteGraph(host, check), [openapiSpecRule])].map(([file, diagnostics]) => [
    file,
    diagnostics.map((d) => `${d.code} ${files[file as keyof typeof files].slice(d.range.start, d.range.end)}`),
  ]);
  assert.deepEqual(found.sort(), [
    ['docs.json', [`openapi/converter-error "${url('converter')}"`]],
    ['local.yaml', ['openapi/converter-error { lang: js }']],
  ]);
});
