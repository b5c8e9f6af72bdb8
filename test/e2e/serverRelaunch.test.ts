// Started plainly, as Neovim, Helix or Zed start it, the language server gets the V8 options VS
// Code's launch gives it: on a Node.js that can (22.15 and later), the process replaces itself by
// one with them, keeping its pid and its stdio. The Node.js 24 that runs code-server runs it here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { serverNodeOptions } from '../../server/src/launch';
import { LspTestClient } from '../lsp/lspClient';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './harness/codeServer';

let node24: string;
before(async () => {
  node24 = (await ensureCodeServer()).nodeBin;
}, { timeout: INSTALL_TIMEOUT_MS });

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

test('started without options by Node.js 24, the server runs with its own V8 options and answers', async () => {
  const client = await LspTestClient.start({ root: join(REPO_ROOT, 'examples', 'acme-docs'), nodeBinary: node24 });
  try {
    await client.open('docs.json');
    const codes = (await client.diagnostics('docs.json')).map((d) => d.code);
    assert.ok(codes.includes('ref/missing-page'), `diagnostics: ${codes.join(', ')}`);
    const args = commandLine(client.server.pid!);
    for (const option of serverNodeOptions) assert.ok(args.includes(option), `the server's command line: ${args.join(' ')}`);
  } finally {
    await client.stop();
  }
});

test('started with the options already, it runs as started', async () => {
  const client = await LspTestClient.start({ root: join(REPO_ROOT, 'examples', 'acme-docs'), nodeBinary: node24, nodeOptions: serverNodeOptions });
  try {
    await client.open('docs.json');
    await client.diagnostics('docs.json');
    assert.equal(commandLine(client.server.pid!).filter((arg) => serverNodeOptions.includes(arg)).length, serverNodeOptions.length);
  } finally {
    await client.stop();
  }
});
