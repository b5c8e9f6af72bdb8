import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseTree, type Node } from 'jsonc-parser';
import { JsonText } from '../../../server/src/engine/service/jsonText';
import { corpusDir } from '../../support/corpus';
import { applyEdit, typingEdit } from '../../support/typingEdits';

/** A tree as plain data: every node's type, offsets, value and children, without parent links. */
function plain(node: Node | undefined): unknown {
  if (!node) return undefined;
  return { type: node.type, offset: node.offset, length: node.length, colon: node.colonOffset, value: node.value, children: node.children?.map(plain) };
}

const sample = readFileSync(join(corpusDir, 'PrefectHQ+fastmcp/docs/docs.json'), 'utf8');


test('a text made from the previous version has the tree a full parse gives, after any edits', () => {
  fc.assert(
    fc.property(fc.array(typingEdit, { minLength: 1, maxLength: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (edits, asks) => {
      let current = new JsonText('docs.json', sample);
      void current.tree;
      edits.forEach((e, index) => {
        current = new JsonText('docs.json', applyEdit(current.text, e), current);
        // Versions nobody asks the tree of are skipped over: the next one builds on the last tree.
        if (asks[index]) assert.deepEqual(plain(current.tree), plain(parseTree(current.text, [], { allowTrailingComma: true })));
      });
      assert.deepEqual(plain(current.tree), plain(parseTree(current.text, [], { allowTrailingComma: true })));
    }),
    { numRuns: 300 },
  );
});

test('a version whose tree was taken over parses its own again when asked', () => {
  const first = new JsonText('docs.json', '{"a": [1, 2], "b": "c"}');
  void first.tree;
  const second = new JsonText('docs.json', '{"a": [1, 2, 3], "b": "c"}', first);
  assert.equal(second.tree!.children![0].children![1].children!.length, 3);
  assert.equal(first.tree!.children![0].children![1].children!.length, 2);
  assert.equal(first.tree!.children![1].children![1].offset, 19);
});
