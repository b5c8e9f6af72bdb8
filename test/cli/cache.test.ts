// `docsjson check --cache` reports exactly what a check without it reports. A run after one of
// the same files gives that check's kept report, reading no page's facts, and leaves the cache's
// file as it was; a run after any change of the files or of the options that make the report
// checks again, parsing none of the pages kept (DOCSJSON_STATS counts them): on a small site with
// every kind of page finding (and on each of the ten shared real sites, in sharedSites.test.ts).
// An edited page is parsed again; a corrupt cache, or one another version wrote, is read as empty;
// a check with a page cut short by the time limit is not kept.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { pageCacheFile } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { commitAll, git } from '../support/gitRepo';
import { checkWithStats, type CheckRun } from '../support/checkWithStats';
import { pageFindingCodes, pageFindingsSite, pageWithFindings, reportedCodes } from '../support/pageFindingsSite';
import { tempFolder } from '../support/tempFolder';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

/** The same report. */
function assertSameReport(run: CheckRun, cold: CheckRun, what: string): void {
  assert.equal(run.status, cold.status, what);
  assert.equal(run.stdout, cold.stdout, what);
}

const fixtureSite = () => pageFindingsSite(12);

const cacheFile = (root: string) => pageCacheFile(join(root, 'node_modules', '.cache', 'docsjson'));

/** Rewrites the cache's lines after its header, its header's hash of them kept true. */
function rewriteBody(file: string, change: (line: string) => string): void {
  const text = readFileSync(file, 'utf8');
  const body = text.slice(text.indexOf('\n') + 1).split('\n').map(change).join('\n');
  rewriteHeader(file, (header) => header, body);
}

