// The GitHub Action's steps (action.yml) run as a runner would run them on a pull request: in a
// shallow clone of the pull request's branch (as actions/checkout leaves it), with the event file,
// GITHUB_BASE_REF and a job summary file, running the npm package installed offline.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { commitAll, git } from '../support/gitRepo';
import { installPackedPackage, packageVersion } from '../support/packedPackage';
import { tempFolder } from '../support/tempFolder';

const repo = join(__dirname, '..', '..');

interface ActionStep {
  shell: string;
  run: string;
  env?: Record<string, string>;
  /** A step of another action: the runner's cache (actions/cache), which has no stand-in here. */
  uses?: string;
  if?: string;
  with?: Record<string, string>;
}

const docsJson = (pages: string[]) =>
  `${JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#000000' }, colour: 'red', navigation: { groups: [{ group: 'Guides', pages }] } }, null, 2)}\n`;

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('the GitHub Action on a pull request', () => {
  let workspace: string;
  let eventFile: string;
  let headCommit: string;

  before(() => {
    const installed = installPackedPackage();
    // The repository on "GitHub": main with a site that has old problems, and a pull request's branch.
    const origin = join(tempFolder('docsjson-origin-'), 'acme.git');
    git(dirname(origin), 'init', '-q', '--bare', '-b', 'main', origin);
    const author = tempFolder('docsjson-author-');
    write(author, {
      'README.md': 'Acme\n',
      'docs/docs.json': docsJson(['intro', 'guide/old-name']),
      'docs/intro.mdx': '# Intro\n\nSee [the old page](/gone).\n',
      'docs/guide/old-name.mdx': '# Guide\n\nRead [more](/missing-one) and [the intro](/intro#nope).\n',
    });
    const baseCommit = commitAll(author, 'The site', true);
    git(author, 'remote', 'add', 'origin', origin);
    git(author, 'push', '-q', 'origin', 'main');
    git(author, 'checkout', '-q', '-b', 'feature');
    git(author, 'mv', 'docs/guide/old-name.mdx', 'docs/guide/new-name.mdx');
    write(author, {
      'docs/docs.json': docsJson(['intro', 'guide/new-name', 'guide/absent']),
      'docs/intro.mdx': '# Intro\n\nA new paragraph\nabove the old link.\n\nSee [the old page](/gone).\n\nAnd [a new one](/also-gone).\n',
    });
    headCommit = commitAll(author, 'Rename the guide, link to a new page');
    git(author, 'push', '-q', 'origin', 'feature');

    // What actions/checkout leaves: the pull request's commit alone, at depth 1; the base is not there.
    workspace = join(installed, 'workspace');
    git(installed, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${origin}`, workspace);
    assert.throws(() => git(workspace, 'cat-file', '-e', `${baseCommit}^{commit}`), 'the shallow clone lacks the base commit');
    eventFile = join(installed, 'event.json');
    writeFileSync(eventFile, JSON.stringify({ action: 'opened', number: 7, pull_request: { number: 7, base: { ref: 'main', sha: baseCommit }, head: { ref: 'feature', sha: headCommit } } }));
  }, { timeout: 180_000 });

  function runAction(inputs: Record<string, string>, runnerEnv: Record<string, string>) {
    const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8')) as { inputs: Record<string, { default: string }>; runs: { using: string; steps: ActionStep[] } };
    assert.equal(action.runs.using, 'composite');
    const values: Record<string, string> = { ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default])), version: packageVersion(), ...inputs };
    const summaryFile = join(tempFolder('docsjson-summary-'), 'summary.md');
    writeFileSync(summaryFile, '');
    let stdout = '';
    let status: number | null = 0;
    for (const step of action.runs.steps) {
      if (step.uses) {
        assert.match(step.uses, /^actions\/cache@v\d+$/, 'the only other action is the runner\'s cache');
        continue;
      }
      const env = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([name, value]) => [
          name,
          value.replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_, input: string) => {
            assert.ok(input in action.inputs, `the step reads an undeclared input ${input}`);
            return values[input];
          }),
        ]),
      );
      assert.doesNotMatch(step.run, /\$\{\{/, 'the script reads the runner through environment variables, not expressions');
      const { GITHUB_BASE_REF: _, RUNNER_TEMP: __, ...outside } = process.env;
      const result = spawnSync(step.shell, ['-c', step.run], {
        cwd: workspace,
        encoding: 'utf8',
        env: { ...outside, npm_config_offline: 'true', GITHUB_WORKSPACE: workspace, GITHUB_STEP_SUMMARY: summaryFile, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/docs', GITHUB_SHA: headCommit, ...runnerEnv, ...env },
      });
      stdout += result.stdout;
      status = result.status;
      assert.doesNotMatch(result.stderr, /docsjson: /, 'the check itself ran');
      if (status !== 0) break;
    }
    return { status, stdout, annotations: stdout.split('\n').filter((line) => line.startsWith('::') && !line.startsWith('::warning::Could not')), summary: readFileSync(summaryFile, 'utf8') };
  }

  const pullRequest = () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile, GITHUB_BASE_REF: 'main', GITHUB_HEAD_REF: 'feature' });

  it('annotates only the problems the pull request adds, fetching its base, and writes them to the job summary', () => {
    const { status, stdout, annotations, summary } = runAction({ path: 'docs' }, pullRequest());
    assert.equal(status, 1, stdout);
    assert.deepEqual(annotations.map((line) => line.slice(0, line.indexOf(',endLine'))), ['::error file=docs/docs.json,line=15', '::error file=docs/intro.mdx,line=8']);
    assert.match(stdout, /\n2 new problems \(4 already at origin\/main, not shown\): 2 errors, 0 warnings; 1 docs\.json file and 2 pages checked\n/);
    assert.equal(
      summary,
      [
        '### docs.json check',
        '',
        '2 new problems (4 problems already at `origin/main`, not shown)',
        '',
        '| Severity | Where | Problem | Code |',
        '|---|---|---|---|',
        `| error | [docs/docs.json:15](https://github.com/acme/docs/blob/${headCommit}/docs/docs.json#L15) | Page "guide/absent" not found: there is no guide/absent.mdx or guide/absent.md | \`ref/missing-page\` |`,
        `| error | [docs/intro.mdx:8](https://github.com/acme/docs/blob/${headCommit}/docs/intro.mdx#L8) | Link "/also-gone" leads nowhere: no page, generated page, file or redirect is at /also-gone | \`link/missing-page\` |`,
        '',
      ].join('\n'),
    );
  });

  it('with check-all, and on a push (no pull request), reports every problem', () => {
    const all = runAction({ path: 'docs', 'check-all': 'true' }, pullRequest());
    assert.equal(all.status, 1);
    assert.equal(all.annotations.length, 6, all.stdout);
    assert.match(all.summary, /^6 problems$/m);
    const push = runAction({ path: 'docs' }, { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventFile });
    assert.equal(push.annotations.length, 6, push.stdout);
  });

  it('keeps the page cache in the folder its cache step saves and restores, and finds the same problems with it', () => {
    const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8')) as { runs: { steps: ActionStep[] } };
    const cacheStep = action.runs.steps.find((step) => step.uses)!;
    assert.equal(cacheStep.if, "inputs.cache == 'true'");
    const runnerTemp = tempFolder('docsjson-runner-');
    const folder = cacheStep.with!.path.replace('${{ runner.temp }}', runnerTemp);
    const cold = runAction({ path: 'docs', 'check-all': 'true', cache: 'false' }, { ...pullRequest(), RUNNER_TEMP: runnerTemp });
    assert.equal(existsSync(folder), false, 'cache: false keeps nothing');
    for (const run of ['fills the cache', 'reads it']) {
      const cached = runAction({ path: 'docs', 'check-all': 'true' }, { ...pullRequest(), RUNNER_TEMP: runnerTemp });
      assert.deepEqual([cached.status, cached.annotations], [cold.status, cold.annotations], run);
      assert.deepEqual(readdirSync(folder), ['page-facts'], run);
    }
  });

  it('never runs a file of the pull request as the package: a tarball only by its absolute path, a version only as a version', () => {
    const planted = join(workspace, packageVersion());
    writeFileSync(planted, 'a file the pull request adds, named as the default version\n');
    try {
      const run = runAction({ path: 'docs', 'check-all': 'true' }, pullRequest());
      assert.equal(run.status, 1, run.stdout);
      assert.equal(run.annotations.length, 6, 'the published package ran the check');
    } finally {
      rmSync(planted);
    }
    for (const version of ['evil.tgz', '../evil.tgz']) {
      const run = runAction({ path: 'docs', version }, pullRequest());
      assert.equal(run.status, 2, version);
      assert.match(run.stdout, /^::error::The version input names a tarball by a relative path .*: give its absolute path/m, version);
    }
    for (const version of ['npm:evil@1.0.0', '/tmp/evil', 'git+https://example.com/evil', '-y']) {
      const run = runAction({ path: 'docs', version }, pullRequest());
      assert.equal(run.status, 2, version);
      assert.match(run.stdout, /^::error::The version input must be a docsjson version such as 0\.1\.0, a dist-tag, or the absolute path of a \.tgz package/m, version);
    }
    const missing = runAction({ path: 'docs', version: '/nowhere/docsjson-0.1.0.tgz' }, pullRequest());
    assert.equal(missing.status, 2);
    assert.match(missing.stdout, /^::error::The version input names the tarball \/nowhere\/docsjson-0\.1\.0\.tgz, which does not exist$/m);
  });
});
