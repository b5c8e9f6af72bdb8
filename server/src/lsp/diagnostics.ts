import {
  DocumentDiagnosticReportKind,
  NotificationType,
  type Diagnostic as LspDiagnostic,
  type DocumentDiagnosticReport,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import { compareDiagnostics, LineIndex, projectConfigFileName, reportedDiagnostics, type Diagnostic } from '../engine';
import type { CheckedState, DocsSite } from './docsSite';
import { linesOf, toLspDiagnostic } from './convert';
import { pageFile, type PageFeatures } from './pageFeatures';
import { pathOf, type ServerContext } from './serverContext';
import { siteStatusMethod, type CheckWorkspaceResult, type SiteStatus } from './customMessages';

const siteStatusNotification = new NotificationType<SiteStatus>(siteStatusMethod);
const yamlFile = /\.ya?ml$/i;
/** The result id of a closed page's (empty) workspace report. */
const closedPage = 'closed';

/**
 * Diagnostics, pulled by clients that can (textDocument/diagnostic), published to the others
 * after each check. Every file a check read gets its own diagnostics, "$ref" files included.
 */
export class DiagnosticsFeature {
  /** URIs with published diagnostics, per site, to clear the ones a later check no longer reports. */
  private readonly published = new Map<DocsSite, Set<string>>();
  /** Pages pulled while open: once closed, the workspace pull reports none of their problems (as for pages never opened). */
  private readonly pulledPages = new Set<string>();

  constructor(
    private readonly context: ServerContext,
    private readonly pages: PageFeatures,
  ) {
    if (!context.client.pullDiagnostics) return;
    context.connection.languages.diagnostics.on((params) => this.pull(params.textDocument.uri, params.previousResultId));
    context.connection.languages.diagnostics.onWorkspace((params) => this.pullWorkspace(new Map(params.previousResultIds.map(({ uri, value }) => [uri, value]))));
  }

  private async pull(uri: string, previousResultId: string | undefined): Promise<DocumentDiagnosticReport> {
    const path = pathOf(uri);
    const site = path ? await this.context.workspace.siteFor(path) : undefined;
    const relative = site && path ? site.relative(path) : undefined;
    if (!path || !site || relative === undefined) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    const state = await site.checked('current');
    // A page's links are checked on its current text at each pull; other pages may have changed its anchors.
    if (pageFile.test(relative)) {
      this.pulledPages.add(path);
      return { kind: DocumentDiagnosticReportKind.Full, items: await this.pages.diagnostics(site, relative) };
    }
    // YAML files come to the server for the specs among them; the others have nothing to report.
    if (yamlFile.test(relative) && !specFilesOf(state).has(relative)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    const resultId = String(state.id);
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: this.diagnosticsOf(site, state, relative) };
  }

  /** Every file of every known site, "$ref" files that are not open included; no problems for pages closed since their last pull. */
  private async pullWorkspace(previousResultIds: Map<string, string>): Promise<WorkspaceDiagnosticReport> {
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    for (const site of await this.context.workspace.discoveredSites()) {
      const state = await site.checked('current');
      const resultId = String(state.id);
      for (const path of filesOf(state)) {
        const uri = this.context.workspace.uriOf(site.absolute(path));
        const version = this.context.workspace.openDocument(site.absolute(path))?.version ?? null;
        items.push(
          previousResultIds.get(uri) === resultId
            ? { kind: DocumentDiagnosticReportKind.Unchanged, uri, version, resultId }
            : { kind: DocumentDiagnosticReportKind.Full, uri, version, resultId, items: this.diagnosticsOf(site, state, path) },
        );
      }
    }
    for (const path of this.pulledPages) {
      if (this.context.workspace.openDocument(path)) continue;
      const uri = this.context.workspace.uriOf(path);
      items.push(
        previousResultIds.get(uri) === closedPage
          ? { kind: DocumentDiagnosticReportKind.Unchanged, uri, version: null, resultId: closedPage }
          : { kind: DocumentDiagnosticReportKind.Full, uri, version: null, resultId: closedPage, items: [] },
      );
    }
    return { items };
  }

  /** After each check: the status for the client, and diagnostics for the files it read. */
  checked(site: DocsSite, state: CheckedState): void {
    const { connection, client } = this.context;
    void connection.sendNotification(siteStatusNotification, siteStatus(site, state, this.context.workspace.uriOf(site.docsJsonPath)));
    if (!client.pullDiagnostics) {
      this.publish(site, state);
    } else if (client.diagnosticRefresh && this.openDocumentsOf(site, state) > 1) {
      void connection.languages.diagnostics.refresh();
    }
  }

  /** Files changed on disk or the settings changed: diagnostics of these sites may be out of date. */
  sitesChanged(sites: Iterable<DocsSite>): void {
    const { connection, client } = this.context;
    if (client.pullDiagnostics) {
      if (client.diagnosticRefresh) void connection.languages.diagnostics.refresh();
      return;
    }
    for (const site of sites) void site.checked('current').catch((error) => connection.console.error(String(error)));
  }

  /** The sites of the workspace folders were found: clients that do not pull get their problems now. */
  sitesDiscovered(sites: DocsSite[]): void {
    if (!this.context.client.pullDiagnostics) this.sitesChanged(sites);
  }

  /** Every site of the workspace checked from disk, docs.json files looked for again: the totals. */
  async checkWorkspace(folders: string[]): Promise<CheckWorkspaceResult> {
    const { workspace } = this.context;
    await workspace.discoverSites(folders);
    const totals = { sites: 0, errors: 0, warnings: 0 };
    for (const site of workspace.allSites) {
      site.host.rescan();
      site.noteChange();
      const state = await site.checked('current');
      const { errors, warnings } = problemCounts(state);
      totals.sites++;
      totals.errors += errors;
      totals.warnings += warnings;
    }
    if (this.context.client.pullDiagnostics && this.context.client.diagnosticRefresh) void this.context.connection.languages.diagnostics.refresh();
    return totals;
  }

  /** A site ended (its docs.json was deleted): its files have no diagnostics any more. */
  siteRemoved(site: DocsSite): void {
    for (const uri of this.published.get(site) ?? []) void this.context.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.published.delete(site);
    if (this.context.client.pullDiagnostics && this.context.client.diagnosticRefresh) void this.context.connection.languages.diagnostics.refresh();
  }

  private publish(site: DocsSite, state: CheckedState): void {
    const previous = this.published.get(site) ?? new Set<string>();
    const now = new Set<string>();
    for (const path of filesOf(state)) {
      const uri = this.context.workspace.uriOf(site.absolute(path));
      now.add(uri);
      void this.context.connection.sendDiagnostics({ uri, diagnostics: this.diagnosticsOf(site, state, path) });
    }
    for (const path of this.context.workspace.openPaths()) {
      const page = pageFile.test(path) ? site.relative(path) : undefined;
      if (page === undefined) continue;
      const uri = this.context.workspace.uriOf(path);
      now.add(uri);
      void this.pages.diagnostics(site, page).then((diagnostics) => this.context.connection.sendDiagnostics({ uri, diagnostics }));
    }
    for (const uri of previous) if (!now.has(uri)) void this.context.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.published.set(site, now);
  }

  /** For clients without pull diagnostics: a page was opened or edited. */
  async pageChanged(path: string): Promise<void> {
    const site = await this.context.workspace.siteFor(path);
    const page = site?.relative(path);
    if (!site || page === undefined) return;
    const diagnostics = await this.pages.diagnostics(site, page);
    const uri = this.context.workspace.uriOf(path);
    this.published.get(site)?.add(uri);
    void this.context.connection.sendDiagnostics({ uri, diagnostics });
  }

  private diagnosticsOf(site: DocsSite, state: CheckedState, path: string): LspDiagnostic[] {
    const diagnostics = reportedOf(state, path);
    if (diagnostics.length === 0) return [];
    const checked = state.site.document(path);
    const open = this.context.workspace.openDocument(site.absolute(path));
    const lines = checked
      ? linesOf(checked.document, open)
      : path === projectConfigFileName
        ? new LineIndex(state.config.text ?? '')
        : new LineIndex(site.host.readFile(path) ?? '');
    const uri = this.context.workspace.uriOf(site.absolute(path));
    return diagnostics.map((diagnostic) => toLspDiagnostic(diagnostic, lines, uri));
  }

  private openDocumentsOf(site: DocsSite, state: CheckedState): number {
    return filesOf(state).filter((path) => this.context.workspace.openDocument(site.absolute(path))).length;
  }
}

function siteStatus(site: DocsSite, state: CheckedState, docsJson: string): SiteStatus {
  return { docsJson, root: site.root, pages: state.site.result.model.pageCount, ...problemCounts(state), checkMs: Math.round(state.durationMs) };
}

/** The files a check has diagnostics for: the JSON files it read, the OpenAPI specs the site declares, and the config file when there is one. */
function filesOf(state: CheckedState): string[] {
  const files = [...state.site.result.documents.keys(), ...specFilesOf(state)];
  return state.config.text === undefined ? files : [...files, projectConfigFileName];
}

/** The spec files of the site whose problems the check reports. */
export function specFilesOf(state: CheckedState): Set<string> {
  const specs = new Set<string>();
  for (const status of state.site.result.basis.statuses.values()) if (status.kind === 'local' || status.kind === 'invalid') specs.add(status.path);
  for (const path of state.siteDiagnostics.keys()) if (!state.site.result.documents.has(path)) specs.add(path);
  return specs;
}

/** A file's diagnostics as the site's config has them reported: the check's, and the site rules' (redirects, on docs.json). */
function reportedOf(state: CheckedState, path: string): Diagnostic[] {
  const { config, diagnostics: configProblems } = state.config;
  if (path === projectConfigFileName) return reportedDiagnostics(path, configProblems, config);
  const checked = state.site.document(path)?.diagnostics ?? [];
  const found = state.siteDiagnostics.get(path);
  return reportedDiagnostics(path, found ? [...checked, ...found].sort(compareDiagnostics) : checked, config);
}

function problemCounts(state: CheckedState): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const path of filesOf(state)) {
    for (const diagnostic of reportedOf(state, path)) {
      if (diagnostic.severity === 'error') errors++;
      else if (diagnostic.severity === 'warning') warnings++;
    }
  }
  return { errors, warnings };
}
