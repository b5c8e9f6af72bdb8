// `docsjson job check` and the check at the end of `job create`, end to end: the dev API server
// pushes real commits for each job's branch to a local bare repository, and the bundled CLI runs
// in a clone of it, as a writer's checkout of the site.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { commitAll, git } from '../support/gitRepo';
import { tempFolder } from '../support/tempFolder';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
const KEY = 'mint_dev_job_check_key';

describe('docsjson job check: the problems an agent job\'s branch adds', () => {
  let server: DevApiServer;
  let checkout: string;
  let stateHome: string;

  function run(args: string[], cwd = checkout): Promise<{ code: number | null; stdout: string; stderr: string }> {
    // API v1 (a job's --branch) unless a test names --api-version 2.
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, DOCS_AGENT_API_URL: server.url, DOCS_AGENT_API_KEY: KEY, XDG_STATE_HOME: stateHome, DOCS_AGENT_API_VERSION: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  }

  before(async () => {
    // The site's repository: a site in docs/ with one old problem, on main.
    const origin = join(tempFolder('docsjson-agent-origin-'), 'site.git');
    git(dirname(origin), 'init', '-q', '--bare', '-b', 'main', origin);
    const author = tempFolder('docsjson-agent-author-');
    const files = {
      'docs/docs.json': JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#000000' }, navigation: { pages: ['index', 'guide'] } }, null, 2),
      'docs/index.mdx': '# Welcome\n\nRead [the guide](/guide) and [the old page](/gone).\n',
      'docs/guide.mdx': '# Guide\n\nBack to [the start](/index).\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(author, path)), { recursive: true });
      writeFileSync(join(author, path), text);
    }
    commitAll(author, 'The site', true);
    git(author, 'push', '-q', origin, 'main');
    checkout = join(tempFolder('docsjson-agent-checkout-'), 'site');
    git(dirname(checkout), 'clone', '-q', origin, checkout);
    stateHome = tempFolder('docsjson-agent-state-');
    server = await startDevApiServer({ apiKey: KEY, eventIntervalMs: 2, jobDurationMs: 200, gitRemote: origin });
  });

  after(() => server.close());

  const jobIdOf = (stdout: string) => /^Job (\S+)/m.exec(stdout)?.[1] ?? assert.fail(`no job id in: ${stdout}`);

  it('job create ends with the check of the job\'s branch: its one new problem at file:line on the branch, exit 1', async () => {
    const created = await run(['job', 'create', '--project', 'demo', '--branch', 'docs/agent-link', '--message', 'Add a link to the new guide [fault:broken-link]', '--poll-interval', '0.05']);
    assert.equal(created.code, 1, created.stderr);
    assert.match(created.stdout, /^The agent's branch docs\/agent-link \([0-9a-f]{7}\) against main \([0-9a-f]{7}\), where it started:$/m);
    const problems = created.stdout.split('\n').filter((line) => /^docs\/.*:\d+:\d+ {2}/.test(line));
    assert.deepEqual(problems, ['docs/guide.mdx:5:66  error  Link "/agent-written-guide" leads nowhere: no page, generated page, file or redirect is at /agent-written-guide  link/missing-page']);
    assert.match(created.stdout, /^The agent's changes add 1 problem \(1 already at main, not shown\): 1 error, 0 warnings; 1 docs\.json file and 2 pages checked$/m);
    assert.equal(git(checkout, 'status', '--porcelain'), '', 'the checkout is untouched');
    assert.equal(git(checkout, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'main');

    const checked = await run(['job', 'check', jobIdOf(created.stdout), '--project', 'demo']);
    assert.equal(checked.code, 1);
    assert.ok(checked.stdout.includes(problems[0]), checked.stdout);

    const json = await run(['job', 'check', '--branch', 'docs/agent-link', '--json']);
    const changes = JSON.parse(json.stdout) as { branch: string; base: string; existing: number; files: { path: string; diagnostics: { line: number; code: string }[] }[] };
    assert.deepEqual([changes.branch, changes.base, changes.existing], ['docs/agent-link', 'main', 1]);
    assert.deepEqual(changes.files.map((f) => [f.path, f.diagnostics.map((d) => `${d.line} ${d.code}`)]), [['docs/guide.mdx', ['5 link/missing-page']]]);
  });

  it('a job whose changes add nothing says so and exits 0; --no-check leaves the check out', async () => {
    const clean = await run(['job', 'create', '--project', 'demo', '--branch', 'docs/agent-clean', '--message', 'Tidy the welcome page', '--poll-interval', '0.05']);
    assert.equal(clean.code, 0, clean.stderr);
    assert.match(clean.stdout, /^The agent's changes add no problems \(1 already at main, not shown\); 1 docs\.json file and 2 pages checked$/m);
    const unchecked = await run(['job', 'create', '--project', 'demo', '--branch', 'docs/agent-unchecked', '--message', 'Again [fault:broken-link]', '--poll-interval', '0.05', '--no-check']);
    assert.equal(unchecked.code, 0, unchecked.stderr);
    assert.doesNotMatch(unchecked.stdout, /The agent's/);
  });

  it('API v2: the follow-up that fixes the problem leaves the branch with none', async () => {
    const created = await run(['job', 'create', '--api-version', '2', '--project', 'demo', '--message', 'Link the new guide [fault:broken-link]', '--poll-interval', '0.05']);
    assert.equal(created.code, 1, created.stderr);
    assert.match(created.stdout, /^The agent's changes add 1 problem/m);
    const id = jobIdOf(created.stdout);
    const fixed = await run(['job', 'send', id, '--api-version', '2', '--project', 'demo', '--message', 'Fix these problems: docs/guide.mdx:5 Link "/agent-written-guide" leads nowhere', '--poll-interval', '0.05']);
    assert.equal(fixed.code, 0, fixed.stderr + fixed.stdout);
    assert.match(fixed.stdout, /^The agent's changes add no problems/m);
  });

  it("in a clone of another repository, a job's end checks nothing there and says where to check", async () => {
    const otherOrigin = join(tempFolder('docsjson-agent-other-'), 'website.git');
    git(dirname(otherOrigin), 'init', '-q', '--bare', '-b', 'main', otherOrigin);
    const other = join(tempFolder('docsjson-agent-other-checkout-'), 'website');
    git(dirname(other), 'clone', '-q', otherOrigin, other);
    const created = await run(['job', 'create', '--project', 'demo', '--branch', 'docs/agent-elsewhere', '--message', 'Link the new guide [fault:broken-link]', '--poll-interval', '0.05'], other);
    assert.equal(created.code, 0, created.stderr);
    assert.doesNotMatch(created.stdout, /The agent's/);
    assert.match(created.stderr, /^docsjson: this folder is not a clone of docsjson-agent-origin-\w+\/site: to see what the agent's branch adds, run "docsjson job check --branch docs\/agent-elsewhere" in one$/m);
    assert.equal(git(other, 'for-each-ref', 'refs/remotes'), '', 'nothing was fetched into the other clone');
  });

  it('outside a repository, or with an unknown branch, job check exits 2 with one line', async () => {
    const outside = tempFolder('docsjson-agent-nowhere-');
    const notRepo = await run(['job', 'check', '--branch', 'docs/agent-link'], outside);
    assert.equal(notRepo.code, 2);
    assert.match(notRepo.stderr, /^docsjson: the check of a job's changes fetches its branch with git, but .* is not in a git repository: run it inside a clone of the site's repository\n$/);
    const unknown = await run(['job', 'check', '--branch', 'docs/no-such-branch']);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr.split('\n').length, 2, unknown.stderr);
    assert.match(unknown.stderr, /^docsjson: could not fetch branch "docs\/no-such-branch" from origin: couldn't find remote ref refs\/heads\/docs\/no-such-branch\n$/);
  });
});
