// The platform's validation of the OpenAPI specs a site declares, through the protocol: a real
// client over stdio on a copy of the lsp-openapi fixture site (docs.json declares api/openapi.yaml
// for two operations; api/notes.yaml is a broken OpenAPI-looking file that nothing declares).
// The validation runs off the request path, after a pause in the edits: a pull right after an edit
// answers without its findings, the client pulls again when the server asks it to refresh.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, Hover } from 'vscode-languageserver-protocol';
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

/** A file's diagnostics once they satisfy `settled`, pulled again after each refresh the server asks for. */
async function pulledUntil(client: LspTestClient, path: string, settled: (diagnostics: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  for (;;) {
    const refreshes = client.refreshRequests;
    const diagnostics = await client.diagnostics(path);
    if (settled(diagnostics)) return diagnostics;
    await client.until(() => client.refreshRequests > refreshes, 30_000);
  }
}

const withSpecProblems = (diagnostics: Diagnostic[]) => specProblems(diagnostics).length > 0;
const withoutSpecProblems = (diagnostics: Diagnostic[]) => specProblems(diagnostics).length === 0;

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
    const [problem, ...more] = specProblems(await pulledUntil(client, spec, withSpecProblems));
    assert.deepEqual(more, []);
    assert.equal(problem.code, 'openapi/invalid-spec');
    assert.equal(problem.range.start.line, lineOf(client.text(spec), badRef));
    assert.equal(problem.message, 'The 200 response schema of GET /users points to "#/components/schema/User", which the spec does not define. Did you mean "#/components/schemas/User"?');
    assert.equal(problem.relatedInformation?.[0].message, 'The platform says: Can’t resolve reference: #/components/schema/User');
    const [reference, ...others] = specProblems(await pulledUntil(client, 'docs.json', withSpecProblems));
    assert.deepEqual(others, []);
    assert.equal(reference.code, 'ref/invalid-openapi');
    assert.match(String(reference.message), /^OpenAPI spec api\/openapi.yaml does not validate, so its 2 operations get no pages\. /);
    assert.equal(reference.range.start.line, lineOf(client.text('docs.json'), '"api/openapi.yaml"'));

    const now = client.text(spec).indexOf(badRef);
    await client.edit(spec, now, now + badRef.length, goodRef);
    await pulledUntil(client, spec, withoutSpecProblems);
    assert.deepEqual(specProblems(await pulledUntil(client, 'docs.json', withoutSpecProblems)), []);
  });

  test('an allOf typed into a schema that cannot hold: a warning at its line, in the converter\'s words for the log; mended, it goes', async () => {
    const plain = 'type: string\n';
    const conflicting = 'allOf: [{ type: string }, { type: integer }]\n';
    const converterProblems = (diagnostics: Diagnostic[]) => diagnostics.filter((diagnostic) => diagnostic.code === 'openapi/converter-error');
    const at = client.text(spec).lastIndexOf(plain);
    await client.edit(spec, at, at + plain.length, conflicting);
    const [problem, ...more] = converterProblems(await pulledUntil(client, spec, (diagnostics) => converterProblems(diagnostics).length > 0));
    assert.deepEqual(more, [], 'one problem, though two operations read the schema');
    assert.equal(problem.range.start.line, lineOf(client.text(spec), conflicting));
    assert.equal(
      problem.message,
      'The allOf of property "name" of schema "User" cannot hold: its item 2 is an integer and item 1 is a string: the platform\'s converter reports an error and shows property "name" of schema "User" as any value. Make the items agree, or use oneOf where either may be given',
    );
    assert.match(String(problem.relatedInformation?.[0].message), /^The platform says: #\/paths\/\\\/users\/get\/responses\/200\/content\/application\\\/json\/schema\/items\/properties\/name\/allOf\/1: impossible schema combination$/);
    assert.deepEqual(specProblems(await client.diagnostics('docs.json')), [], 'the spec validates: its reference is not refused');

    const now = client.text(spec).indexOf(conflicting);
    await client.edit(spec, now, now + conflicting.length, plain);
    await pulledUntil(client, spec, (diagnostics) => converterProblems(diagnostics).length === 0);
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
    assert.deepEqual(specProblems(await client.diagnostics(spec)), [], 'a syntax error mended goes at once, without waiting for the validation');
  });

  test('a YAML file the site does not declare as a spec gets no diagnostics, broken as it is', async () => {
    await client.open('api/notes.yaml');
    assert.deepEqual(await client.diagnostics('api/notes.yaml'), []);
    await client.close('api/notes.yaml');
  });
});

