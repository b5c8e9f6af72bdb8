// The platform's published packages, installed on first use into bench/.cache/platform
// (git-ignored): never a dependency of ours, never bundled (their licences do not allow shipping
// them). `mint` is installed alone in its folder: beside a separate `@mintlify/validation` two
// copies of React end up in the tree and the platform's code crashes. The version is pinned, and
// `mint` pins the exact versions of the packages below it, so runs are repeatable.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `mint` 4.2.941 brings @mintlify/cli 4.0.1544, common 1.0.1176, prebuild 1.0.1333, link-rot 3.0.1381, validation 0.1.876, models 0.0.362. */
export const mintVersion = '4.2.941';

export const platformFolder = join(process.cwd(), 'bench', '.cache', 'platform');

/** The folder the platform's packages are installed in, installing them first if they are not, or not at the pinned version. */
export function platformPackages(): string {
  const manifest = join(platformFolder, 'node_modules', 'mint', 'package.json');
  const installed = existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  if (installed === mintVersion) return platformFolder;
  mkdirSync(platformFolder, { recursive: true });
  console.log(`installing mint@${mintVersion} into bench/.cache/platform (first run only)...`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', platformFolder, `mint@${mintVersion}`], { encoding: 'utf8' });
  if (install.status !== 0 || !existsSync(manifest)) throw new Error(`npm install mint@${mintVersion} failed: ${(install.stderr || install.stdout).trim().split('\n').slice(-3).join(' / ')}`);
  return platformFolder;
}
