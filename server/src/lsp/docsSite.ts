import { dirname, isAbsolute, relative, sep } from 'node:path';
import { checkDocsJson, prepareRecheck, recheckDocsJson, type CheckResult } from '../engine';
import { SpecCache } from '../engine/openapi/openapiSpec';
import { CheckedSite, type RemoteSpecs } from '../engine/service/checkedSite';
import type { DocsJsonSettings } from '../settings';
import { OverlaySiteHost } from './overlaySiteHost';

/** After a change that follows another this closely, the user is typing: wait for a pause. */
const typingPause = 200;

/** How long after a check of an open docs.json nothing may happen before the next edit is prepared for. */
const idlePause = 500;

export interface CheckedState {
  site: CheckedSite;
  /** Increases with each check; doubles as the result id of pulled diagnostics. */
  id: number;
  durationMs: number;
}

/**
 * One docs.json and the folder it governs. Checks run on demand: right away after a single
 * change, after a pause while the user types, and never twice for the same state.
 */
export class DocsSite {
  readonly root: string;
  readonly host: OverlaySiteHost;
  private readonly specs = new SpecCache();
  /** Increases with every change that may alter the check's outcome. */
  private generation = 0;
  private checked?: CheckedState & { generation: number; readPaths: Set<string> };
  /** True while every change since the last check was an edit of the docs.json text. */
  private onlyDocsJsonEdited = true;
  private lastChangeAt = 0;
  private typing = false;
  private timer?: NodeJS.Timeout;
  private preparation?: NodeJS.Timeout;
  private waiters: { resolve: (state: CheckedState) => void; reject: (error: unknown) => void }[] = [];
  private checkCount = 0;

  constructor(
    readonly docsJsonPath: string,
    public settings: DocsJsonSettings,
    private readonly openText: (absolutePath: string) => string | undefined,
    private readonly remoteSpecs: RemoteSpecs,
    private readonly onChecked: (site: DocsSite, state: CheckedState) => void,
  ) {
    this.root = dirname(docsJsonPath);
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
  noteEdit(path: string): void {
    if (path !== 'docs.json') this.onlyDocsJsonEdited = false;
    const now = Date.now();
    this.typing = now - this.lastChangeAt < typingPause;
    this.lastChangeAt = now;
    this.generation++;
  }

  /** Something the check reads changed: files on disk, or the settings. */
  noteChange(): void {
    this.onlyDocsJsonEdited = false;
    this.generation++;
  }

  /** Whether the last check read a file (root-relative); true before the first check. */
  dependsOn(path: string): boolean {
    return !this.checked || path === 'docs.json' || this.checked.readPaths.has(path);
  }

  get isFresh(): boolean {
    return this.checked?.generation === this.generation;
  }

  latestIfAny(): CheckedState | undefined {
    return this.checked;
  }

  /** The last check, however old; a first check runs now. */
  latest(): CheckedState {
    return this.checked ?? this.current();
  }

  /** A check of the current state, run now if needed. */
  current(): CheckedState {
    if (this.checked && this.isFresh) return this.checked;
    const generation = this.generation;
    // After edits of the docs.json alone, the re-check builds on the last result (and uses it up).
    // Otherwise the outdated check can be collected while the new one runs: big sites hold two.
    const previous = this.onlyDocsJsonEdited ? this.checked : undefined;
    this.checked = undefined;
    this.host.takeReadPaths();
    const started = performance.now();
    const text = this.host.readFile('docs.json') ?? '';
    const result = previous
      ? recheckDocsJson(previous.site.result, text)
      : checkDocsJson(text, this.host, { missingPageSeverity: this.settings.missingPages.severity }, 'docs.json', this.specs);
    const remote = this.settings.openapi.fetchRemote ? this.remoteSpecs : undefined;
    const durationMs = performance.now() - started;
    const site = new CheckedSite(this.host, result, this.specs, 'docs.json', remote);
    const readPaths = this.host.takeReadPaths();
    previous?.readPaths.forEach((path) => readPaths.add(path));
    this.checked = { site, id: ++this.checkCount, durationMs, generation, readPaths };
    this.onlyDocsJsonEdited = true;
    this.typing = false;
    this.prepareWhenIdle(result);
    this.onChecked(this, this.checked);
    return this.checked;
  }

  /** When the docs.json is open and the check stays current for a while, prepares for its next edit. */
  private prepareWhenIdle(result: CheckResult): void {
    clearTimeout(this.preparation);
    if (result.basis.units || this.openText(this.absolute('docs.json')) === undefined) return;
    const generation = this.generation;
    this.preparation = setTimeout(() => {
      if (this.generation === generation) prepareRecheck(result);
    }, idlePause);
    this.preparation.unref();
  }

  /** A check of the current state, once the user pauses typing. */
  whenChecked(): Promise<CheckedState> {
    if (this.checked && this.isFresh) return Promise.resolve(this.checked);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = this.typing ? Math.max(0, this.lastChangeAt + typingPause - Date.now()) : 0;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.typing && Date.now() - this.lastChangeAt < typingPause) {
        this.schedule();
        return;
      }
      const waiters = this.waiters.splice(0);
      try {
        const state = this.current();
        for (const { resolve } of waiters) resolve(state);
      } catch (error) {
        for (const { reject } of waiters) reject(error);
      }
    }, wait);
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.preparation);
  }
}
