// The platform's validation of the OpenAPI specs a site declares, through the protocol: a real
// client over stdio on a copy of the lsp-openapi fixture site (docs.json declares api/openapi.yaml
// for two operations; api/notes.yaml is a broken OpenAPI-looking file that nothing declares).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient, vscodeCapabilities } from './lspClient';

const spec = 'api/openapi.yaml';
const goodRef = '$ref: "#/components/schemas/User"';
const badRef = '$ref: "#/components/schema/User"';

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length - 1;
}

function specProblems(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.code === 'openapi/invalid-spec' || diagnostic.code === 'ref/invalid-openapi');
}

describe('OpenAPI specs the site declares, pulled as you type', () => {
  let client: LspTestClient;

  before(async () => {
    client = await LspTestClient.start({ root: copyOfFixtureSite('lsp-openapi') });
    await client.open('docs.json');
    await client.open(spec);
  });
  after(() => client.stop());

  test('a valid spec has no problems, in the spec or on its reference', async () => {
    assert.deepEqual(specProblems(await client.diagnostics(spec)), []);
    assert.deepEqual(specProblems(await client.diagnostics('docs.json')), []);
  });

  test('a $ref broken as you type is reported at its line in the spec, and on docs.json with the operations it costs; mended, both go', async () => {
    const at = client.text(spec).indexOf(goodRef);
    await client.edit(spec, at, at + goodRef.length, badRef);
    const [problem, ...more] = specProblems(await client.diagnostics(spec));
    assert.deepEqual(more, []);
    assert.equal(problem.code, 'openapi/invalid-spec');
    assert.equal(problem.range.start.line, lineOf(client.text(spec), badRef));
    assert.equal(problem.message, 'The 200 response schema of GET /users points to "#/components/schema/User", which the spec does not define. Did you mean "#/components/schemas/User"?');
    assert.equal(problem.relatedInformation?.[0].message, 'The platform says: Can’t resolve reference: #/components/schema/User');
    const [reference, ...others] = specProblems(await client.diagnostics('docs.json'));
    assert.deepEqual(others, []);
    assert.equal(reference.code, 'ref/invalid-openapi');
    assert.match(String(reference.message), /^OpenAPI spec api\/openapi.yaml does not validate, so its 2 operations get no pages\. /);
    assert.equal(reference.range.start.line, lineOf(client.text('docs.json'), '"api/openapi.yaml"'));

    const now = client.text(spec).indexOf(badRef);
    await client.edit(spec, now, now + badRef.length, goodRef);
    assert.deepEqual(specProblems(await client.diagnostics(spec)), []);
    assert.deepEqual(specProblems(await client.diagnostics('docs.json')), []);
  });

  test('a YAML syntax error is reported at its line', async () => {
    const at = client.text(spec).indexOf('  version: 1.0.0');
    await client.edit(spec, at, at, '  broken: [unclosed\n');
    const [problem, ...others] = await client.diagnostics(spec);
    assert.deepEqual(others, []);
    assert.equal(problem.code, 'openapi/invalid-spec');
    assert.match(String(problem.message), /^The spec does not parse here/);
    assert.ok(Math.abs(problem.range.start.line - lineOf(client.text(spec), 'broken:')) <= 1, `line ${problem.range.start.line}`);
    await client.edit(spec, at, at + '  broken: [unclosed\n'.length, '');
    assert.deepEqual(await client.diagnostics(spec), []);
  });

  test('a YAML file the site does not declare as a spec gets no diagnostics, broken as it is', async () => {
    await client.open('api/notes.yaml');
    assert.deepEqual(await client.diagnostics('api/notes.yaml'), []);
    await client.close('api/notes.yaml');
  });
});

describe('OpenAPI spec problems, published to a client that does not pull', () => {
  let client: LspTestClient;

  before(async () => {
    const capabilities = { ...vscodeCapabilities, textDocument: { ...vscodeCapabilities.textDocument, diagnostic: undefined } };
    client = await LspTestClient.start({ root: copyOfFixtureSite('lsp-openapi'), capabilities });
    await client.open(spec);
  });
  after(() => client.stop());

  test('an unknown field typed into an operation is published on the spec, at its line', async () => {
    const at = client.text(spec).indexOf('      summary: List users');
    await client.edit(spec, at, at, '      sumary: typo\n');
    const uri = client.uri(spec);
    await client.until(() => (client.published.get(uri) ?? []).length > 0, 20_000);
    const [problem] = client.published.get(uri)!;
    assert.equal(problem.message, '"sumary" is not an OpenAPI field of GET /users: remove it, or start its name with "x-" to keep it as an extension');
    assert.equal(problem.range.start.line, lineOf(client.text(spec), 'sumary'));
  });
});
