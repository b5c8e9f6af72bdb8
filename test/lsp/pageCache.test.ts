// The editor keeps what each page's parse found in the folder the client gives as the server
// starts (the extension's storage, `initializationOptions.storageFolder`), as `check --cache` does:
// a restart on upstash parses no unchanged page, finds the same and leaves the cache's file as it
// was, a page edited on disk between two starts is the only one parsed, and a corrupt cache is
// read as empty. While the pages of upstash are checked with a cold cache, hovers are answered at
// once.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { loadScaled } from '../support/loadScaled';
import { materialiseSite } from '../support/sites';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient } from './lspClient';
import { findingsAfter, tracePagesChecks, type PagesCheckRun } from './pagesCheckRuns';

/** How long a check of every page of upstash may take on a loaded machine. */
const upstashCheckMs = 600_000;

/** One start of the server on a site with its cache in `storageFolder`: the first check of every page and the findings then, the server stopped after. */
async function session(root: string, storageFolder: string): Promise<{ run: PagesCheckRun; findings: string[] }> {
  const client = await LspTestClient.start({ root, initializationOptions: { storageFolder } });
  try {
    const runs = await tracePagesChecks(client);
    const findings = await findingsAfter(client, runs, () => client.request('workspace/diagnostic', { previousResultIds: [] }), upstashCheckMs);
    return { run: runs[0], findings };
  } finally {
    await client.stop();
  }
}

describe('the editor keeps the facts of pages across restarts', { timeout: 3 * upstashCheckMs }, () => {
  test('a restart on upstash parses no unchanged page and finds the same; a page edited on disk meanwhile is the only one parsed', async () => {
    const root = materialiseSite('upstash+docs');
    const storageFolder = join(tempFolder('docsjson-storage-'), 'workspace-storage');
    const first = await session(root, storageFolder);
    assert.ok(first.run.files > 1000, `${first.run.files} files`);
    // Every page, but a page of the same text as one parsed before it (its facts are in the cache by then).
    assert.ok(first.run.parsed > first.run.files - 10, `the first start parses every page: ${JSON.stringify(first.run)}`);
    assert.ok(existsSync(join(storageFolder, 'page-facts')), 'the cache is kept in the storage folder');

    const kept = statSync(join(storageFolder, 'page-facts'));
    const second = await session(root, storageFolder);
    assert.deepEqual(second.run, { files: first.run.files, parsed: 0 });
    assert.deepEqual(second.findings, first.findings);
    assert.equal(statSync(join(storageFolder, 'page-facts')).mtimeMs, kept.mtimeMs, 'a start that parses nothing does not write the cache again');

    const edited = 'redis/sdks/ts/commands/overview.mdx';
    writeFileSync(join(root, edited), `${readFileSync(join(root, edited), 'utf8')}\n<Frame>unclosed\n`);
    const third = await session(root, storageFolder);
    assert.deepEqual(third.run, { files: first.run.files, parsed: 1 });
    const others = (findings: string[]) => findings.filter((finding) => !finding.startsWith(`${edited} `));
    assert.deepEqual(others(third.findings), others(first.findings));
    assert.ok(third.findings.some((finding) => finding.startsWith(`${edited} `) && finding.endsWith(' mdx/syntax')), 'the edited page is read in its new text');
  });

  test('a corrupt cache, or none, is read as empty: every page is parsed, with the same findings', async () => {
    const root = copyOfFixtureSite('lsp-basic');
    const storageFolder = tempFolder('docsjson-storage-');
    const first = await session(root, storageFolder);
    assert.ok(first.run.files >= 4 && first.run.parsed === first.run.files, JSON.stringify(first.run));
    const file = join(storageFolder, 'page-facts');
    const kept = readFileSync(file, 'utf8');
    writeFileSync(file, kept.replaceAll('"', "'"));
    assert.deepEqual(await session(root, storageFolder), first);
    assert.deepEqual((await session(root, storageFolder)).run, { files: first.run.files, parsed: 0 }, 'written anew');
    assert.deepEqual(await session(root, tempFolder('docsjson-storage-')), first, 'an empty folder');
  });

  test('a hover is answered at once while the pages of upstash are checked with a cold cache', async () => {
    const root = materialiseSite('upstash+docs');
    const client = await LspTestClient.start({ root, initializationOptions: { storageFolder: tempFolder('docsjson-storage-') } });
    try {
      const page = 'redis/sdks/ts/commands/overview.mdx';
      await client.open(page);
      const hover = () => client.request<Hover | null>('textDocument/hover', { textDocument: { uri: client.uri(page) }, position: client.position(page, '<Card ', 2) });
      assert.ok(await hover(), 'the hover answers');
      let checked = false;
      const checking = client.request('docsjson/checkWorkspace', null).then(() => (checked = true));
      const latencies: number[] = [];
      while (!checked) {
        const sent = performance.now();
        const answer = await hover();
        const answered = performance.now();
        assert.match((answer?.contents as { value: string }).value, /`<Card>`/);
        if (!checked) latencies.push(answered - sent);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await checking;
      assert.ok(latencies.length >= 10, `only ${latencies.length} hovers were answered while the pages were checked`);
      const slowest = Math.max(...latencies);
      const median = [...latencies].sort((a, b) => a - b)[latencies.length >> 1];
      console.log(`hover while upstash's pages are checked with a cold cache: ${latencies.length} hovers, median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms (100 ms asked)`);
      assert.ok(median < loadScaled(100), `the median hover took ${median.toFixed(0)} ms`);
      assert.ok(slowest < loadScaled(500), `a hover took ${slowest.toFixed(0)} ms`);
    } finally {
      await client.stop();
    }
  });
});
