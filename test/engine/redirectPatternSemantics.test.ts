import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { compileRoutePattern, normaliseRoute } from '../../server/src/engine/redirects/redirectPattern';

/**
 * The matcher as a regular expression, as it was written before it was made linear: each `:name`
 * one segment, `:name?` an optional one, `:name+` and `:name*`/`*` any text (`*` none included), a
 * `*` inside a segment any text from there on. Backtracking made it exponential on sources with
 * many wildcards; on ordinary sources it is the semantics the linear matcher keeps.
 */
function regexMatch(written: string, other: string): Map<string, string> | undefined {
  const route = normaliseRoute(written);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let source = '';
  let dynamic = false;
  let wildcards = 0;
  const names: string[] = [];
  for (const segment of route.split('/').slice(1)) {
    const param = /^:([A-Za-z_]\w*)([?*+]?)$/.exec(segment);
    if (segment === '*' || param) {
      dynamic = true;
      names.push(param ? param[1] : `*${wildcards++}`);
      const modifier = param ? param[2] : '*';
      source += modifier === '' ? '/([^/]+)' : modifier === '?' ? '(?:/([^/]+))?' : modifier === '+' ? '/(.+)' : '(?:/(.+))?';
    } else if (segment.includes('*')) {
      dynamic = true;
      source += `/${segment.split('*').map(escape).join('(.*)')}`;
      for (let count = segment.split('*').length - 1; count > 0; count--) names.push(`*${wildcards++}`);
    } else if (segment !== '') {
      source += `/${escape(segment)}`;
    }
  }
  if (!dynamic) return other === route ? new Map() : undefined;
  const regex = new RegExp(`^${source}$`);
  const found = regex.exec(other) ?? (other === '/' && source.startsWith('(?:') ? regex.exec('') : null);
  return found ? new Map(names.map((name, index) => [name, found[index + 1] ?? ''])) : undefined;
}

/** Sources as sites write them: a few literal segments and at most four parameters or wildcards. */
const sourceSegment = fc.oneof(
  fc.constantFrom('a', 'b', 'ab', 'a.b', 'a-b', 'docs'),
  fc.constantFrom(':x', ':x?', ':x+', ':x*', '*', 'a-*', '*-b', 'a*b', '*.b'),
);
const sources = fc.array(sourceSegment, { minLength: 1, maxLength: 5 }).map((segments) => {
  let parameter = 0;
  // Each parameter its own name, as the platform requires.
  return `/${segments.map((segment) => segment.replace(/^:x/, () => `:p${parameter++}`)).join('/')}`;
});
const routes = fc
  .array(fc.constantFrom('a', 'b', 'ab', 'a.b', 'a-b', 'a-', '-b', 'docs', 'x', 'a\nb'), { minLength: 0, maxLength: 6 })
  .map((segments) => `/${segments.join('/')}`);

test('the matcher finds what the regular expression found on ordinary sources, with the same values', () => {
  fc.assert(
    fc.property(sources, routes, (source, route) => {
      assert.deepEqual(compileRoutePattern(source).match(route), regexMatch(source, route), `${source} on ${JSON.stringify(route)}`);
    }),
    { numRuns: 5000 },
  );
});

test('the values are those of a backtracking match: each wildcard takes the longest text that lets the rest match', () => {
  for (const [source, route] of [
    ['/*-*', '/a-b-c'],
    ['/:a+/:b', '/x/y/z'],
    ['/:a*/:b?', '/x/y/z'],
    ['/a*b/:c*', '/aXbYb/z'],
    ['/:slug?', '/'],
  ]) {
    assert.deepEqual(compileRoutePattern(source).match(route), regexMatch(source, route), `${source} on ${route}`);
  }
  assert.deepEqual(compileRoutePattern('/*-*').match('/a-b-c'), new Map([['*0', 'a-b'], ['*1', 'c']]));
});
