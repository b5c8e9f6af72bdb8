import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hover } from '../../../server/src/engine/service/hover';
import { checkedFixture, markIn, sitesDir, withCursor } from './serviceFixture';

const basic = readFileSync(join(sitesDir, 'lsp-basic', 'docs.json'), 'utf8');
const enJson = readFileSync(join(sitesDir, 'lsp-ref', 'nav', 'en.json'), 'utf8');

function hoverAt(site: string, file: string, marked: string) {
  const { text, offset } = withCursor(file, marked);
  return hover(checkedFixture(site), text, offset);
}

test('a key: the schema markdown of its property', () => {
  assert.deepEqual(hoverAt('lsp-basic', 'docs.json', markIn(basic, '"tab": "Guides"', 2)), {
    range: { start: 231, end: 236 },
    markdown: 'Name of the tab.\n\nExample: `"Guides"`',
  });
});

test('a page: the title and description from its frontmatter, and its file', () => {
  assert.deepEqual(hoverAt('lsp-basic', 'docs.json', markIn(basic, '"introduction"', 3)), {
    range: { start: 395, end: 409 },
    markdown: '**Introduction**\n\nWhat the Basic site is about\n\n`introduction.mdx`',
  });
  assert.equal(hoverAt('lsp-basic', 'docs.json', markIn(basic, '"quickstart"', 3))!.markdown, '**Quickstart**\n\n`quickstart.mdx`');
});

test('a missing page says so', () => {
  assert.equal(
    hoverAt('lsp-basic', 'docs.json', markIn(basic, '"guides/deploy"', 3))!.markdown,
    'No page file: neither `guides/deploy.mdx` nor `guides/deploy.md` exists',
  );
});

test('a page path that holds markdown shows as written', () => {
  const hostile = basic.replace('"guides/deploy"', '"guides/de|ploy`[x](evil.example)"');
  assert.equal(
    hoverAt('lsp-basic', 'docs.json', hostile)!.markdown,
    'No page file: neither ``guides/deploy`[x](evil.example).mdx`` nor ``guides/deploy`[x](evil.example).md`` exists',
  );
});

test('an operation: its summary and description from the spec in force', () => {
  assert.equal(
    hoverAt('lsp-basic', 'docs.json', markIn(basic, '"GET /users"', 3))!.markdown,
    '**GET /users**: List users\n\nReturns every user.\n\nOperation in `api/openapi.yaml`',
  );
  assert.equal(hoverAt('lsp-basic', 'docs.json', markIn(basic, '"POST /user"', 3))!.markdown, '`POST /user` is not an operation of `api/openapi.yaml`');
});

test('an icon: its name, library and styles', () => {
  assert.equal(hoverAt('lsp-basic', 'docs.json', markIn(basic, '"user"', 2))!.markdown, '**user**: Font Awesome icon\n\nStyles: solid, regular');
  assert.equal(hoverAt('lsp-ref', 'nav/en.json', markIn(enJson, '"house"', 2))!.markdown, '**house**: Lucide icon');
  assert.equal(
    hoverAt('lsp-basic', 'docs.json', basic.replace('"icon": "user"', '"icon": { "name": "ho|me", "library": "tabler" }'))!.markdown,
    '**home**: Tabler icon\n\nStyles: outline, filled',
  );
});

test('an icon written in capitals is the icon its lower-cased name names, as the site looks it up', () => {
  const hoverOf = (icon: string) => hoverAt('lsp-basic', 'docs.json', basic.replace('"icon": "user"', `"icon": ${icon}`))!.markdown;
  assert.equal(hoverOf('"Git|Hub"'), '**GitHub**: Font Awesome icon\n\nStyles: brands');
  assert.equal(hoverOf('{ "name": "Alert-Ci|rcle", "library": "lucide" }'), '**Alert-Circle** (alias of `circle-alert`): Lucide icon');
});

test('an icon with a problem: the hover says what the diagnostic says', () => {
  const hoverOf = (icon: string) => hoverAt('lsp-basic', 'docs.json', basic.replace('"icon": "user"', `"icon": "${icon}"`))!.markdown;
  assert.equal(hoverOf('fa-rock|et'), 'Icon "fa-rocket" does not need the "fa-" prefix: write "rocket"\n\n**rocket**: Font Awesome icon\n\nStyles: solid');
  assert.equal(hoverOf('rock|er'), 'Unknown Font Awesome icon "rocker". Did you mean "rocket"?\n\n**rocket**: Font Awesome icon\n\nStyles: solid');
  assert.equal(hoverOf('zzyzx-gly|ph'), 'Unknown Font Awesome icon "zzyzx-glyph"');
});

test('a Font Awesome Pro icon: the hover names it as one', () => {
  const hoverOf = (icon: string) => hoverAt('lsp-basic', 'docs.json', basic.replace('"icon": "user"', `"icon": "${icon}"`))!.markdown;
  assert.equal(hoverOf('boo|ks'), '**books**: Font Awesome Pro icon');
});

test('a spec: its title, version and number of operations', () => {
  assert.equal(hoverAt('lsp-basic', 'docs.json', markIn(basic, '"api/openapi.yaml"', 3))!.markdown, '**Basic API**: OpenAPI 3.1.0, 3 operations\n\n`api/openapi.yaml`');
});

test('a language code: its name', () => {
  assert.equal(hoverAt('lsp-ref', 'nav/en.json', markIn(enJson, '"en"', 1))!.markdown, '`en`: English');
});

test('other values: the markdown of their property', () => {
  assert.match(hoverAt('lsp-basic', 'docs.json', markIn(basic, '"mint"', 2))!.markdown, /^Layout theme of the site/);
});
