// Suppression comments in pages: `{/* docsjson-disable-next-line code */}`, `-line`, and
// `disable` … `enable` ranges take away the findings they name, read from the page's parse (a
// comment in a code block is code); a comment that suppresses nothing is reported.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, type Diagnostic } from '../../../server/src/engine';
import { checkSitePages } from '../../../server/src/engine/pages/allPageRules';
import { SiteGraph } from '../../../server/src/engine/pages/siteGraph';
import { docsJson, writeSite } from '../../support/site';

function findingsOf(page: string, extra: Record<string, string> = {}, files?: string[]): Diagnostic[] {
  const root = writeSite({ 'docs.json': docsJson('{ "groups": [ { "group": "G", "pages": ["index"] } ] }'), 'index.mdx': page, ...extra });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  return checkSitePages(graph, files).get('index.mdx') ?? [];
}

/** Each finding as "line code", 1-based lines. */
function lines(page: string, found: Diagnostic[]): string[] {
  return found.map((d) => `${page.slice(0, d.range.start).split('\n').length} ${d.code}`);
}

test('a disable-next-line comment takes away the findings of its codes on the next line only', () => {
  const page = ['# Home', '', '{/* docsjson-disable-next-line link/missing-page */}', '[One](/one) and <Card titel="x">a</Card>', '', '[Two](/two)', ''].join('\n');
  assert.deepEqual(lines(page, findingsOf(page)), ['4 component/unknown-prop', '6 link/missing-page']);
});

test('a comment with no code takes away every finding of the next line; several codes, comma- or space-separated, each', () => {
  const all = ['{/* docsjson-disable-next-line */}', '[One](/one) and <Card titel="x">a</Card>', '', '[Two](/two)', ''].join('\n');
  assert.deepEqual(lines(all, findingsOf(all)), ['4 link/missing-page']);
  const several = ['{/* docsjson-disable-next-line link/missing-page, component/unknown-prop -- drafts */}', '[One](/one) and <Card titel="x">a</Card>', ''].join('\n');
  assert.deepEqual(findingsOf(several), []);
  const spaced = ['{/* docsjson-disable-next-line link/missing-page component/unknown-prop */}', '[One](/one) and <Card titel="x">a</Card>', ''].join('\n');
  assert.deepEqual(findingsOf(spaced), []);
});

test('a disable-line comment inside a line of text takes away the findings of its own line', () => {
  const page = ['[One](/one) {/* docsjson-disable-line link/missing-page */}', '', '[Two](/two)', ''].join('\n');
  assert.deepEqual(lines(page, findingsOf(page)), ['3 link/missing-page']);
});

test('disable … enable takes away the findings between them; an enable of one code ends that code only; with no enable, to the end of the page', () => {
  const page = [
    '[Before](/before)',
    '',
    '{/* docsjson-disable link/missing-page, component/unknown-prop */}',
    '',
    '[One](/one) <Card titel="x">a</Card>',
    '',
    '{/* docsjson-enable link/missing-page */}',
    '',
    '[Two](/two) <Card titel="y">b</Card>',
    '',
    '{/* docsjson-enable */}',
    '',
    '[Three](/three) <Card titel="z">c</Card>',
    '',
    '{/* docsjson-disable */}',
    '',
    '[Four](/four) <Card titel="w">d</Card>',
    '',
  ].join('\n');
  assert.deepEqual(lines(page, findingsOf(page)), ['1 link/missing-page', '9 link/missing-page', '13 link/missing-page', '13 component/unknown-prop']);
});

test('a comment in a code block or an inline code span does nothing: the parse reads it as code', () => {
  const page = ['```mdx', '{/* docsjson-disable-next-line */}', '```', '[One](/one)', '', '`{/* docsjson-disable */}`', '', '[Two](/two)', ''].join('\n');
  assert.deepEqual(lines(page, findingsOf(page)), ['4 link/missing-page', '8 link/missing-page']);
});

test('each code of a comment that suppresses nothing is reported, with a did-you-mean for a code no check has, and a fix that removes it', () => {
  const page = [
    '{/* docsjson-disable-next-line link/missing-page, link/missng-anchor */}',
    '[One](/one)',
    '',
    '{/* docsjson-disable-next-line */}',
    'Nothing wrong here.',
    '',
    '{/* docsjson-enable component/unknown-prop */}',
    '',
  ].join('\n');
  const found = findingsOf(page);
  assert.deepEqual(lines(page, found), ['1 suppress/unused', '4 suppress/unused', '7 suppress/unused']);
  assert.deepEqual(
    found.map((d) => [d.severity, d.message]),
    [
      ['information', 'Unused suppression: no "link/missng-anchor" finding on the next line. No check has the code "link/missng-anchor": did you mean "link/missing-anchor"?'],
      ['information', 'Unused suppression: no finding on the next line'],
      ['information', 'Unused "docsjson-enable": no "docsjson-disable" "component/unknown-prop" is in effect here'],
    ],
  );
  const [first] = found;
  assert.equal(page.slice(first.range.start, first.range.end), '{/* docsjson-disable-next-line link/missing-page, link/missng-anchor */}');
  assert.deepEqual(first.suggestions, [{ title: 'Remove the unused suppression comment', replacement: '' }]);
});

test('a page with only an unused comment has that finding; a comment takes away what only a check of every page finds', () => {
  const orphan = '{/* docsjson-disable page/orphaned */}\n# Not listed\n';
  const root = writeSite({ 'docs.json': docsJson('{ "groups": [ { "group": "G", "pages": ["index"] } ] }'), 'index.mdx': '# Home\n', 'orphan.mdx': orphan, 'unused.mdx': '{/* docsjson-disable-next-line */}\n[Home](/index)\n' });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  const whole = checkSitePages(graph);
  assert.equal(whole.get('orphan.mdx'), undefined);
  assert.deepEqual(whole.get('unused.mdx')?.map((d) => d.code), ['page/orphaned', 'suppress/unused']);
});

test('a check of some pages leaves the verdict on a suppression of orphans to the check of every page, which marks it so', () => {
  const page = '{/* docsjson-disable page/orphaned, link/missing-page */}\n# Home\n';
  assert.deepEqual(
    findingsOf(page, {}, ['index.mdx']).map((d) => d.message),
    ['Unused suppression: no "link/missing-page" finding from here to its "docsjson-enable" or the end of the page'],
  );
  const whole = findingsOf(page);
  assert.deepEqual(
    whole.map((d) => [d.message, d.data]),
    [
      ['Unused suppression: no "link/missing-page" finding from here to its "docsjson-enable" or the end of the page', undefined],
      ['Unused suppression: no "page/orphaned" finding from here to its "docsjson-enable" or the end of the page', { wholeSite: true }],
    ],
  );
});

test('a page that does not parse has no suppression comments: its syntax error stays', () => {
  const page = '{/* docsjson-disable */}\n\n<Card>\n';
  assert.deepEqual(findingsOf(page).map((d) => d.code), ['mdx/syntax']);
});