/** Rewrites the cache's header (its body's hash kept true), as another version of docsjson would have written it. */
function rewriteHeader(file: string, change: (header: Record<string, unknown>) => Record<string, unknown>, newBody?: string): void {
  const text = readFileSync(file, 'utf8');
  const body = newBody ?? text.slice(text.indexOf('\n') + 1);
  const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify(change({ ...header, sha256: createHash('sha256').update(body).digest('base64url') }))}\n${body}`);
}

describe('docsjson check --cache', { timeout: 600_000 }, () => {
  test('reports what a check without the cache reports, and parses no page once every page is kept', () => {
    const root = fixtureSite();
    const cold = checkWithStats(root);
    assert.equal(cold.status, 1);
    const codes = reportedCodes(cold.stdout);
    for (const code of pageFindingCodes) assert.ok(codes.has(code), `the site has ${code}: ${[...codes].join(', ')}`);
    assert.equal(cold.parsed, 12);

    const first = checkWithStats(root, '--cache');
    assertSameReport(first, cold, 'the run that fills the cache');
    assert.deepEqual([first.parsed, first.stored], [12, 0]);
    assert.ok(existsSync(cacheFile(root)), 'kept in the site\'s node_modules/.cache/docsjson');

    const kept = { text: readFileSync(cacheFile(root), 'utf8'), stat: statSync(cacheFile(root)) };
    const warm = checkWithStats(root, '--cache');
    assertSameReport(warm, cold, 'the run that reads the cache');
    assert.deepEqual([warm.replayed, warm.parsed, warm.stored], [true, 0, 0]);
    const after = statSync(cacheFile(root));
    assert.equal(readFileSync(cacheFile(root), 'utf8'), kept.text, 'the run that only reads the cache leaves its bytes');
    assert.deepEqual([after.ino, after.mtimeMs], [kept.stat.ino, kept.stat.mtimeMs], 'and does not write it');
  });

  test('gives the kept report without loading the checker, and loads it for a site that changed', () => {
    const root = fixtureSite();
    checkWithStats(root, '--cache');
    const folder = tempFolder('docsjson-loaded-');
    const probe = join(folder, 'probe.js');
    const loaded = join(folder, 'loaded.txt');
    writeFileSync(probe, "const Module = require('module'); const compile = Module.prototype._compile; Module.prototype._compile = function (content, filename) { require('fs').appendFileSync(process.env.LOADED_FILE, filename + '\\n'); return compile.call(this, content, filename); };\n");
    const bundlesLoaded = () => {
      writeFileSync(loaded, '');
      const result = spawnSync(process.execPath, ['--require', probe, cli, 'check', '.', '--cache'], { cwd: root, encoding: 'utf8', env: { ...process.env, LOADED_FILE: loaded } });
      assert.equal(result.status, 1, result.stderr);
      // The bundles of dist/ (a package the bundles leave out, as js-yaml 3 leaves out esprima, is loaded from node_modules where there is one).
      return readFileSync(loaded, 'utf8').split('\n').filter(Boolean).map((file) => relative(join(cli, '..'), file)).filter((file) => !file.startsWith('..'));
    };
    assert.deepEqual(bundlesLoaded(), ['cli.js']);
    writeFileSync(join(root, 'page-4.mdx'), `${pageWithFindings(4)}\nMore.\n`);
    assert.deepEqual(bundlesLoaded(), ['cli.js', 'cliCommands.js']);
  });

  test('parses an edited page again, and reports it as a check without the cache does', () => {
    const root = fixtureSite();
    checkWithStats(root, '--cache');
    writeFileSync(join(root, 'page-4.mdx'), `${pageWithFindings(4)}\n<Frame>unclosed\n`);
    const edited = checkWithStats(root, '--cache');
    assert.deepEqual([edited.replayed, edited.parsed, edited.stored], [false, 1, 11]);
    const cold = checkWithStats(root);
    assertSameReport(edited, cold, 'after the edit');
    assert.match(cold.stdout, /"path":"page-4\.mdx"[^\]]*mdx\/syntax/, 'the edit is a syntax error of page-4');
    const again = checkWithStats(root, '--cache');
    assertSameReport(again, cold, 'the run after the edit');
    assert.equal(again.replayed, true);
  });

  test('checks again, reading every page from the cache, after a change of the files or of the options that make the report', () => {
    const root = fixtureSite();
    const config = join(tempFolder('docsjson-config-'), 'docsjson.config.json');
    writeFileSync(config, JSON.stringify({ rules: { 'a11y/image-alt': 'error' } }));
    const changes: [string, () => void, string[]][] = [
      ['a file added that no rule reads', () => writeFileSync(join(root, 'notes.txt'), 'n'), []],
      ['docs.json written otherwise', () => writeFileSync(join(root, 'docs.json'), `${readFileSync(join(root, 'docs.json'), 'utf8')}\n`), []],
      ['a page that a link leads to added', () => writeFileSync(join(root, 'page-12.mdx'), '# Twelve\n'), []],
      ['a config file that a rule reads', () => writeFileSync(join(root, 'docsjson.config.json'), JSON.stringify({ rules: { 'component/unknown': 'off' } })), []],
      ['the config file given on the command line', () => {}, ['--config', config]],
      ['its text changed', () => writeFileSync(config, JSON.stringify({ rules: { 'a11y/image-alt': 'off' } })), ['--config', config]],
      ['another time limit for a page', () => {}, ['--parse-time-limit', '100']],
    ];
    checkWithStats(root, '--cache');
    for (const [what, change, args] of changes) {
      change();
      const cold = checkWithStats(root, ...args);
      const run = checkWithStats(root, '--cache', ...args);
      assertSameReport(run, cold, what);
      assert.deepEqual([run.replayed, run.parsed], [false, what.startsWith('a page') ? 1 : 0], what);
      assert.ok(run.stored >= 12, `${what}: ${run.stored} pages from the cache`);
      const again = checkWithStats(root, '--cache', ...args);
      assertSameReport(again, cold, `${what}: the run after`);
      assert.equal(again.replayed, true, `${what}: the run after`);
    }
  });

  test('gives a kept report with the paths printed as this run prints them', () => {
    const root = fixtureSite();
    const parent = join(root, '..');
    const site = relative(parent, root);
    checkWithStats(root, '--cache');
    for (const format of ['text', 'sarif', 'github']) {
      const args = [cli, 'check', site, '--format', format];
      const env = { ...process.env, GITHUB_WORKSPACE: '', GITHUB_STEP_SUMMARY: '', DOCSJSON_STATS: '1' };
      const cold = spawnSync(process.execPath, args, { cwd: parent, encoding: 'utf8', env });
      const kept = spawnSync(process.execPath, [...args, '--cache'], { cwd: parent, encoding: 'utf8', env });
      assert.match(kept.stderr, /the report of a check of the same files/, format);
      assert.deepEqual([kept.status, kept.stdout], [cold.status, cold.stdout], format);
      assert.ok(kept.stdout.includes(`${site}/page-4.mdx`), `${format}: ${kept.stdout.slice(0, 400)}`);
    }
  });

  test('gives a kept report with the places a problem relates to, in other files, printed as this run prints them', () => {
    const root = copyOfFixtureSite('base-path');
    const parent = join(root, '..');
    const site = relative(parent, root);
    const args = [cli, 'check', site, '--format', 'json', '--cache'];
    const env = { ...process.env, DOCSJSON_STATS: '1' };
    const cold = spawnSync(process.execPath, args, { cwd: parent, encoding: 'utf8', env });
    const kept = spawnSync(process.execPath, args, { cwd: parent, encoding: 'utf8', env });
    assert.match(kept.stderr, /the report of a check of the same files/);
    assert.deepEqual([kept.status, kept.stdout], [cold.status, cold.stdout]);
    const related = (JSON.parse(kept.stdout) as { files: { diagnostics: { related?: { path: string }[] }[] }[] }).files.flatMap((file) => file.diagnostics.flatMap((d) => d.related ?? []));
    assert.ok(related.length >= 3, kept.stdout);
    for (const place of related) assert.ok(place.path.startsWith(`${site}/`), place.path);
  });

  test('checks again when the kept report is of another shape, and does not keep a check with a page cut short by the time limit', () => {
    const root = fixtureSite();
    const cold = checkWithStats(root);
    checkWithStats(root, '--cache');
    rewriteBody(cacheFile(root), (line) => line.replace(/"pages":(\d+)/, '"pages":"$1"'));
    const run = checkWithStats(root, '--cache');
    assertSameReport(run, cold, 'a kept report of another shape');
    assert.deepEqual([run.replayed, run.parsed, run.stored], [false, 0, 12]);

    writeFileSync(join(root, 'page-5.mdx'), `${'*a'.repeat(60_000)}\n`);
    const slow = checkWithStats(root, '--cache', '--parse-time-limit', '1');
    assert.match(slow.stdout, /"path":"page-5\.mdx"[^\]]*mdx\/too-slow/);
    const again = checkWithStats(root, '--cache', '--parse-time-limit', '1');
    assert.deepEqual([again.replayed, again.parsed], [false, 1], 'the slow page is read again');
    assertSameReport(again, slow, 'the run after');
  });

  test('checks with --fix-dry-run, --base or --offline, which read more than the files, rather than give a kept report', () => {
    const root = fixtureSite();
    git(root, 'init', '-q');
    commitAll(root, 'pages');
    checkWithStats(root, '--cache');
    for (const args of [['--fix-dry-run'], ['--base', 'HEAD'], ['--offline']]) {
      const run = checkWithStats(root, '--cache', ...args);
      assert.equal(run.replayed, false, args.join(' '));
    }
  });

  test('reads a corrupt cache, or one another version wrote, as empty', () => {
    const root = fixtureSite();
    const cold = checkWithStats(root);
    checkWithStats(root, '--cache');
    const kept = readFileSync(cacheFile(root), 'utf8');
    const corruptions: [string, () => void][] = [
      // Facts that would still read, but of another component: the body no longer hashes to its header's.
      ['a body that no longer hashes to its header', () => writeFileSync(cacheFile(root), kept.replaceAll('"Accordion"', '"Accordian"'))],
      ['a cut file', () => writeFileSync(cacheFile(root), kept.slice(0, kept.length / 2))],
      ['a file of something else', () => writeFileSync(cacheFile(root), '\u0000\u0001 not a cache')],
      ['the cache of another version of docsjson', () => rewriteHeader(cacheFile(root), (header) => ({ ...header, stack: 'another-version' }))],
      ['the cache of another version of the format', () => rewriteHeader(cacheFile(root), (header) => ({ ...header, version: Number(header.version) + 1 }))],
    ];
    for (const [what, corrupt] of corruptions) {
      writeFileSync(cacheFile(root), kept);
      corrupt();
      const run = checkWithStats(root, '--cache');
      assertSameReport(run, cold, what);
      assert.deepEqual([run.parsed, run.stored], [12, 0], what);
      assert.deepEqual([checkWithStats(root, '--cache').parsed], [0], `${what}: written anew`);
    }
  });

  test('keeps the cache in the folder --cache-location names', () => {
    const root = fixtureSite();
    const folder = join(tempFolder('docsjson-cache-'), 'ci-cache');
    checkWithStats(root, '--cache-location', folder);
    assert.deepEqual(readdirSync(folder), ['page-facts']);
    assert.ok(!existsSync(cacheFile(root)));
    assert.deepEqual([checkWithStats(root, '--cache', '--cache-location', folder).parsed], [0]);
  });

  test('says so when the cache cannot be written, and reports all the same', () => {
    const root = fixtureSite();
    const cold = checkWithStats(root);
    const file = join(tempFolder('docsjson-cache-'), 'a-file');
    writeFileSync(file, '');
    // Under /proc, Node's own recursive mkdirSync never returns.
    for (const location of [join(file, 'cache'), '/proc/docsjson-cache/pages']) {
      const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json', '--cache-location', location], { cwd: root, encoding: 'utf8', timeout: 120_000 });
      assert.deepEqual([result.status, result.stdout], [cold.status, cold.stdout], location);
      assert.match(result.stderr, /^docsjson: the page cache could not be written to .*: the next run parses these pages again$/m, location);
    }
  });
});
