import type { DocsSite } from './docsSite';
import { pageFile } from './pageFeatures';
import type { ServerContext } from './serverContext';

/** How long a site's pages must stay unchanged before its open pages are checked again. */
const pause = 200;

/**
 * A page's problems depend on other pages: their anchors, their existence, the links to it. After
 * a change of a page (typed, or on disk), the open pages of its site are checked again once the
 * changes pause: published to clients that do not pull diagnostics, a refresh asked of those that do.
 */
export class OpenPagesRefresh {
  /** Per site waiting for the pause: its timer and the pages that changed. */
  private readonly pending = new Map<DocsSite, { timer: NodeJS.Timeout; changed: Set<string> }>();

  constructor(
    private readonly context: ServerContext,
    /** Publishes the diagnostics of an open page (clients that do not pull). */
    private readonly publishPage: (path: string) => Promise<void>,
  ) {}

  /** A page changed: the other open pages of the sites holding it may have new problems. */
  pageChanged(path: string): void {
    if (!pageFile.test(path)) return;
    for (const site of this.context.workspace.sitesContaining(path)) this.schedule(site, path);
  }

  private schedule(site: DocsSite, path: string): void {
    const changed = this.pending.get(site)?.changed ?? new Set<string>();
    clearTimeout(this.pending.get(site)?.timer);
    changed.add(path);
    const timer = setTimeout(() => {
      this.pending.delete(site);
      this.refresh(site, changed);
    }, pause);
    timer.unref();
    this.pending.set(site, { timer, changed });
  }

  /** The open pages of the site other than the changed ones (whose own diagnostics follow their edits) are checked. */
  private refresh(site: DocsSite, changed: Set<string>): void {
    const { client, connection, workspace } = this.context;
    const others = [...workspace.openPaths()].filter((path) => pageFile.test(path) && !changed.has(path) && site.relative(path) !== undefined);
    if (others.length === 0) return;
    if (!client.pullDiagnostics) others.forEach((path) => void this.publishPage(path));
    else if (client.diagnosticRefresh) void connection.languages.diagnostics.refresh();
  }
}
