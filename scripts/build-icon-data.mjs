// Extracts icon names (and their styles) from the icon packages into one compact JSON file
// that the engine bundles. The packages themselves are never shipped.
//
// The versions are the ones the platform serves: its client fetches Lucide icons from
// `…/lucide/v0.545.0/<name>.svg` and renders Font Awesome 7.1.0, so package.json pins
// `lucide-static` and `@fortawesome/fontawesome-free` (with its `fontawesome-common-types`, for
// the Pro names) to exactly those. A new version the platform serves means a new pin here.
import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const iconDataPath = join(root, 'server', 'data', 'icon-names.generated.json');

const packageFile = (pkg, file) => join(root, 'node_modules', pkg, file);
const readJson = (pkg, file) => JSON.parse(readFileSync(packageFile(pkg, file), 'utf8'));

function fontawesome() {
  const families = readJson('@fortawesome/fontawesome-free', 'metadata/icon-families.json');
  const icons = {};
  const aliases = {};
  for (const [name, icon] of Object.entries(families)) {
    icons[name] = Object.values(icon.svgs ?? {}).flatMap((styles) => Object.keys(styles)).join(',');
    for (const alias of icon.aliases?.names ?? []) aliases[alias] = name;
  }
  return { icons, aliases, pro: fontawesomePro(icons, aliases) };
}

/** The names only Font Awesome Pro has (the site renders Pro), from the IconName type that Free and Pro share. */
function fontawesomePro(icons, aliases) {
  const types = readFileSync(packageFile('@fortawesome/fontawesome-common-types', 'index.d.ts'), 'utf8');
  const union = /export type IconName = ([^;]*);/.exec(types)?.[1];
  if (!union) throw new Error('@fortawesome/fontawesome-common-types: no IconName type in index.d.ts');
  const names = [...union.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  return names.filter((name) => !Object.hasOwn(icons, name) && !Object.hasOwn(aliases, name));
}

/**
 * Every icon the platform can fetch: a file of `icons/`. Those tags.json does not list are Lucide's
 * old names for an icon (`alert-circle` for `circle-alert`): aliases of the icon drawn alike.
 */
function lucide() {
  const tags = readJson('lucide-static', 'tags.json');
  const folder = packageFile('lucide-static', 'icons');
  const drawing = (name) => readFileSync(join(folder, `${name}.svg`), 'utf8').replace(/^<!--.*-->\s*/, '').replace(/ class="[^"]*"/, '');
  const names = readdirSync(folder).filter((file) => file.endsWith('.svg')).map((file) => file.slice(0, -'.svg'.length));
  const icons = Object.fromEntries(Object.keys(tags).filter((name) => names.includes(name)).map((name) => [name, '']));
  const byDrawing = new Map(Object.keys(icons).map((name) => [drawing(name), name]));
  const aliases = {};
  for (const name of names.filter((served) => !Object.hasOwn(icons, served))) {
    const canonical = byDrawing.get(drawing(name));
    if (canonical) aliases[name] = canonical;
    else icons[name] = '';
  }
  return { icons, aliases };
}

function tabler() {
  const all = readJson('@tabler/icons', 'icons.json');
  const icons = {};
  for (const [name, icon] of Object.entries(all)) icons[name] = Object.keys(icon.styles ?? {}).join(',');
  return { icons, aliases: {} };
}

const packages = ['@fortawesome/fontawesome-free', '@fortawesome/fontawesome-common-types', 'lucide-static', '@tabler/icons'];

/** Each package the names come from, with its version, written into the data. */
function sourceVersions() {
  return Object.fromEntries(packages.map((pkg) => [pkg, readJson(pkg, 'package.json').version]));
}

export function buildIconData() {
  const sources = [...packages.map((pkg) => packageFile(pkg, 'package.json')), fileURLToPath(import.meta.url)];
  if (existsSync(iconDataPath)) {
    const built = statSync(iconDataPath).mtimeMs;
    if (sources.every((source) => statSync(source).mtimeMs <= built)) return;
  }
  const data = {
    source: { builtBy: 'scripts/build-icon-data.mjs', packages: sourceVersions() },
    fontawesome: fontawesome(),
    lucide: lucide(),
    tabler: tabler(),
  };
  mkdirSync(dirname(iconDataPath), { recursive: true });
  writeFileSync(iconDataPath, JSON.stringify(data));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIconData();
