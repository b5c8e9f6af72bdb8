// What the platform's page converter (@mintlify/validation's OpenApiToEndpointConverter) refuses in
// specs its validation accepts, each at its line in the spec, in a writer's words. Each case was
// run through that converter (0.1.876): it reports the error in `platformMessage`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineIndex } from '../../server/src/engine';
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
      [12, 'Parameter 1 schema of GET /users has the type "strng", which the platform\'s converter does not know: it reports an error and shows any value (for a parameter, the operation gets no page). Use one of "boolean", "number", "integer", "string", "array", "object", "null"'],
      [26, 'Property "name" of schema "User" has the type "nul", which the platform\'s converter does not know: it reports an error and shows any value (for a parameter, the operation gets no page). Use one of "boolean", "number", "integer", "string", "array", "object", "null"'],
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
