// docsjson.config.json through the protocol: a real client over stdio on a copy of the lsp-pages
// fixture site, with a docs.json entry that has no page and a broken link in a page of guides/.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspTestClient, vscodeCapabilities } from './lspClient';

const fixture = join(__dirname, '..', 'fixtures', 'sites', 'lsp-pages');

const config = JSON.stringify({
  rules: { 'link/missing-anchor': 'off', 'link/missing-page': 'warning', 'ref/missing-page': 'information' },
  ignore: ['guides/'],
});

function siteWithConfig(configText: string | undefined): string {
  const root = mkdtempSync(join(tmpdir(), 'docsjson-lsp-config-'));
  cpSync(fixture, root, { recursive: true });
  const docsJson = join(root, 'docs.json');
  writeFileSync(docsJson, readFileSync(docsJson, 'utf8').replace('"guides/deploy"]', '"guides/deploy", "guides/later"]'));
  const setup = join(root, 'guides', 'setup.mdx');
  writeFileSync(setup, `${readFileSync(setup, 'utf8')}\nSee [the rest](/guides/nowhere).\n`);
  if (configText !== undefined) writeFileSync(join(root, 'docsjson.config.json'), configText);
  return root;
}

/** Code, severity (1 error … 4 hint) and line of each diagnostic. */
function compact(diagnostics: Diagnostic[]): [string, number, number][] {
  return diagnostics.map((d) => [String(d.code), d.severity!, d.range.start.line]);
}

const defaults = {
  'docs.json': [['ref/missing-page', 1, 9]],
  'index.mdx': [
    ['link/missing-page', 1, 8],
    ['link/missing-anchor', 2, 8],
  ],
  'guides/setup.mdx': [['link/missing-page', 1, 13]],
};

const configured = {
  'docs.json': [['ref/missing-page', 3, 9]],
  'index.mdx': [['link/missing-page', 2, 8]],
  'guides/setup.mdx': [],
};

describe('docsjson.config.json in the language server (a client that pulls)', () => {
  let client: LspTestClient;
  let root: string;
  const pulled = async () => ({
    'docs.json': compact(await client.diagnostics('docs.json')),
    'index.mdx': compact(await client.diagnostics('index.mdx')),
    'guides/setup.mdx': compact(await client.diagnostics('guides/setup.mdx')),
  });

  before(async () => {
    root = siteWithConfig(config);
    client = await LspTestClient.start({ root });
    for (const file of ['docs.json', 'index.mdx', 'guides/setup.mdx']) await client.open(file);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('the config turns codes off, changes severities and drops ignored files, in docs.json and pages', async () => {
    assert.deepEqual(await pulled(), configured);
    assert.deepEqual(await client.diagnostics('docsjson.config.json'), []);
  });

  test('editing the open config re-checks the site', async () => {
    await client.open('docsjson.config.json');
    const before = await client.pull('docs.json');
    await client.edit('docsjson.config.json', 0, client.text('docsjson.config.json').length, '{ "rules": {} }');
    const afterEdit = await client.pull('docs.json');
    assert.notEqual(afterEdit.kind === 'full' && afterEdit.resultId, before.kind === 'full' && before.resultId, 'a new check');
    assert.deepEqual(await pulled(), defaults);
  });

  test('a broken config reports its problems on the config file, what is valid in it still applies, and the server goes on', async () => {
    const text = '{\n  "rules": { "link/missing-anchr": "off", "link/missing-page": "warn", "ref/missing-page": "off" },\n  "ignore": [\n';
    await client.edit('docsjson.config.json', 0, client.text('docsjson.config.json').length, text);
    const problems = await client.diagnostics('docsjson.config.json');
    assert.deepEqual(
      problems.map((d) => [d.code, d.range.start.line, d.message]),
      [
        ['config/syntax', 3, 'docsjson.config.json is not valid JSON: Expected "]" to close the array'],
        ['config/syntax', 3, 'docsjson.config.json is not valid JSON: Expected "}" to close the object'],
        ['config/unknown-rule', 1, 'No check has the code "link/missing-anchr". Did you mean "link/missing-anchor"?'],
        ['config/type', 1, 'The severity of "link/missing-page" must be "error", "warning", "information", "hint" or "off", not the string "warn". Did you mean "warning"?'],
      ],
    );
    assert.deepEqual(await pulled(), { ...defaults, 'docs.json': [] });
  });

  test('a config changed on disk (a watched-file event) re-checks the site', async () => {
    await client.close('docsjson.config.json');
    writeFileSync(join(root, 'docsjson.config.json'), config);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('docsjson.config.json'), type: 2 }] });
    assert.deepEqual(await pulled(), configured);
    assert.deepEqual(await client.diagnostics('docsjson.config.json'), []);
  });

  test('an "ignore" glob that matches no file is reported on the config, and no longer once a file it matches is created', async () => {
    writeFileSync(join(root, 'docsjson.config.json'), config.replace('["guides/"]', '["guides/", "old/"]'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('docsjson.config.json'), type: 2 }] });
    const unused = await client.diagnostics('docsjson.config.json');
    assert.deepEqual(unused.map((d) => [d.code, d.severity, d.message]), [['config/unused-ignore', 3, '"old/" in "ignore" matches no file of the site: it has no effect (a file moved or renamed, or a typo?)']]);
    mkdirSync(join(root, 'old'));
    writeFileSync(join(root, 'old', 'page.mdx'), '# Old\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('old/page.mdx'), type: 1 }] });
    assert.deepEqual(await client.diagnostics('docsjson.config.json'), []);
    assert.deepEqual(await pulled(), configured);
  });
});

describe('docsjson.config.json in the language server (a client that does not pull)', () => {
  test('published diagnostics follow the config, and its problems are published on it', async () => {
    const root = siteWithConfig('{ "rules": { "link/missing-anchor": "off", "page/orphaned": "of" } }');
    const { diagnostic: _pull, ...textDocument } = vscodeCapabilities.textDocument!;
    const client = await LspTestClient.start({ root, capabilities: { ...vscodeCapabilities, textDocument } });
    try {
      await client.open('docs.json');
      await client.open('index.mdx');
      await client.until(() => client.published.has(client.uri('docsjson.config.json')) && client.published.has(client.uri('index.mdx')));
      assert.deepEqual(compact(client.published.get(client.uri('index.mdx'))!), [['link/missing-page', 1, 8]]);
      assert.deepEqual(compact(client.published.get(client.uri('docsjson.config.json'))!), [['config/type', 1, 0]]);
      await client.open('docsjson.config.json');
      await client.edit('docsjson.config.json', 0, client.text('docsjson.config.json').length, '{ "rules": { "ref/missing-page": "off" } }');
      await client.until(() => client.published.get(client.uri('docsjson.config.json'))!.length === 0 && client.published.get(client.uri('docs.json'))!.length === 0);
      await client.until(() => client.published.get(client.uri('index.mdx'))!.length === 2);
    } finally {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
