import iconData from '../../../data/icon-names.generated.json';

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';
export const iconLibraries: readonly IconLibrary[] = ['fontawesome', 'lucide', 'tabler'];

interface LibraryData {
  /** name -> comma-separated styles it has in the free set */
  icons: Record<string, string>;
  /** alias -> canonical name */
  aliases: Record<string, string>;
  /** Font Awesome: the names only Pro has. */
  pro?: string[];
}

const data = iconData as Record<IconLibrary, LibraryData>;
const fontAwesomePro = new Set(data.fontawesome.pro);

/** A Font Awesome Pro icon, not in the free set: the site renders it (our lists and previews hold only Free). */
export function isFontAwesomeProIcon(name: string): boolean {
  return fontAwesomePro.has(name.toLowerCase());
}

export function isIconLibrary(value: unknown): value is IconLibrary {
  return typeof value === 'string' && (iconLibraries as readonly string[]).includes(value);
}

/** The canonical name of an icon in a library (following aliases), or undefined if unknown. The site lower-cases a name before it looks it up (`GitHub` is `github`). */
export function findIcon(library: IconLibrary, name: string): string | undefined {
  const set = data[library];
  const lower = name.toLowerCase();
  if (Object.hasOwn(set.icons, lower)) return lower;
  return Object.hasOwn(set.aliases, lower) ? set.aliases[lower] : undefined;
}

const namesByLibrary = new Map<IconLibrary, string[]>();

export function iconNames(library: IconLibrary): string[] {
  let names = namesByLibrary.get(library);
  if (!names) namesByLibrary.set(library, (names = Object.keys(data[library].icons)));
  return names;
}

export function iconStyles(library: IconLibrary, name: string): string[] {
  const canonical = findIcon(library, name);
  const styles = canonical ? data[library].icons[canonical] : '';
  return styles ? styles.split(',') : [];
}
