// After edits of OpenAPI specs alone, the last check is kept (the spec read again, its own problems
// found again) only when nothing else the check read of the spec changed: its operations and its
// verdict. Otherwise the site is checked in full. Each kept result is held to a full check's.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, recheckDocsJson, runSiteRules, SiteGraph } from '../../server/src/engine';
import { SpecCache } from '../../server/src/engine/openapi/openapiSpec';
import { siteDiagnosticsAfterSpecEdits } from '../../server/src/engine/recheck/specEdits';
import { docsJson, writeSite } from '../support/site';

const spec = (title: string, extra = '') =>
  [
    'openapi: 3.1.0',
    'info:',
    `  title: ${title}`,
    '  version: "1"',
    'paths:',
    '  /users:',
    '    get:',
    '      summary: List users',
    '      x-codeSamples: { lang: js }',
    '      responses:',
    '        "200":',
    '          description: OK',
    extra,
  ].join('\n');

function site(specText: string) {
  const root = writeSite({ 'docs.json': docsJson('{ "groups": [{ "group": "API", "openapi": "api.yaml", "pages": ["GET /users"] }] }'), 'api.yaml': specText });
  const host = new DiskSiteHost(root);
  const cache = new SpecCache();
  const full = () => {
    const result = checkDocsJson(host.readFile('docs.json')!, host, {}, 'docs.json', cache);
    const graph = new SiteGraph(host, result);
    return { result, graph, siteDiagnostics: runSiteRules(graph, docsJsonSiteRules, []) };
  };
  return { root, full, edit: (text: string) => writeFileSync(join(root, 'api.yaml'), text) };
}

test('an edit that leaves the operations and the verdict: the last check is kept, with the spec\'s own problems where a full check puts them', () => {
  const { full, edit } = site(spec('Users'));
  const last = full();
  assert.equal(last.siteDiagnostics.get('api.yaml')?.[0].range.start, spec('Users').indexOf('{ lang: js }'), 'the code sample problem');
  edit(spec('Users and their teams'));
  const kept = siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set(['api.yaml']));
  assert.ok(kept, 'kept');
  const now = full();
  assert.deepEqual(kept, now.siteDiagnostics);
  assert.deepEqual(now.result.documents.get('docs.json')?.diagnostics, last.result.documents.get('docs.json')?.diagnostics);
});

test('an edit that changes an operation, breaks the spec, or edits a file that is no declared spec: a full check', () => {
  const { full, edit } = site(spec('Users'));
  const last = full();
  const after = (text: string, path = 'api.yaml') => {
    edit(text);
    return siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set([path]));
  };
  assert.equal(after(spec('Users').replace('summary: List users', 'summary: List all users')), undefined, 'a summary names the generated page');
  assert.equal(after(spec('Users', '  /teams:\n    get:\n      responses:\n        "200":\n          description: OK')), undefined, 'a new operation');
  assert.equal(after(spec('Users').replace('paths:', 'paths: [')), undefined, 'a syntax error: refused at once');
  assert.equal(after(spec('Users').replace('          description: OK', '          description: OK\n          content:\n            application/json:\n              schema: { $ref: "#/components/schemas/Missing" }')), undefined, 'refused: a broken $ref');
  assert.equal(after(spec('Users'), 'other.yaml'), undefined, 'not a declared spec');
});

test('an edit that mends the spec\'s own problem: kept, and the spec has no problems left', () => {
  const { full, edit } = site(spec('Users'));
  const last = full();
  edit(spec('Users').replace('      x-codeSamples: { lang: js }\n', ''));
  const kept = siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set(['api.yaml']));
  assert.ok(kept, 'kept');
  assert.equal(kept.has('api.yaml'), false);
  assert.deepEqual(kept, full().siteDiagnostics);
});

test('nothing edited, or a check already built upon: nothing to keep', () => {
  const { full } = site(spec('Users'));
  const last = full();
  assert.equal(siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set()), undefined, 'no edited spec: something else changed');
  recheckDocsJson(last.result, last.result.documents.get('docs.json')!.document.json.text.replace('"API"', '"The API"'));
  assert.equal(siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set(['api.yaml'])), undefined, 'a result used up by a re-check');
});

test('a spec that does not parse: kept while its error stays the same; a full check once the error moves or the spec parses', () => {
  const broken = spec('Users').replace('paths:', 'paths: [');
  const { full, edit } = site(broken);
  const last = full();
  const after = (text: string) => {
    edit(text);
    return siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set(['api.yaml']));
  };
  const kept = after(broken.replace('version: "1"', 'version: "2"'));
  assert.ok(kept, 'the same error: kept');
  assert.deepEqual(kept, full().siteDiagnostics);
  assert.equal(after(broken.replace('info:', 'summary: Our API\ninfo:')), undefined, 'the error moved a line down');
  assert.equal(after(spec('Users')), undefined, 'it parses now');
});

test('a spec the platform refused, then mended with the same operations: a full check, as docs.json quoted its problem', () => {
  const refused = spec('Users').replace('          description: OK', '          description: OK\n          content:\n            application/json:\n              schema: { $ref: "#/components/schemas/Missing" }');
  const { full, edit } = site(refused);
  const last = full();
  assert.ok(last.result.documents.get('docs.json')!.diagnostics.length > 0, 'docs.json reports the refused spec');
  edit(spec('Users'));
  assert.equal(siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set(['api.yaml'])), undefined);
});
