import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { JsonText } from '../../../server/src/engine/service/jsonText';
import { documentSymbols, type DocumentSymbol } from '../../../server/src/engine/service/symbols';
import { checkedFixture, sitesDir } from './serviceFixture';

const basic = readFileSync(join(sitesDir, 'lsp-basic', 'docs.json'), 'utf8');
const enJson = readFileSync(join(sitesDir, 'lsp-ref', 'nav', 'en.json'), 'utf8');

/** A symbol tree as "kind name" lines, indented by depth. */
function outline(symbols: DocumentSymbol[], depth = 0): string[] {
  return symbols.flatMap((symbol) => [`${'  '.repeat(depth)}${symbol.kind} ${symbol.name}`, ...outline(symbol.children, depth + 1)]);
}

test('docs.json: the top-level keys, and the navigation as a tree of tabs, groups and pages', () => {
  const symbols = documentSymbols(checkedFixture('lsp-basic'), new JsonText('docs.json', basic));
  assert.deepEqual(outline(symbols), [
    'property $schema',
    'property theme',
    'property name',
    'property descripton',
    'property colors',
    'property navigation',
    '  tab Guides',
    '    group Get started',
    '      page introduction',
    '      page quickstart',
    '      page guides/deploy',
    '  tab API',
    '    page api/overview',
    '    group Users',
    '      operation GET /users',
    '      operation POST /user',
  ]);
});

test('symbol ranges: the whole element, selecting its name', () => {
  const symbols = documentSymbols(checkedFixture('lsp-basic'), new JsonText('docs.json', basic));
  const guides = symbols.find((symbol) => symbol.name === 'navigation')!.children[0];
  const start = basic.indexOf('{\n        "tab": "Guides"');
  assert.equal(guides.range.start, start);
  assert.equal(basic.slice(guides.range.end - 1, guides.range.end), '}');
  assert.deepEqual(guides.selectionRange, { start: basic.indexOf('"Guides"'), end: basic.indexOf('"Guides"') + '"Guides"'.length });
  const theme = symbols.find((symbol) => symbol.name === 'theme')!;
  assert.equal(basic.slice(theme.range.start, theme.range.end), '"theme": "mint"');
  assert.equal(basic.slice(theme.selectionRange.start, theme.selectionRange.end), '"theme"');
});

test('a "$ref" file: the elements written in it', () => {
  const symbols = documentSymbols(checkedFixture('lsp-ref'), new JsonText('nav/en.json', enJson));
  assert.deepEqual(outline(symbols), ['language en', '  group Home', '    page en/index', '    page en/missing', '  group More', '    page en/about']);
});

test('half-typed names and entries get a readable placeholder, never an empty name', () => {
  const halfTyped = basic.replace('"tab": "Guides"', '"tab": ""').replace('"group": "Get started"', '"group": "  "').replace('"introduction"', '""').replace('"theme"', '""');
  const symbols = documentSymbols(checkedFixture('lsp-basic', { 'docs.json': halfTyped }), new JsonText('docs.json', halfTyped));
  assert.deepEqual(outline(symbols).slice(0, 10), [
    'property $schema',
    'property (empty key)',
    'property name',
    'property descripton',
    'property colors',
    'property navigation',
    '  tab (unnamed tab)',
    '    group (unnamed group)',
    '      page (empty page entry)',
    '      page quickstart',
  ]);
});

test('a limit on the outline: every element, then pages in document order until it is reached', () => {
  const symbols = documentSymbols(checkedFixture('lsp-basic'), new JsonText('docs.json', basic), 6);
  assert.deepEqual(outline(symbols).slice(5), [
    'property navigation',
    '  tab Guides',
    '    group Get started',
    '      page introduction',
    '      page quickstart',
    '  tab API',
    '    group Users',
  ]);
});
