import { reportedDiagnostics, type Diagnostic } from '../engine';
import { runSiteRulesInWorkers } from '../engine/pages/parallelSiteCheck';
import type { ParseWorkers } from '../engine/pages/parseWorkerOptions';
import { pageRules } from '../engine/rules/allRules';
import { pageInputsOf, samePageFindings, type PageInputs } from '../engine/pages/pageInputs';
import type { SiteGraph } from '../engine/pages/siteGraph';
import type { ProjectConfig } from '../engine/config/projectConfig';

/** What one check of every page of a site found. */
export interface PagesChecked {
  /** The graph it checked: the pages' texts it read. */
  graph: SiteGraph;
  /** Each page's problems as the site's config reports them (root-relative paths); pages without any are absent. */
  diagnostics: ReadonlyMap<string, Diagnostic[]>;
  /** What the page rules read beyond the pages' texts, as the run started. */
  inputs?: PageInputs;
  /** Each page's result id for pulled diagnostics: it stays the same while the page's problems do. */
  resultId(file: string): string;
  /** How many pages the run parsed (the others' texts were the same as at an earlier run; all in worker threads), and how long it took, slices and pauses between them included. */
  cost: { parsed: number; ms: number };
}

/** How long nothing may change before every page is checked again. */
const pause = 500;
/**
 * How long each slice of the check may hold the server before the messages waiting are served. A
 * keystroke waits for about two (the slice under way, and the one queued before its check): on
 * crewAI's first run over 23,000 pages, typing with pauses waited 42-60 ms with 8 ms slices, 18-41 ms with 2.
 */
const sliceMs = 2;
/** The result id of a page without problems. */
const noProblems = 'none';

/**
 * The check of every page of one site, as `docsjson check` runs it (orphans included), run in the
 * background: after a pause in the changes, the pages parsed by worker threads (each within the
 * time limit) and the rules run in slices of a few milliseconds between which the server answers
 * what is waiting, abandoned for a new run when anything changes meanwhile.
 */
export class SitePagesCheck {
  private latest?: PagesChecked;
  private resultIds = new Map<string, string>();
  private runs = 0;
  /** Increases with each change: a run started before the last change is abandoned. */
  private generation = 0;
  private fresh = false;
  private timer?: NodeJS.Timeout;
  private readonly waiting: ((result: PagesChecked) => void)[] = [];

  constructor(
    /** The site's graph on a check of its current state, holding the open pages' texts, and the config of that check. */
    private readonly graphOf: () => Promise<{ graph: SiteGraph; config: ProjectConfig }>,
    private readonly onChecked: (result: PagesChecked) => void,
    private readonly onError: (error: unknown) => void,
    /** The threads that parse the pages of a run. */
    private readonly workers: () => ParseWorkers,
  ) {}

  /** The last complete run, however old; undefined before the first one ends. */
  get last(): PagesChecked | undefined {
    return this.latest;
  }

  /** Whether the last run is of the pages as they are now. */
  get isFresh(): boolean {
    return this.fresh;
  }

  /**
   * After a check of an edit of docs.json alone: when the last run's findings hold on the new
   * check's graph (nothing the page rules read changed), that run becomes the run of this graph and
   * none is started. Typing in a site's name then checks none of its pages.
   */
  stillHolds(graph: SiteGraph): boolean {
    const last = this.latest;
    if (!this.fresh || !last?.inputs) return false;
    const inputs = pageInputsOf(graph);
    if (!inputs || !samePageFindings(last.inputs, inputs, last.diagnostics)) return false;
    this.latest = { ...last, graph, inputs };
    return true;
  }

  /** Something a page's problems depend on changed: every page is checked again once changes pause. */
  changed(delay = pause): void {
    this.generation++;
    this.fresh = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref();
  }

  /** A run of the state as it is now (started at once when none is due). */
  current(): Promise<PagesChecked> {
    if (this.fresh && this.latest) return Promise.resolve(this.latest);
    const result = new Promise<PagesChecked>((resolve) => this.waiting.push(resolve));
    this.changed(0);
    return result;
  }

  private async run(): Promise<void> {
    const generation = this.generation;
    const isCurrent = () => generation === this.generation;
    try {
      const started = performance.now();
      const { graph, config } = await this.graphOf();
      if (!isCurrent()) return;
      const inputs = pageInputsOf(graph);
      const run = await runSiteRulesInWorkers(graph, pageRules, this.workers(), { sliceMs, abandoned: () => !isCurrent() });
      if (!run || !isCurrent()) return;
      this.finish(graph, inputs, run.diagnostics, config, { parsed: run.parsed, ms: performance.now() - started });
    } catch (error) {
      if (isCurrent()) this.onError(error);
    }
  }

  private finish(graph: SiteGraph, inputs: PageInputs | undefined, found: Map<string, Diagnostic[]>, config: ProjectConfig, cost: PagesChecked['cost']): void {
    const run = ++this.runs;
    const diagnostics = new Map<string, Diagnostic[]>();
    const resultIds = new Map<string, string>();
    for (const [file, problems] of found) {
      const reported = reportedDiagnostics(file, problems, config);
      if (reported.length === 0) continue;
      diagnostics.set(file, reported);
      const before = this.latest?.diagnostics.get(file);
      const same = before !== undefined && JSON.stringify(before) === JSON.stringify(reported);
      resultIds.set(file, same ? this.resultIds.get(file)! : `pages-${run}`);
    }
    this.resultIds = resultIds;
    this.latest = { graph, inputs, diagnostics, resultId: (file) => resultIds.get(file) ?? noProblems, cost };
    this.fresh = true;
    for (const resolve of this.waiting.splice(0)) resolve(this.latest);
    this.onChecked(this.latest);
  }

  dispose(): void {
    this.generation++;
    clearTimeout(this.timer);
  }
}
