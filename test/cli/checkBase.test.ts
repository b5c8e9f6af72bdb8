import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { commitAll, git } from '../support/gitRepo';
import { materialiseSite } from '../support/sites';
import { tempFolder } from '../support/tempFolder';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `run` with the page cache kept in a folder of its own (outside the repository, so that git sees
 * no new file): the pages a check read before, at the base or in the working tree, are not parsed
 * again. The cache's own tests hold its report equal to a check without it.
 */
function cachedRunner(): (args: string[], cwd: string) => ReturnType<typeof run> {
  const location = tempFolder('docsjson-base-cache-');
  return (args, cwd) => run([...args, '--cache-location', location], cwd);
}

interface JsonReport {
  base?: { ref: string; existing: number };
  files: { path: string; existing?: number; diagnostics: { line: number; code: string; message: string; severity: string }[] }[];
}

/** A copy of the real upstash site (docs.json at the top) committed on main, with a second branch's edits in the working tree. */
function upstashRepository(): string {
  const repo = tempFolder('docsjson-base-');
  cpSync(materialiseSite('upstash+docs'), repo, { recursive: true });
  commitAll(repo, 'The site as it is', true);
  return repo;
}

function edit(repo: string, file: string, change: (text: string) => string): void {
  writeFileSync(join(repo, file), change(readFileSync(join(repo, file), 'utf8')));
}

/** Inserts lines just after a page's frontmatter, above everything the page says. */
function insertAfterFrontmatter(text: string, lines: string): string {
  const end = text.indexOf('\n---\n', 4) + 5;
  return text.slice(0, end) + lines + text.slice(end);
}

