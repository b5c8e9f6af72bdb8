// The npm package as users get it: packed, installed from the tarball into an empty folder with no
// registry, and its two commands run from there, away from this repository's node_modules.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { serverNodeOptions } from '../../server/src/launch';
import { LspTestClient } from '../lsp/lspClient';
import { tempFolder } from '../support/tempFolder';

const repo = join(__dirname, '..', '..');
const npm = (args: string[], cwd: string) =>
  spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

describe('the npm package', () => {
  let installed: string;
  let bin: (name: string) => string;
  let site: string;
  let tarball: string;

  before(() => {
    assert.ok(existsSync(join(repo, 'dist', 'cli.js')), 'dist/ is not built: run `node esbuild.mjs` first');
    const packed = tempFolder('docsjson-pack-');
    const pack = npm(['pack', '--pack-destination', packed], repo);
    assert.equal(pack.status, 0, `npm pack failed: ${pack.stderr}`);
    tarball = join(packed, readdirSync(packed).find((name) => name.endsWith('.tgz'))!);

    installed = tempFolder('docsjson-install-');
    const install = npm(['install', '--offline', tarball], installed);
    assert.equal(install.status, 0, `installing the tarball offline failed: ${install.stderr}`);
    bin = (name) => join(installed, 'node_modules', '.bin', name);
    site = join(installed, 'site');
    cpSync(join(repo, 'examples', 'acme-docs'), site, { recursive: true });
  }, { timeout: 120_000 });

  it('holds only the bundles, media and schema, and needs no dependency', () => {
    const root = join(installed, 'node_modules', 'docsjson');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.equal(manifest.private, undefined);
    assert.deepEqual(manifest.dependencies ?? {}, {});
    assert.deepEqual(readdirSync(join(installed, 'node_modules')).filter((name) => !name.startsWith('.')), ['docsjson']);
    assert.deepEqual(readdirSync(root).sort(), ['CHANGELOG.md', 'LICENSE', 'README.md', 'dist', 'media', 'package.json', 'schemas']);
    assert.deepEqual(readdirSync(join(root, 'dist')).sort(), ['cli.js', 'cliCommands.js', 'extension.js', 'mdxWorker.js', 'server.js', 'webview.js']);
  });

  it('holds every file the extension manifest names (entry point, icon, grammar, schema, view icons)', () => {
    const root = join(installed, 'node_modules', 'docsjson');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const named = filesNamedIn([manifest.main, manifest.icon, manifest.contributes]);
    assert.ok(named.length >= 5, `paths found in the manifest: ${named.join(', ')}`);
    assert.deepEqual(named.filter((path) => !existsSync(join(root, path))), []);
  });

  it('`docsjson check` reports the example site\'s problems and exits 1', () => {
    const run = spawnSync(bin('docsjson'), ['check', 'site', '--format', 'github'], { cwd: installed, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^::error file=site\/docs\.json,line=\d+.*title=ref\/missing-page::Page "guides\/deploy" not found/m);
    assert.match(run.stdout, /title=icon\/fa-prefix::/);
  });

  it('`docsjson-language-server --stdio` answers initialize and reports diagnostics, running with the server\'s V8 options on any Node.js', { timeout: 30_000 }, async () => {
    const client = await LspTestClient.start({ root: site, serverExecutable: bin('docsjson-language-server') });
    try {
      await client.open('docs.json');
      const codes = (await client.diagnostics('docs.json')).map((d) => d.code);
      assert.ok(codes.includes('ref/missing-page'), `diagnostics were ${codes.join(', ')}`);
      const commandLine = readFileSync(`/proc/${client.server.pid}/cmdline`, 'utf8').split('\0');
      for (const option of serverNodeOptions) assert.ok(commandLine.includes(option), `the server's command line: ${commandLine.join(' ')}`);
    } finally {
      await client.stop();
    }
  });

  /** Runs the GitHub Action's check step as GitHub would, with these inputs (the others their defaults), offline. */
  function runActionStep(cwd: string, inputs: Record<string, string>) {
    const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8'));
    assert.equal(action.runs.using, 'composite');
    const step = (action.runs.steps as { run?: string; shell: string; env: Record<string, string> }[]).find((candidate) => candidate.run !== undefined)!;
    const env = Object.fromEntries(
      Object.entries(step.env as Record<string, string>).map(([name, value]) => [
        name,
        value.replace(/\$\{\{ inputs\.([\w-]+) \}\}/, (_, input: string) => {
          assert.ok(input in action.inputs, `the step reads an undeclared input ${input}`);
          return inputs[input] ?? String(action.inputs[input].default ?? '');
        }),
      ]),
    );
    return spawnSync(step.shell, ['-c', step.run!], {
      cwd,
      env: { ...process.env, ...env, npm_config_offline: 'true' },
      encoding: 'utf8',
    });
  }

  it('the GitHub Action\'s step runs the installed package with --format github', () => {
    const run = runActionStep(installed, { path: 'site', 'max-warnings': '', version: manifestVersion() });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^::error file=site\/docs\.json,.*title=ref\/missing-page::/m);
  });

  it("the action's version input takes a package tarball (CI runs the action with the commit's own package)", () => {
    const elsewhere = tempFolder('docsjson-action-');
    cpSync(join(repo, 'examples', 'acme-docs'), join(elsewhere, 'site'), { recursive: true });
    const run = runActionStep(elsewhere, { path: 'site', 'max-warnings': '', version: tarball });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^::error file=site\/docs\.json,.*title=ref\/missing-page::/m);
  });
});

function manifestVersion(): string {
  return JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version;
}

/** The package-relative file paths among the strings of a manifest part ("./dist/x.js", "media/y.svg"). */
function filesNamedIn(value: unknown): string[] {
  if (typeof value === 'string') return /^(\.\/)?(dist|media|schemas)\/[^\s]+\.\w+$/.test(value) ? [value.replace(/^\.\//, '')] : [];
  if (Array.isArray(value)) return value.flatMap(filesNamedIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(filesNamedIn);
  return [];
}
