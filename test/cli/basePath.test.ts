import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { copyOfFixtureSite } from '../support/fixtureSite';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

/*
 * The fixture site writes its base path ("/docs") into two redirects, two links and a card's href:
 * `docsjson check` tells the cause once, where the first of them is, and every other problem
 * (a link broken for another cause) as before.
 */
test('redirects and links written with the base path: the cause printed once, with the fix', () => {
  const root = copyOfFixtureSite('base-path');
  const result = spawnSync(process.execPath, [cli, 'check', '.'], { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  assert.equal(
    result.stdout,
    [
      'docs.json:12:57  error  2 redirects and 3 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)  link/base-path',
      'guides/setup.mdx:9:20  error  Link "/guides/faq" leads nowhere: no page, generated page, file or redirect is at /guides/faq  link/missing-page',
      '',
      '1 docs.json file and 3 pages checked: 2 errors, 0 warnings',
      '',
    ].join('\n'),
  );
});
