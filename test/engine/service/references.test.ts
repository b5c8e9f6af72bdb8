import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pageReferences } from '../../../server/src/engine/service/references';
import { checkedFixture, sitesDir } from './serviceFixture';

const refSite = readFileSync(join(sitesDir, 'lsp-ref', 'docs.json'), 'utf8');
const enJson = readFileSync(join(sitesDir, 'lsp-ref', 'nav', 'en.json'), 'utf8');
const two = readFileSync(join(sitesDir, 'lsp-multi', 'two', 'docs.json'), 'utf8');

const rangeOf = (text: string, quoted: string, from = 0) => {
  const start = text.indexOf(quoted, from);
  return { start, end: start + quoted.length };
};

test('every entry that names a page, in docs.json and in "$ref" files', () => {
  assert.deepEqual(pageReferences(checkedFixture('lsp-ref'), 'en/index.mdx'), [
    { document: 'nav/en.json', range: rangeOf(enJson, '"en/index"') },
    { document: 'docs.json', range: rangeOf(refSite, '"en/index"') },
  ]);
});

test('a page listed twice has two references', () => {
  const first = rangeOf(two, '"intro"');
  assert.deepEqual(pageReferences(checkedFixture('lsp-multi/two'), 'intro.mdx'), [
    { document: 'docs.json', range: first },
    { document: 'docs.json', range: rangeOf(two, '"intro"', first.end) },
  ]);
});

test('no references for a page the navigation does not list, or a file that is not a page', () => {
  assert.deepEqual(pageReferences(checkedFixture('lsp-basic'), 'guides/setup.mdx'), []);
  assert.deepEqual(pageReferences(checkedFixture('lsp-basic'), 'api/openapi.yaml'), []);
});
