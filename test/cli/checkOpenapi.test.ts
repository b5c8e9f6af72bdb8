// `docsjson check` on the OpenAPI specs a site declares: the platform's verdict, each reason at its
// line in the spec, and the operations a refused spec costs on docs.json's reference.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { aliasBomb } from '../support/aliasBomb';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

function check(root: string, format = 'text') {
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', format], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const docsJson = (spec: string, pages = ['GET /users']) =>
  JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { groups: [{ group: 'API', openapi: spec, pages }] } }, null, 2);

// The case: a response schema pointing into a components section the spec does not have, and no info.version.
const refused = `{
  "openapi": "3.1.0",
  "info": { "title": "Users" },
  "paths": {
    "/users": {
      "get": {
        "responses": {
          "200": {
            "description": "OK",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Missing" } } }
          }
        }
      }
    }
  }
}
`;

test('a spec the platform refuses: the reason at its line in the spec, and on the reference in docs.json; exit 1', () => {
  const root = writeSite({ 'docs.json': docsJson('openapi.json'), 'openapi.json': refused });
  const { code, stdout } = check(root);
  assert.equal(code, 1);
  const lines = stdout.trim().split('\n');
  assert.deepEqual(lines.slice(0, 2), [
    'docs.json:11:20  error  OpenAPI spec openapi.json does not validate, so its one operation gets no page. The 200 response schema of GET /users points to "#/components/schemas/Missing", which the spec does not define. Define it, or point to a definition the spec has  ref/invalid-openapi',
    'openapi.json:10:68  error  The 200 response schema of GET /users points to "#/components/schemas/Missing", which the spec does not define. Define it, or point to a definition the spec has  openapi/invalid-spec',
  ]);
  assert.equal(lines.at(-1), '1 docs.json file and 0 pages checked: 2 errors, 0 warnings');
});

test('--format json keeps the platform\'s own words beside ours', () => {
  const root = writeSite({ 'docs.json': docsJson('openapi.json'), 'openapi.json': refused });
  const report = JSON.parse(check(root, 'json').stdout) as { files: { path: string; diagnostics: { line: number; message: string; platformMessage?: string }[] }[] };
  const spec = report.files.find((file) => file.path === 'openapi.json')!;
  assert.equal(spec.diagnostics[0].platformMessage, 'Can’t resolve reference: #/components/schemas/Missing');
  const reference = report.files.find((file) => file.path === 'docs.json')!;
  assert.equal(reference.diagnostics[0].platformMessage, 'Failed to validate OpenAPI schema:Unknown path: Can’t resolve reference: #/components/schemas/Missing');
});

test('a YAML spec: a Swagger 2.0 document is refused at its "swagger" line; a valid spec passes', () => {
  const swagger = 'swagger: "2.0"\ninfo:\n  title: Old\n  version: "1"\npaths:\n  /users:\n    get:\n      responses:\n        "200":\n          description: OK\n';
  const old = check(writeSite({ 'docs.json': docsJson('api/spec.yaml'), 'api/spec.yaml': swagger }));
  assert.equal(old.code, 1);
  assert.match(old.stdout, /^api\/spec\.yaml:1:10 {2}error {2}This is a Swagger 2\.0 spec: the platform makes API pages from OpenAPI 3\.0 and 3\.1 only\. Convert it to OpenAPI 3 {2}openapi\/invalid-spec$/m);
  const valid = swagger.replace('swagger: "2.0"', 'openapi: 3.0.3');
  const clean = check(writeSite({ 'docs.json': docsJson('api/spec.yaml'), 'api/spec.yaml': valid }));
  assert.equal(clean.stdout.trim(), '1 docs.json file and 0 pages checked: 0 errors, 0 warnings');
  assert.equal(clean.code, 0);
});

test('a spec named only in a page\'s frontmatter is validated too', () => {
  const root = writeSite({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages: ['users'] } }),
    'users.mdx': '---\ntitle: Users\nopenapi: "specs/users.json GET /users"\n---\n',
    'specs/users.json': refused.replace('"description": "OK",', ''),
  });
  const { stdout } = check(root);
  assert.match(stdout, /^specs\/users\.json:8:11 {2}error {2}The 200 response of GET \/users has no "description", which OpenAPI requires here: add it {2}openapi\/invalid-spec$/m);
});

