import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OffsetRange } from '../engine/json/path';
import type { PageFactsStore } from '../engine/pages/mdx/pageFactsFile';
import type { TextEdit } from '../engine/pages/textEdit';
import { JsonText } from '../engine/service/jsonText';
import type { DocsJsonSettings } from '../settings';
import { DocsSite, type CheckedState } from './docsSite';
import { findDocsJsonFiles, isFoundIn } from './findSites';
import { isIndexedPath } from './overlaySiteHost';
import type { PiecedDocument } from './piecedDocument';
import type { RemoteSpecSource } from './remoteSpecs';
import type { SpecValidation } from './specValidation';

export type FileChange = 'created' | 'changed' | 'deleted';

export interface WorkspaceOptions {
  settingsFor(docsJsonUri: string): Promise<DocsJsonSettings>;
  remoteSpecs: RemoteSpecSource;
  specValidation: SpecValidation;
  /** The script of the threads that parse pages: the bundle of `engine/pages/mdx/mdxWorker.ts`. */
  parseScript: string;
  /** The facts of pages parsed in the server's earlier runs. */
  pageCache: PageFactsStore;
  onChecked(site: DocsSite, state: CheckedState): void;
  /** Something a site's last check went on without is known now: it is to be checked again. */
  onOutdated(site: DocsSite): void;
}

/** The open documents and the docs sites they belong to, each docs.json its own site. */
export class DocsWorkspace {
  private readonly sites = new Map<string, Promise<DocsSite>>();
  private readonly knownSites = new Map<string, DocsSite>();
  private readonly openDocuments = new Map<string, PiecedDocument>();
  private readonly texts = new Map<string, { version: number; text: JsonText }>();
  private readonly docsJsonAbove = new Map<string, string | null>();
  /** Per open document, what its last edit wrote (offsets of its current text), until it is saved or closed. */
  private readonly typed = new Map<string, OffsetRange>();
  /** Per open document, its last edit, until its sites are told of it. */
  private readonly edits = new Map<string, TextEdit>();

  /** The workspace folders' sites found at start-up (and by the last look since). */
  private discovery: Promise<DocsSite[]> = Promise.resolve([]);
  private folders: string[] = [];

  constructor(private readonly options: WorkspaceOptions) {}

  /**
   * Looks for every docs.json in the workspace folders (skipping dependencies and dot folders),
   * so their problems are known before any file is opened.
   */
  discoverSites(folders: string[]): Promise<DocsSite[]> {
    this.folders = folders;
    this.discovery = Promise.all(folders.map(findDocsJsonFiles)).then((found) => Promise.all(found.flat().map((path) => this.siteOf(path))));
    return this.discovery;
  }

  /** Every site, once the last look for docs.json files is done. */
  async discoveredSites(): Promise<DocsSite[]> {
    await this.discovery.catch(() => undefined);
    return this.allSites;
  }

  get allSites(): DocsSite[] {
    return [...this.knownSites.values()];
  }

  /** Documents the editor has open, by absolute path. */
  openDocument(path: string): PiecedDocument | undefined {
    return this.openDocuments.get(path);
  }

  /** The paths of every open document. */
  openPaths(): IterableIterator<string> {
    return this.openDocuments.keys();
  }

  /** A file's URI: the editor's own for an open document. */
  uriOf(path: string): string {
    return this.openDocuments.get(path)?.uri ?? pathToFileURL(path).href;
  }

  /** The last edit of an open document, or undefined when the whole text changed (or several parts at once). */
  noteTyped(path: string, edit: TextEdit | undefined): void {
    if (edit) {
      this.typed.set(path, { start: edit.start, end: edit.newEnd });
      this.edits.set(path, edit);
    } else {
      this.typed.delete(path);
      this.edits.delete(path);
    }
  }

  /** What the last edit of an open document wrote, unless it was saved since. */
  typedRange(path: string): OffsetRange | undefined {
    return this.typed.get(path);
  }

  /** An open document was saved: nothing in it is being typed any more. */
  documentSaved(path: string): boolean {
    return this.typed.delete(path);
  }

  /** Records an opened, edited or closed buffer; returns the sites whose check it may change. */
  documentChanged(path: string, document: PiecedDocument | undefined, kind: 'opened' | 'edited' | 'closed'): DocsSite[] {
    if (document) this.openDocuments.set(path, document);
    else this.openDocuments.delete(path);
    if (kind !== 'edited') this.typed.delete(path);
    // The file event of a save may come after the close: the text kept from disk is not trusted.
    if (kind === 'closed') for (const site of this.sitesContaining(path)) site.host.bufferClosed(site.relative(path)!);
    // An edited buffer's next text takes over the last one's syntax tree.
    if (kind !== 'edited') this.texts.delete(path);
    if (/\.mdx?$/i.test(path)) for (const site of this.sitesContaining(path)) site.notePageChange(site.relative(path)!);
    const affected = this.sitesContaining(path).filter((site) => site.dependsOn(site.relative(path)!));
    const edit = this.edits.get(path);
    this.edits.delete(path);
    for (const site of affected) {
      if (kind === 'edited') site.noteEdit(site.relative(path)!, edit);
      else site.noteChange();
    }
    return affected;
  }

