// Bundles each benchmark like the shipped code (esbuild, one file) and runs it.
// `npm run bench` runs them all; `npm run bench -- engine` runs the ones whose name matches.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const benches = readdirSync(benchDir)
  .filter((name) => name.endsWith('.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)));

// Benchmarks that drive a real editor measure the editor, not our bundle: they run from source.
const fromSource = new Set(['activation.ts', 'vscodeCrewAI.ts']);

let failed = false;
for (const name of benches) {
  if (fromSource.has(name)) {
    console.log(`\n## ${name}`);
    failed ||= spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}`], { stdio: 'inherit' }).status !== 0;
    continue;
  }
  const outfile = `dist/bench/${name.replace(/\.ts$/, '.js')}`;
  await esbuild.build({
    entryPoints: [`bench/${name}`],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
  console.log(`\n## ${name}`);
  const result = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
