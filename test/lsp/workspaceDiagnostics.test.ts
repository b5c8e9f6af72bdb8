// The whole site in the editor: every page's problems without opening it, pulled (workspace
// diagnostics) or published, the same findings and counts as `docsjson check` on the same site.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Diagnostic, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { materialiseSite } from '../support/sites';
import { tempFolder } from '../support/tempFolder';
import { LspTestClient, vscodeCapabilities } from './lspClient';

const cliPath = join(__dirname, '..', '..', 'dist', 'cli.js');
const severities = ['', 'error', 'warning', 'information', 'hint'];

/** Each file's findings as "line:column severity code", by root-relative path. */
type Findings = Record<string, string[]>;

interface CliReport {
  files: { path: string; diagnostics: { line: number; column: number; severity: string; code: string }[] }[];
}

function cliFindings(root: string): Findings {
  let output: string;
  try {
    output = execFileSync(process.execPath, [cliPath, 'check', '.', '--format', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    // Exit code 1: the site has errors; the report is on stdout all the same.
    output = (error as { stdout: string }).stdout;
  }
  const findings: Findings = {};
  for (const file of (JSON.parse(output) as CliReport).files) {
    if (file.diagnostics.length > 0) findings[file.path] = file.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`);
  }
  return findings;
}

function lspFindings(client: LspTestClient, byUri: Iterable<[string, Diagnostic[]]>): Findings {
  const findings: Findings = {};
  for (const [uri, diagnostics] of byUri) {
    if (diagnostics.length === 0) continue;
    const path = decodeURIComponent(uri.slice(client.uri('').length + (client.uri('').endsWith('/') ? 0 : 1)));
    findings[path] = diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${severities[d.severity!]} ${d.code}`);
  }
  return findings;
}

function counts(findings: Findings): { errors: number; warnings: number; notes: number } {
  const all = Object.values(findings).flat().map((finding) => finding.split(' ')[1]);
  const errors = all.filter((severity) => severity === 'error').length;
  const warnings = all.filter((severity) => severity === 'warning').length;
  return { errors, warnings, notes: all.length - errors - warnings };
}

interface Status {
  errors: number;
  warnings: number;
  notes: number;
  pagesChecked: boolean;
}

/** Waits for the site status that counts every page, then pulls the workspace's diagnostics. */
async function pullAfterPagesChecked(client: LspTestClient, timeoutMs = 60_000): Promise<WorkspaceDiagnosticReport> {
  const statuses = client.statuses.length;
  // The first workspace pull starts the check of docs.json; every page is checked after it.
  const first = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
  await client.until(() => (client.statuses.slice(statuses) as Status[]).some((status) => status.pagesChecked), timeoutMs);
  return statuses === client.statuses.length ? first : client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
}

function fullReports(report: WorkspaceDiagnosticReport): [string, Diagnostic[]][] {
  return report.items.flatMap((item) => (item.kind === 'full' ? [[item.uri, item.items] as [string, Diagnostic[]]] : []));
}

const sites: [string, () => string][] = [
  ['the test site', () => copyOfFixtureSite('lsp-basic')],
  ['the example site', () => {
    const root = tempFolder('docsjson-acme-');
    cpSync(join(__dirname, '..', '..', 'examples', 'acme-docs'), root, { recursive: true });
    return root;
  }],
  ['a real site of 1,297 pages (upstash)', () => materialiseSite('upstash+docs')],
  ['a real site of 439 pages with OpenAPI specs (FastMCP)', () => materialiseSite('PrefectHQ+fastmcp')],
];

describe('the whole site at start-up, for a client that pulls', () => {
  for (const [name, makeSite] of sites) {
    test(`${name}: every page's problems in the workspace pull and the status counts, as docsjson check has them`, async () => {
      const root = makeSite();
      const expected = cliFindings(root);
      const client = await LspTestClient.start({ root });
      try {
        const report = await pullAfterPagesChecked(client);
        assert.deepEqual(lspFindings(client, fullReports(report)), expected);
        const status = client.statuses.at(-1) as Status;
        assert.deepEqual({ errors: status.errors, warnings: status.warnings, notes: status.notes }, counts(expected));
        assert.deepEqual(await client.request('docsjson/checkWorkspace', null), { sites: 1, ...counts(expected) });
      } finally {
        await client.stop();
      }
    });
  }

  test('a pull with the last result ids is answered "unchanged" for every file', async () => {
    const root = copyOfFixtureSite('lsp-basic');
    const client = await LspTestClient.start({ root });
    try {
      const report = await pullAfterPagesChecked(client);
      const previousResultIds = report.items.map((item) => ({ uri: item.uri, value: item.resultId }));
      assert.ok(previousResultIds.some(({ uri }) => uri.endsWith('.mdx')), 'a page is reported');
      const again = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds });
      assert.deepEqual(again.items.map((item) => item.kind), report.items.map(() => 'unchanged'));
    } finally {
      await client.stop();
    }
  });

  test('kept current as pages change on disk: a page created, then mended, with no page open', async () => {
    const root = copyOfFixtureSite('lsp-basic');
    const client = await LspTestClient.start({ root });
    try {
      let report = await pullAfterPagesChecked(client);
      const created = join(root, 'guides', 'broken.mdx');
      writeFileSync(created, '# Broken\n\nSee [the setup](/guides/setp).\n');
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/broken.mdx'), type: 1 }] });
      const codesOf = () => report.items.find((item) => item.uri === client.uri('guides/broken.mdx'));
      report = await pullAfterPagesChecked(client);
      const broken = codesOf();
      assert.ok(broken?.kind === 'full');
      assert.deepEqual(broken.items.map((d) => d.code).sort(), ['link/missing-page', 'page/orphaned']);
      const statuses = client.statuses.length;
      writeFileSync(created, '# Broken\n\nSee [the setup](/guides/setup).\n');
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('guides/broken.mdx'), type: 2 }] });
      const previousResultIds = report.items.map((item) => ({ uri: item.uri, value: item.resultId }));
      await client.until(() => (client.statuses.slice(statuses) as Status[]).some((status) => status.pagesChecked), 30_000);
      report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds });
      const mended = codesOf();
      assert.ok(mended?.kind === 'full');
      assert.deepEqual(mended.items.map((d) => d.code), ['page/orphaned']);
      // The page it now links to is no longer an orphan.
      const setup = report.items.find((item) => item.uri === client.uri('guides/setup.mdx'));
      assert.ok(setup?.kind === 'full');
      assert.deepEqual(setup.items, []);
    } finally {
      await client.stop();
    }
  });

  test('a docs.json created after start-up is a site from then on: checked, its status sent, its problems pulled; one in node_modules is not', async () => {
    const root = copyOfFixtureSite('lsp-basic');
    const docsJson = readFileSync(join(root, 'docs.json'), 'utf8');
    renameSync(join(root, 'docs.json'), join(root, 'docs.json.kept'));
    const client = await LspTestClient.start({ root });
    try {
      const empty = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
      assert.deepEqual(empty.items, []);
      mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
      writeFileSync(join(root, 'node_modules', 'pkg', 'docs.json'), docsJson);
      writeFileSync(join(root, 'docs.json'), docsJson);
      const refreshes = client.refreshRequests;
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: client.uri('node_modules/pkg/docs.json'), type: 1 }, { uri: client.uri('docs.json'), type: 1 }],
      });
      await client.until(() => client.refreshRequests > refreshes, 30_000);
      const report = await pullAfterPagesChecked(client);
      const reported = report.items.map((item) => item.uri);
      assert.ok(reported.includes(client.uri('docs.json')), `docs.json is reported: ${reported.join(', ')}`);
      assert.ok(!reported.some((uri) => uri.includes('node_modules')), 'nothing in node_modules is a site');
      assert.equal((client.statuses.at(-1) as { docsJson: string }).docsJson, client.uri('docs.json'));
      assert.deepEqual(await client.request('docsjson/checkWorkspace', null), { sites: 1, ...counts(lspFindings(client, fullReports(report))) });
    } finally {
      await client.stop();
    }
  });

  test('an open page shows what only the check of every page finds (orphaned), beside its own problems', async () => {
    const root = copyOfFixtureSite('lsp-basic');
    const client = await LspTestClient.start({ root });
    try {
      await pullAfterPagesChecked(client);
      await client.open('guides/setup.mdx');
      assert.deepEqual((await client.diagnostics('guides/setup.mdx')).map((d) => d.code), ['page/orphaned']);
    } finally {
      await client.stop();
    }
  });
});

