import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { codeActions } from '../../../server/src/engine/service/actions';
import type { TextEdit } from '../../../server/src/engine/service/edits';
import { JsonText } from '../../../server/src/engine/service/jsonText';
import { checkedFixture, sitesDir } from './serviceFixture';

const basic = readFileSync(join(sitesDir, 'lsp-basic', 'docs.json'), 'utf8');
const two = readFileSync(join(sitesDir, 'lsp-multi', 'two', 'docs.json'), 'utf8');

function applyEdits(text: string, edits: TextEdit[]): string {
  return [...edits].sort((a, b) => b.range.start - a.range.start).reduce((result, edit) => result.slice(0, edit.range.start) + edit.newText + result.slice(edit.range.end), text);
}

/** The quick fixes for the problem whose range starts at `marker`. */
function actionsAt(site: string, source: string, marker: string) {
  const start = source.indexOf(marker);
  return codeActions(checkedFixture(site), new JsonText('docs.json', source), { start, end: start });
}

test('every fix for the fixture site, by title', () => {
  const actions = codeActions(checkedFixture('lsp-basic'), new JsonText('docs.json', basic), { start: 0, end: basic.length });
  assert.deepEqual(
    actions.map((action) => [action.title, action.diagnostic.code, action.isPreferred]),
    [
      ['Rename to "description"', 'schema/unknown-key', true],
      ['Change to "book"', 'icon/fa-prefix', true],
      ['Remove "expanded"', 'nav/expanded-no-effect', true],
      ['Create guides/deploy.mdx', 'ref/missing-page', true],
      ['Move "pages" into a new group "API" in "groups"', 'nav/mixed-children', undefined],
      ['Change to "POST /users"', 'ref/unknown-operation', true],
    ],
  );
});

test('did-you-mean fixes replace the reported key or value', () => {
  const [rename] = actionsAt('lsp-basic', basic, '"descripton"');
  assert.equal(applyEdits(basic, rename.edits[0].edits), basic.replace('"descripton"', '"description"'));
  const [operation] = actionsAt('lsp-basic', basic, '"POST /user"');
  assert.equal(applyEdits(basic, operation.edits[0].edits), basic.replace('"POST /user"', '"POST /users"'));
  const [prefix] = actionsAt('lsp-basic', basic, '"fa-book"');
  assert.equal(applyEdits(basic, prefix.edits[0].edits), basic.replace('"fa-book"', '"book"'));
});

test('remove an "expanded" that has no effect, with its comma', () => {
  const [remove] = actionsAt('lsp-basic', basic, '"expanded"');
  assert.deepEqual(remove.edits.map((edit) => edit.file), ['docs.json']);
  assert.equal(applyEdits(basic, remove.edits[0].edits), basic.replace('"group": "Get started",\n            "expanded": true,', '"group": "Get started",'));
});

test('create the missing page with a frontmatter title', () => {
  const [create] = actionsAt('lsp-basic', basic, '"guides/deploy"');
  assert.deepEqual(create.createFile, { file: 'guides/deploy.mdx', content: '---\ntitle: "Deploy"\n---\n' });
  assert.deepEqual(create.edits, []);
});

test('a missing page with a did-you-mean prefers the change of the entry to the creation of a page', () => {
  const text = basic.replace('"guides/deploy"', '"guides/setp"');
  const actions = codeActions(checkedFixture('lsp-basic', { 'docs.json': text }), new JsonText('docs.json', text), { start: text.indexOf('"guides/setp"'), end: text.indexOf('"guides/setp"') });
  assert.deepEqual(
    actions.map((action) => [action.title, action.isPreferred]),
    [
      ['Change to "guides/setup"', true],
      ['Create guides/setp.mdx', false],
    ],
  );
});

test('wrap loose pages beside groups into a new group, keeping the order they were written in', () => {
  const [wrap] = actionsAt('lsp-basic', basic, '"pages": ["api/overview"]');
  assert.equal(
    applyEdits(basic, wrap.edits[0].edits),
    basic.replace(
      '"openapi": "api/openapi.yaml",\n        "pages": ["api/overview"],\n        "groups": [\n          {',
      '"openapi": "api/openapi.yaml",\n        "groups": [\n          {\n            "group": "API",\n            "pages": [\n              "api/overview"\n            ]\n          },\n          {',
    ),
  );
  const wrapped = JSON.parse(applyEdits(basic, wrap.edits[0].edits));
  assert.deepEqual(wrapped.navigation.tabs[1].groups[0], { group: 'API', pages: ['api/overview'] });
});

test('the same fix for "pages" beside "groups" at the navigation root', () => {
  const [wrap] = actionsAt('lsp-multi/two', two, '"pages": [');
  assert.equal(wrap.title, 'Move "pages" into a new group "Pages" in "groups"');
  assert.deepEqual(JSON.parse(applyEdits(two, wrap.edits[0].edits)).navigation, {
    groups: [
      { group: 'Pages', pages: ['intro'] },
      { group: 'More', pages: ['extra', 'intro'] },
    ],
  });
});

test('no wrap when the mix is not pages and groups', () => {
  const mixed = basic.replace('"pages": ["api/overview"],', '"anchors": [{ "anchor": "A", "pages": ["api/overview"] }],');
  const checked = checkedFixture('lsp-basic', { 'docs.json': mixed });
  const mix = checked.document('docs.json')!.diagnostics.find((diagnostic) => diagnostic.code === 'nav/mixed-children')!;
  assert.deepEqual(mix.data, { keys: ['anchors', 'groups'] });
  const actions = codeActions(checked, new JsonText('docs.json', mixed), mix.range);
  assert.deepEqual(actions.map((action) => action.diagnostic.code), []);
});
