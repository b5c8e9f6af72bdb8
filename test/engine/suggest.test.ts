import assert from 'node:assert/strict';
import { test } from 'node:test';
import { iconNames } from '../../server/src/engine/icons/iconNames';
import fc from 'fast-check';
import { didYouMean, Suggestions } from '../../server/src/engine/suggest';

test('a name that the word begins comes before a closer edit, as completion ranks it', () => {
  assert.equal(didYouMean('rock', iconNames('fontawesome')), 'rocket');
  assert.equal(didYouMean('rock', ['lock', 'rocket', 'rockets']), 'rocket', 'the shortest such name');
});

test('without such a name, the closest edit within the limit', () => {
  assert.equal(didYouMean('rocker', ['rocket', 'locker']), 'rocket', 'ties go to the longer common prefix');
  assert.equal(didYouMean('icn', ['icon', 'name']), 'icon');
  assert.equal(didYouMean('zzzz', ['rocket', 'lock']), undefined);
});

test('a short word or a name much longer than it is no completion', () => {
  assert.equal(didYouMean('ro', ['rocket', 'ra']), 'ra', 'two letters are too few to complete');
  assert.equal(didYouMean('intro', ['introduction', 'intra']), 'intra', 'seven more letters are no typo');
});

test('an exact match, whatever its case, is the answer', () => {
  assert.equal(didYouMean('Rocket', ['rockets', 'rocket']), 'rocket');
});

test('indexed candidates give the answers of didYouMean', () => {
  // Words of a few parts, so that many share beginnings and are a few edits apart.
  const word = fc.array(fc.constantFrom('a', 'b', 'ab', 'B', 'abc', '-', '/', 'ba'), { maxLength: 5 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(fc.array(word, { maxLength: 30 }), fc.array(word, { minLength: 1, maxLength: 10 }), (candidates, words) => {
      const suggestions = new Suggestions(candidates);
      for (const asked of words) assert.equal(suggestions.closest(asked), didYouMean(asked, candidates), `${asked} among ${JSON.stringify(candidates)}`);
    }),
    { numRuns: 3000 },
  );
  const routes = ['quickstart', 'guides/setup', 'guides/Setup-advanced', 'api-reference/users/list', 'İstanbul'];
  for (const asked of ['quickstrt', 'guides/setu', 'api-reference/user/list', 'istanbul', 'İstanbl']) assert.equal(new Suggestions(routes).closest(asked), didYouMean(asked, routes), asked);
});
