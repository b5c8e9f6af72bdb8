// The title, description and icon the editor shows for a page (hover, navigation view), read as the platform reads them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFrontmatter } from '../../../server/src/engine/service/frontmatter';

test('a double-quoted description written over two lines is read as the platform reads it', () => {
  assert.deepEqual(readFrontmatter('---\ntitle: "Overview"\ndescription: "Plans are made to\napply prices to usage."\n---\n\nBody\n'), {
    title: 'Overview',
    description: 'Plans are made to apply prices to usage.',
    icon: undefined,
  });
});

test('frontmatter the platform cannot read gives nothing', () => {
  assert.deepEqual(readFrontmatter('---\ntitle: Setup: the basics\n---\n'), {});
});
