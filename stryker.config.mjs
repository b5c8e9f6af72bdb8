// Mutation testing (StrykerJS), one folder per run: `npm run mutation -- <folder>` (see CONTRIBUTING.md).
// scripts/mutation.mjs names the folder in DOCSJSON_MUTATION_FOLDER; each folder is tested only by the
// test files that exercise it, so a mutant runs the few files that reach it rather than the suite.
import { mutationFolders } from './scripts/mutationFolders.mjs';

const name = process.env.DOCSJSON_MUTATION_FOLDER;
const folder = mutationFolders.find((candidate) => candidate.name === name);
if (!folder) throw new Error(`DOCSJSON_MUTATION_FOLDER must name one of: ${mutationFolders.map((f) => f.name).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  tap: {
    // Some of the folder's test files when the script is given `--tests <file>`.
    testFiles: process.env.DOCSJSON_MUTATION_TESTS ? process.env.DOCSJSON_MUTATION_TESTS.split('\n') : folder.tests,
    nodeArgs: ['--import', 'tsx', '--import', './test/support/propertySeed.ts', '--require', '{{hookFile}}', '{{testFile}}'],
    forceBail: true,
  },
  // A subset of the folder's files when the script is given `--mutate <glob>`.
  mutate: process.env.DOCSJSON_MUTATION_SUBSET ? process.env.DOCSJSON_MUTATION_SUBSET.split('\n') : folder.mutate,
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `reports/mutation/${folder.name}.incremental.json`,
  concurrency: 2,
  // Slow machines: a mutant is a timeout only when its tests take thrice their time without it, plus 20 s.
  timeoutFactor: 3,
  timeoutMS: 20000,
  // The first run of every test file, which finds what each covers: minutes on a loaded machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${folder.name}.html` },
  jsonReporter: { fileName: `reports/mutation/${folder.name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  // The sandbox needs the sources, the tests and the generated data; not the bundles, the editor cache or media.
  ignorePatterns: ['.stryker-tmp', 'dist', '.vscode-test', 'test/e2e', 'test-results', 'bench', 'media', 'reports', '*.vsix'],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: `.stryker-tmp/${folder.name}`,
  cleanTempDir: 'always',
};
