import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FileIndex } from '../../server/src/engine';

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
});
