import type { Diagnostic, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol';
import type { LspTestClient } from './lspClient';

/** One check of every page, as the server traces it: the files it checked and the pages it parsed. */
export interface PagesCheckRun {
  files: number;
  parsed: number;
}

/** Turns the server's trace on; the figures of each check of every page it traces from now on. */
export async function tracePagesChecks(client: LspTestClient): Promise<PagesCheckRun[]> {
  const runs: PagesCheckRun[] = [];
  client.connection.onNotification('$/logTrace', ({ message }: { message: string }) => {
    const figures = /^Checked every page of .*: (\d+) files, (\d+) parsed/.exec(message);
    if (figures) runs.push({ files: Number(figures[1]), parsed: Number(figures[2]) });
  });
  await client.connection.sendNotification('$/setTrace', { value: 'verbose' });
  return runs;
}

/** The findings of every page ("path line:column code"), pulled once the check of every page after `change` is traced. */
export async function findingsAfter(client: LspTestClient, runs: PagesCheckRun[], change: () => Promise<unknown>, timeoutMs = 60_000): Promise<string[]> {
  const before = runs.length;
  await change();
  await client.until(() => runs.length > before, timeoutMs);
  const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
  const findings = report.items.flatMap((item) =>
    item.kind === 'full' && item.uri.endsWith('.mdx') ? item.items.map((d: Diagnostic) => `${item.uri.slice(client.uri('').length + 1)} ${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`) : [],
  );
  return findings.sort();
}
