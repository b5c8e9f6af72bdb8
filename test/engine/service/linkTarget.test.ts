import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changedTarget, internalTarget, targetFile } from '../../../server/src/engine/service/linkTarget';
import { FileIndex } from '../../../server/src/engine/site/fileIndex';

function filesOf(...paths: string[]): FileIndex {
  const files = new FileIndex();
  paths.forEach((path) => files.add(path));
  return files;
}

const files = filesOf('index.mdx', 'quickstart.mdx', 'guides/setup.mdx', 'guides/deploy.md', 'guides/index.mdx', 'images/logo.png', 'api/users/list.mdx');

test('internal targets are split into path, query and fragment; URLs, mail and protocol-relative links are not internal', () => {
  assert.deepEqual(internalTarget('/guides/setup?tab=npm#install'), { path: '/guides/setup', query: '?tab=npm', fragment: 'install' });
  assert.deepEqual(internalTarget('#top'), { path: '', query: '', fragment: 'top' });
  assert.deepEqual(internalTarget('../setup'), { path: '../setup', query: '', fragment: undefined });
  for (const external of ['https://example.com/x', 'mailto:a@b.c', 'tel:+123', '//cdn.example.com/x.png']) assert.equal(internalTarget(external), undefined);
});

test('a target path stands for a page, a file or a folder index, from the root or the page folder', () => {
  assert.equal(targetFile(files, '/quickstart', 'guides/setup.mdx'), 'quickstart.mdx');
  assert.equal(targetFile(files, '/guides/deploy', 'index.mdx'), 'guides/deploy.md');
  assert.equal(targetFile(files, './deploy', 'guides/setup.mdx'), 'guides/deploy.md');
  assert.equal(targetFile(files, '../quickstart.mdx', 'guides/setup.mdx'), 'quickstart.mdx');
  assert.equal(targetFile(files, '/guides', 'index.mdx'), 'guides/index.mdx');
  assert.equal(targetFile(files, '/guides/', 'index.mdx'), 'guides/index.mdx');
  assert.equal(targetFile(files, '/', 'guides/setup.mdx'), 'index.mdx');
  assert.equal(targetFile(files, '/images/logo.png', 'index.mdx'), 'images/logo.png');
  assert.equal(targetFile(files, '', 'guides/setup.mdx'), 'guides/setup.mdx', 'a bare #anchor is the page itself');
  assert.equal(targetFile(files, '../../x', 'guides/setup.mdx'), undefined, 'leaves the root');
  assert.equal(targetFile(files, '/nowhere', 'index.mdx'), undefined);
});

const move = (from: string, to: string) => ({ files, moves: [{ from, to }] });

test('links to a moved page follow it, each in the style it was written', () => {
  const moved = move('guides/setup.mdx', 'start/install.mdx');
  assert.equal(changedTarget('/guides/setup', 'index.mdx', moved), '/start/install');
  assert.equal(changedTarget('/guides/setup#step-2', 'index.mdx', moved), '/start/install#step-2');
  assert.equal(changedTarget('/guides/setup?tab=npm#a', 'index.mdx', moved), '/start/install?tab=npm#a');
  assert.equal(changedTarget('/guides/setup.mdx', 'index.mdx', moved), '/start/install.mdx');
  assert.equal(changedTarget('/guides/setup/', 'index.mdx', moved), '/start/install/');
  assert.equal(changedTarget('./setup', 'guides/deploy.md', moved), '../start/install');
  assert.equal(changedTarget('setup#x', 'guides/deploy.md', moved), '../start/install#x');
  assert.equal(changedTarget('guides/setup', 'index.mdx', moved), 'start/install');
  assert.equal(changedTarget('./guides/setup', 'index.mdx', moved), './start/install');
});

test('links that do not point at the moved page are left alone', () => {
  const moved = move('guides/setup.mdx', 'start/install.mdx');
  for (const target of ['/quickstart', '/guides/deploy#x', 'https://example.com/guides/setup', '#setup', '/guides/setupx', '/nowhere']) {
    assert.equal(changedTarget(target, 'index.mdx', moved), undefined, target);
  }
});

test('relative links in a moved page are rewritten from its new folder; links from the root are not', () => {
  const moved = move('guides/setup.mdx', 'start/deep/install.mdx');
  assert.equal(changedTarget('./deploy#a', 'guides/setup.mdx', moved), '../../guides/deploy#a');
  assert.equal(changedTarget('../quickstart', 'guides/setup.mdx', moved), '../../quickstart');
  assert.equal(changedTarget('/quickstart', 'guides/setup.mdx', moved), undefined);
  assert.equal(changedTarget('#top', 'guides/setup.mdx', moved), undefined);
});

test('a moved folder carries its pages, index pages keep being linked as the folder', () => {
  const moved = move('guides', 'tutorials');
  assert.equal(changedTarget('/guides/setup', 'index.mdx', moved), '/tutorials/setup');
  assert.equal(changedTarget('/guides', 'index.mdx', moved), '/tutorials');
  assert.equal(changedTarget('/guides/index', 'index.mdx', moved), '/tutorials/index');
  assert.equal(changedTarget('./deploy', 'guides/setup.mdx', moved), undefined, 'both ends move together');
  assert.equal(changedTarget('../quickstart', 'guides/setup.mdx', move('guides', 'a/b')), '../../quickstart');
});

test('moved images and files keep their extension', () => {
  assert.equal(changedTarget('/images/logo.png', 'index.mdx', move('images', 'assets')), '/assets/logo.png');
});

test('a renamed anchor: links to it follow, on other pages and on its own page', () => {
  const change = { files, moves: [], anchor: { page: 'guides/setup.mdx', from: 'install', to: 'installation' } };
  assert.equal(changedTarget('/guides/setup#install', 'index.mdx', change), '/guides/setup#installation');
  assert.equal(changedTarget('./setup?x=1#install', 'guides/deploy.md', change), './setup?x=1#installation');
  assert.equal(changedTarget('#install', 'guides/setup.mdx', change), '#installation');
  assert.equal(changedTarget('#install', 'guides/deploy.md', change), undefined, 'another page\'s own anchor');
  assert.equal(changedTarget('/guides/setup#install-2', 'index.mdx', change), undefined);
});

test('percent-encoded paths resolve and stay encoded', () => {
  const spaced = filesOf('my page.mdx', 'index.mdx');
  assert.equal(changedTarget('/my%20page#a', 'index.mdx', { files: spaced, moves: [{ from: 'my page.mdx', to: 'your page.mdx' }] }), '/your%20page#a');
});
