/**
 * A redirect source as the site matches it: literal segments, `:name` (one segment), `:name?`
 * (an optional one), `:name+` (one or more), `:name*` and `*` (any number, none included), and a
 * `*` inside a segment ("/blog-*": any text from there on, "/" included).
 */
export interface RoutePattern {
  /** The route as written, normalised (see normaliseRoute). */
  readonly route: string;
  /** True when it holds parameters or wildcards. */
  readonly dynamic: boolean;
  /** The literal segments before the first parameter ("/docs/v1" for "/docs/v1/:slug*", "" for "/:slug"): every match starts with it. */
  readonly literalPrefix: string;
  match(route: string): Map<string, string> | undefined;
}

/**
 * A route without query, fragment or trailing slash, percent-encoding decoded:
 * "/guides/setup/?x#y" -> "/guides/setup", "/caf%C3%A9" -> "/café" (":slug?" stays).
 */
export function normaliseRoute(route: string): string {
  let path = decodePath(route.replace(/#.*$/s, '').replace(/(?<!:[A-Za-z_]\w*)\?.*$/s, '').trim());
  if (!path.startsWith('/')) path = `/${path}`;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

const parameter = /^:([A-Za-z_]\w*)([?*+]?)$/;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileRoutePattern(written: string): RoutePattern {
  const route = normaliseRoute(written);
  let source = '';
  let dynamic = false;
  let wildcardCount = 0;
  let literalPrefix = '';
  const names: string[] = [];
  const startDynamic = () => {
    if (!dynamic) literalPrefix = source.replace(/\\(.)/g, '$1');
    dynamic = true;
  };
  for (const segment of route.split('/').slice(1)) {
    const param = parameter.exec(segment);
    if (segment === '*' || param) {
      startDynamic();
      const name = param ? param[1] : `*${wildcardCount++}`;
      const modifier = param ? param[2] : '*';
      names.push(name);
      source += modifier === '' ? '/([^/]+)' : modifier === '?' ? '(?:/([^/]+))?' : modifier === '+' ? '/(.+)' : '(?:/(.+))?';
    } else if (segment.includes('*')) {
      startDynamic();
      source += `/${segment
        .split('*')
        .map(escapeRegex)
        .join('(.*)')}`;
      for (let count = segment.split('*').length - 1; count > 0; count--) names.push(`*${wildcardCount++}`);
    } else if (segment !== '') {
      source += `/${escapeRegex(segment)}`;
    }
  }
  if (!dynamic) return { route, dynamic, literalPrefix: route, match: (other) => (other === route ? new Map() : undefined) };
  const regex = new RegExp(`^${source}$`);
  return {
    route,
    dynamic,
    literalPrefix,
    match(other) {
      const found = regex.exec(other) ?? (other === '/' && source.startsWith('(?:') ? regex.exec('') : null);
      if (!found) return undefined;
      return new Map(names.map((name, index) => [name, found[index + 1] ?? '']));
    },
  };
}

/** A destination with the source's parameters put in; undefined when it names one the source lacks. */
export function substitute(destination: string, values: Map<string, string>): string | undefined {
  let missing = false;
  let wildcard = 0;
  const route = normaliseRoute(destination)
    .split('/')
    .map((segment) => {
      const param = parameter.exec(segment);
      if (!param && !segment.includes('*')) return segment;
      if (!param) {
        return segment.replace(/\*/g, () => {
          const value = values.get(`*${wildcard++}`);
          if (value === undefined) missing = true;
          return value ?? '';
        });
      }
      const value = values.get(param[1]);
      if (value === undefined) missing = true;
      return value ?? '';
    })
    .filter((segment) => segment !== '')
    .join('/');
  return missing ? undefined : normaliseRoute(route);
}
