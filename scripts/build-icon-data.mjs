// Extracts icon names (and their styles) from the icon packages into one compact JSON file
// that the engine bundles. The packages themselves are never shipped.
import { readFileSync, writeFileSync, mkdirSync, existsSync, statSync } from 'node:fs';
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

function lucide() {
  const tags = readJson('lucide-static', 'tags.json');
  return { icons: Object.fromEntries(Object.keys(tags).map((name) => [name, ''])), aliases: {} };
}

function tabler() {
  const all = readJson('@tabler/icons', 'icons.json');
  const icons = {};
  for (const [name, icon] of Object.entries(all)) icons[name] = Object.keys(icon.styles ?? {}).join(',');
  return { icons, aliases: {} };
}

export function buildIconData() {
  const sources = ['@fortawesome/fontawesome-free', '@fortawesome/fontawesome-common-types', 'lucide-static', '@tabler/icons'].map((pkg) =>
    packageFile(pkg, 'package.json'),
  );
  if (existsSync(iconDataPath)) {
    const built = statSync(iconDataPath).mtimeMs;
    if (sources.every((source) => statSync(source).mtimeMs <= built)) return;
  }
  const data = { fontawesome: fontawesome(), lucide: lucide(), tabler: tabler() };
  mkdirSync(dirname(iconDataPath), { recursive: true });
  writeFileSync(iconDataPath, JSON.stringify(data));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIconData();
