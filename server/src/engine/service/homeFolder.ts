import type { NavElement, NavigationModel } from '../model/navigationModel';
import { pagePath } from '../model/pageReference';

const homeFolders = new WeakMap<NavElement, string>();

/**
 * The folder that most pages of an element's language or version live in ("v1.10/ko/"), or ""
 * when the element is in none or its pages share no folder. Page completion ranks it first.
 */
export function homeFolderOf(model: NavigationModel, element: NavElement | undefined): string {
  let home = element;
  while (home && home.kind !== 'language' && home.kind !== 'version') home = home.parent;
  if (!home) return '';
  let folder = homeFolders.get(home);
  if (folder === undefined) homeFolders.set(home, (folder = majorityFolder(pagesUnder(model, home))));
  return folder;
}

function pagesUnder(model: NavigationModel, home: NavElement): string[] {
  const paths: string[] = [];
  for (const entry of model.pages) {
    let element: NavElement | undefined = entry.element;
    while (element && element !== home) element = element.parent;
    if (!element) continue;
    const page = pagePath(entry.value);
    if (page.kind === 'page') paths.push(page.path);
  }
  return paths;
}

/** The longest folder prefix that more than half of the paths share. */
function majorityFolder(paths: string[]): string {
  let prefix = '';
  let within = paths;
  for (;;) {
    const counts = new Map<string, number>();
    for (const path of within) {
      const slash = path.indexOf('/', prefix.length);
      if (slash >= 0) {
        const folder = path.slice(0, slash + 1);
        counts.set(folder, (counts.get(folder) ?? 0) + 1);
      }
    }
    const [top, count] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
    if (count * 2 <= paths.length) return prefix;
    prefix = top;
    within = within.filter((path) => path.startsWith(top));
  }
}
