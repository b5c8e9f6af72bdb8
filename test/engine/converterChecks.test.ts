// What the platform's page converter (@mintlify/validation's OpenApiToEndpointConverter) refuses in
// specs its validation accepts, each at its line in the spec, in a writer's words. Each case was
// run through that converter (0.1.876): it reports the error in `platformMessage`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineIndex } from '../../server/src/engine';
import { converterProblems } from '../../server/src/engine/openapi/converterChecks';
import { parseSpec, specFindings } from '../../server/src/engine/openapi/openapiSpec';

function converterFindings(lines: string[]): { line: number; message: string; platformMessage: string }[] {
  const text = lines.join('\n');
  const { verdict, problems } = specFindings(text, 'openapi.yaml', parseSpec(text, 'openapi.yaml'));
  assert.equal(verdict.valid, true, 'the platform validates the spec: only its converter refuses it');
  const index = new LineIndex(text);
  return problems.map((problem) => {
    assert.equal(problem.stage, 'converter');
    return { line: index.position(problem.range.start).line + 1, message: problem.message, platformMessage: problem.platformMessage };
  });
}

const head = ['openapi: 3.1.0', 'info:', '  title: Users', '  version: 1.0.0', 'paths:', '  /users:', '    get:'];

test('JSON content without a schema is not reported: the converter shows it as any value, and real sites have thousands', () => {
  const found = converterFindings([...head, '      responses:', '        "200":', '          description: The users', '          content:', '            application/json:', '              example: { "name": "Ada" }']);
  assert.deepEqual(found, []);
});

test('a schema type the converter does not know, in a property, a type list and a parameter, through a $ref', () => {
  const found = converterFindings([
    ...head,
    '      parameters:',
    '        - name: q',
    '          in: query',
    '          schema:',
    '            type: strng',
    '      responses:',
    '        "200":',
    '          description: The users',
    '          content:',
    '            application/json:',
    '              schema:',
    '                $ref: "#/components/schemas/User"',
    'components:',
    '  schemas:',
    '    User:',
    '      type: object',
    '      properties:',
    '        name:',
    '          type: [string, nul]',
    '        age:',
    '          type: integer',
  ]);
  assert.deepEqual(
    found.map(({ line, message }) => [line, message]),
    [
      [12, 'Parameter 1 schema of GET /users has the type "strng", which the platform\'s converter does not know: it fails on it in a parameter, and GET /users gets no page. Use one of "boolean", "number", "integer", "string", "array", "object", "null"'],
      [26, 'Property "name" of schema "User" has the type "nul", which the platform\'s converter does not know: it reports an error and shows any value. Use one of "boolean", "number", "integer", "string", "array", "object", "null"'],
    ],
  );
  assert.equal(found[1].platformMessage, '#/components/schemas/User/properties/name: invalid schema type: nul');
});

test('code samples that are not a list, or lack their text', () => {
  const notAList = converterFindings([...head, '      x-codeSamples:', '        lang: js', '        source: fetch("/users")', '      responses:', '        "200":', '          description: The users']);
  assert.deepEqual(notAList.map(({ line, message }) => [line, message]), [[9, '"x-codeSamples" of GET /users must be a list of code samples, each with a "lang" and a "source": the platform\'s converter reports an error and shows none of them']]);
  const noSource = converterFindings([...head, '      x-code-samples:', '        - lang: js', '      responses:', '        "200":', '          description: The users']);
  assert.deepEqual(noSource.map(({ line, message, platformMessage }) => [line, message, platformMessage]), [
    [9, 'Code sample 1 of GET /users needs "source" as text: the platform\'s converter reports an error and leaves it out of the page', '#/paths/\\/users/get/x-code-samples: invalid code sample'],
  ]);
});

// Schemas the converter's reduction cannot hold (its SchemaConverter: "impossible schema
// combination", "no valid options in schema"). Each case was run through that converter
// (0.1.876, bench/converterAgreement.ts runs it on every spec of the shared sites and corpus).
const body = (schema: string[]) => [...head, '      responses:', '        "200":', '          description: The users', '          content:', '            application/json:', '              schema:', ...schema.map((line) => `                ${line}`)];

test('an allOf of a string and an object: at the item that conflicts, the response shown as any value', () => {
  const found = converterFindings(body(['allOf:', '  - type: string', '  - type: object']));
  assert.deepEqual(found, [
    {
      line: 16,
      message: "The allOf of the 200 response schema of GET /users cannot hold: its item 2 is an object and item 1 is a string: the platform's converter reports an error and shows the 200 response schema of GET /users as any value. Make the items agree, or use oneOf where either may be given",
      platformMessage: '#/paths/\\/users/get/responses/200/content/application\\/json/schema/allOf/1: impossible schema combination',
    },
  ]);
});

test('an integer in an allOf with a number narrows it: no problem', () => {
  assert.deepEqual(converterFindings(body(['allOf:', '  - type: number', '  - type: integer', '    minimum: 1'])), []);
});