test('check --base reports exactly the problems a change adds: lines added above old ones and a renamed page stay silent', () => {
  const repo = upstashRepository();
  const cached = cachedRunner();
  const before = JSON.parse(cached(['check', '--format', 'json'], repo).stdout) as JsonReport;
  const problemsOf = (report: JsonReport, path: string) => report.files.find((f) => f.path === path)?.diagnostics ?? [];
  assert.ok(problemsOf(before, 'redis/integrations/celery.mdx').length > 0, 'the page given new lines above its problems has some at main');
  const renamedPageProblems = problemsOf(before, 'box/overall/quickstart.mdx').length;
  assert.ok(renamedPageProblems > 0, 'the renamed page has problems at main');

  // Lines above the old problems of two pages (and of docs.json, whose old problems move down with them).
  edit(repo, 'redis/integrations/celery.mdx', (text) => insertAfterFrontmatter(text, '\nA new paragraph\nover two lines.\n'));
  edit(repo, 'workflow/changelog.mdx', (text) => insertAfterFrontmatter(text, '\n## A new heading\n\nNew text.\n'));
  // The page with problems renamed, its docs.json entry and the links to it updated.
  git(repo, 'mv', 'box/overall/quickstart.mdx', 'box/overall/getting-started.mdx');
  for (const file of git(repo, 'grep', '-l', 'box/overall/quickstart').trim().split('\n')) edit(repo, file, (text) => text.replaceAll('box/overall/quickstart', 'box/overall/getting-started'));
  // Two new problems: a link to nowhere on a page, and a page entry without a page.
  edit(repo, 'redis/integrations/bullmq.mdx', (text) => insertAfterFrontmatter(text, '\nSee [the queue guide](/redis/queues-guide).\n'));
  edit(repo, 'docs.json', (text) => text.replace('"box/overall/getting-started",', '"box/overall/getting-started",\n              "box/overall/pricing-plans",'));
  const statusBefore = git(repo, 'status', '--porcelain');

  const all = JSON.parse(cached(['check', '--format', 'json'], repo).stdout) as JsonReport;
  const total = all.files.reduce((sum, f) => sum + f.diagnostics.length, 0);
  assert.equal(problemsOf(all, 'box/overall/getting-started.mdx').length, renamedPageProblems, 'the renamed page keeps its problems');

  // Without the cache: every page parsed, in the working tree and at the base.
  const text = run(['check', '--base', 'main'], repo);
  assert.equal(text.code, 1, text.stderr);
  const lines = text.stdout.trim().split('\n');
  assert.deepEqual(lines.slice(0, -2), [
    'docs.json:2029:15  error  Page "box/overall/pricing-plans" not found: there is no box/overall/pricing-plans.mdx or box/overall/pricing-plans.md  ref/missing-page',
    `redis/integrations/bullmq.mdx:6:23  error  Link "/redis/queues-guide" leads nowhere: no page, generated page, file or redirect is at /redis/queues-guide  link/missing-page`,
  ]);
  assert.equal(lines.at(-1), `2 new problems (${total - 2} already at main, not shown): 2 errors, 0 warnings; 1 docs.json file and 1278 pages checked`);

  const json = cached(['check', '--base', 'main', '--format', 'json'], repo);
  assert.equal(json.code, 1);
  const report = JSON.parse(json.stdout) as JsonReport;
  assert.deepEqual(report.base, { ref: 'main', existing: total - 2 });
  const added = report.files.flatMap((f) => f.diagnostics.map((d) => `${f.path}:${d.line} ${d.code}`));
  assert.deepEqual(added, ['docs.json:2029 ref/missing-page', 'redis/integrations/bullmq.mdx:6 link/missing-page']);
  const existing = Object.fromEntries(report.files.map((f) => [f.path, f.existing]));
  assert.equal(existing['box/overall/getting-started.mdx'], renamedPageProblems, 'the renamed page: its old problems, counted under its new name');
  assert.equal(existing['redis/integrations/celery.mdx'], 2);
  assert.equal(existing['redis/integrations/bullmq.mdx'], problemsOf(before, 'redis/integrations/bullmq.mdx').length);
  assert.equal(report.files.reduce((sum, f) => sum + (f.existing ?? 0), 0), total - 2);

  const github = cached(['check', '--base', 'main', '--format', 'github'], repo);
  assert.equal(github.code, 1);
  const annotations = github.stdout.split('\n').filter((line) => line.startsWith('::'));
  assert.deepEqual(
    annotations.map((line) => line.slice(0, line.indexOf(',endLine'))),
    ['::error file=docs.json,line=2029', '::error file=redis/integrations/bullmq.mdx,line=6'],
  );
  assert.match(github.stdout, /\n2 new problems \(\d+ already at main, not shown\)/);

  assert.equal(git(repo, 'status', '--porcelain'), statusBefore, 'the working tree and the index are as they were');
  assert.equal(git(repo, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'main');
});

test('check --base: the exit code and --max-warnings count new problems only', () => {
  const repo = upstashRepository();
  const cached = cachedRunner();
  const plain = cached(['check'], repo);
  assert.equal(plain.code, 1, 'the site has errors at main');
  const unchanged = cached(['check', '--base', 'main', '--max-warnings', '0'], repo);
  assert.equal(unchanged.code, 0, 'no new problem: exit 0 although old errors and warnings remain');
  assert.match(unchanged.stdout.trim(), /^No new problems \(\d+ already at main, not shown\); 1 docs\.json file and 1278 pages checked$/);

  edit(repo, 'redis/integrations/bullmq.mdx', (text) => insertAfterFrontmatter(text, '\nSee [pricing](/redis/overall/pricing#no-such-section).\n'));
  const warned = cached(['check', '--base', 'main'], repo);
  assert.equal(warned.code, 0, 'one new warning, and warnings fail only past --max-warnings');
  assert.match(warned.stdout, /^redis\/integrations\/bullmq\.mdx:6:\d+ {2}warning {2}"#no-such-section" is not an anchor/m);
  const tooMany = cached(['check', '--base', 'main', '--max-warnings', '0'], repo);
  assert.equal(tooMany.code, 1);
  assert.equal(tooMany.stdout.trim().split('\n').at(-1), 'Too many warnings: 1, more than --max-warnings 0 allows');
});

test('check --base: a site whose docs.json was not there at the base reports all its problems as new', () => {
  const repo = tempFolder('docsjson-base-new-');
  const cached = cachedRunner();
  writeFileSync(join(repo, 'README.md'), 'A repository before its docs.\n');
  const first = commitAll(repo, 'Start', true);
  mkdirSync(join(repo, 'docs'));
  cpSync(materialiseSite('upstash+docs'), join(repo, 'docs'), { recursive: true });
  const plain = JSON.parse(cached(['check', 'docs', '--format', 'json'], repo).stdout) as JsonReport;
  const total = plain.files.reduce((sum, f) => sum + f.diagnostics.length, 0);
  const based = cached(['check', 'docs', '--base', first, '--format', 'json'], repo);
  const report = JSON.parse(based.stdout) as JsonReport;
  assert.equal(report.files.reduce((sum, f) => sum + f.diagnostics.length, 0), total);
  assert.deepEqual(report.base, { ref: first, existing: 0 });
  assert.equal(based.code, 1);
  commitAll(repo, 'The docs');
  const again = cached(['check', '--base', 'HEAD'], join(repo, 'docs'));
  assert.equal(again.code, 0, 'from the site\'s folder below the top of the repository, the same site at HEAD has them all');
  assert.equal(again.stdout.trim(), `No new problems (${total} already at HEAD, not shown); 1 docs.json file and 1278 pages checked`);
});

test('check --base: an unknown ref, a folder outside git and a shallow clone without the base exit 2 with one line saying what to do', () => {
  const repo = upstashRepository();
  const unknown = run(['check', '--base', 'no-such-branch'], repo);
  assert.equal(unknown.code, 2);
  assert.equal(unknown.stdout, '');
  assert.equal(unknown.stderr, 'docsjson: no commit "no-such-branch" in this repository: name a branch, tag or commit that exists (git fetch origin first if it is a remote branch)\n');

  const outside = tempFolder('docsjson-no-git-');
  writeFileSync(join(outside, 'docs.json'), readFileSync(join(repo, 'docs.json')));
  const notRepo = spawnSync(process.execPath, [cli, 'check', '--base', 'main'], { cwd: outside, encoding: 'utf8', env: { ...process.env, GIT_CEILING_DIRECTORIES: join(outside, '..') } });
  assert.equal(notRepo.status, 2);
  assert.equal(notRepo.stderr, `docsjson: --base compares with a git commit, but ${outside} is not in a git repository: run it inside a clone of the site's repository, or leave out --base\n`);

  edit(repo, 'redis/integrations/bullmq.mdx', (text) => `${text}\nMore.\n`);
  commitAll(repo, 'A second commit');
  const clone = join(tempFolder('docsjson-shallow-'), 'clone');
  git(repo, 'clone', '-q', '--depth', '1', `file://${repo}`, clone);
  const shallow = run(['check', '--base', 'HEAD~1'], clone);
  assert.equal(shallow.code, 2);
  assert.equal(shallow.stderr, 'docsjson: the base "HEAD~1" is not in this shallow clone: fetch it (git fetch origin HEAD~1), or clone with the whole history (in GitHub Actions, actions/checkout with fetch-depth: 0)\n');
});

test('check --base: a blob larger than a check reads in the base commit is never read (its size is asked first), and a note says so', () => {
  const repo = tempFolder('docsjson-base-bomb-');
  writeFileSync(join(repo, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { groups: [{ group: 'G', pages: ['index', 'big'] }] } }));
  writeFileSync(join(repo, 'index.mdx'), '# Home\n');
  writeFileSync(join(repo, 'big.mdx'), Buffer.alloc(80 * 1024 * 1024, 'a'));
  const base = commitAll(repo, 'A page of 80 MB', true);
  const bigBlob = git(repo, 'rev-parse', `${base}:big.mdx`).trim();
  writeFileSync(join(repo, 'big.mdx'), '# Big\n');
  // git, with what `cat-file --batch` is asked to read (the contents of blobs) written down.
  const bin = tempFolder('docsjson-git-log-');
  const log = join(bin, 'read.log');
  writeFileSync(log, '');
  const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nif [ "$1" = cat-file ] && [ "$2" = --batch ]; then tee -a '${log}' | '${realGit}' "$@"; else exec '${realGit}' "$@"; fi\n`, { mode: 0o755 });
  const result = spawnSync(process.execPath, [cli, 'check', '--base', base, '--format', 'json'], { cwd: repo, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
  assert.equal(result.status, 0, result.stderr + result.stdout);
  const read = readFileSync(log, 'utf8');
  assert.ok(read.includes(git(repo, 'rev-parse', `${base}:index.mdx`).trim()), 'the other pages are read');
  assert.ok(!read.includes(bigBlob), 'the large blob is never read');
  const report = JSON.parse(result.stdout) as JsonReport & { notes?: string[] };
  assert.deepEqual(report.notes, [`big.mdx at ${base.slice(0, 7)} is 80 MB, more than the 64 MB a check reads of a file: it was not read`]);
});
