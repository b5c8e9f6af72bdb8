import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../../server/src/engine';
import { checkSitePages, checkSitePagesSteps } from '../../../server/src/engine/pages/allPageRules';
import { SiteGraph } from '../../../server/src/engine/pages/siteGraph';
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
  const steps = checkSitePagesSteps(graphOf(root));
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
