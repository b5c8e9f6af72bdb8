import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { locateNodes } from '../../server/src/engine/json/fastLocator';
import type { JsonPath } from '../../server/src/engine/json/path';

function allPaths(value: unknown, path: JsonPath = [], out: JsonPath[] = []): JsonPath[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => allPaths(item, [...path, index], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) allPaths(item, [...path, key], out);
  return out;
}

/** What jsonc-parser's full tree says about a path: the reference the fast locator must match. */
function expected(text: string, path: JsonPath) {
  const node = findNodeAtLocation(parseTree(text)!, path)!;
  const key = node.parent?.type === 'property' ? node.parent.children![0] : undefined;
  return { keyStart: key?.offset, keyEnd: key && key.offset + key.length, valueStart: node.offset, valueEnd: node.offset + node.length };
}

test('the fast locator finds exactly what jsonc-parser finds, for any valid JSON and any set of paths', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), fc.constantFrom(0, 1, 2, '\t'), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (value, indent, picks) => {
      const text = JSON.stringify(value, null, indent);
      const paths = allPaths(value);
      const wanted = picks.map((pick) => paths[pick % paths.length]);
      const found = locateNodes(text, wanted);
      for (const path of wanted) assert.deepEqual(found.get(JSON.stringify(path)), expected(text, path), `path ${JSON.stringify(path)} in ${text}`);
    }),
    { numRuns: 3000 },
  );
});

test('keys with escapes, and a key after a huge value, are found', () => {
  const text = JSON.stringify({ 'a"b': 1, big: Array.from({ length: 1000 }, (_, i) => ({ x: `s\\"${i}` })), 'c\\d': [true, null], last: 'z' }, null, 2);
  for (const path of [['a"b'], ['c\\d', 1], ['last'], ['big', 999, 'x']] as JsonPath[]) {
    assert.deepEqual(locateNodes(text, [path]).get(JSON.stringify(path)), expected(text, path), JSON.stringify(path));
  }
});

test('with a duplicate key, the last one is found, as JSON.parse keeps the last', () => {
  const text = '{"a": 1, "b": {"c": 2}, "a": 3}';
  assert.deepEqual(locateNodes(text, [['a']]).get('["a"]'), { keyStart: 24, keyEnd: 27, valueStart: 29, valueEnd: 30 });
  const nested = '{"x": {"a": 1, "a": 2}, "y": 0}';
  assert.deepEqual(locateNodes(nested, [['x', 'a']]).get('["x","a"]'), { keyStart: 15, keyEnd: 18, valueStart: 20, valueEnd: 21 });
});
