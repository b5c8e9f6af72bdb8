// The platform's own parse of a site's pages, in a process of its own: `getAST` of the installed
// `@mintlify/common` (the copy `mint` itself runs) on each page of a list, one after another.
// Arguments: the folder the platform's packages are installed in, the site's docs root, a file
// listing the pages (root-relative, one a line). Prints how many it parsed and how many threw.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [installDir, root, listFile] = process.argv.slice(2);
const requireFromCli = createRequire(join(installDir, 'node_modules', '@mintlify', 'cli', 'bin', 'index.js'));
const { getAST } = await import(pathToFileURL(requireFromCli.resolve('@mintlify/common')).href);
let parsed = 0;
let failed = 0;
for (const path of readFileSync(listFile, 'utf8').split('\n').filter(Boolean)) {
  try {
    getAST(readFileSync(join(root, path), 'utf8'), path);
  } catch {
    failed++;
  }
  parsed++;
}
console.log(JSON.stringify({ parsed, failed }));
