// Run by `npm pack` and `npm publish`: builds dist/ when it is not there, so that a package packed
// from a fresh git checkout (as pre-commit's node hooks pack this repository) holds its bundles. A
// dist/ already built is packed as it is.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const bundles = ['dist/cli.js', 'dist/cliCommands.js', 'dist/server.js', 'dist/mdxWorker.js'];
if (!bundles.every((bundle) => existsSync(bundle))) {
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
