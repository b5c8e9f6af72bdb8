// The GitHub workflows, read as GitHub reads them (YAML): CI runs .ci/run's steps on pushes and
// pull requests; the release builds the .vsix and the npm package on tags and publishes only with
// the secrets; a job runs this repository's own action on the example site. Everything they name
// (npm scripts, files, the action's inputs) exists.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';

const repo = join(__dirname, '..', '..');

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'continue-on-error'?: boolean;
}
interface Job {
  'runs-on': string;
  container?: string;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** A step that publishes: to the VS Code Marketplace, to Open VSX, to npm. */
const publishes = /\b(?:vsce|ovsx(?:@[\d.]+)?|npm) publish\b/;
/** The secret each registry's step is given, and the variable it reads it from. */
const registrySecrets = { vsce: ['VSCE_PAT', 'VSCE_PAT'], ovsx: ['OVSX_PAT', 'OVSX_PAT'], npm: ['NODE_AUTH_TOKEN', 'NPM_TOKEN'] } as const;

const read = (name: string) => parse(readFileSync(join(repo, '.github', 'workflows', name), 'utf8')) as Workflow;
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
const scripts = manifest.scripts;
const steps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);
/** The shell commands of a workflow's `run` steps, one per line. */
const commands = (workflow: Workflow) => steps(workflow).flatMap((step) => (step.run ?? '').split('\n').map((line) => line.trim()).filter(Boolean));

