import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const docsJson = `{
  "name": "A",
  "navigation": {
    "groups": [
      { "group": "Start", "pages": ["index", "guides/setup", "/guides/deploy"] }
    ]
  }
}
`;

function site(extra: Record<string, string> = {}): string {
  return writeSite({ 'docs.json': docsJson, 'index.mdx': '# Home\n', 'guides/setup.mdx': '# Setup\n', 'guides/deploy.md': '# Deploy\n', ...extra });
}

test('mv moves a page and its docs.json entries follow; nothing else in docs.json changes', () => {
  const root = site();
  const { code, stdout, stderr } = run(['mv', 'guides/setup.mdx', 'start/install.mdx'], root);
  assert.equal(code, 0, stderr);
  assert.ok(existsSync(join(root, 'start', 'install.mdx')));
  assert.ok(!existsSync(join(root, 'guides', 'setup.mdx')));
  assert.equal(readFileSync(join(root, 'docs.json'), 'utf8'), docsJson.replace('"guides/setup"', '"start/install"'));
  assert.match(stdout, /^Moved guides\/setup\.mdx to start\/install\.mdx\n {2}docs\.json: 1 change\n$/);
});

test('mv takes a page without its extension, and a folder; a leading slash in an entry stays', () => {
  const root = site();
  assert.equal(run(['mv', 'guides/deploy', 'guides/ship'], root).code, 0);
  assert.ok(existsSync(join(root, 'guides', 'ship.md')), 'the page keeps its extension');
  assert.equal(run(['mv', 'guides', 'tutorials'], root).code, 0);
  assert.equal(readFileSync(join(root, 'docs.json'), 'utf8'), docsJson.replace('"guides/setup"', '"tutorials/setup"').replace('"/guides/deploy"', '"/tutorials/ship"'));
});

test('mv updates every link to the moved page in every page: anchored, relative, images and imports; nothing else', () => {
  const root = site({
    'index.mdx': '# Home\n\nSee [setup](/guides/setup#install), [setup again](./guides/setup) and <Card href="/guides/setup" title="Setup" />.\n\n[Elsewhere](https://example.com/guides/setup)\n',
    'guides/deploy.md': '# Deploy\n\nAfter [setup](./setup).\n',
    'guides/setup.mdx': '# Setup\n\nBack [home](../index) or to [deploy](./deploy#top).\n',
  });
  const { code, stdout } = run(['mv', 'guides/setup.mdx', 'start/now/install.mdx'], root);
  assert.equal(code, 0);
  assert.equal(readFileSync(join(root, 'index.mdx'), 'utf8'), '# Home\n\nSee [setup](/start/now/install#install), [setup again](./start/now/install) and <Card href="/start/now/install" title="Setup" />.\n\n[Elsewhere](https://example.com/guides/setup)\n');
  assert.equal(readFileSync(join(root, 'guides', 'deploy.md'), 'utf8'), '# Deploy\n\nAfter [setup](../start/now/install).\n');
  assert.equal(readFileSync(join(root, 'start', 'now', 'install.mdx'), 'utf8'), '# Setup\n\nBack [home](../../index) or to [deploy](../../guides/deploy#top).\n', 'its own relative links, from its new folder');
  assert.match(stdout, /index\.mdx: 3 changes/);
});

test('mv --redirect adds a redirect from the old address', () => {
  const root = site();
  const { code, stdout } = run(['mv', 'guides/setup.mdx', 'start/install.mdx', '--redirect'], root);
  assert.equal(code, 0);
  const moved = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
  assert.deepEqual(moved.redirects, [{ source: '/guides/setup', destination: '/start/install' }]);
  assert.match(stdout, /redirect added: \/guides\/setup -> \/start\/install/);
  assert.equal(run(['mv', 'guides', 'tutorials', '--redirect'], root).code, 0);
  assert.deepEqual(JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8')).redirects.at(-1), { source: '/guides/:slug*', destination: '/tutorials/:slug*' });
});

test('mv refuses what it cannot do, with exit 2 and a reason, and changes nothing', () => {
  const root = site();
  const cases: [string[], RegExp][] = [
    [['mv', 'nowhere.mdx', 'x.mdx'], /no such file or folder/],
    [['mv', 'guides/setup.mdx', 'index.mdx'], /already exists/],
    [['mv', 'guides/setup.mdx', '../outside.mdx'], /outside the site/],
    [['mv', 'guides', 'guides/inner'], /into itself/],
    [['mv', 'docs.json', 'config.json'], /not a page or folder of the site/],
    [['mv', 'guides/setup.mdx'], /two paths/],
  ];
  for (const [args, message] of cases) {
    const { code, stderr } = run(args, root);
    assert.equal(code, 2, args.join(' '));
    assert.match(stderr, message);
  }
  assert.equal(readFileSync(join(root, 'docs.json'), 'utf8'), docsJson);
  assert.ok(existsSync(join(root, 'guides', 'setup.mdx')));
});

test('mv outside any site says so', () => {
  const root = writeSite({ 'page.mdx': '' });
  const { code, stderr } = run(['mv', 'page.mdx', 'other.mdx'], root);
  assert.equal(code, 2);
  assert.match(stderr, /no docs\.json/);
});
