import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { JsonText } from '../../../server/src/engine/service/jsonText';
import { definition, documentLinks, linkLocation } from '../../../server/src/engine/service/links';
import { checkedFixture, markIn, sitesDir, withCursor } from './serviceFixture';

const basic = readFileSync(join(sitesDir, 'lsp-basic', 'docs.json'), 'utf8');
const refSite = readFileSync(join(sitesDir, 'lsp-ref', 'docs.json'), 'utf8');
const enJson = readFileSync(join(sitesDir, 'lsp-ref', 'nav', 'en.json'), 'utf8');

const rangeOf = (text: string, quoted: string) => ({ start: text.indexOf(quoted), end: text.indexOf(quoted) + quoted.length });

test('links: pages to their files, operations to their spec, openapi to the spec; missing targets have none', () => {
  const links = documentLinks(checkedFixture('lsp-basic'), new JsonText('docs.json', basic));
  assert.deepEqual(
    links.map(({ range, file, operation }) => ({ range, file, operation: operation && `${operation.method} ${operation.path}` })),
    [
      { range: rangeOf(basic, '"introduction"'), file: 'introduction.mdx', operation: undefined },
      { range: rangeOf(basic, '"quickstart"'), file: 'quickstart.mdx', operation: undefined },
      { range: rangeOf(basic, '"api/overview"'), file: 'api/overview.mdx', operation: undefined },
      { range: rangeOf(basic, '"GET /users"'), file: 'api/openapi.yaml', operation: 'GET /users' },
      { range: rangeOf(basic, '"api/openapi.yaml"'), file: 'api/openapi.yaml', operation: undefined },
    ],
  );
});

test('links in docs.json and in a "$ref" file: "$ref" to the file, pages in each file to theirs', () => {
  const site = checkedFixture('lsp-ref');
  assert.deepEqual(documentLinks(site, new JsonText('docs.json', refSite)), [
    { range: rangeOf(refSite, '"fr/index"'), file: 'fr/index.mdx' },
    { range: rangeOf(refSite, '"en/index"'), file: 'en/index.mdx' },
    { range: rangeOf(refSite, '"nav/en.json"'), file: 'nav/en.json' },
  ]);
  assert.deepEqual(documentLinks(site, new JsonText('nav/en.json', enJson)), [
    { range: rangeOf(enJson, '"en/index"'), file: 'en/index.mdx' },
    { range: rangeOf(enJson, '"en/about"'), file: 'en/about.mdx' },
  ]);
});

test('an operation link leads to the line of the operation in its YAML spec', () => {
  const site = checkedFixture('lsp-basic');
  const link = documentLinks(site, new JsonText('docs.json', basic)).find((candidate) => candidate.operation)!;
  const spec = readFileSync(join(sitesDir, 'lsp-basic', 'api', 'openapi.yaml'), 'utf8');
  assert.deepEqual(linkLocation(site, link), { file: 'api/openapi.yaml', offset: spec.indexOf('get:') });
});

test('go to definition: a page, an operation, a spec, a "$ref" file; nothing for a missing page', () => {
  const site = checkedFixture('lsp-basic');
  const at = (marker: string) => {
    const { text, offset } = withCursor('docs.json', markIn(basic, marker, 2));
    return definition(site, text, offset);
  };
  const spec = readFileSync(join(sitesDir, 'lsp-basic', 'api', 'openapi.yaml'), 'utf8');
  assert.deepEqual(at('"quickstart"'), { range: rangeOf(basic, '"quickstart"'), location: { file: 'quickstart.mdx' } });
  assert.deepEqual(at('"GET /users"'), { range: rangeOf(basic, '"GET /users"'), location: { file: 'api/openapi.yaml', offset: spec.indexOf('get:') } });
  assert.deepEqual(at('"api/openapi.yaml"'), { range: rangeOf(basic, '"api/openapi.yaml"'), location: { file: 'api/openapi.yaml' } });
  assert.equal(at('"guides/deploy"'), undefined);
  const { text, offset } = withCursor('docs.json', markIn(refSite, '"nav/en.json"', 2));
  assert.deepEqual(definition(checkedFixture('lsp-ref'), text, offset), { range: rangeOf(refSite, '"nav/en.json"'), location: { file: 'nav/en.json' } });
});

test('an operation in a JSON spec: the offset of its method key', () => {
  const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'J', version: '1' }, paths: { '/users': { get: { summary: 'List' } } } }, null, 2);
  const site = checkedFixture('lsp-basic', { 'api/openapi.json': spec });
  const link = { range: { start: 0, end: 0 }, file: 'api/openapi.json', operation: { method: 'GET', path: '/users' } };
  assert.deepEqual(linkLocation(site, link), { file: 'api/openapi.json', offset: spec.indexOf('"get"') });
});
