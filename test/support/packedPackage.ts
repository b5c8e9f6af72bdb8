import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder } from './tempFolder';

const repo = join(__dirname, '..', '..');

/** The npm package packed from this repository and installed offline into a fresh folder, which it returns. */
export function installPackedPackage(): string {
  assert.ok(existsSync(join(repo, 'dist', 'cli.js')), 'dist/ is not built: run `node esbuild.mjs` first');
  const npm = (args: string[], cwd: string) => spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });
  const packed = tempFolder('docsjson-pack-');
  const pack = npm(['pack', '--pack-destination', packed], repo);
  assert.equal(pack.status, 0, `npm pack failed: ${pack.stderr}`);
  const installed = tempFolder('docsjson-install-');
  const install = npm(['install', '--offline', join(packed, readdirSync(packed).find((name) => name.endsWith('.tgz'))!)], installed);
  assert.equal(install.status, 0, `installing the tarball offline failed: ${install.stderr}`);
  return installed;
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;
}
