// Orphaned pages need every page's links: the check of every page reports them, and an open page
// keeps them from its last run: its own check cannot tell.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DiskSiteHost, checkDocsJson, runSiteRules, SiteGraph } from '../../server/src/engine';
import { orphanRule } from '../../server/src/engine/rules/orphanRule';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient } from './lspClient';

function site(): string {
  const root = tempFolder('docsjson-orphans-');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Orphans', theme: 'mint', colors: { primary: '#0B7A62' }, navigation: { pages: ['index'] } }, null, 2));
  writeFileSync(join(root, 'index.mdx'), '# Home\n\nSee [the linked page](/linked).\n');
  writeFileSync(join(root, 'linked.mdx'), '# Linked\n\nListed nowhere, linked from the home page.\n');
  writeFileSync(join(root, 'lonely.mdx'), '# Lonely\n\nListed nowhere, linked from nowhere.\n');
  return root;
}

test('the whole-site check reports the page nothing reaches, not the page another page links to', () => {
  const root = site();
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
  const orphans = [...runSiteRules(graph, [orphanRule])].map(([file, diagnostics]) => [file, diagnostics.map((d) => d.code)]);
  assert.deepEqual(orphans, [['lonely.mdx', ['page/orphaned']]]);
});

test('an open page is called orphaned only once the check of every page found it so: not the page another page links to', async () => {
  const root = site();
  const client = await LspTestClient.start({ root });
  try {
    await client.request('docsjson/checkWorkspace', null);
    for (const [page, expected] of [['linked.mdx', []], ['lonely.mdx', ['page/orphaned']]] as const) {
      await client.open(page);
      const codes = (await client.diagnostics(page)).map((diagnostic) => diagnostic.code);
      assert.deepEqual(codes, expected, `${page}: ${JSON.stringify(codes)}`);
    }
  } finally {
    await client.stop();
  }
});
