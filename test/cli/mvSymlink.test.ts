// docsjson mv compares real paths: a folder of the site that is a symbolic link out of it is
// outside the site, as the source or the destination of a move.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';
import { tempFolder } from '../support/tempFolder';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
const docsJson = '{ "name": "A", "navigation": { "pages": ["a", "inside/b"] } }\n';

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A site with a.mdx, inside/b.mdx and `linked`, a symbolic link to a folder out of the site holding c.mdx. */
function siteWithLink(): { root: string; outside: string } {
  const root = writeSite({ 'docs.json': docsJson, 'a.mdx': '# A\n', 'inside/b.mdx': '# B\n' });
  const outside = tempFolder('docsjson-outside-');
  writeFileSync(join(outside, 'c.mdx'), '# C\n');
  symlinkSync(outside, join(root, 'linked'), 'dir');
  return { root, outside };
}

test('mv refuses to move a page into a folder that links out of the site, and changes nothing', () => {
  const { root, outside } = siteWithLink();
  for (const target of ['linked/a', 'linked/sub/a.mdx']) {
    const { code, stderr } = run(['mv', 'a', target], root);
    assert.equal(code, 2, target);
    assert.match(stderr, /linked\/.* is outside the site at .*symbolic link out of the site/);
  }
  assert.ok(existsSync(join(root, 'a.mdx')), 'the page stayed');
  assert.deepEqual(readdirSync(outside), ['c.mdx'], 'nothing was written out of the site');
  assert.equal(readFileSync(join(root, 'docs.json'), 'utf8'), docsJson);
});

test('mv refuses to move a page that lies out of the site behind a link', () => {
  const { root, outside } = siteWithLink();
  const { code, stderr } = run(['mv', 'linked/c.mdx', 'c.mdx'], root);
  assert.equal(code, 2);
  assert.match(stderr, /linked\/c\.mdx is outside the site/);
  assert.ok(existsSync(join(outside, 'c.mdx')));
});

test('mv still moves pages within the site, into new folders', () => {
  const { root } = siteWithLink();
  const { code, stderr } = run(['mv', 'a', 'inside/new/a'], root);
  assert.equal(code, 0, stderr);
  assert.ok(existsSync(join(root, 'inside/new/a.mdx')));
  assert.match(readFileSync(join(root, 'docs.json'), 'utf8'), /"inside\/new\/a"/);
});
