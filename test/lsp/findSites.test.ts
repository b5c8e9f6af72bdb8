// The look for docs.json files in a workspace folder when the server starts.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { findDocsJsonFiles, isFoundIn } from '../../server/src/lsp/findSites';
import { tempFolder } from '../support/tempFolder';

function file(root: string, path: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), '{}');
}

test('docs.json files are found at any depth up to eight folders; dependencies, dot folders and deeper ones are not looked in', async () => {
  const root = tempFolder('docsjson-find-');
  file(root, 'docs.json');
  file(root, 'site/docs/docs.json');
  file(root, 'a/b/c/d/e/f/g/h/docs.json');
  file(root, 'a/b/c/d/e/f/g/h/i/docs.json');
  file(root, 'node_modules/pkg/docs.json');
  file(root, '.git/docs.json');
  file(root, 'site/docs/readme-docs.json');
  const found = await findDocsJsonFiles(root);
  assert.deepEqual(found, ['a/b/c/d/e/f/g/h/docs.json', 'docs.json', 'site/docs/docs.json'].map((path) => join(root, path)));
  // A file created later is taken as the look would have taken it.
  const written = ['docs.json', 'site/docs/docs.json', 'a/b/c/d/e/f/g/h/docs.json', 'a/b/c/d/e/f/g/h/i/docs.json', 'node_modules/pkg/docs.json', '.git/docs.json', 'site/docs/readme-docs.json'];
  assert.deepEqual(written.filter((path) => isFoundIn(root, join(root, path))).map((path) => join(root, path)).sort(), found);
  assert.equal(isFoundIn(join(root, 'site'), join(root, 'docs.json')), false, 'outside the folder');
});

test('a large tree is read in slices: a timer set before the look fires before the look ends', async () => {
  const root = tempFolder('docsjson-find-wide-');
  for (let i = 0; i < 3000; i++) mkdirSync(join(root, `folder${i}`, 'inner'), { recursive: true });
  file(root, 'folder2999/inner/docs.json');
  let fired = false;
  setTimeout(() => (fired = true), 0);
  const found = await findDocsJsonFiles(root);
  assert.equal(found.length, 1);
  assert.ok(fired, 'the look let a pending timer run: the server answers requests while it reads folders');
});