  /** The JSON text of an open document at its current version, relative to its site. */
  jsonText(site: DocsSite, path: string): JsonText | undefined {
    const document = this.openDocuments.get(path);
    const relative = site.relative(path);
    if (!document || relative === undefined) return undefined;
    const cached = this.texts.get(path);
    if (cached && cached.version === document.version && cached.text.path === relative) return cached.text;
    const text = new JsonText(relative, document.getText(), cached?.text);
    this.texts.set(path, { version: document.version, text });
    return text;
  }

  /** The site of a file: the one whose last check read it, else the nearest docs.json above it. */
  async siteFor(path: string): Promise<DocsSite | undefined> {
    for (const site of this.knownSites.values()) {
      const relative = site.relative(path);
      if (relative !== undefined && site.lastChecked?.site.document(relative)) return site;
    }
    const docsJson = this.nearestDocsJson(path);
    return docsJson ? this.siteOf(docsJson) : undefined;
  }

  /** Every known site whose folder holds the file. */
  sitesContaining(path: string): DocsSite[] {
    return this.allSites.filter((site) => site.relative(path) !== undefined);
  }

  siteOf(docsJsonPath: string): Promise<DocsSite> {
    let site = this.sites.get(docsJsonPath);
    if (!site) {
      site = this.options.settingsFor(pathToFileURL(docsJsonPath).href).then((settings) => {
        const created = new DocsSite(
          docsJsonPath,
          settings,
          (path) => this.openDocuments.get(path)?.text,
          () => this.openDocuments.keys(),
          this.options.remoteSpecs,
          this.options.specValidation,
          this.options.parseScript,
          this.options.pageCache,
          this.options.onChecked,
          this.options.onOutdated,
        );
        this.knownSites.set(docsJsonPath, created);
        return created;
      });
      this.sites.set(docsJsonPath, site);
    }
    return site;
  }

  /** Applies changes of files on disk; returns the sites they affect and the sites that ended. */
  filesChanged(changes: { path: string; change: FileChange }[]): { affected: Set<DocsSite>; removed: DocsSite[] } {
    const affected = new Set<DocsSite>();
    const removed: DocsSite[] = [];
    for (const { path, change } of changes) {
      if (basename(path) === 'docs.json' && change !== 'changed') this.docsJsonAbove.clear();
      const ended = change === 'deleted' ? this.knownSites.get(path) : undefined;
      if (ended) {
        ended.dispose();
        this.knownSites.delete(path);
        this.sites.delete(path);
        removed.push(ended);
        continue;
      }
      for (const site of this.sitesContaining(path)) {
        const relative = site.relative(path);
        if (relative === undefined || !isIndexedPath(relative)) continue;
        site.host.fileChanged(relative, change);
        if (/\.mdx?$/i.test(relative)) site.notePageChange(relative);
        if (change !== 'changed' || site.dependsOn(relative)) {
          site.noteChange();
          affected.add(site);
        }
      }
    }
    return { affected, removed };
  }

  /**
   * A docs.json created in a workspace folder where the look at start-up would have found it is
   * a site from now on, as if it had been there at start-up; resolves to the sites it adds.
   */
  async sitesCreated(changes: { path: string; change: FileChange }[]): Promise<DocsSite[]> {
    const created = changes.filter(({ path, change }) => change === 'created' && !this.sites.has(path) && this.folders.some((folder) => isFoundIn(folder, path)));
    if (created.length === 0) return [];
    const sites = Promise.all(created.map(({ path }) => this.siteOf(path)));
    const before = this.discovery.catch((): DocsSite[] => []);
    this.discovery = Promise.all([before, sites]).then(([found, added]) => [...found, ...added]);
    return sites;
  }

  /** Without file events from the client, a site reads its folder again when its docs.json is opened. */
  rescanSiteOf(path: string): void {
    const site = this.knownSites.get(path);
    if (!site) return;
    site.host.rescan();
    site.noteChange();
  }

  /** New settings for every site. */
  async settingsChanged(): Promise<void> {
    await Promise.all(
      this.allSites.map(async (site) => {
        site.settings = await this.options.settingsFor(pathToFileURL(site.docsJsonPath).href);
        site.noteChange();
      }),
    );
  }

  /** The nearest docs.json at or above a file. */
  private nearestDocsJson(path: string): string | undefined {
    if (basename(path) === 'docs.json') return path;
    const visited: string[] = [];
    let found: string | undefined;
    for (let folder = dirname(path); ; folder = dirname(folder)) {
      const cached = this.docsJsonAbove.get(folder);
      if (cached !== undefined) {
        found = cached ?? undefined;
        break;
      }
      visited.push(folder);
      const candidate = join(folder, 'docs.json');
      if (existsSync(candidate)) {
        found = candidate;
        break;
      }
      if (dirname(folder) === folder) break;
    }
    for (const folder of visited) this.docsJsonAbove.set(folder, found ?? null);
    return found;
  }
}