describe('the whole site at start-up, for a client that does not pull (Neovim…)', () => {
  test('every page\'s problems are published, as docsjson check has them', async () => {
    const { diagnostic: _pull, ...textDocument } = vscodeCapabilities.textDocument!;
    const root = copyOfFixtureSite('lsp-basic');
    const expected = cliFindings(root);
    const client = await LspTestClient.start({ root, capabilities: { ...vscodeCapabilities, textDocument } });
    try {
      await client.until(() => (client.statuses as Status[]).some((status) => status.pagesChecked), 30_000);
      await client.until(() => client.published.has(client.uri('guides/setup.mdx')));
      assert.deepEqual(lspFindings(client, client.published), expected);
    } finally {
      await client.stop();
    }
  });
});

describe('a docs.json saved and closed before its file event arrives', () => {
  test('the next check reads the saved text, not the one kept from disk before', async () => {
    const root = copyOfFixtureSite('lsp-basic');
    const client = await LspTestClient.start({ root });
    try {
      // The start-up check reads docs.json from disk, before it is opened.
      await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
      await client.open('docs.json');
      const before = (await client.diagnostics('docs.json')).map((d) => d.code);
      assert.ok(before.includes('schema/unknown-key'));
      const at = client.text('docs.json').indexOf('"descripton"');
      await client.edit('docs.json', at, at + '"descripton"'.length, '"description"');
      writeFileSync(join(root, 'docs.json'), client.text('docs.json'));
      await client.close('docs.json');
      const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
      const docsJson = report.items.find((item) => item.uri === client.uri('docs.json'));
      assert.ok(docsJson?.kind === 'full');
      assert.deepEqual(docsJson.items.map((d) => d.code).filter((code) => code === 'schema/unknown-key'), []);
    } finally {
      await client.stop();
    }
  });
});
