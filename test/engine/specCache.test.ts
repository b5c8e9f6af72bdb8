// A spec cache whose validator answers later (the language server's): the check goes on without
// the findings, the spec keeps the last known ones moved with the edits, and each text is asked
// for once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSpec, SpecCache, specFindings } from '../../server/src/engine/openapi/openapiSpec';
import type { SpecFindings, SpecValidator } from '../../server/src/engine/openapi/specValidator';
import { usersSpec } from '../support/usersSpec';

/** A validator that answers only texts it was told to (`answer`), counting what it was asked. */
function laterValidator(): SpecValidator & { asked: string[]; answer(text: string): void } {
  const answered = new Map<string, SpecFindings>();
  const asked: string[] = [];
  return {
    asked,
    findings(text) {
      asked.push(text);
      return answered.get(text);
    },
    answer(text) {
      answered.set(text, specFindings(text, 'openapi.yaml', parseSpec(text, 'openapi.yaml')));
    },
  };
}

const spec = (ref: string, title?: string) => usersSpec(ref, { title });

test('without an answer yet, a spec has no verdict and no problems; the answer is used once given', () => {
  const validator = laterValidator();
  const cache = new SpecCache(validator);
  const broken = spec('#/components/schema/User');
  assert.equal(cache.verdict('openapi.yaml', broken), undefined);
  assert.deepEqual(cache.problems('openapi.yaml', broken), []);
  validator.answer(broken);
  assert.equal(cache.verdict('openapi.yaml', broken)?.valid, false);
  assert.equal(cache.problems('openapi.yaml', broken).length, 1);
  cache.problems('openapi.yaml', broken);
  assert.equal(validator.asked.length, 3, 'asked until answered, then kept');
});

test('while a new text waits for its answer, the last problems are kept, moved with the edit; those in the edited span go', () => {
  const validator = laterValidator();
  const cache = new SpecCache(validator);
  const broken = spec('#/components/schema/User');
  validator.answer(broken);
  const [problem] = cache.problems('openapi.yaml', broken);
  const retitled = spec('#/components/schema/User', 'Acme Corporation');
  const [moved, ...others] = cache.problems('openapi.yaml', retitled);
  assert.deepEqual(others, []);
  assert.equal(retitled.slice(moved.range.start, moved.range.end), broken.slice(problem.range.start, problem.range.end));
  assert.equal(cache.verdict('openapi.yaml', retitled)?.valid, false, 'the last verdict is kept too');
  const mended = spec('#/components/schemas/User', 'Acme Corporation');
  assert.deepEqual(cache.problems('openapi.yaml', mended), [], 'the edit was at the problem: it goes');
});

test('a syntax error is known at once, without the validator, and is not kept past the edit that mends it', () => {
  const validator = laterValidator();
  const cache = new SpecCache(validator);
  const unparsable = spec('#/components/schemas/User').replace('  version: 1.0.0', '  broken: [unclosed\n  version: 1.0.0');
  assert.match(cache.problems('openapi.yaml', unparsable)[0].message, /^The spec does not parse here/);
  assert.deepEqual(validator.asked, []);
  assert.deepEqual(cache.problems('openapi.yaml', spec('#/components/schemas/User')), []);
});
