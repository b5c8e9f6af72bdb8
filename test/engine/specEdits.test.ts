// After edits of OpenAPI specs alone, the last check is kept (the spec read again, its own problems
// found again) only when nothing else the check read of the spec changed: its operations and its
// verdict. Otherwise the site is checked in full. Each kept result is held to a full check's.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, runSiteRules, SiteGraph } from '../../server/src/engine';
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
