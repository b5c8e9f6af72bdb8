import assert from 'node:assert/strict';
import { test } from 'node:test';
import { iconNames } from '../../server/src/engine/icons/iconNames';
import { didYouMean } from '../../server/src/engine/suggest';

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