describe('a large spec is validated off the request path', () => {
  let client: LspTestClient;
  const large = 'api/large.json';
  const ref = '"$ref": "#/components/schemas/Item1"';

  before(async () => {
    const root = copyOfFixtureSite('lsp-openapi');
    // Some 3,000 operations: its validation takes far longer than answering a request.
    const paths: Record<string, unknown> = {};
    for (let index = 0; index < 3000; index++) {
      const schema = { $ref: `#/components/schemas/Item${index % 50}` };
      paths[`/items${index}`] = { get: { summary: `Item ${index}`, responses: { '200': { description: 'The item', content: { 'application/json': { schema } } } } } };
    }
    const schemas = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`Item${index}`, { type: 'object', properties: { id: { type: 'string' } } }]));
    writeFileSync(join(root, large), JSON.stringify({ openapi: '3.1.0', info: { title: 'Items', version: '1' }, paths, components: { schemas } }, null, 2));
    const docsJson = { theme: 'mint', name: 'Acme', colors: { primary: '#0b5f73' }, navigation: { groups: [{ group: 'API', openapi: large, pages: ['GET /items1'] }] } };
    writeFileSync(join(root, 'docs.json'), JSON.stringify(docsJson, null, 2));
    client = await LspTestClient.start({ root });
    // The spec alone is open: no check of two open files asks for a refresh, only a validation's answer does.
    await client.open(large);
  });
  after(() => client.stop());

  test('an edit that breaks it: the pull right after answers without the problem, a hover sent then is answered, the problem comes with the validation', async () => {
    await pulledUntil(client, large, (diagnostics) => client.refreshRequests > 0 && withoutSpecProblems(diagnostics));
    const events: string[] = [];
    const refreshes = client.refreshRequests;
    const at = client.text(large).indexOf(ref);
    await client.edit(large, at, at + ref.length, '"$ref": "#/components/schema/Item1"');
    assert.deepEqual(specProblems(await client.diagnostics(large)), [], 'the keystroke is answered before its validation');
    const hover = client.request<Hover | null>('textDocument/hover', { textDocument: { uri: client.uri(large) }, position: client.position(large, 'schema/Item1') }).then(() => {
      events.push(client.refreshRequests === refreshes ? 'hover answered' : 'hover answered after the validation');
    });
    await client.until(() => client.refreshRequests > refreshes, 60_000);
    events.push('validated');
    await hover;
    assert.deepEqual(events, ['hover answered', 'validated']);
    const [problem] = specProblems(await client.diagnostics(large));
    assert.equal(problem.code, 'openapi/invalid-spec');
    assert.equal(problem.range.start.line, lineOf(client.text(large), 'schema/Item1'));
    assert.match(String(problem.message), /points to "#\/components\/schema\/Item1", which the spec does not define/);
  });

  test('edits in a row: the earlier texts are superseded, the first findings to come are the last text\'s', async () => {
    const refreshes = client.refreshRequests;
    const broken = client.text(large).indexOf('"#/components/schema/Item1"');
    await client.edit(large, broken, broken + '"#/components/schema/Item1"'.length, '"#/components/schemas/Item1"');
    // The mended place is dropped from the problems carried until the new validation answers.
    assert.deepEqual(specProblems(await client.diagnostics(large)), []);
    const title = client.text(large).indexOf('"title": "Items') + '"title": "Items'.length;
    for (const letter of 'abc') {
      await client.edit(large, title, title, letter);
      await client.diagnostics(large);
    }
    const last = client.text(large).indexOf('"#/components/schemas/Item2"');
    await client.edit(large, last, last + '"#/components/schemas/Item2"'.length, '"#/components/schema/Item2"');
    assert.deepEqual(specProblems(await client.diagnostics(large)), []);
    await client.until(() => client.refreshRequests > refreshes, 60_000);
    const [problem, ...others] = specProblems(await client.diagnostics(large));
    assert.deepEqual(others, []);
    assert.equal(problem.range.start.line, lineOf(client.text(large), 'schema/Item2'));
  });
});

describe('a spec named only by a page\'s frontmatter', () => {
  let client: LspTestClient;
  const named = 'api/reference.yaml';
  const later = 'api/later.yaml';
  const brokenSpec = (title: string) =>
    [
      'openapi: 3.1.0',
      'info:',
      `  title: ${title}`,
      '  version: 1.0.0',
      'paths:',
      '  /things:',
      '    get:',
      '      responses:',
      '        "200":',
      '          description: The things',
      '          content:',
      '            application/json:',
      '              schema:',
      '                $ref: "#/components/schema/Thing"',
      'components:',
      '  schemas:',
      '    Thing:',
      '      type: object',
      '',
    ].join('\n');

  before(async () => {
    const root = copyOfFixtureSite('lsp-openapi');
    writeFileSync(join(root, named), brokenSpec('Reference'));
    writeFileSync(join(root, later), brokenSpec('Later'));
    writeFileSync(join(root, 'things.mdx'), `---\ntitle: Things\nopenapi: "${named} GET /things"\n---\n`);
    writeFileSync(join(root, 'other.mdx'), '---\ntitle: Other\n---\n');
    client = await LspTestClient.start({ root });
    await client.open(named);
  });
  after(() => client.stop());

  test('opened, it gets its problems, at their line; mended as you type, they go', async () => {
    const [problem, ...others] = specProblems(await pulledUntil(client, named, withSpecProblems));
    assert.deepEqual(others, []);
    assert.equal(problem.code, 'openapi/invalid-spec');
    assert.equal(problem.range.start.line, lineOf(client.text(named), 'schema/Thing'));
    const at = client.text(named).indexOf('schema/Thing');
    await client.edit(named, at, at + 'schema/Thing'.length, 'schemas/Thing');
    await pulledUntil(client, named, withoutSpecProblems);
  });

  test('a page edited to name another spec in its frontmatter: that spec gets its problems too', async () => {
    await client.open(later);
    assert.deepEqual(specProblems(await client.diagnostics(later)), [], 'named by no page yet');
    await client.open('other.mdx');
    const at = client.text('other.mdx').indexOf('title: Other\n') + 'title: Other\n'.length;
    await client.edit('other.mdx', at, at, `openapi: "${later} GET /things"\n`);
    const [problem] = specProblems(await pulledUntil(client, later, withSpecProblems));
    assert.equal(problem.range.start.line, lineOf(client.text(later), 'schema/Thing'));
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