test('a spec the platform accepts but whose pages its converter reports errors on: a warning at the line', () => {
  const spec = [
    'openapi: 3.0.3',
    'info:',
    '  title: Keys',
    '  version: "1"',
    'paths:',
    '  /keys:',
    '    get:',
    '      security:',
    '        - apiKey: []',
    '      responses:',
    '        "200":',
    '          description: OK',
    '  /tokens:',
    '    get:',
    '      security:',
    '        - token: []',
    '      responses:',
    '        "200":',
    '          description: OK',
    'components:',
    '  securitySchemes:',
    '    token:',
    '      type: http',
    '      scheme: Bearer',
    '',
  ].join('\n');
  const { code, stdout } = check(writeSite({ 'docs.json': docsJson('spec.yaml', ['GET /keys', 'GET /tokens']), 'spec.yaml': spec }));
  assert.equal(code, 0);
  assert.deepEqual(stdout.trim().split('\n').slice(0, 2), [
    'spec.yaml:9:11  warning  GET /keys requires the security scheme "apiKey", which "components.securitySchemes" does not define: the platform\'s converter, which makes the operation\'s page, reports it as an error  openapi/converter-error',
    'spec.yaml:24:15  warning  The platform\'s converter knows the HTTP schemes "basic" and "bearer" only, written so: it reports this one as an error on the pages of the operations that use "token". Write "bearer"  openapi/converter-error',
  ]);
});

test('schemas the converter cannot combine: a warning at the allOf item that conflicts, with what it costs the page', () => {
  const spec = [
    'openapi: 3.1.0',
    'info:',
    '  title: Orders',
    '  version: "1"',
    'paths:',
    '  /orders:',
    '    get:',
    '      parameters:',
    '        - name: since',
    '          in: query',
    '          schema:',
    '            allOf:',
    '              - type: string',
    '              - type: integer',
    '      responses:',
    '        "200":',
    '          description: OK',
    '          content:',
    '            application/json:',
    '              schema:',
    '                $ref: "#/components/schemas/Order"',
    'components:',
    '  schemas:',
    '    Order:',
    '      type: object',
    '      properties:',
    '        total:',
    '          type: number',
    '          oneOf:',
    '            - type: string',
    '',
  ].join('\n');
  const { code, stdout } = check(writeSite({ 'docs.json': docsJson('spec.yaml', ['GET /orders']), 'spec.yaml': spec }), 'json');
  assert.equal(code, 0);
  const report = JSON.parse(stdout) as { files: { path: string; diagnostics: { line: number; code: string; message: string; platformMessage?: string }[] }[] };
  const problems = report.files.flatMap((file) => file.diagnostics.map((problem) => ({ path: file.path, ...problem })));
  assert.deepEqual(
    problems.map(({ path, line, code, message, platformMessage }) => ({ path, line, code, message, platformMessage })),
    [
      {
        path: 'spec.yaml',
        line: 14,
        code: 'openapi/converter-error',
        message: "The allOf of parameter 1 schema of GET /orders cannot hold: its item 2 is an integer and item 1 is a string: the platform's converter fails on it, and GET /orders gets no page. Make the items agree, or use oneOf where either may be given",
        platformMessage: '#/paths/\\/orders/get/parameters/0/schema/allOf/1: impossible schema combination',
      },
      {
        path: 'spec.yaml',
        line: 28,
        code: 'openapi/converter-error',
        message: 'Property "total" of schema "Order" cannot hold: its "type" and "oneOf" make it both a string and a number: the platform\'s converter reports an error and shows property "total" of schema "Order" as any value. Make them agree',
        platformMessage: '#/paths/\\/orders/get/responses/200/content/application\\/json/schema/properties/total: impossible schema combination',
      },
    ],
  );
});

test('a spec whose YAML aliases make 10^11 values: the check finishes with the spec\'s findings', () => {
  const root = writeSite({ 'docs.json': docsJson('openapi.yaml'), 'openapi.yaml': aliasBomb(11) });
  const result = spawnSync(process.execPath, [cli, 'check', '.'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.signal, null, 'the check ends by itself (it ran past a minute when its walks followed every alias)');
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /openapi\.yaml:\d+:\d+ +warning +The 200 response schema of GET \/users has the type "strng"/);
});
