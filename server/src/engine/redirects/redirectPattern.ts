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

export function compileRoutePattern(written: string): RoutePattern {
  const route = normaliseRoute(written);
  const steps: Step[] = [];
  let wildcardCount = 0;
  let literalPrefix: string | undefined;
  let literal = '';
  const startDynamic = (before = '') => {
    literalPrefix ??= literal;
    literal += before;
    if (literal !== '') steps.push({ kind: 'literal', text: literal });
    literal = '';
  };
  for (const segment of route.split('/').slice(1)) {
    const param = parameter.exec(segment);
    if (segment === '*' || param) {
      startDynamic();
      const name = param ? param[1] : `*${wildcardCount++}`;
      const modifier = param ? param[2] : '*';
      const within = modifier === '' || modifier === '?' ? 'segment' : 'line';
      steps.push(modifier === '' || modifier === '+' ? { kind: 'literal', text: '/' } : { kind: 'optional', name, within });
      if (modifier === '' || modifier === '+') steps.push({ kind: 'capture', name, within, fewest: 1 });
    } else if (segment.includes('*')) {
      const [first, ...rest] = segment.split('*');
      startDynamic(`/${first}`);
      for (const text of rest) {
        steps.push({ kind: 'capture', name: `*${wildcardCount++}`, within: 'line', fewest: 0 });
        if (text !== '') steps.push({ kind: 'literal', text });
      }
    } else if (segment !== '') {
      literal += `/${segment}`;
    }
  }
  if (literalPrefix === undefined) return { route, dynamic: false, literalPrefix: route, match: (other) => (other === route ? new Map() : undefined) };
  if (literal !== '') steps.push({ kind: 'literal', text: literal });
  const mayBeEmpty = steps[0].kind === 'optional';
  return {
    route,
    dynamic: true,
    literalPrefix,
    match: (other) => matchSteps(steps, other) ?? (other === '/' && mayBeEmpty ? matchSteps(steps, '') : undefined),
  };
}

/**
 * A pattern's parts in order: literal text; a capture of one segment (`:name`: no "/") or of any
 * text on one line (`:name+`, a `*` in a segment); an optional "/" and capture (`:name?`,
 * `:name*`, `*`), taken when it can be.
 */
type Step =
  | { kind: 'literal'; text: string }
  | { kind: 'capture'; name: string; within: 'segment' | 'line'; fewest: 0 | 1 }
  | { kind: 'optional'; name: string; within: 'segment' | 'line' };

/**
 * The values a route gives a pattern's captures, as a backtracking match with greedy captures
 * would find them (each capture takes the longest text that lets the rest match), in time linear
 * in the route's length for each step: for each step, from the last, the furthest position each
 * position can end the step at with the rest still matching.
 */
function matchSteps(steps: readonly Step[], route: string): Map<string, string> | undefined {
  const length = route.length;
  const stops = { segment: stopsAt(route, (char) => char === '/'), line: stopsAt(route, isLineBreak) };
  // ends[k][p]: the furthest position q <= p from which steps k… match the rest of the route, or -1.
  const ends: Int32Array[] = new Array<Int32Array>(steps.length + 1);
  ends[steps.length] = new Int32Array(length + 1).fill(-1);
  ends[steps.length][length] = length;
  const matchesFrom = (k: number, position: number) => position <= length && ends[k][position] === position;
  /** The end of a capture starting at `start` for step k, with the steps after it matching; -1 when none. */
  const captureEnd = (k: number, start: number, within: 'segment' | 'line', fewest: number) => {
    if (start > length) return -1;
    const end = ends[k + 1][stops[within][start]];
    return end >= start + fewest ? end : -1;
  };
  for (let k = steps.length - 1; k >= 0; k--) {
    const step = steps[k];
    const row = new Int32Array(length + 1);
    let last = -1;
    for (let position = 0; position <= length; position++) {
      let matches: boolean;
      if (step.kind === 'literal') matches = route.startsWith(step.text, position) && matchesFrom(k + 1, position + step.text.length);
      else if (step.kind === 'capture') matches = captureEnd(k, position, step.within, step.fewest) >= 0;
      else matches = (route[position] === '/' && captureEnd(k, position + 1, step.within, 1) >= 0) || matchesFrom(k + 1, position);
      if (matches) last = position;
      row[position] = last;
    }
    ends[k] = row;
  }
  if (!matchesFrom(0, 0)) return undefined;
  const values = new Map<string, string>();
  let position = 0;
  steps.forEach((step, k) => {
    if (step.kind === 'literal') {
      position += step.text.length;
    } else if (step.kind === 'capture') {
      const end = captureEnd(k, position, step.within, step.fewest);
      values.set(step.name, route.slice(position, end));
      position = end;
    } else {
      const end = route[position] === '/' ? captureEnd(k, position + 1, step.within, 1) : -1;
      values.set(step.name, end >= 0 ? route.slice(position + 1, end) : '');
      if (end >= 0) position = end;
    }
  });
  return values;
}

/** For each position of a text, where the next character that stops a capture is (the text's length when none). */
function stopsAt(text: string, stops: (char: string) => boolean): Int32Array {
  const found = new Int32Array(text.length + 2).fill(text.length);
  for (let position = text.length - 1; position >= 0; position--) found[position] = stops(text[position]) ? position : found[position + 1];
  return found;
}

/** What a regular expression's "." does not match. */
const isLineBreak = (char: string) => char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';

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
