import { findIcon, type IconLibrary } from './iconNames';

/**
 * The icon names real docs sites use most, most used first: counted once per site across the
 * docs.json files and page frontmatter of 46 public sites. Offered first on an empty icon value.
 */
const commonIconNames = [
  'book-open', 'code', 'github', 'server', 'terminal', 'discord', 'newspaper', 'cloud', 'plug', 'rocket',
  'robot', 'slack', 'book', 'globe', 'wrench', 'bolt', 'house', 'cube', 'shield-check', 'key',
  'square-terminal', 'gear', 'database', 'clock', 'upload', 'map', 'puzzle-piece', 'microchip', 'sparkles', 'user-shield',
  'shield', 'compass', 'users', 'magnifying-glass', 'briefcase', 'paper-plane', 'chart-line', 'graduation-cap', 'code-pull-request', 'list-check',
  'heart-pulse', 'gauge', 'cubes', 'layers', 'toolbox', 'wand-magic-sparkles', 'layer-group', 'comments', 'python', 'handshake',
  'building', 'sliders', 'code-branch', 'folder-open', 'play', 'hammer', 'bot', 'settings', 'tag', 'search', 'download',
];

const byLibrary = new Map<IconLibrary, string[]>();

/** The common names that the library has, most used first. */
export function commonIcons(library: IconLibrary): readonly string[] {
  let names = byLibrary.get(library);
  if (!names) byLibrary.set(library, (names = [...new Set(commonIconNames.flatMap((name) => findIcon(library, name) ?? []))]));
  return names;
}
