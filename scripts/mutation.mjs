// `npm run mutation [-- <folder>...] [--mutate <glob>] [--tests <file>] [--force]`: mutation testing with StrykerJS, one
// folder after another (all of scripts/mutationFolders.mjs when none is named), at the lowest CPU priority, then a table
// of the results. Incremental: a rerun reuses the results of the mutants whose code did not change (see CONTRIBUTING.md
// for when that is stale; `--force` tests every mutant of the run again).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutationFolders } from './mutationFolders.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--mutate <glob>` (repeatable): only the files of the folder that match, e.g. its most important ones.
// `--tests <file>` (repeatable): only these of the folder's test files (a faster run whose score is a lower bound).
const args = process.argv.slice(2);
const options = new Set(['--mutate', '--tests']);
const force = args.includes('--force');
const valuesOf = (option) => args.flatMap((arg, index) => (args[index - 1] === option ? [arg] : []));
const subset = valuesOf('--mutate');
const tests = valuesOf('--tests');
const asked = args.filter((arg, index) => arg !== '--force' && !options.has(arg) && !options.has(args[index - 1])).map((arg) => arg.replace(/\/+$/, ''));
const unknown = asked.filter((arg) => !mutationFolders.some((folder) => folder.path === arg || folder.name === arg));
if (unknown.length > 0) {
  console.error(`Not a folder mutation testing knows: ${unknown.join(', ')}. Known: ${mutationFolders.map((f) => f.path).join(', ')}`);
  process.exit(2);
}
const folders = asked.length === 0 ? mutationFolders : mutationFolders.filter((f) => asked.includes(f.path) || asked.includes(f.name));

// The engine reads data files the build generates.
if (!existsSync(join(root, 'server', 'data', 'components.generated.json')) && spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const rows = [];
for (const folder of folders) {
  console.log(`\nMutation testing ${folder.path} (${tests.length > 0 ? tests.length : folder.tests.length} test files)`);
  const started = Date.now();
  const result = spawnSync('nice', ['-n', '19', process.execPath, join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), 'run', 'stryker.config.mjs', ...(force ? ['--force'] : [])], {
    cwd: root,
    stdio: 'inherit',
    // One property-test seed, so that a rerun draws the same inputs.
    env: {
      ...process.env,
      DOCSJSON_MUTATION_FOLDER: folder.name,
      DOCSJSON_MUTATION_SUBSET: subset.join('\n'),
      DOCSJSON_MUTATION_TESTS: tests.join('\n'),
      DOCSJSON_PROPERTY_SEED: process.env.DOCSJSON_PROPERTY_SEED ?? '1',
    },
  });
  if (result.status !== 0) {
    console.error(`Stryker failed on ${folder.path} (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  const of = [...(subset.length > 0 ? [subset.join(', ')] : []), ...(tests.length > 0 ? [`tested by ${tests.join(', ')} only`] : [])];
  rows.push({ folder: of.length > 0 ? `${folder.path} (${of.join('; ')})` : folder.path, minutes: (Date.now() - started) / 60000, ...count(join(root, 'reports', 'mutation', `${folder.name}.json`)) });
}

console.log('\n| Folder | Mutants | Killed | Survived | Timeout | No coverage | Score | Minutes |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.folder} | ${r.total} | ${r.Killed} | ${r.Survived} | ${r.Timeout} | ${r.NoCoverage} | ${r.score.toFixed(1)} % | ${r.minutes.toFixed(1)} |`);
}

/** Counts the mutants of a Stryker JSON report by status; the score is Stryker's: (killed + timeout) / (all but errors). */
function count(reportPath) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const counts = { Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0, CompileError: 0, RuntimeError: 0, Ignored: 0 };
  for (const file of Object.values(report.files)) for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  const valid = counts.Killed + counts.Survived + counts.Timeout + counts.NoCoverage;
  return { ...counts, total: valid, score: valid === 0 ? 100 : (100 * (counts.Killed + counts.Timeout)) / valid };
}
