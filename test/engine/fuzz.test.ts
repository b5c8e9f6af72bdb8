import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkDocsJson, FileIndex, type SiteHost } from '../../server/src/engine';
import { corpusDir } from '../support/corpus';

const samples = [
  'mintlify+docs/docs.json',
  'PrefectHQ+fastmcp/docs/docs.json',
  'unkeyed+unkey/docs/product/docs.json',
  'coinbase+x402/docs/docs.json',
  'CopilotKit+vnext_experimental/apps/docs/docs.json',
].map((path) => readFileSync(join(corpusDir, path), 'utf8'));

const host: SiteHost = { root: '/virtual', files: new FileIndex(), readFile: () => undefined };

function assertSound(text: string): void {
  const result = checkDocsJson(text, host);
  for (const { document, diagnostics } of result.documents.values()) {
    for (const d of diagnostics) {
      const length = document.json.text.length;
      assert.ok(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= length, `range ${JSON.stringify(d.range)} outside 0..${length}`);
      assert.ok(d.message.length > 0 && d.code.length > 0);
    }
  }
}

const jsonToken = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'null', '"pages"', '"group"', '"tabs"', '"$ref"', '"icon"', '"openapi"', '\u0000', '\n', '1e999', '-');

const edit = fc.record({
  sample: fc.nat(samples.length - 1),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.nat(40),
  insert: fc.array(fc.oneof(jsonToken, fc.string({ maxLength: 6 })), { maxLength: 5 }),
});

test('random edits of corpus files never throw and keep every range inside the text', () => {
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
      let text = samples[edits[0].sample];
      for (const e of edits) {
        const at = Math.floor(e.at * text.length);
        text = text.slice(0, at) + e.insert.join('') + text.slice(at + e.remove);
      }
      assertSound(text);
    }),
    { numRuns: 2000 },
  );
});

test('random JSON anywhere in a docs.json never throws', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom('navigation', 'pages', 'icon', 'openapi', 'root'), (value, where) => {
      const json = JSON.stringify(value);
      const text =
        where === 'root'
          ? json
          : where === 'navigation'
            ? `{"theme":"mint","name":"A","colors":{"primary":"#000"},"navigation":${json}}`
            : where === 'pages'
              ? `{"navigation":{"groups":[{"group":"G","pages":${json}}]}}`
              : `{"navigation":{"tabs":[{"tab":"T","${where}":${json},"pages":["a"]}]}}`;
      assertSound(text);
    }),
    { numRuns: 2000 },
  );
});

test('10,000 levels of nesting, valid or broken, get a clear result without a stack overflow', () => {
  const depth = 10_000;
  const cases = {
    'deep arrays': '['.repeat(depth) + ']'.repeat(depth),
    'deep arrays, unclosed': '['.repeat(depth),
    'deep navigation groups': `{"navigation":{"pages":[${'{"group":"g","pages":['.repeat(depth)}${']}'.repeat(depth)}]}}`,
    'deep navigation groups, unclosed': `{"navigation":{"pages":[${'{"group":"g","pages":['.repeat(depth)}`,
  };
  for (const [name, text] of Object.entries(cases)) {
    const diagnostics = [...checkDocsJson(text, host).documents.values()].flatMap((d) => d.diagnostics);
    assert.ok(diagnostics.length > 0, `${name}: reported`);
    assertSound(text);
  }
  const unclosed = checkDocsJson(cases['deep arrays, unclosed'], host).documents.get('docs.json')!.diagnostics;
  assert.match(unclosed[0].message, /nested more than 1000 levels deep/);
  const deepNav = checkDocsJson(cases['deep navigation groups'], host).documents.get('docs.json')!.diagnostics;
  assert.ok(deepNav.some((d) => d.code === 'nav/too-deep'));
});

test('a 20 MB docs.json is checked to a result', () => {
  const pages = Array.from({ length: 480_000 }, (_, i) => `section-${i % 97}/page-number-${i}`);
  const groups = [];
  for (let i = 0; i < pages.length; i += 100) groups.push({ group: `Group ${i / 100}`, pages: pages.slice(i, i + 100) });
  const text = JSON.stringify({ theme: 'mint', name: 'Big', colors: { primary: '#000' }, navigation: { groups } }, null, 2);
  assert.ok(text.length > 20_000_000, `generated ${text.length} bytes`);
  const files = new FileIndex();
  for (const page of pages) files.add(`${page}.mdx`);
  const result = checkDocsJson(text, { ...host, files });
  assert.deepEqual(result.documents.get('docs.json')!.diagnostics, []);
  assert.equal(result.model.pageCount, 480_000);
});
