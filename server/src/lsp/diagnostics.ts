import {
  DocumentDiagnosticReportKind,
  NotificationType,
  type Diagnostic as LspDiagnostic,
  type DocumentDiagnosticReport,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import { compareDiagnostics, LineIndex, projectConfigFileName, reportedDiagnostics, type Diagnostic, type Severity } from '../engine';
import { codeInfo } from '../engine/codes';
import type { OffsetRange } from '../engine/json/path';
import { foundByWholeSite } from '../engine/pages/allPageRules';
import { checkedFiles } from '../engine/pages/siteCheck';
import type { CheckedState, DocsSite } from './docsSite';
import { linesOf, toLspDiagnostic, type SiteLocator } from './convert';
import { pageFile, type PageFeatures } from './pageFeatures';
import { pathOf, type ServerContext } from './serverContext';
import { siteStatusMethod, type CheckWorkspaceResult, type SiteStatus } from './customMessages';
import { SitePagesCheck, type PagesChecked } from './sitePagesCheck';

const siteStatusNotification = new NotificationType<SiteStatus>(siteStatusMethod);
/** The result id of a page's workspace report while it has no problems. */
const noProblems = 'none';
/** Published diagnostics of an open page: its own check's, not the last check of every page. */
const openPage = 'open';
const yamlFile = /\.ya?ml$/i;

/**
 * Diagnostics, pulled by clients that can (textDocument/diagnostic and workspace/diagnostic),
 * published to the others. Every file a check of docs.json read gets its own diagnostics, "$ref"
 * files included, after each check; every page gets the problems the check of all pages (run in
 * the background, see SitePagesCheck) found, whether open or not, as `docsjson check` reports them.
 */
export class DiagnosticsFeature {
  /** URIs of a check's files with published diagnostics, per site, to clear the ones a later check no longer reports. */
  private readonly published = new Map<DocsSite, Set<string>>();
  /** Pages with published diagnostics, per site, with the result id sent ('open' for an open page's own). */
  private readonly publishedPages = new Map<DocsSite, Map<string, string>>();
  /** Pages pulled while open: once closed, the workspace pull reports them again from the check of every page. */
  private readonly pulledPages = new Set<string>();
  private readonly pagesChecks = new Map<DocsSite, SitePagesCheck>();

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
      return { kind: DocumentDiagnosticReportKind.Full, items: await this.pageDiagnostics(site, relative) };
    }
    // YAML files come to the server for the specs among them; the others have nothing to report.
    if (yamlFile.test(relative) && !specFilesOf(state).has(relative)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    // While a value is being typed its report differs from the one after a save: they get their own ids.
    const resultId = this.context.workspace.typedRange(path) ? `${state.id}-typing` : String(state.id);
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: this.diagnosticsOf(site, state, relative) };
  }

  /**
   * Every file of every known site: docs.json and its "$ref" files as the current check has them,
   * the pages as the last check of every page found them (open ones are the client's to pull).
   * A report is unchanged while its file's result id stays the same.
   */
  private async pullWorkspace(previousResultIds: Map<string, string>): Promise<WorkspaceDiagnosticReport> {
    const { workspace } = this.context;
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    const report = (uri: string, resultId: string, diagnostics: () => LspDiagnostic[]) => {
      const version = workspace.openDocument(pathOf(uri) ?? '')?.version ?? null;
      items.push(
        previousResultIds.get(uri) === resultId
          ? { kind: DocumentDiagnosticReportKind.Unchanged, uri, version, resultId }
          : { kind: DocumentDiagnosticReportKind.Full, uri, version, resultId, items: diagnostics() },
      );
    };
    const reportedPages = new Set<string>();
    for (const site of await workspace.discoveredSites()) {
      const state = await site.checked('current');
      const resultId = String(state.id);
      for (const path of filesOf(state)) report(workspace.uriOf(site.absolute(path)), resultId, () => this.diagnosticsOf(site, state, path));
      const pages = this.pagesCheckOf(site).last;
      if (!pages) continue;
      // Pages with problems, and the pages the client holds problems of that may have none now.
      const files = new Set(pages.diagnostics.keys());
      for (const uri of previousResultIds.keys()) {
        const file = pagePathOf(site, uri);
        if (file !== undefined) files.add(file);
      }
      for (const path of this.pulledPages) {
        const file = site.relative(path);
        if (file !== undefined) files.add(file);
      }
      for (const file of files) {
        const path = site.absolute(file);
        if (!pageFile.test(file) || workspace.openDocument(path)) continue;
        reportedPages.add(path);
        report(workspace.uriOf(path), pages.resultId(file), () => pageFindings(pages, file, this.pages.locator(site, pages.graph)));
      }
    }
    // Pages of no site any more (a docs.json deleted) that were pulled while open.
    for (const path of this.pulledPages) {
      if (workspace.openDocument(path)) continue;
      this.pulledPages.delete(path);
      if (!reportedPages.has(path)) report(workspace.uriOf(path), noProblems, () => []);
    }
    return { items };
  }

  /** After each check: the status for the client, and diagnostics for the files it read; every page is checked again unless nothing they depend on changed. */
  checked(site: DocsSite, state: CheckedState): void {
    const { connection, client } = this.context;
    const pages = this.pagesCheckOf(site);
    if (!state.afterDocsJsonEdit || !pages.stillHolds(state.graph)) pages.changed();
    this.sendStatus(site, state);
    if (!client.pullDiagnostics) {
      this.publish(site, state);
    } else if (client.diagnosticRefresh && this.openDocumentsOf(site, state) > 1) {
      void connection.languages.diagnostics.refresh();
    }
  }

  /** A page was typed in, opened, closed or changed on disk: every page of its sites is checked again once changes pause. */
  pageEdited(path: string): void {
    if (!pageFile.test(path)) return;
    for (const site of this.context.workspace.sitesContaining(path)) this.pagesCheckOf(site).changed();
  }

  private pagesCheckOf(site: DocsSite): SitePagesCheck {
    let check = this.pagesChecks.get(site);
    if (!check) {
      check = new SitePagesCheck(
        async () => ({ graph: await this.pages.graphForPagesCheck(site), config: (await site.checked('latest')).config.config }),
        (result) => this.pagesChecked(site, result),
        (error) => this.context.connection.console.error(`docs.json language server: checking the pages failed: ${error instanceof Error ? error.stack : String(error)}`),
        () => site.parsers.workers,
      );
      this.pagesChecks.set(site, check);
    }
    return check;
  }

  /** Every page of a site was checked: the status with the pages' problems; their diagnostics published, or open pages pulled again. */
  private pagesChecked(site: DocsSite, pages: PagesChecked): void {
    const { connection, client, workspace } = this.context;
    connection.tracer.log(`Checked every page of ${site.root}: ${checkedFiles(pages.graph).length} files, ${pages.cost.parsed} parsed, in ${Math.round(pages.cost.ms)} ms`);
    const state = site.lastChecked;
    if (state) this.sendStatus(site, state);
    if (!client.pullDiagnostics) this.publishPages(site, pages);
    else if (client.diagnosticRefresh && [...workspace.openPaths()].some((path) => pageFile.test(path) && site.relative(path) !== undefined)) void connection.languages.diagnostics.refresh();
  }

  private sendStatus(site: DocsSite, state: CheckedState): void {
    const pages = this.pagesChecks.get(site);
    void this.context.connection.sendNotification(siteStatusNotification, siteStatus(site, state, pages, this.context.workspace.uriOf(site.docsJsonPath)));
  }

  /** A page's own problems in its current text, with what only the check of every page finds (orphans). */
  private pageDiagnostics(site: DocsSite, file: string): Promise<LspDiagnostic[]> {
    const found = this.pagesChecks.get(site)?.last?.diagnostics.get(file) ?? [];
    return this.pages.diagnostics(
      site,
      file,
      found.filter(foundByWholeSite),
    );
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

  /** Every site of the workspace checked from disk, docs.json files looked for again, every page checked: the totals. */
  async checkWorkspace(folders: string[]): Promise<CheckWorkspaceResult> {
    const { workspace } = this.context;
    await workspace.discoverSites(folders);
    const totals = { sites: 0, errors: 0, warnings: 0, notes: 0 };
    for (const site of workspace.allSites) {
      site.host.rescan();
      site.noteChange();
      const state = await site.checked('current');
      const pages = await this.pagesCheckOf(site).current();
      const counts = problemCounts(state, pages);
      totals.sites++;
      totals.errors += counts.errors;
      totals.warnings += counts.warnings;
      totals.notes += counts.notes;
    }
    if (this.context.client.pullDiagnostics && this.context.client.diagnosticRefresh) void this.context.connection.languages.diagnostics.refresh();
    return totals;
  }

  /** A site ended (its docs.json was deleted): its files have no diagnostics any more. */
  siteRemoved(site: DocsSite): void {
    for (const uri of [...(this.published.get(site) ?? []), ...(this.publishedPages.get(site)?.keys() ?? [])]) void this.context.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.published.delete(site);
    this.publishedPages.delete(site);
    this.pagesChecks.get(site)?.dispose();
    this.pagesChecks.delete(site);
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
    for (const uri of previous) if (!now.has(uri)) void this.context.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.published.set(site, now);
    this.openPagesOf(site).forEach((path) => void this.pageChanged(path));
  }

  /** After a check of every page: each page's problems that changed (open pages: their own check's), and none for the pages that have none now. */
  private publishPages(site: DocsSite, pages: PagesChecked): void {
    const { connection, workspace } = this.context;
    const previous = this.publishedPages.get(site) ?? new Map<string, string>();
    const now = new Map<string, string>();
    for (const [file, resultId] of [...pages.diagnostics.keys()].map((file) => [file, pages.resultId(file)])) {
      const path = site.absolute(file);
      if (!pageFile.test(file) || workspace.openDocument(path)) continue;
      const uri = workspace.uriOf(path);
      now.set(uri, resultId);
      if (previous.get(uri) !== resultId) void connection.sendDiagnostics({ uri, diagnostics: pageFindings(pages, file, this.pages.locator(site, pages.graph)) });
    }
    for (const path of this.openPagesOf(site)) {
      now.set(workspace.uriOf(path), openPage);
      void this.pageChanged(path);
    }
    for (const uri of previous.keys()) if (!now.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    this.publishedPages.set(site, now);
  }

  private openPagesOf(site: DocsSite): string[] {
    return [...this.context.workspace.openPaths()].filter((path) => pageFile.test(path) && site.relative(path) !== undefined);
  }

  /** For clients without pull diagnostics: a page was opened or edited. */
  async pageChanged(path: string): Promise<void> {
    const site = await this.context.workspace.siteFor(path);
    const page = site?.relative(path);
    if (!site || page === undefined) return;
    const diagnostics = await this.pageDiagnostics(site, page);
    const uri = this.context.workspace.uriOf(path);
    const published = this.publishedPages.get(site) ?? new Map<string, string>();
    published.set(uri, openPage);
    this.publishedPages.set(site, published);
    void this.context.connection.sendDiagnostics({ uri, diagnostics });
  }

  /** A saved document with a value left empty while typed: clients that do not pull get its problems at full severity. */
  async documentSaved(path: string): Promise<void> {
    const site = this.context.client.pullDiagnostics ? undefined : await this.context.workspace.siteFor(path);
    if (site) this.publish(site, await site.checked('current'));
  }

  private diagnosticsOf(site: DocsSite, state: CheckedState, path: string): LspDiagnostic[] {
    const typed = this.context.workspace.typedRange(site.absolute(path));
    const diagnostics = reportedOf(state, path).map((diagnostic) => (typed && beingTyped(diagnostic, typed) ? { ...diagnostic, severity: 'hint' as const } : diagnostic));
    if (diagnostics.length === 0) return [];
    const checked = state.site.document(path);
    const open = this.context.workspace.openDocument(site.absolute(path));
    const lines = checked
      ? linesOf(checked.document, open)
      : path === projectConfigFileName
        ? new LineIndex(state.config.text ?? '')
        : new LineIndex(site.host.readFile(path) ?? '');
    const uri = this.context.workspace.uriOf(site.absolute(path));
    const locate = this.pages.locator(site, state.graph);
    return diagnostics.map((diagnostic) => toLspDiagnostic(diagnostic, lines, uri, locate));
  }

  private openDocumentsOf(site: DocsSite, state: CheckedState): number {
    return filesOf(state).filter((path) => this.context.workspace.openDocument(site.absolute(path))).length;
  }
}

function siteStatus(site: DocsSite, state: CheckedState, pages: SitePagesCheck | undefined, docsJson: string): SiteStatus {
  const counts = problemCounts(state, pages?.last);
  return { docsJson, root: site.root, pages: state.site.result.model.pageCount, ...counts, pagesChecked: pages?.isFresh === true, checkMs: Math.round(state.durationMs) };
}

/** A page's problems as the check of every page found them, located in the text it read. */
function pageFindings(pages: PagesChecked, file: string, locate: SiteLocator): LspDiagnostic[] {
  const lines = new LineIndex(pages.graph.page(file)?.text ?? '');
  return (pages.diagnostics.get(file) ?? []).map((diagnostic) => toLspDiagnostic(diagnostic, lines, undefined, locate));
}

/** An empty value that the last edit wrote (`""`, `[]`): the writer has not typed it yet. */
function beingTyped(diagnostic: Diagnostic, typed: OffsetRange): boolean {
  return codeInfo(diagnostic.code)?.emptyWhileTyped === true && diagnostic.range.start >= typed.start - 1 && diagnostic.range.end <= typed.end + 1;
}

/** The page of a site a URI names, if it does. */
function pagePathOf(site: DocsSite, uri: string): string | undefined {
  const path = pathOf(uri);
  const file = path === undefined ? undefined : site.relative(path);
  return file !== undefined && pageFile.test(file) ? file : undefined;
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
export function reportedOf(state: CheckedState, path: string): Diagnostic[] {
  const { config, diagnostics: configProblems } = state.config;
  if (path === projectConfigFileName) return reportedDiagnostics(path, configProblems, config);
  const checked = state.site.document(path)?.diagnostics ?? [];
  const found = state.siteDiagnostics.get(path);
  return reportedDiagnostics(path, found ? [...checked, ...found].sort(compareDiagnostics) : checked, config);
}

/** The problems of a site counted as `docsjson check` counts them: its check's files, and its pages as the last check of every page found them. */
function problemCounts(state: CheckedState, pages: PagesChecked | undefined): { errors: number; warnings: number; notes: number } {
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const path of filesOf(state)) for (const diagnostic of reportedOf(state, path)) counts[diagnostic.severity]++;
  for (const found of pages?.diagnostics.values() ?? []) for (const diagnostic of found) counts[diagnostic.severity]++;
  return { errors: counts.error, warnings: counts.warning, notes: counts.information + counts.hint };
}
