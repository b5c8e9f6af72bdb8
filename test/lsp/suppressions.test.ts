// Suppression comments over the protocol: a finding a page's comment suppresses is neither
// published nor pulled, a comment that suppresses nothing is, and what only the check of every
// page can tell (orphans) is told the same on an open page as on a closed one.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient, vscodeCapabilities } from './lspClient';

const index = [
  '# Home',
  '',
  '{/* docsjson-disable-next-line link/missing-page */}',
  'See [the next release](/coming-soon).',
  '',
  'And [this one](/gone).',
  '',
  '{/* docsjson-disable-next-line link/missing-anchor */}',
  'Nothing wrong here.',
  '',
].join('\n');

function site(): string {
  const root = tempFolder('docsjson-suppress-');
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Suppress', theme: 'mint', colors: { primary: '#0B7A62' }, navigation: { pages: ['index'] } }, null, 2));
  writeFileSync(join(root, 'index.mdx'), index);
  writeFileSync(join(root, 'hidden.mdx'), '{/* docsjson-disable page/orphaned -- reached by its URL only */}\n# Hidden\n');
  writeFileSync(join(root, 'lonely.mdx'), '# Lonely\n\n{/* docsjson-disable-next-line page/orphaned */}\nText.\n');
  return root;
}

const codesOf = (diagnostics: { code?: string | number }[] | undefined) => diagnostics?.map((d) => d.code);

test('pushed: a suppressed finding is not published, an unused suppression is, on open and closed pages alike', async () => {
  const client = await LspTestClient.start({
    root: site(),
    capabilities: { ...vscodeCapabilities, textDocument: { ...vscodeCapabilities.textDocument, diagnostic: undefined }, workspace: { ...vscodeCapabilities.workspace, diagnostics: undefined } },
  });
  try {
    await client.open('index.mdx');
    const published = (path: string) => client.published.get(client.uri(path));
    await client.until(() => codesOf(published('index.mdx'))?.length === 2 && published('lonely.mdx') !== undefined, 20_000);
    assert.deepEqual(
      published('index.mdx')!.map((d) => [d.range.start.line, d.code]),
      [
        [5, 'link/missing-page'],
        [7, 'suppress/unused'],
      ],
    );
    assert.equal(published('index.mdx')![1].message, 'Unused suppression: no "link/missing-anchor" finding on the next line');
    assert.deepEqual(codesOf(published('lonely.mdx')), ['page/orphaned', 'suppress/unused']);
    assert.deepEqual(codesOf(published('hidden.mdx')) ?? [], []);
  } finally {
    await client.stop();
  }
});

test('pulled: an open page shows what the check of every page found of its suppressions, and an edit of a comment is read at once', async () => {
  const client = await LspTestClient.start({ root: site() });
  try {
    await client.request('docsjson/checkWorkspace', null);
    await client.open('hidden.mdx');
    assert.deepEqual(codesOf(await client.diagnostics('hidden.mdx')), []);
    await client.open('lonely.mdx');
    assert.deepEqual(codesOf(await client.diagnostics('lonely.mdx')), ['page/orphaned', 'suppress/unused']);
    await client.open('index.mdx');
    assert.deepEqual(codesOf(await client.diagnostics('index.mdx')), ['link/missing-page', 'suppress/unused']);
    // The comment's code changed: the link it named is reported, and the comment is unused.
    const at = index.indexOf('link/missing-page');
    await client.edit('index.mdx', at, at + 'link/missing-page'.length, 'link/missing-file');
    assert.deepEqual(
      (await client.diagnostics('index.mdx')).map((d) => [d.range.start.line, d.code]),
      [
        [2, 'suppress/unused'],
        [3, 'link/missing-page'],
        [5, 'link/missing-page'],
        [7, 'suppress/unused'],
      ],
    );
  } finally {
    await client.stop();
  }
});
