import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DiskSiteHost } from '../../../server/src/engine';
import { SiteFiles } from '../../../server/src/engine/pages/siteFiles';
import { writeSite } from '../../support/site';

/** Tool folders and repository files the platform leaves out of every site, each holding a page. */
const leftOut = [
  '.git/page.mdx',
  '.github/page.mdx',
  '.claude/page.mdx',
  '.agents/page.mdx',
  '.idea/page.mdx',
  '.vscode/page.mdx',
  '.cursor/page.mdx',
  '.mintlify/page.mdx',
  'node_modules/pkg/page.mdx',
  'README.md',
  'guides/LICENSE.md',
  'CHANGELOG.md',
  'docs/CONTRIBUTING.md',
];

describe('site files', () => {
  it('leave out the tool folders and the repository files the platform always ignores, in any folder', () => {
    const root = writeSite(Object.fromEntries([...leftOut, 'index.mdx', 'guides/intro.md'].map((path) => [path, '# Page\n'])));
    const files = new SiteFiles(new DiskSiteHost(root));
    assert.deepEqual(files.pageFiles, ['guides/intro.md', 'index.mdx']);
    for (const path of leftOut) assert.equal(files.isIgnored(path), true, path);
    assert.equal(files.isIgnored('guides/intro.md'), false);
  });

  it('keep what the platform reads under .mintlify: its folders, JSON, YAML and skills', () => {
    const root = writeSite({ '.mintlify/config.json': '{}', '.mintlify/theme/x.yaml': '', '.mintlify/a.yml': '', '.mintlify/skills/tool.mdx': '', '.mintlify/notes.txt': '' });
    const files = new SiteFiles(new DiskSiteHost(root));
    assert.equal(files.isIgnored('.mintlify/config.json'), false);
    assert.equal(files.isIgnored('.mintlify/theme/x.yaml'), false);
    assert.equal(files.isIgnored('.mintlify/a.yml'), false);
    assert.equal(files.isIgnored('.mintlify/skills/tool.mdx'), false);
    assert.equal(files.isIgnored('.mintlify/theme/'), false);
    assert.equal(files.isIgnored('.mintlify/notes.txt'), true);
  });

  it('leave out what .mintignore lists, and never the site root itself', () => {
    const root = writeSite({ '.mintignore': 'drafts/\n', 'drafts/wip.mdx': '', 'index.mdx': '' });
    const files = new SiteFiles(new DiskSiteHost(root));
    assert.deepEqual(files.pageFiles, ['index.mdx']);
    assert.equal(files.has('drafts/wip.mdx'), false);
    assert.equal(files.has('index.mdx'), true);
    assert.equal(files.isIgnored(''), false);
  });

  it('list pages and snippets sorted by path, whatever order the folder gives them in', () => {
    const root = writeSite({ 'z.mdx': '', 'a/b.mdx': '', 'm.md': '', 'snippets/z.mdx': '', 'snippets/a.mdx': '' });
    const host = new DiskSiteHost(root);
    for (const path of ['snippets/m.mdx', 'b.mdx']) {
      writeFileSync(join(root, path), '');
      host.files.add(path);
    }
    const files = new SiteFiles(host);
    assert.deepEqual(files.pageFiles, ['a/b.mdx', 'b.mdx', 'm.md', 'z.mdx']);
    assert.deepEqual(files.snippetFiles, ['snippets/a.mdx', 'snippets/m.mdx', 'snippets/z.mdx']);
  });

  it('are current until a file comes or goes or .mintignore changes', () => {
    const root = writeSite({ 'index.mdx': '', '.mintignore': 'drafts/\n' });
    const host = new DiskSiteHost(root);
    const files = new SiteFiles(host);
    assert.equal(files.isCurrent(), true);
    writeFileSync(join(root, '.mintignore'), 'drafts/\nold/\n');
    assert.equal(files.isCurrent(), false, '.mintignore changed');
    const again = new SiteFiles(host);
    assert.equal(again.isCurrent(), true);
    host.files.add('new.mdx');
    assert.equal(again.isCurrent(), false, 'a file came');
  });
});
