// The pre-commit hooks (.pre-commit-hooks.yaml) run as pre-commit runs them: the hook's entry with
// the staged files its `files` pattern matches, in the repository's folder (the CLI of dist/ stands
// for the installed `docsjson`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { commitAll, git } from '../support/gitRepo';
import { tempFolder } from '../support/tempFolder';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
  pass_filenames?: boolean;
}

const hooks = parse(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

function write(folder: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

/** What pre-commit runs for a hook on the staged files: its entry, then the files its pattern matches. */
function runHook(hook: Hook, repo: string) {
  const staged = git(repo, 'diff', '--cached', '--name-only').split('\n').filter(Boolean);
  const files = staged.filter((file) => new RegExp(hook.files).test(file));
  const [command, ...args] = hook.entry.split(' ');
  assert.equal(command, 'docsjson');
  const result = spawnSync(process.execPath, [cli, ...args, ...(hook.pass_filenames === false ? [] : files)], { cwd: repo, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, files };
}

function repoWithSite(): string {
  const repo = tempFolder('docsjson-pre-commit-');
  write(repo, {
    'README.md': '# The product\n',
    'docs/docs.json': JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#000000' }, navigation: { pages: ['intro', 'guide'] } }),
    'docs/intro.mdx': '# Intro\n\nAn old [broken link](/gone).\n',
    'docs/guide.mdx': '# Guide\n',
  });
  commitAll(repo, 'The site', true);
  return repo;
}

test('the hooks run the node package\'s docsjson check on the changed docs files', () => {
  assert.deepEqual(hooks.map((hook) => hook.id), ['docsjson-check', 'docsjson-check-all']);
  for (const hook of hooks) {
    assert.equal(hook.language, 'node');
    assert.match(hook.entry, /^docsjson check\b/);
    for (const file of ['docs/a.mdx', 'docs/a.md', 'docs/docs.json', 'api/openapi.yaml', 'api/openapi.yml']) assert.match(file, new RegExp(hook.files), file);
    assert.doesNotMatch('media/logo.png', new RegExp(hook.files));
  }
});

test('docsjson-check fails a commit on the problems it adds to the site of its files, not on the old ones', () => {
  const repo = repoWithSite();
  const hook = hooks.find((candidate) => candidate.id === 'docsjson-check')!;
  write(repo, { 'docs/guide.mdx': '# Guide\n\nA [new broken link](/nowhere).\n', 'README.md': '# The product, renamed\n' });
  git(repo, 'add', '-A');
  const added = runHook(hook, repo);
  assert.deepEqual(added.files, ['README.md', 'docs/guide.mdx']);
  assert.equal(added.code, 1, added.stdout + added.stderr);
  assert.match(added.stdout, /^docs\/guide\.mdx:3:\d+ +error +Link "\/nowhere" leads nowhere/m);
  assert.match(added.stdout, /1 new problem \(1 already at HEAD, not shown\)/);
  assert.equal(added.stderr, 'docsjson: README.md is in no site (no docs.json in the folders above it): not checked\n');

  git(repo, 'reset', '-q', '--hard');
  write(repo, { 'docs/guide.mdx': '# Guide\n\nSee [the intro](/intro).\n' });
  git(repo, 'add', '-A');
  const clean = runHook(hook, repo);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /^No new problems \(1 already at HEAD, not shown\)/m);
});

test('a commit of files in no site passes with a line that says there was nothing to check; docsjson-check-all reports the old problems too', () => {
  const repo = repoWithSite();
  write(repo, { 'README.md': '# Renamed\n', 'notes/todo.md': '- [ ] docs\n' });
  git(repo, 'add', '-A');
  const outside = runHook(hooks[0], repo);
  assert.equal(outside.code, 0, outside.stderr);
  assert.equal(outside.stdout, 'No site to check: none of the files given has a docs.json in the folders above it\n');

  git(repo, 'reset', '-q', '--hard');
  write(repo, { 'docs/guide.mdx': '# Guide, edited\n' });
  git(repo, 'add', '-A');
  const all = runHook(hooks.find((candidate) => candidate.id === 'docsjson-check-all')!, repo);
  assert.equal(all.code, 1);
  assert.match(all.stdout, /^docs\/intro\.mdx:3:\d+ +error +Link "\/gone" leads nowhere/m);
});
