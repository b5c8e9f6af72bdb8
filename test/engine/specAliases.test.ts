// YAML aliases share values: a spec of a few lines can name billions of them. Every walk of a
// parsed spec visits a shared value once (or counts each visit against the spec's value budget),
// so the check of such a spec takes time linear in its text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from 'js-yaml-4';
import { converterProblems } from '../../server/src/engine/openapi/converterChecks';
import { specTree } from '../../server/src/engine/openapi/specTree';
import { objectsWithin, ValueBudget, ValuesSpent } from '../../server/src/engine/openapi/valueBudget';
import { aliasBomb } from '../support/aliasBomb';
import { cpuPerCall } from '../support/cpuTime';

test('a walk of a parsed spec visits each shared value once, and counts it', () => {
  const document = load(aliasBomb(11));
  const visited = [...objectsWithin(document, new ValueBudget())];
  assert.equal(visited.length, new Set(visited).size, 'no value twice');
  // The document, info, the 12 lists, and the path's objects: not 10^11 of them.
  assert.ok(visited.length < 30, `${visited.length} values`);
  assert.throws(() => [...objectsWithin(document, new ValueBudget(10))], ValuesSpent);
});

test('the converter\'s checks and the spec\'s places take time linear in an alias bomb\'s text, its findings kept', () => {
  const cost = (levels: number) => {
    const text = aliasBomb(levels);
    const document = load(text);
    return cpuPerCall(() => {
      assert.deepEqual(
        converterProblems(document).map((problem) => problem.platformMessage),
        ['#/paths/\\/users/get/responses/200/content/application\\/json/schema: invalid schema type: strng'],
      );
      assert.equal(specTree(text, 'openapi.yaml').references().length, 1);
    });
  };
  const small = cost(2);
  // 10^4 values: seconds when each walk visited every alias's values again (10^5: 45 s).
  const large = cost(4);
  assert.ok(large / small < 10, `2 levels: ${small.toFixed(2)} ms, 4 levels: ${large.toFixed(2)} ms`);
});

test('a reference inside a value that aliases share is told once, at the anchor', () => {
  const text = ['openapi: 3.1.0', 'x-shared: &shared { $ref: "#/components/schemas/A" }', 'x-uses: [*shared, *shared, *shared]', ''].join('\n');
  const references = specTree(text, 'openapi.yaml').references();
  assert.deepEqual(
    references.map(({ path, value }) => ({ path, value })),
    [{ path: ['x-shared'], value: '#/components/schemas/A' }],
  );
});
