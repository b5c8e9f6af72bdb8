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

test('in JSON, the one problem lists every other place written with the base path', () => {
  const root = copyOfFixtureSite('base-path');
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json'], { cwd: root, encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { files: { path: string; diagnostics: { code: string; line: number; related?: { path: string; line: number; column: number; message: string }[] }[] }[] };
  const [told] = report.files.flatMap((file) => file.diagnostics.filter((d) => d.code === 'link/base-path').map((d) => ({ path: file.path, ...d })));
  assert.equal(`${told.path}:${told.line}`, 'docs.json:12');
  assert.deepEqual(
    told.related?.map(({ path, line, column, message }) => `${path}:${line}:${column} ${message}`),
    [
      'docs.json:12:17 "/docs/getting-started" is "/getting-started"',
      'docs.json:13:48 "/docs/guides/setup" is "/guides/setup"',
      'guides/setup.mdx:7:26 "/docs/quickstart#first-steps" is "/quickstart#first-steps"',
      'quickstart.mdx:5:40 "/docs/guides/setup" is "/guides/setup"',
      'quickstart.mdx:7:28 "/docs/guides/deploy" is "/guides/deploy"',
    ],
  );
});