test('a parameter whose allOf cannot hold costs the operation its page', () => {
  const found = converterFindings([...head, '      parameters:', '        - name: q', '          in: query', '          schema:', '            allOf:', '              - type: string', '              - type: boolean', '      responses:', '        "200":', '          description: The users']);
  assert.deepEqual(found.map(({ line, message }) => [line, message]), [
    [14, "The allOf of parameter 1 schema of GET /users cannot hold: its item 2 is a boolean and item 1 is a string: the platform's converter fails on it, and GET /users gets no page. Make the items agree, or use oneOf where either may be given"],
  ]);
});

test('a property that conflicts between $ref items of an allOf: at the item, with the property each operation shows as any value', () => {
  const schemas = ['components:', '  schemas:', '    Named:', '      type: object', '      properties:', '        id:', '          type: string', '    Counted:', '      type: object', '      properties:', '        id:', '          type: integer', '    Both:', '      allOf:', '        - $ref: "#/components/schemas/Named"', '        - $ref: "#/components/schemas/Counted"'];
  const operation = (method: string) => [`    ${method}:`, '      responses:', '        "200":', '          description: OK', '          content:', '            application/json:', '              schema:', '                type: object', '                properties:', '                  item:', '                    $ref: "#/components/schemas/Both"'];
  const found = converterFindings([...head.slice(0, 6), ...operation('get'), ...operation('put'), ...schemas]);
  assert.deepEqual(found, [
    {
      line: 44,
      message: 'The allOf of schema "Both" cannot hold: property "id" is an integer in its item 2 and a string in item 1: the platform\'s converter reports an error and shows property "item" of the 200 response schema of GET /users as any value. Make the items agree, or use oneOf where either may be given',
      platformMessage: '#/paths/\\/users/get/responses/200/content/application\\/json/schema/properties/item/allOf/1: impossible schema combination',
    },
    {
      line: 44,
      message: 'The allOf of schema "Both" cannot hold: property "id" is an integer in its item 2 and a string in item 1: the platform\'s converter reports an error and shows property "item" of the 200 response schema of PUT /users as any value. Make the items agree, or use oneOf where either may be given',
      // The converter's words for the first operation that reaches the schema.
      platformMessage: '#/paths/\\/users/get/responses/200/content/application\\/json/schema/properties/item/allOf/1: impossible schema combination',
    },
  ]);
});

test('a type its oneOf cannot be, and a oneOf none of whose options hold', () => {
  const found = converterFindings(body(['type: object', 'properties:', '  code:', '    type: string', '    oneOf:', '      - type: integer', '  either:', '    oneOf:', '      - allOf:', '          - type: string', '          - type: boolean']));
  assert.deepEqual(found.map(({ line, message, platformMessage }) => [line, message, platformMessage.replace(/^.*schema\//, '')]), [
    [17, 'Property "code" of the 200 response schema of GET /users cannot hold: its "type" and "oneOf" make it both an integer and a string: the platform\'s converter reports an error and shows property "code" of the 200 response schema of GET /users as any value. Make them agree', 'properties/code: impossible schema combination'],
    [21, 'None of the options of the oneOf of property "either" of the 200 response schema of GET /users can hold (the first would make it both a string and a boolean): the platform\'s converter reports an error and shows property "either" of the 200 response schema of GET /users as any value. Fix the options that cannot hold', 'properties/either/oneOf: no valid options in schema'],
  ]);
});

test('a read-only property of a request body is left out before the converter combines anything: not reported', () => {
  const found = converterFindings([...head.slice(0, 6), '    post:', '      requestBody:', '        content:', '          application/json:', '            schema:', '              type: object', '              properties:', '                id:', '                  readOnly: true', '                  allOf: [{ type: string }, { type: integer }]', '      responses:', '        "201":', '          description: Created']);
  assert.deepEqual(found, []);
});

test('additional properties that cannot hold are dropped: the page allows none', () => {
  const found = converterFindings(body(['type: object', 'additionalProperties:', '  allOf: [{ type: string }, { type: integer }]']));
  assert.deepEqual(found.map(({ line, message }) => [line, message]), [
    [16, "The allOf of the additional properties of the 200 response schema of GET /users cannot hold: its item 2 is an integer and item 1 is a string: the platform's converter drops them, and the page says the 200 response schema of GET /users allows no other properties. Make the items agree, or use oneOf where either may be given"],
  ]);
});

test('a parameter described with "content" and no "schema" costs the operation its page', () => {
  const found = converterFindings([...head, '      parameters:', '        - name: filter', '          in: query', '          content:', '            application/json:', '              schema: { type: object }', '      responses:', '        "200":', '          description: The users']);
  assert.deepEqual(found, [
    {
      line: 11,
      message: 'Parameter "filter" of GET /users has no "schema" (the platform reads no "content" of a parameter): the platform\'s converter fails on it, and GET /users gets no page. Describe the parameter with "schema"',
      platformMessage: '#/paths/\\/users/get/parameters/0/schema: schema undefined',
    },
  ]);
});

test('schemas whose options multiply past what the check combines: no crash and nothing said, however many options', () => {
  const options = (inner: unknown) => ({ oneOf: Array.from({ length: 30 }, (_, index) => ({ type: 'object', properties: { [`p${index}`]: inner, shared: inner } })) });
  let schema: unknown = { type: 'string' };
  for (let level = 0; level < 14; level++) schema = { allOf: [options(schema), options(schema), options(schema), options(schema)] };
  const document = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema } } } } } } } };
  assert.deepEqual(converterProblems(document), []);
});
