import { dirname, isAbsolute, relative, sep } from 'node:path';
import { checkDocsJson, docsJsonSiteRules, loadProjectConfig, prepareRecheck, projectConfigFileName, recheckDocsJson, runSiteRules, SiteGraph, type CheckResult, type Diagnostic, type LoadedProjectConfig } from '../engine';
import { SpecCache } from '../engine/openapi/openapiSpec';
import { MdxFactsCache } from '../engine/pages/mdx/mdxFactsCache';
import type { PageFactsStore } from '../engine/pages/mdx/pageFactsFile';
import { checkedFiles } from '../engine/pages/siteCheck';
import { composeEdits, type TextEdit } from '../engine/pages/textEdit';
import { siteDiagnosticsAfterSpecEdits } from '../engine/recheck/specEdits';
import { CheckedSite } from '../engine/service/checkedSite';
import { readTitlesAhead } from '../engine/service/pageCompletion';
import type { TextSource } from '../engine/textSource';
import type { DocsJsonSettings } from '../settings';
import { CheckSchedule, type Freshness } from './checkSchedule';
import { OverlaySiteHost } from './overlaySiteHost';
import { PageParsers } from './pageParsers';
import { PageSpecIndex } from './pageSpecIndex';
import type { RemoteSpecSource } from './remoteSpecs';
import type { SpecValidation } from './specValidation';

export interface CheckedState {
  site: CheckedSite;
  /** The site's pages and routes on this check; the page features put the open pages' texts in it. */
  graph: SiteGraph;
  /** What the site rules that report on docs.json (redirects) found, by file. */
  siteDiagnostics: ReadonlyMap<string, Diagnostic[]>;
  /** The site's docsjson.config.json as this check read it (the defaults when there is none). */
  config: LoadedProjectConfig & { text?: string };
  /** Increases with each check; doubles as the result id of pulled diagnostics. */
  id: number;
  durationMs: number;
  /** Whether it re-checked the last result after edits of the docs.json text alone. */
  afterDocsJsonEdit: boolean;
}

interface Checked extends CheckedState {
  /** The files the check read (root-relative): a change of another cannot alter its outcome. */
  readPaths: Set<string>;
}

/** How long each slice of reading titles ahead may hold the server before requests are served. */
const titleSliceMs = 8;

/** One docs.json and the folder it governs; its checks run when its schedule says. */
export class DocsSite {
  readonly root: string;
  readonly host: OverlaySiteHost;
  private readonly specs: SpecCache;
  /** The pages' MDX facts by text, for every graph of the site: a check of every page parses only the pages that changed. */
  private readonly mdxFacts = new MdxFactsCache();
  /** Where its pages are parsed: in worker threads, each parse within the time limit of the settings. */
  readonly parsers: PageParsers;
  private readonly schedule = new CheckSchedule<Checked>(
    (last) => this.check(last),
    ({ site, graph, afterDocsJsonEdit }) => {
      this.prepareForEdit(site.result);
      if (!afterDocsJsonEdit) this.readTitlesAhead(graph);
      this.pageSpecs.readAhead(
        checkedFiles(graph).filter((file) => /\.mdx?$/i.test(file)),
        (file) => this.host.readFile(file),
        () => !this.disposed,
        () => this.outdated(),
      );
    },
  );
  /** The specs pages name in their frontmatter (see PageSpecIndex). */
  private readonly pageSpecs = new PageSpecIndex();
  private disposed = false;
  /** True while every change since the last check was an edit of the docs.json text. */
  private onlyDocsJsonEdited = true;
  /** The files (root-relative) whose open texts were edited since the last check; undefined once anything else changed. */
  private editedSinceCheck: Set<string> | undefined = new Set();
  /** Where the docs.json text changed since the last check, as the editor's changes say (no span: unchanged); undefined when not known. */
  private docsJsonEdit: { span?: TextEdit } | undefined = {};
  private checkCount = 0;
  /** Whether the pages' titles were all read ahead once (see readTitlesAhead). */
  private titlesRead = false;

