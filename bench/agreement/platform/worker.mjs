// The platform's side of `npm run agreement`, for one site, in a process of its own: each kind's
// platform module (beside this file) is run on the site, and their findings written as JSON to
// the file named by the last argument (the platform's functions print to stdout themselves).
// Arguments: the folder the platform's packages are installed in, the site's docs root, the
// kinds to run, the output file.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [installDir, root, kindList, output] = process.argv.slice(2);

// Resolved from the CLI's own folder, so each package is the copy the CLI itself runs.
const requireFromCli = createRequire(join(installDir, 'node_modules', '@mintlify', 'cli', 'bin', 'index.js'));
const loaded = new Map();
/** One of the platform's packages (or a file of one: `@mintlify/cli/bin/x.js`), imported once. */
async function load(name) {
  if (!loaded.has(name)) {
    const file = name.startsWith('@mintlify/cli/') ? join(installDir, 'node_modules', name) : requireFromCli.resolve(name);
    loaded.set(name, import(pathToFileURL(file).href));
  }
  return loaded.get(name);
}

const { categorizeFilePaths, getMintIgnore } = await load('@mintlify/prebuild');
const mintIgnore = await getMintIgnore(root);
const categorized = await categorizeFilePaths(root, mintIgnore);
const { getAST } = await load('@mintlify/common');
const trees = new Map();
const site = {
  root,
  load,
  categorized,
  /** The site's pages as the platform lists them, each with its text. */
  pages: categorized.contentFilenames.map((file) => {
    const path = file.replace(/^\/+/, '');
    return { path, text: readFileSync(join(root, path), 'utf8') };
  }),
  relative: (file) => relative(root, file),
  /** A page's tree as `getAST` makes it, or the error it throws; made once per page. */
  ast: (page) => {
    if (!trees.has(page)) {
      try {
        trees.set(page, { tree: getAST(page.text, page.path) });
      } catch (error) {
        trees.set(page, { error });
      }
    }
    return trees.get(page);
  },
};

const results = {};
for (const kind of kindList.split(',')) {
  const started = performance.now();
  const { platformFindings } = await import(pathToFileURL(join(import.meta.dirname, `${kind}.mjs`)).href);
  try {
    results[kind] = { findings: await platformFindings(site), ms: performance.now() - started };
  } catch (error) {
    const ms = performance.now() - started;
    results[kind] = error?.stoppedAt ? { stoppedAt: error.stoppedAt, error: String(error.message), ms } : { error: String(error?.stack ?? error), ms };
  }
}
writeFileSync(output, JSON.stringify({ pages: site.pages.length, results }));
// Some of the platform's modules keep handles open (watchers, timers): the findings are written.
process.exit(0);
