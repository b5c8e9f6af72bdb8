// Runs every *.test.ts under test/ with node's test runner (TypeScript through tsx).
// Optional arguments narrow the run to files whose path contains one of them; `--properties`
// runs the property tests alone. When end-to-end tests are among them, code-server is installed (if
// it is not there yet) beside the first tests.
// Tests of the language server, the CLI and the extension run the bundles in dist/: they are
// rebuilt first when any source is newer. Property tests share one seed per run, printed first:
// DOCSJSON_PROPERTY_SEED=N repeats a run (random when unset).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePrerequisites } from './prerequisites.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2);

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `--properties`: the property tests (those drawing random input with fast-check), for a run with another seed. */
const usesProperties = (file) => /fast-check|typingEdits/.test(readFileSync(join(root, file), 'utf8'));
const files = findTests(join(root, 'test'))
  .map((file) => relative(root, file))
  .filter((file) => (filters[0] === '--properties' ? usesProperties(file) : filters.length === 0 || filters.some((f) => file.includes(f))))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(2);
}
ensurePrerequisites(files);
rebuildIfStale();
const seed = process.env.DOCSJSON_PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`Property tests: seed ${seed} (DOCSJSON_PROPERTY_SEED=${seed} node test/run.mjs ... repeats it)`);
const codeServerInstall = files.some((file) => file.startsWith('test/e2e/'))
  ? spawn(process.execPath, ['--import', 'tsx', 'test/e2e/harness/installCodeServer.ts'], { cwd: root, stdio: 'inherit' })
  : undefined;
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--import', './test/support/propertySeed.ts', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DOCSJSON_PROPERTY_SEED: seed } },
);
codeServerInstall?.kill();
process.exit(result.status ?? 1);

/** Runs the build when a bundle is missing, older than any file it is built from, or the production build (the benchmarks' and the package's: minified, no source maps). */
function rebuildIfStale() {
  const bundles = ['cli.js', 'server.js', 'extension.js', 'webview.js', 'mdxWorker.js'].map((name) => join(root, 'dist', name));
  const built = Math.min(...bundles.map((bundle) => (existsSync(bundle) ? statSync(bundle).mtimeMs : 0)));
  const sources = ['server', 'client', 'agent', 'cli', 'schemas', 'media', 'scripts', 'esbuild.mjs', 'package.json'];
  const newest = (path) => {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...readdirSync(path).filter((name) => name !== 'node_modules').map((name) => newest(join(path, name))));
  };
  const server = join(root, 'dist', 'server.js');
  const production = existsSync(server) && !readFileSync(server, 'utf8').includes('//# sourceMappingURL=');
  if (!production && sources.every((source) => !existsSync(join(root, source)) || newest(join(root, source)) <= built)) return;
  console.log(production ? 'dist/ holds the production build: building the one tests run first.' : 'Sources are newer than dist/: building first.');
  if (spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
