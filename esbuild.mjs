// Bundles the extension client, the language server, the CLI and the webview script.
import * as esbuild from 'esbuild';
import { buildIconData } from './scripts/build-icon-data.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

buildIconData();

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
  // jsonc-parser's default (UMD) build hides its requires from the bundler; its ESM build bundles.
  mainFields: ['module', 'main'],
};

const builds = [
  { ...node, entryPoints: { extension: 'client/src/extension.ts' }, outdir: 'dist', external: ['vscode'] },
  { ...node, entryPoints: { server: 'server/src/server.ts' }, outdir: 'dist', banner: { js: '#!/usr/bin/env node' } },
  { ...node, entryPoints: { cli: 'cli/src/main.ts' }, outdir: 'dist', banner: { js: '#!/usr/bin/env node' } },
  {
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: !production,
    minify: production,
    logLevel: 'warning',
    entryPoints: { webview: 'client/webview/main.ts' },
    outdir: 'dist',
  },
].map((options) => ({ ...options, entryPoints: Object.fromEntries(Object.entries(options.entryPoints)) }));

const { existsSync } = await import('node:fs');
const present = builds.filter((b) => Object.values(b.entryPoints).every((entry) => existsSync(entry)));
if (watch) {
  for (const options of present) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(present.map((options) => esbuild.build(options)));
}
