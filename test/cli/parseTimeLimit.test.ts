// `docsjson check` on a site holding pages the platform's parser reads in super-linear time (120 KB
// of `*a`, 20,000 nested block quotes): each parse has a time limit, so the check ends soon after it,
// with one problem on each such page and every other page's findings; with one worker or several.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { commitAll, git } from '../support/gitRepo';
import { loadScaled } from '../support/loadScaled';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
const limitSeconds = 3;
/** The most a check with both slow pages may take: the limit for each, and the start of the process and its workers, longer on a loaded machine (without the limit: minutes). */
const allowedSeconds = () => 2 * limitSeconds + loadScaled(30_000) / 1000;

function site(): string {
  return writeSite({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: ['emphasis', 'quotes', 'normal'] } }),
    'emphasis.mdx': '*a'.repeat(60_000) + '\n',
    'quotes.mdx': '>'.repeat(20_000) + ' deep\n',
    'normal.mdx': '---\ntitle: Normal\n---\n\nA line<br>\n',
  });
}

interface Finding {
  path: string;
  code: string;
  message: string;
}

describe('docsjson check --parse-time-limit', { timeout: loadScaled(180_000) }, () => {
  for (const workers of ['0', '1', '2']) {
    test(`reports the pages over the limit and checks the others, within the limit, with --workers ${workers}`, () => {
      const started = performance.now();
      const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json', '--workers', workers, '--parse-time-limit', String(limitSeconds)], { cwd: site(), encoding: 'utf8' });
      const seconds = (performance.now() - started) / 1000;
      assert.equal(result.status, 1, result.stderr);
      const findings: Finding[] = (JSON.parse(result.stdout) as { files: { path: string; diagnostics: { code: string; message: string }[] }[] }).files.flatMap((file) =>
        file.diagnostics.map((d) => ({ path: file.path, code: d.code, message: d.message })),
      );
      const on = (path: string) => findings.filter((finding) => finding.path === path).map(({ code, message }) => `${code} ${message}`);
      assert.deepEqual(on('emphasis.mdx'), [`mdx/too-slow This page takes too long to read (over ${limitSeconds} s): the platform's build may time out on it. Its components and images are not checked`]);
      // Its parse outlasts the limit on most machines; where it does not, its walk may overflow the stack: either way, one problem.
      assert.equal(on('quotes.mdx').length, 1, on('quotes.mdx').join('\n'));
      assert.match(on('quotes.mdx')[0], /^(mdx\/too-slow|page\/check-failed) /);
      assert.deepEqual(on('normal.mdx'), ['mdx/syntax `<br>` must be closed in MDX: write `<br />` (the page does not build)']);
      assert.ok(seconds < allowedSeconds(), `the check took ${seconds.toFixed(1)} s`);
      console.log(`--workers ${workers}: ${seconds.toFixed(1)} s`);
    });
  }

  test('check --base reads the pages at the base commit in workers within the limit too: the slow page there costs the limit, not minutes', () => {
    const root = site();
    commitAll(root, 'The slow pages', true);
    // The working tree: the slow pages gone, a new broken link.
    git(root, 'rm', '-q', 'emphasis.mdx', 'quotes.mdx');
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: ['normal'] } }));
    writeFileSync(join(root, 'normal.mdx'), '---\ntitle: Normal\n---\n\nA line<br>\n\nSee [nowhere](/nowhere).\n');
    const started = performance.now();
    const result = spawnSync(process.execPath, [cli, 'check', '.', '--base', 'HEAD', '--parse-time-limit', String(limitSeconds)], { cwd: root, encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /^normal\.mdx:7:\d+ +error +Link "\/nowhere" leads nowhere/m);
    assert.match(result.stdout, /1 new problem \(1 already at HEAD, not shown\)/);
    assert.ok(seconds < allowedSeconds(), `the check took ${seconds.toFixed(1)} s`);
  });

  test('says what --parse-time-limit takes', () => {
    const result = spawnSync(process.execPath, [cli, 'check', '.', '--parse-time-limit', 'soon'], { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--parse-time-limit takes a number of seconds above 0, not "soon"/);
  });
});
