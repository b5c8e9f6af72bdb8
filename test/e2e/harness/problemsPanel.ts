import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { waitFor, type Workbench } from './browser';
import { REPO_ROOT } from './codeServer';

const clean = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();

/** A row of the Problems panel that is a problem, with the file row it is under. */
export interface PanelMarker {
  /** The file row the marker is under ("docs.json"). */
  file: string;
  severity: string;
  message: string;
  /** "docsjson" for our server, "json" for VS Code's JSON support. */
  source: string;
  code: string;
  /** "[Ln 12, Col 51]" */
  position: string;
}

/**
 * Every row of the Problems panel, read from its parts (message, source, code, position) and the
 * file row it is under. (Shows the panel first.)
 */
export async function panelMarkers(wb: Workbench): Promise<PanelMarker[]> {
  await wb.problems();
  const rows = wb.page.locator('.markers-panel .monaco-list-row');
  const read = await rows.evaluateAll((els) =>
    els.map((el) => ({
      index: Number(el.getAttribute('data-index') ?? -1),
      fileName: el.querySelector('.file-icon .label-name, .label-name')?.textContent ?? '',
      // "marker-icon error quickFix": the severity, and whether the light bulb shows.
      severity: /\b(error|warning|info)\b/.exec(el.querySelector('.marker-icon')?.className ?? '')?.[1] ?? '',
      message: el.querySelector('.marker-message')?.textContent ?? '',
      source: el.querySelector('.marker-source')?.textContent ?? '',
      code: el.querySelector('.marker-code')?.textContent ?? '',
      position: el.querySelector('.marker-line')?.textContent ?? '',
      isMarker: !!el.querySelector('.marker-message'),
    })),
  );
  let file = '';
  const markers: PanelMarker[] = [];
  for (const row of read.sort((a, b) => a.index - b.index)) {
    if (!row.isMarker) {
      file = clean(row.fileName);
      continue;
    }
    markers.push({ file, severity: row.severity, message: clean(row.message), source: clean(row.source), code: clean(row.code), position: clean(row.position) });
  }
  return markers;
}

/** Markers as "file severity code message" lines, sorted: the panel's and the CLI's compare as these. */
export const markerLines = (markers: Pick<PanelMarker, 'file' | 'severity' | 'code' | 'message'>[]) => markers.map((m) => `${m.file} ${m.severity} ${m.code} ${m.message}`).sort();

/** `docsjson check` of a folder: exit code 1 when the site has errors, its report on stdout all the same. */
function check(root: string, ...options: string[]): string {
  try {
    return execFileSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'check', '.', ...options], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

interface CliReport {
  files: { path: string; diagnostics: { severity: string; code: string; message: string }[] }[];
}

/** What `docsjson check --format json` finds, as the Problems panel would list it (`markerLines`). */
export function cliMarkerLines(root: string): string[] {
  const panelSeverity: Record<string, string> = { error: 'error', warning: 'warning', information: 'info', hint: 'info' };
  const { files } = JSON.parse(check(root, '--format', 'json')) as CliReport;
  return markerLines(files.flatMap((file) => file.diagnostics.map((d) => ({ file: file.path.split('/').pop()!, severity: panelSeverity[d.severity], code: d.code, message: d.message }))));
}

/** The last line of `docsjson check`: "1 docs.json file and 3 pages checked: 4 errors, 4 warnings". */
export function cliSummary(root: string): string {
  return check(root).trim().split('\n').at(-1)!;
}

/** Waits until the Problems panel lists exactly `expected` (`cliMarkerLines`), and says what differs if it never does. */
export async function waitForPanelToMatch(wb: Workbench, expected: string[], limitMs: number): Promise<void> {
  let last: string[] = [];
  await waitFor('the panel to list what the CLI finds', async () => {
    last = markerLines(await panelMarkers(wb));
    return JSON.stringify(last) === JSON.stringify(expected) || undefined;
  }, limitMs).catch((error: Error) => {
    throw new Error(`${error.message}; the panel shows ${JSON.stringify(last)}; the CLI ${JSON.stringify(expected)}`);
  });
}

/** Runs Check Workspace and asserts it says the totals `docsjson check` prints for the site; returns its message. */
export async function checkWorkspaceSaysCliTotals(wb: Workbench, site: string, limitMs: number): Promise<string> {
  const summary = cliSummary(site);
  const totals = /checked: (.*)$/.exec(summary)?.[1];
  assert.ok(totals, `the CLI's summary: ${summary}`);
  await wb.runCommand('docs.json: Check Workspace');
  const message = await wb.waitForNotification(/^docs\.json: checked/, limitMs);
  assert.equal(message, `docs.json: checked 1 site: ${totals}`);
  return message;
}
