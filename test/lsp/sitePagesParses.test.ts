// The editor's check of every page, run in the background after each change, parses only the
// pages whose text changed, and none that is open (the worker of the open pages parses those):
// the server's trace ($/logTrace, as an editor shows it with the trace on) says how many pages
// each run parsed, and the findings stay those of a run that parsed all.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient } from './lspClient';
import { findingsAfter, tracePagesChecks, type PagesCheckRun } from './pagesCheckRuns';
import { loadScaled } from '../support/loadScaled';

/** A page with findings that come from its MDX tree: components, an image without alt text. */
const componentsPage = `---
title: Components
---

# Components

<Accordian title="Typo">
  Hidden
</Accordian>

<Card title="A card" icon="rocket" horizontal="false">Text</Card>

<Tab title="Alone">Outside its Tabs</Tab>

![](/images/diagram.png)

<img src="/images/logo.png" />
`;

/** A client on the basic site with two more pages, the trace on; each run's figures, as the server traces them. */
async function start(): Promise<{ client: LspTestClient; runs: PagesCheckRun[] }> {
  const root = copyOfFixtureSite('lsp-basic');
  writeFileSync(join(root, 'components.mdx'), componentsPage);
  writeFileSync(join(root, 'broken.mdx'), '---\ntitle: Broken\n---\n\nA line<br>\n');
  const client = await LspTestClient.start({ root });
  return { client, runs: await tracePagesChecks(client) };
}

/** A client started as `start` does, the findings of the first run over every page, and the client stopped after `body`. */
async function withFirstRun(body: (session: { client: LspTestClient; runs: PagesCheckRun[]; first: string[] }) => Promise<void>): Promise<void> {
  const { client, runs } = await start();
  try {
    const first = await findingsAfter(client, runs, () => client.request('workspace/diagnostic', { previousResultIds: [] }));
    await body({ client, runs, first });
  } finally {
    await client.stop();
  }
}

describe('the check of every page in the editor parses only the pages that changed', { timeout: loadScaled(120_000) }, () => {
  test('after an edit of docs.json no page is parsed again, and the findings are the same', () =>
    withFirstRun(async ({ client, runs, first }) => {
      assert.equal(runs[0].parsed, runs[0].files, 'the first run parses every page');
      assert.ok(runs[0].files >= 6);
      for (const code of ['component/unknown', 'component/prop-type', 'component/misplaced', 'a11y/image-alt', 'mdx/syntax']) {
        assert.ok(first.some((finding) => finding.endsWith(` ${code}`)), `the first run finds ${code}: ${first.join(', ')}`);
      }

      await client.open('docs.json');
      const at = client.text('docs.json').indexOf('"name"');
      const afterEdit = await findingsAfter(client, runs, async () => {
        await client.edit('docs.json', at, at, ' ');
        await client.pull('docs.json');
      });
      assert.deepEqual(runs.at(-1), { files: runs[0].files, parsed: 0 });
      assert.deepEqual(afterEdit, first);
    }),
  );

  test('typing in the site name checks no page again; adding a page to the navigation checks them all', () =>
    withFirstRun(async ({ client, runs, first }) => {
      assert.ok(first.some((finding) => finding.startsWith('components.mdx ') && finding.endsWith(' page/orphaned')));
      // Opening a file may change what is checked (its text against the disk's): every page is checked again.
      const statuses = () => client.statuses as { pagesChecked: boolean }[];
      await findingsAfter(client, runs, async () => {
        await client.open('docs.json');
        await client.pull('docs.json');
      });
      // Under load the open and the pull may each be due a run: the typing starts once the last one is done.
      await client.until(() => statuses().at(-1)?.pagesChecked === true, 60_000);
      const runsBefore = runs.length;
      for (const typed of ['x', 'y', 'z']) {
        const at = client.text('docs.json').indexOf('"Basic') + 6;
        const before = statuses().length;
        await client.edit('docs.json', at, at, typed);
        await client.pull('docs.json');
        await client.until(() => statuses().length > before);
        assert.equal(statuses().at(-1)!.pagesChecked, true, 'the status after the edit says every page is checked: no run is due');
      }
      assert.equal(runs.length, runsBefore, 'no page was checked again');
      const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
      assert.ok(report.items.some((item) => item.kind === 'full' && item.uri.endsWith('components.mdx') && item.items.some((d) => d.code === 'page/orphaned')));

      const listed = await findingsAfter(client, runs, async () => {
        const at = client.text('docs.json').indexOf('"guides/deploy"') + '"guides/deploy"'.length;
        await client.edit('docs.json', at, at, ', "components"');
        await client.pull('docs.json');
        assert.equal(statuses().at(-1)!.pagesChecked, false, 'a page in the navigation: every page is checked again');
      });
      assert.equal(runs.length, runsBefore + 1);
      assert.deepEqual(listed, first.filter((finding) => !(finding.startsWith('components.mdx ') && finding.endsWith(' page/orphaned'))));
    }),
  );

  test("after an open page is edited the check parses no page: the open page's text is parsed by the worker of the open pages alone", () =>
    withFirstRun(async ({ client, runs, first }) => {
      await client.open('broken.mdx');
      const at = client.text('broken.mdx').indexOf('<br>');
      const mended = await findingsAfter(client, runs, () => client.edit('broken.mdx', at, at + 4, '<br />'));
      assert.equal(runs.at(-1)!.parsed, 0);
      // The open page's diagnostics are pulled by themselves (the workspace report leaves open pages out).
      assert.deepEqual(mended, first.filter((finding) => !finding.startsWith('broken.mdx ')));
      assert.ok(first.some((finding) => finding.startsWith('broken.mdx ') && finding.endsWith(' mdx/syntax')));
      assert.deepEqual((await client.diagnostics('broken.mdx')).map((d) => d.code), ['page/orphaned']);
    }),
  );

  test('after a page changes on disk only that page is parsed, and its findings are of its new text', () =>
    withFirstRun(async ({ client, runs, first }) => {
      const mended = await findingsAfter(client, runs, async () => {
        writeFileSync(join(client.root, 'broken.mdx'), '---\ntitle: Broken\n---\n\nA line<br />\n');
        await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('broken.mdx'), type: 2 }] });
      });
      assert.deepEqual(runs.at(-1), { files: runs[0].files, parsed: 1 });
      assert.deepEqual(mended, first.filter((finding) => !(finding.startsWith('broken.mdx ') && finding.endsWith(' mdx/syntax'))));
      assert.ok(first.some((finding) => finding.startsWith('broken.mdx ') && finding.endsWith(' mdx/syntax')));
    }),
  );

  test('after a page is created, the new check of the site parses only that page', () =>
    withFirstRun(async ({ client, runs, first }) => {
      const created = await findingsAfter(client, runs, async () => {
        writeFileSync(join(client.root, 'created.mdx'), '---\ntitle: Created\n---\n\n<Tab title="Alone">x</Tab>\n');
        await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('created.mdx'), type: 1 }] });
        await client.request('workspace/diagnostic', { previousResultIds: [] });
      });
      assert.deepEqual(runs.at(-1), { files: runs[0].files + 1, parsed: 1 });
      assert.deepEqual(created, [...first, 'created.mdx 1:1 page/orphaned', 'created.mdx 5:2 component/misplaced'].sort());
    }),
  );
});
