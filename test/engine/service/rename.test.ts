import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { renameEdits } from '../../../server/src/engine/service/rename';
import { checkedFixture, sitesDir } from './serviceFixture';

const basic = readFileSync(join(sitesDir, 'lsp-basic', 'docs.json'), 'utf8');
const refSite = readFileSync(join(sitesDir, 'lsp-ref', 'docs.json'), 'utf8');
const enJson = readFileSync(join(sitesDir, 'lsp-ref', 'nav', 'en.json'), 'utf8');

const rangeOf = (text: string, quoted: string) => ({ start: text.indexOf(quoted), end: text.indexOf(quoted) + quoted.length });

test('a renamed page file: its entries follow', () => {
  assert.deepEqual(renameEdits(checkedFixture('lsp-basic'), [{ from: 'quickstart.mdx', to: 'start/quick-start.mdx' }]), [
    { file: 'docs.json', edits: [{ range: rangeOf(basic, '"quickstart"'), newText: '"start/quick-start"' }] },
  ]);
});

test('a moved folder: its pages and specs follow', () => {
  assert.deepEqual(renameEdits(checkedFixture('lsp-basic'), [{ from: 'api', to: 'reference' }]), [
    {
      file: 'docs.json',
      edits: [
        { range: rangeOf(basic, '"api/overview"'), newText: '"reference/overview"' },
        { range: rangeOf(basic, '"api/openapi.yaml"'), newText: '"reference/openapi.yaml"' },
      ],
    },
  ]);
});

test('entries in "$ref" files follow too, and a moved "$ref" file keeps its reference right', () => {
  assert.deepEqual(renameEdits(checkedFixture('lsp-ref'), [{ from: 'en/index.mdx', to: 'en/home.mdx' }, { from: 'nav/en.json', to: 'navigation/english.json' }]), [
    { file: 'nav/en.json', edits: [{ range: rangeOf(enJson, '"en/index"'), newText: '"en/home"' }] },
    {
      file: 'docs.json',
      edits: [
        { range: rangeOf(refSite, '"en/index"'), newText: '"en/home"' },
        { range: rangeOf(refSite, '"nav/en.json"'), newText: '"navigation/english.json"' },
      ],
    },
  ]);
});

test('a page renamed to a file that is not a page is left alone', () => {
  assert.deepEqual(renameEdits(checkedFixture('lsp-basic'), [{ from: 'quickstart.mdx', to: 'quickstart.txt' }]), []);
});

test('redirect destinations that lead to a moved page follow it', () => {
  const docsJson = '{"name": "A", "navigation": {"pages": ["intro"]}, "redirects": [{"source": "/old", "destination": "/intro#start"}, {"source": "/x", "destination": "https://example.com/intro"}]}';
  assert.deepEqual(renameEdits(checkedFixture('lsp-basic', { 'docs.json': docsJson }), [{ from: 'introduction.mdx', to: 'start.mdx' }]), []);
  const toIntroduction = docsJson.replace(/intro\b/g, 'introduction');
  assert.deepEqual(renameEdits(checkedFixture('lsp-basic', { 'docs.json': toIntroduction }), [{ from: 'introduction.mdx', to: 'start.mdx' }]), [
    {
      file: 'docs.json',
      edits: [
        { range: rangeOf(toIntroduction, '"introduction"'), newText: '"start"' },
        { range: rangeOf(toIntroduction, '"/introduction#start"'), newText: '"/start#start"' },
      ],
    },
  ]);
});
