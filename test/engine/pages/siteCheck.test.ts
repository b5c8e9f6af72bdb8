import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../../server/src/engine';
import { checkSitePages } from '../../../server/src/engine/pages/allPageRules';
import { wholeSiteCodes } from '../../../server/src/engine/rules/wholeSitePageRules';
import { siteRuleSteps } from '../../../server/src/engine/pages/siteCheck';
import { SiteGraph } from '../../../server/src/engine/pages/siteGraph';
import { pageRules } from '../../../server/src/engine/rules/allRules';
import { docsJson, writeSite } from '../../support/site';

function graphOf(root: string): SiteGraph {
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
}

const files = {
  'docs.json': docsJson('{ "groups": [ { "group": "G", "pages": ["index", "guide"] } ] }'),
  'index.mdx': '# Home\n\n[Missing](/missing) and <Card>\n',
  'guide.mdx': "import Part from '/snippets/part.mdx';\n\n# Guide\n\n<Part />\n",
  'snippets/part.mdx': '[Nowhere](/nowhere)\n',
  'orphan.mdx': '# Not in the navigation\n',
};

test('checking every page step by step yields each page and snippet once, in order, and finds what one whole check finds', () => {
  const root = writeSite(files);
  const steps = siteRuleSteps(graphOf(root), pageRules);
  const yielded: string[] = [];
  let step = steps.next();
  for (; !step.done; step = steps.next()) yielded.push(step.value);
  assert.deepEqual(yielded, ['guide.mdx', 'index.mdx', 'orphan.mdx', 'snippets/part.mdx']);
  const whole = checkSitePages(graphOf(root));
  assert.deepEqual(step.value, whole);
  assert.deepEqual([...whole.keys()].sort(), ['index.mdx', 'orphan.mdx', 'snippets/part.mdx']);
  assert.ok(whole.get('orphan.mdx')!.some((d) => d.code === 'page/orphaned'), 'the whole-site rules ran');
});

test('checking some pages reports on those only, and not what only a check of every page can tell', () => {
  const graph = graphOf(writeSite(files));
  const some = checkSitePages(graph, ['index.mdx', 'orphan.mdx']);
  assert.deepEqual([...some.keys()], ['index.mdx']);
  assert.deepEqual(some.get('index.mdx')!.map((d) => d.code), checkSitePages(graphOf(writeSite(files))).get('index.mdx')!.map((d) => d.code));
});

test('checks the Markdown snippets, .md and .mdx, and no other file of the snippets folder', () => {
  const root = writeSite({
    ...files,
    'snippets/note.md': '[Gone](/gone)\n',
    'snippets/card.jsx': 'export const Card = () => <div />;\n',
    'snippets/old.mdx.txt': '[Gone](/gone)\n',
  });
  const steps = siteRuleSteps(graphOf(root), pageRules);
  const yielded: string[] = [];
  for (let step = steps.next(); !step.done; step = steps.next()) yielded.push(step.value);
  assert.deepEqual(yielded.filter((file) => file.startsWith('snippets/')), ['snippets/note.md', 'snippets/part.mdx']);
});

test('a check of every page keeps the tree of the pages being edited only; a check of some pages keeps every tree', () => {
  const root = writeSite(files);
  const graph = graphOf(root);
  graph.setText('index.mdx', '# Home, edited\n\n[Missing](/missing)\n');
  checkSitePages(graph);
  assert.ok(graph.loadedPage('index.mdx')!.lastParsed?.tree, 'the edited page keeps its tree for its next edit');
  assert.equal(graph.loadedPage('guide.mdx')!.lastParsed, undefined, 'a page read from disk keeps no tree');

  const some = graphOf(root);
  checkSitePages(some, ['guide.mdx']);
  assert.ok(some.loadedPage('guide.mdx')!.lastParsed?.tree);
});

test("a check of every page forgets the facts of files that are no longer checked; a check of some pages keeps the others'", () => {
  const root = writeSite(files);
  const graph = graphOf(root);
  checkSitePages(graph);
  const guideText = graph.loadedPage('guide.mdx')!.text;
  const guideFacts = graph.mdxFacts.get('guide.mdx', guideText);
  assert.ok(guideFacts);
  graph.mdxFacts.set('deleted.mdx', '# Gone\n', guideFacts);

  checkSitePages(graph, ['index.mdx']);
  assert.ok(graph.mdxFacts.get('guide.mdx', guideText), 'a page not checked this time keeps its facts');
  assert.ok(graph.mdxFacts.get('deleted.mdx', '# Gone\n'));

  checkSitePages(graph);
  assert.equal(graph.mdxFacts.get('deleted.mdx', '# Gone\n'), undefined);
  assert.ok(graph.mdxFacts.get('guide.mdx', guideText));
});

test("gives each file's problems in document order, whichever rules found them", () => {
  const index = '[One](/missing-one)\n\n<Card titel="x">a</Card>\n\n[Two](/missing-two)\n\n<Card titel="y">b</Card>\n';
  const found = checkSitePages(graphOf(writeSite({ ...files, 'index.mdx': index }))).get('index.mdx')!;
  assert.ok(new Set(found.map((d) => d.code)).size >= 2, `problems of two rules at least: ${found.map((d) => d.code).join(', ')}`);
  const lineOf = (offset: number) => index.slice(0, offset).split('\n').length;
  assert.deepEqual(
    found.map((d) => lineOf(d.range.start)),
    [1, 3, 5, 7],
  );
});

test('the codes only a check of every page reports are those of the orphan rule', () => {
  assert.deepEqual([...wholeSiteCodes], ['page/orphaned']);
});