describe('GitHub workflows', () => {
  const ci = read('ci.yml');
  const release = read('release.yml');

  it('every npm script they run exists, and every local file or action they name', () => {
    for (const workflow of [ci, release]) {
      for (const command of commands(workflow)) {
        for (const [, script] of command.matchAll(/\bnpm run (?:-s )?([\w:-]+)/g)) assert.ok(script in scripts, `"npm run ${script}" in ${workflow.name}: no such script`);
        for (const [, file] of command.matchAll(/(?:^|\s)(\.?\.?\/?(?:\.ci|scripts|test|bench)\/[\w./-]+)/g)) assert.ok(existsSync(join(repo, file)), `${file} in ${workflow.name} does not exist`);
      }
      for (const step of steps(workflow)) {
        if (step.uses?.startsWith('./')) assert.ok(existsSync(join(repo, step.uses, 'action.yml')), `${step.uses}: no action.yml`);
        else if (step.uses) assert.match(step.uses, /^[\w-]+\/[\w-]+@[0-9a-f]{40}$/, `${step.uses}: actions from the marketplace are pinned by commit (a tag can be moved)`);
      }
      const text = readFileSync(join(repo, '.github', 'workflows', `${workflow === ci ? 'ci' : 'release'}.yml`), 'utf8');
      for (const line of text.split('\n').filter((candidate) => /^\s*(- )?uses: [\w-]+\//.test(candidate))) {
        assert.match(line, /@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, `${line.trim()}: the version the commit is, in a comment`);
      }
    }
  });

  it('secrets reach only the steps that publish with them: no job or workflow env holds one, nor any other step', () => {
    const secret = /\$\{\{\s*secrets\.\w+\s*\}\}/;
    for (const workflow of [ci, release]) {
      for (const job of Object.values(workflow.jobs)) {
        for (const [name, value] of Object.entries(job.env ?? {})) assert.doesNotMatch(value, secret, `${workflow.name}: the job's env gives ${name} to every step`);
        for (const step of job.steps) {
          const withSecret = Object.entries({ ...step.env, ...step.with }).filter(([, value]) => secret.test(String(value)));
          if (withSecret.length === 0) continue;
          assert.match(step.run ?? '', publishes, `${workflow.name}: "${step.name ?? step.uses ?? step.run}" is given ${withSecret.map(([name]) => name).join(', ')}`);
        }
      }
    }
    const checkout = steps(release).find((step) => step.uses?.startsWith('actions/checkout@'));
    assert.equal(String(checkout?.with?.['persist-credentials']), 'false', 'the token of the checkout is not left in .git/config for the install scripts');
  });

  it('CI runs .ci/run on every push and pull request, as root in Debian (which .ci/run expects)', () => {
    assert.deepEqual(Object.keys(ci.on).sort(), ['pull_request', 'push']);
    const job = Object.values(ci.jobs).find((candidate) => candidate.steps.some((step) => step.run === '.ci/run'));
    assert.ok(job, 'a job runs .ci/run');
    assert.match(job.container ?? '', /bookworm/, 'a Debian container: apt-get as root installs chromium, neovim, libkrb5-dev');
    const ciRun = readFileSync(join(repo, '.ci', 'run'), 'utf8');
    assert.match(ciRun, /^npm ci\b/m);
    assert.match(ciRun, /^(DOCSJSON_PROPERTY_SEED=\d+ )?npm test$/m);
  });

  it("dogfoods the repository's action on examples/acme-docs with this commit's package, expecting its deliberate errors", () => {
    const job = Object.values(ci.jobs).find((candidate) => candidate.steps.some((step) => step.uses === './'));
    assert.ok(job, 'a job uses ./ (action.yml)');
    const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    const check = job.steps.find((step) => step.uses === './')!;
    for (const input of Object.keys(check.with ?? {})) assert.ok(input in action.inputs, `action.yml has no input "${input}"`);
    assert.ok(existsSync(join(repo, check.with!.path, 'docs.json')), `${check.with!.path}/docs.json`);
    assert.match(check.with!.version, /steps\.pack\.outputs\.tarball/, 'the package packed from this commit, not the published one');
    assert.ok(job.steps.some((step) => step.id === 'pack' && /npm pack/.test(step.run ?? '')));
    assert.equal(check['continue-on-error'], true);
    assert.ok(job.steps.some((step) => step.if === `steps.${check.id}.outcome != 'failure'` && /exit 1/.test(step.run ?? '')), 'the job fails if the action passes on the broken example');
  });

  it('the release runs on version tags, builds the .vsix and the npm package, and publishes only where the secrets are', () => {
    assert.deepEqual(release.on, { push: { tags: ['v*'] } });
    const cmds = commands(release);
    assert.ok(cmds.includes('npm run package'), 'the .vsix');
    assert.ok(cmds.includes('npm pack'), 'the npm package');
    assert.match(scripts.package, /npm run -s vsix$/);
    assert.match(scripts.vsix, /vsce package/);
    const [job] = Object.values(release.jobs);
    const publishing = job.steps.filter((step) => publishes.test(step.run ?? ''));
    assert.deepEqual(publishing.map((step) => /\b(vsce|ovsx|npm)\b/.exec(step.run!)![1]).sort(), ['npm', 'ovsx', 'vsce']);
    for (const step of publishing) {
      const [secretEnv, secret] = registrySecrets[/\b(vsce|ovsx|npm)\b/.exec(step.run!)![1] as keyof typeof registrySecrets];
      const present = `HAS_${secret}`;
      assert.equal(step.if, `env.${present} == 'true'`, `"${step.name}" runs only with its secret`);
      assert.equal(job.env?.[present], `\${{ secrets.${secret} != '' }}`, 'whether the secret is set, not the secret');
      assert.deepEqual(step.env, { [secretEnv]: `\${{ secrets.${secret} }}` });
    }
  });

  it('the Marketplace and Open VSX get the one .vsix the release holds, and ovsx is fetched at release time, pinned', () => {
    const cmds = commands(release);
    assert.equal(cmds.filter((command) => /\bnpm run (-s )?(package|vsix)\b|\bvsce package\b/.test(command)).length, 1, 'the .vsix is built once');
    const registries = cmds.filter((command) => /\b(vsce|ovsx(@[\d.]+)?) publish\b/.test(command));
    assert.equal(registries.length, 2);
    // Without a file to publish, vsce and ovsx would each package the extension again.
    for (const command of registries) assert.match(command, / publish --packagePath \.\/\*\.vsix$/);
    assert.ok(registries.some((command) => /^npx --yes ovsx@\d+\.\d+\.\d+ publish /.test(command)), 'ovsx by npx, at an exact version');
    assert.equal(manifest.devDependencies.ovsx, undefined, 'ovsx is no dependency of the repository');
    const githubRelease = cmds.find((command) => command.startsWith('gh release create'));
    assert.match(githubRelease ?? '', /\.\/\*\.vsix/, 'the GitHub release holds the same .vsix');
  });
});
