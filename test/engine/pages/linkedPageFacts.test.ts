// The pages whose anchors a page's links check from their facts (pages with steps), so that the
// language server reads them off its main thread before the page's rules run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, SiteGraph } from '../../../server/src/engine';
import { linkedPagesWithoutFacts } from '../../../server/src/engine/pages/linkedPageFacts';
import { mdxFactsOf } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';
import { writeSite } from '../../support/site';

const steps = '# Steps\n\n<Steps titleSize="h2">\n  <Step title="Install the CLI">\n    Two.\n  </Step>\n</Steps>\n';

test('a link with an anchor into a page with steps needs that page read first, until its facts are kept; other links need nothing', () => {
  const pages: Record<string, string> = {
    'index.mdx': '# Home\n\n[Steps](/steps#install-the-cli), [again](./steps#install-the-cli), [no anchor](/steps), [plain](/plain#intro), [gone](/gone#x)\n',
    'steps.mdx': steps,
    'plain.mdx': '# Plain\n\n## Intro\n',
  };
  const root = writeSite({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: ['index', 'steps', 'plain'] } }), ...pages });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
  const home = graph.page('index.mdx')!;
  assert.deepEqual(linkedPagesWithoutFacts(graph, home), [{ file: 'steps.mdx', text: steps }]);
  graph.mdxFacts.set('steps.mdx', steps, mdxFactsOf(steps, parseMdx(steps)));
  assert.deepEqual(linkedPagesWithoutFacts(graph, home), [], 'its facts kept');
  assert.deepEqual(linkedPagesWithoutFacts(graph, graph.page('plain.mdx')!), []);
});
