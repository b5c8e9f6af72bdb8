// Branch names from the API are checked as `git check-ref-format --branch` does before any git
// command: against the real git, and with the dev server's record of a job on branch "-Bmain".
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { createAgentJobApi } from '../../agent/src/apiVersion';
import { branchNameProblem } from '../../agent/src/branchName';

const NAMES = [
  '-Bmain', '-', '--orphan=x', 'a..b', 'x..', 'a@{b', '@{', 'a b', 'a\tb', 'a\u007fb', 'a\u0001b', 'a~b', 'a^b', 'a:b', 'a?b', 'a*b', 'a[b', 'a\\b',
  '/a', 'a/', 'a//b', '.a', 'a/.b', '.', 'a/./b', 'a/..', 'a.lock', 'a/b.lock/c', 'a.lock/b', 'a.', 'a/b.', 'HEAD', '',
  'docs/e2e', 'docs-agent/sess_1', 'é', 'a@b', 'a{b', 'a/-b', 'refs/heads/x', 'a@', 'a./b', 'x'.repeat(200),
];
/** Names git takes with --branch that are refused anyway: "@" is HEAD's shorthand (git-check-ref-format(1), rule 9). */
const STRICTER = new Set(['@']);

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
}

describe('branch names from the API', () => {
  let tmp: string;
  before(() => {
    assert.equal(spawnSync('git', ['--version']).status, 0, 'git is needed: apt-get install git');
    tmp = mkdtempSync(join(tmpdir(), 'docsjson-branch-'));
    git(tmp, 'init', '-q', '-b', 'main');
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('refuses every name git check-ref-format --branch refuses, and accepts the others', () => {
    for (const name of [...NAMES, '@']) {
      const gitAccepts = spawnSync('git', ['check-ref-format', '--branch', name], { cwd: tmp }).status === 0;
      const problem = branchNameProblem(name);
      if (STRICTER.has(name)) assert.ok(problem, `"${name}" is refused`);
      else assert.equal(problem === undefined, gitAccepts, `"${name}": git ${gitAccepts ? 'accepts' : 'refuses'} it, the check says ${problem ?? 'fine'}`);
    }
    assert.match(branchNameProblem('-Bmain') ?? '', /starts with "-", so git would read it as an option/);
  });

  it('"-Bmain" pushed to a real remote would reset main if checked out; the check refuses it before git', () => {
    const remote = join(tmp, 'remote.git');
    const seed = join(tmp, 'seed');
    git(tmp, 'init', '-q', '--bare', '-b', 'main', remote);
    git(tmp, 'clone', '-q', remote, seed);
    writeFileSync(join(seed, 'a.md'), 'one\n');
    git(seed, 'add', '.');
    git(seed, 'commit', '-q', '-m', 'one');
    git(seed, 'push', '-q', 'origin', 'main');
    const mainBefore = git(seed, 'rev-parse', 'main').trim();
    writeFileSync(join(seed, 'a.md'), 'two\n');
    git(seed, 'commit', '-q', '-am', 'agent');
    git(seed, 'push', '-q', 'origin', 'HEAD:refs/heads/-Bmain');
    const agentCommit = git(seed, 'rev-parse', 'HEAD').trim();
    git(seed, 'reset', '-q', '--hard', mainBefore);
    git(seed, 'fetch', '-q', 'origin');
    assert.match(git(seed, 'branch', '-r'), /origin\/-Bmain/, 'the remote has the branch');
    // What `git checkout -q <branch>` does with it: an option that moves main to the agent's commit.
    git(seed, 'checkout', '-q', '-Bmain', 'origin/-Bmain');
    assert.equal(git(seed, 'rev-parse', 'main').trim(), agentCommit, 'the finding: main was reset');
    assert.ok(branchNameProblem('-Bmain'), 'the check refuses the name before any git call');
  });

  describe('with the dev server', () => {
    let server: DevApiServer;
    before(async () => {
      server = await startDevApiServer({ eventIntervalMs: 1, jobDurationMs: 20 });
    });
    after(() => server.close());

    it("a job's record on branch -Bmain is refused", async () => {
      const api = createAgentJobApi({ apiVersion: 1, baseUrl: server.url, apiKey: server.apiKey });
      try {
        const created = await api.createJob('p-branch', { branch: '-Bmain', messages: [{ role: 'user', content: 'Update' }] });
        const record = await api.getJob('p-branch', created.sessionId!);
        assert.equal(record.branch, '-Bmain');
        assert.match(branchNameProblem(record.branch!) ?? '', /option/);
      } finally {
        await api.close();
      }
    });
  });
});
