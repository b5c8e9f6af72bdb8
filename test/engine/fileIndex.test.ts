import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { FileIndex } from '../../server/src/engine';
import { writeSite } from '../support/site';
import { tempFolder } from '../support/tempFolder';

describe('file index', () => {
  it('a page path stays while either of its files (.mdx, .md) is there', () => {
    const files = new FileIndex();
    files.add('guide/start.mdx');
    files.add('guide/start.md');
    files.add('guide/logo.svg');
    assert.equal(files.hasPage('guide/start'), true);
    assert.equal(files.hasPage('guide/logo'), false, 'an image is not a page');
    assert.equal(files.pageFile('guide/start'), 'guide/start.mdx', '.mdx comes first');
    files.delete('guide/start.mdx');
    assert.equal(files.hasPage('guide/start'), true);
    assert.equal(files.pageFile('guide/start'), 'guide/start.md');
    files.delete('guide/start.md');
    assert.equal(files.hasPage('guide/start'), false);
    assert.deepEqual([...files.allPages()], []);
  });

  it('lists the pages of a folder, and follows pages that come and go', () => {
    const files = new FileIndex();
    files.add('guide/a.mdx');
    files.add('guide/b.md');
    files.add('other/c.mdx');
    assert.deepEqual([...files.pagesInFolderOf('guide/zzz')].sort(), ['guide/a', 'guide/b']);
    files.add('guide/d.mdx');
    files.delete('guide/a.mdx');
    assert.deepEqual([...files.pagesInFolderOf('guide/zzz')].sort(), ['guide/b', 'guide/d']);
  });

  it('a scan finds nested files by root-relative paths, skips dependencies and dot folders (but .well-known, which a site serves), and notes links that leave the root', () => {
    const root = writeSite({
      'index.mdx': '',
      '.well-known/api-catalog': '',
      'guides/deep/er/page.md': '',
      'guides/logo.svg': '',
      'node_modules/pkg/readme.md': '',
      '.git/config.md': '',
      'drafts/.hidden.mdx': '',
    });
    const outside = tempFolder('docsjson-outside-');
    writeFileSync(join(outside, 'secret.mdx'), '');
    mkdirSync(join(outside, 'folder'));
    symlinkSync(join(outside, 'secret.mdx'), join(root, 'secret.mdx'));
    symlinkSync(join(outside, 'folder'), join(root, 'linked'));
    symlinkSync(join(root, 'index.mdx'), join(root, 'alias.mdx'));
    const expected = ['.well-known/api-catalog', 'alias.mdx', 'drafts/.hidden.mdx', 'guides/deep/er/page.md', 'guides/logo.svg', 'index.mdx'];
    for (const written of [root, `${root}/`, relative(process.cwd(), root)]) {
      const index = FileIndex.scan(written);
      assert.deepEqual([...index.all()].sort(), expected, written);
      assert.deepEqual([...index.escapingLinks].sort(), ['linked', 'secret.mdx'], written);
      assert.equal(index.hasPage('guides/deep/er/page'), true);
    }
  });

  it('a folder that is gone (deleted under a running server) scans as empty instead of failing', () => {
    const root = tempFolder('docsjson-gone-');
    rmSync(root, { recursive: true });
    assert.equal(FileIndex.scan(root).size, 0);
  });
});