  constructor(
    readonly docsJsonPath: string,
    public settings: DocsJsonSettings,
    private readonly openText: (absolutePath: string) => TextSource | undefined,
    /** The absolute paths of every document the editor has open. */
    private readonly openPaths: () => Iterable<string>,
    private readonly remoteSpecs: RemoteSpecSource,
    specValidation: SpecValidation,
    parseScript: string,
    pageCache: PageFactsStore,
    private readonly onChecked: (site: DocsSite, state: CheckedState) => void,
    /** Something the last check went on without is known now (a spec's validation, the specs pages name): the site is to be checked again. */
    private readonly onOutdated: (site: DocsSite) => void,
  ) {
    this.root = dirname(docsJsonPath);
    // The platform's validation of the specs runs off the request path: once it answers, the site is checked again.
    this.specs = new SpecCache(specValidation.validatorFor(() => this.outdated()));
    this.parsers = new PageParsers(parseScript, this.mdxFacts, pageCache, () => this.settings.pages.parseTimeLimit * 1000);
    this.host = new OverlaySiteHost(this.root, (path) => this.openText(this.absolute(path)));
  }

  /** The root-relative path of a file inside the site, or undefined for one outside it. */
  relative(absolutePath: string): string | undefined {
    const path = relative(this.root, absolutePath);
    if (path === '' || path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path)) return undefined;
    return path.split(sep).join('/');
  }

  absolute(path: string): string {
    return `${this.root}${sep}${path.split('/').join(sep)}`;
  }

  /** Something the check reads changed: an open buffer was edited (root-relative path). */
  noteEdit(path: string, edit?: TextEdit): void {
    if (path !== 'docs.json') this.onlyDocsJsonEdited = false;
    else if (this.docsJsonEdit) this.docsJsonEdit = edit && { span: this.docsJsonEdit.span ? composeEdits(this.docsJsonEdit.span, edit) : edit };
    this.editedSinceCheck?.add(path);
    this.schedule.changed();
  }

  /** Something the check reads changed: files on disk, or the settings. */
  noteChange(): void {
    this.onlyDocsJsonEdited = false;
    this.docsJsonEdit = undefined;
    this.editedSinceCheck = undefined;
    this.schedule.changed();
  }

  /** A page's text changed, in the editor or on disk (root-relative path). */
  notePageChange(path: string): void {
    if (this.pageSpecs.pageChanged(path, this.host.readFile(path))) this.outdated();
  }

  private outdated(): void {
    this.noteChange();
    this.onOutdated(this);
  }

  /** Whether the last check read a file (root-relative); true before the first check. */
  dependsOn(path: string): boolean {
    const last = this.schedule.lastChecked;
    return !last || path === 'docs.json' || path === projectConfigFileName || last.readPaths.has(path);
  }

  /** The last check without asking for one, to route files to sites; features use `checked`. */
  get lastChecked(): CheckedState | undefined {
    return this.schedule.lastChecked;
  }

  /** The one way for a feature to get the site's check (see Freshness). */
  checked(freshness: Freshness): Promise<CheckedState> {
    return this.schedule.result(freshness);
  }

  private check(last: Checked | undefined): Checked {
    const edited = this.editedSinceCheck;
    this.editedSinceCheck = new Set();
    const docsJsonEdit = this.docsJsonEdit?.span;
    this.docsJsonEdit = {};
    const kept = last && edited && !edited.has('docs.json') && !edited.has(projectConfigFileName) ? this.keptAfterSpecEdits(last, edited) : undefined;
    if (kept) return kept;
    // After edits of the docs.json alone, the re-check builds on the last result (and uses it up).
    // Otherwise the outdated check can be collected while the new one runs: big sites hold two.
    const previous = this.onlyDocsJsonEdited ? last : undefined;
    last = undefined;
    this.host.takeReadPaths();
    const started = performance.now();
    const config = loadProjectConfig(this.host);
    const text = this.host.readSource('docs.json') ?? '';
    const missingPageSeverity = config.config.severities.get('ref/missing-page') ?? this.settings.missingPages.severity;
    // The setting, which VS Code withholds in untrusted workspaces, allows fetching; the config file can only turn it off.
    const remote =
      this.settings.openapi.fetchRemote && config.config.fetchRemoteSpecs !== false ? this.remoteSpecs.allowing(this.settings.openapi.allowedHosts, () => this.outdated()) : undefined;
    const result = previous
      ? recheckDocsJson(previous.site.result, text, docsJsonEdit)
      : checkDocsJson(text.toString(), this.host, { missingPageSeverity, pageSpecs: this.pageSpecs.specs, remoteSpecs: remote }, 'docs.json', this.specs);
    const site = new CheckedSite(this.host, result, this.specs, 'docs.json', remote);
    // After an edit of docs.json alone the files are the same: the graph keeps the last one's file lists and page routes.
    const graph = new SiteGraph(this.host, result, previous?.graph, this.mdxFacts);
    const siteDiagnostics = runSiteRules(graph, docsJsonSiteRules, []);
    const durationMs = performance.now() - started;
    const readPaths = this.host.takeReadPaths();
    previous?.readPaths.forEach((path) => readPaths.add(path));
    const checked = { site, graph, siteDiagnostics, config, id: ++this.checkCount, durationMs, readPaths, afterDocsJsonEdit: previous !== undefined };
    this.onlyDocsJsonEdited = true;
    this.onChecked(this, checked);
    return checked;
  }

  /**
   * After edits of specs alone, the last check with the specs' own problems found again, when
   * nothing else it read of them changed (see siteDiagnosticsAfterSpecEdits): a keystroke in a
   * large spec then reads the spec again, but not docs.json, the site's files and routes.
   */
  private keptAfterSpecEdits(last: Checked, edited: ReadonlySet<string>): Checked | undefined {
    const started = performance.now();
    this.host.takeReadPaths();
    const siteDiagnostics = siteDiagnosticsAfterSpecEdits(last.site.result, last.graph, last.siteDiagnostics, edited);
    const readPaths = this.host.takeReadPaths();
    if (!siteDiagnostics) return undefined;
    readPaths.forEach((path) => last.readPaths.add(path));
    const checked = { ...last, siteDiagnostics, id: ++this.checkCount, durationMs: performance.now() - started, afterDocsJsonEdit: false };
    this.onlyDocsJsonEdited = true;
    this.onChecked(this, checked);
    return checked;
  }

  /** While the docs.json is open, finds where each of its parts is ahead of the next edit. */
  private prepareForEdit(result: CheckResult): void {
    if (this.openText(this.absolute('docs.json')) !== undefined) prepareRecheck(result);
  }

  /** Whether the editor has a page of this site open: link completion, which reads pages' titles, happens only there. */
  private hasOpenPage(): boolean {
    for (const path of this.openPaths()) if (/\.mdx?$/i.test(path) && this.relative(path) !== undefined) return true;
    return false;
  }

  /**
   * Reads every page's title for link completion once per site, while one of its pages is open, in
   * slices of a few milliseconds, while the check stays the latest (a newer check's idle time
   * starts it again). Titles are kept by frontmatter text for every later graph, whose first list
   * then only reads its pages' files. Not while only docs.json is open, nor after a check of
   * docs.json edits: on crewAI (23,000 pages) the reading, started again after every keystroke's
   * check, made each keystroke after a pause wait 45-65 ms instead of 10-30 ms.
   */
  private readTitlesAhead(graph: SiteGraph): void {
    if (this.titlesRead || !this.hasOpenPage()) return;
    this.titlesRead = true;
    const steps = readTitlesAhead(graph);
    const slice = () => {
      if (this.schedule.lastChecked?.graph !== graph) {
        this.titlesRead = false;
        return;
      }
      const until = performance.now() + titleSliceMs;
      while (performance.now() < until) if (steps.next().done) return;
      setImmediate(slice).unref();
    };
    slice();
  }

  dispose(): void {
    this.disposed = true;
    this.schedule.dispose();
    this.parsers.dispose();
  }
}
