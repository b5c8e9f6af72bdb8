import { existsSync, lstatSync, mkdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocsJson, DiskSiteHost } from '../../server/src/engine';
import { SpecCache } from '../../server/src/engine/openapi/openapiSpec';
import { CheckedSite } from '../../server/src/engine/service/checkedSite';
import { appliedEdits } from '../../server/src/engine/service/edits';
import { movePlan } from '../../server/src/engine/service/move';
import { pageExtensions } from '../../server/src/engine/site/fileIndex';
import { terminalSafeLine } from './terminalSafe';
import { docsJsonAbove } from './findDocsJson';
import { argumentError, UsageError } from './usage';

const usage = 'Usage: docsjson mv OLD NEW [--redirect]\n  Moves a page file or a folder of the site and updates docs.json and every link to it.\n  OLD and NEW are paths of files or folders; a page may be named without its extension.\n  --redirect adds a redirect from the old address to the new one in docs.json.';

const options = { redirect: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } as const;

export function runMove(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(argumentError('mv', argv, options, error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (positionals.length !== 2) throw new UsageError(`mv takes two paths, OLD and NEW\n${usage}`);
  const [oldPath, newPath] = withExtensions(resolve(positionals[0]), resolve(positionals[1]));
  const docsJson = docsJsonAbove(dirname(oldPath));
  if (!docsJson) throw new UsageError(`no docs.json in the folders above ${positionals[0]}`);
  const root = dirname(docsJson);
  const from = siteRelative(root, oldPath);
  const to = siteRelative(root, newPath);
  if (from === undefined || from === 'docs.json') throw new UsageError(`${positionals[0]} is not a page or folder of the site at ${shown(root)}`);
  if (to === undefined) throw new UsageError(`${positionals[1]} is outside the site at ${shown(root)}: moving a page out of its site would break its links`);
  // The paths as the file system resolves them: a folder of the site may be a symbolic link out of it.
  const realRoot = realpathSync(root);
  if (siteRelative(realRoot, join(realPathOf(dirname(oldPath)), basename(oldPath))) === undefined) {
    throw new UsageError(`${positionals[0]} is outside the site at ${shown(root)}: a folder on its way is a symbolic link out of the site`);
  }
  if (siteRelative(realRoot, realPathOf(newPath)) === undefined) {
    throw new UsageError(`${positionals[1]} is outside the site at ${shown(root)}: a folder on its way is a symbolic link out of the site, and moving a page out of its site would break its links`);
  }
  if (existsOrLink(newPath)) throw new UsageError(`${positionals[1]} already exists`);
  if (to.startsWith(`${from}/`)) throw new UsageError(`cannot move ${positionals[0]} into itself`);

  const host = new DiskSiteHost(root);
  const text = host.readFile('docs.json');
  if (text === undefined) throw new UsageError(`cannot read ${shown(docsJson)}`);
  const specs = new SpecCache();
  const site = new CheckedSite(host, checkDocsJson(text, host, {}, 'docs.json', specs), specs, 'docs.json');
  const plan = movePlan(site, [{ from, to }], { redirect: values.redirect });

  for (const { file, edits } of plan.edits) {
    const current = host.readFile(file);
    if (current === undefined) throw new UsageError(`cannot read ${shown(join(root, file))}`);
    writeFileSync(join(root, file), appliedEdits(current, edits));
  }
  mkdirSync(dirname(newPath), { recursive: true });
  renameSync(oldPath, newPath);

  const where = (path: string) => shown(relative(process.cwd(), join(root, path)) || path);
  const lines = [`Moved ${where(from)} to ${where(to)}`];
  for (const { file, edits } of plan.edits) lines.push(`  ${where(file)}: ${edits.length} ${edits.length === 1 ? 'change' : 'changes'}`);
  for (const { source, destination } of plan.redirects) lines.push(`  redirect added: ${shown(source)} -> ${shown(destination)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** A page named without its extension takes the extension of its file, on both sides. */
function withExtensions(oldPath: string, newPath: string): [string, string] {
  if (existsSync(oldPath)) return [oldPath, newPath];
  const extension = pageExtensions.find((candidate) => existsSync(oldPath + candidate));
  if (!extension) throw new UsageError(`no such file or folder: ${shown(oldPath)}`);
  return [oldPath + extension, pageExtensions.some((candidate) => newPath.endsWith(candidate)) ? newPath : newPath + extension];
}

/** The real path of `path`, whose last parts may not exist yet (they are kept as written). */
function realPathOf(path: string): string {
  const missing: string[] = [];
  let existing = path;
  while (!existsSync(existing) && dirname(existing) !== existing) {
    missing.unshift(basename(existing));
    existing = dirname(existing);
  }
  return join(realpathSync(existing), ...missing);
}

/** True for a file, a folder, or a symbolic link even when it leads nowhere. */
function existsOrLink(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function siteRelative(root: string, path: string): string | undefined {
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..') || resolve(root, inside) !== path) return undefined;
  return inside.split(sep).join('/');
}

function shown(text: string): string {
  return terminalSafeLine(text);
}
