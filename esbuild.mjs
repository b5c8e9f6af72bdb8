// Bundles the extension client, the language server, the CLI and the webview script.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { buildComponentData } from './scripts/build-component-data.mjs';
import { buildIconData } from './scripts/build-icon-data.mjs';
import { buildOpenapiValidators } from './scripts/build-openapi-validators.mjs';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

buildIconData();
buildComponentData();
await buildOpenapiValidators();

/** `codicon-paths:a,b`: the SVG paths of those codicons, from the @vscode/codicons sprite (the font is not shipped). */
const codiconPaths = {
  name: 'codicon-paths',
  setup(build) {
    build.onResolve({ filter: /^codicon-paths:/ }, (args) => ({ path: args.path.slice('codicon-paths:'.length), namespace: 'codicon-paths' }));
    build.onLoad({ filter: /.*/, namespace: 'codicon-paths' }, async (args) => {
      const { readFileSync } = await import('node:fs');
      const spritePath = new URL('./node_modules/@vscode/codicons/dist/codicon.svg', import.meta.url);
      const sprite = readFileSync(spritePath, 'utf8');
      const icons = {};
      for (const name of args.path.split(',')) {
        const symbol = sprite.match(new RegExp(`<symbol[^>]*viewBox="([^"]+)"[^>]*id="${name}"[^>]*>(.*?)</symbol>`));
        if (!symbol) return { errors: [{ text: `codicon "${name}" is not in @vscode/codicons` }] };
        icons[name] = { viewBox: symbol[1], paths: [...symbol[2].matchAll(/ d="([^"]+)"/g)].map((match) => match[1]) };
      }
      return { contents: JSON.stringify(icons), loader: 'json', watchFiles: [spritePath.pathname] };
    });
  },
};

/**
 * The language server's bin passes the server's V8 options itself (`env -S`), so an editor that
 * starts `docsjson-language-server` gets the memory VS Code's launch gives it, on any Node.js.
 * The same options as `serverNodeOptions` in server/src/launch.ts (a test holds them equal).
 */
const serverShebang = '#!/usr/bin/env -S node --max-semi-space-size=1 --heap-growing-percent=30';

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

/** The version server/src/engine/version.ts answers, in the CLI and the language server. */
const version = { DOCSJSON_VERSION: JSON.stringify(packageJson.version) };

/** The CLI's `./commands` (cli/src/commands.ts) stays out of its bundle: it is the bundle beside it, `cliCommands.js`, loaded when a command needs the engine. */
const cliCommandsApart = {
  name: 'cli-commands-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/commands$/ }, () => ({ path: './cliCommands.js', external: true }));
  },
};

const builds = [
  { ...node, entryPoints: { extension: 'client/src/extension.ts' }, outdir: 'dist', external: ['vscode'] },
  { ...node, entryPoints: { server: 'server/src/server.ts' }, outdir: 'dist', banner: { js: serverShebang }, define: version },
  {
    ...node,
    entryPoints: { cli: 'cli/src/main.ts' },
    outdir: 'dist',
    banner: { js: '#!/usr/bin/env node' },
    define: version,
    plugins: [cliCommandsApart],
  },
  { ...node, entryPoints: { cliCommands: 'cli/src/commands.ts' }, outdir: 'dist', define: version },
  // The worker threads that parse pages for the CLI's check of a whole site (pages/mdx/mdxWorkers.ts).
  { ...node, entryPoints: { mdxWorker: 'server/src/engine/pages/mdx/mdxWorker.ts' }, outdir: 'dist' },
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
    plugins: [codiconPaths],
  },
].map((options) => ({ ...options, entryPoints: Object.fromEntries(Object.entries(options.entryPoints)) }));

const { existsSync } = await import('node:fs');
const present = builds.filter((b) => Object.values(b.entryPoints).every((entry) => existsSync(entry)));
if (watch) {
  for (const options of present) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(present.map((options) => esbuild.build(options)));
}
