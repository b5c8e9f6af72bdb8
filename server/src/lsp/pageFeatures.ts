import { existsSync } from 'node:fs';
import {
  CodeActionKind,
  MarkupKind,
  type CodeAction as LspCodeAction,
  type CodeActionParams,
  type CompletionList,
  type CompletionParams,
  type Diagnostic as LspDiagnostic,
  type DefinitionParams,
  type Hover,
  type HoverParams,
  type Location,
  type ReferenceParams,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { compareDiagnostics, LineIndex, reportedDiagnostics, type Diagnostic } from '../engine';
import type { SiteGraph } from '../engine/pages/siteGraph';
import type { FileEdit } from '../engine/service/edits';
import { pageCompletions } from '../engine/service/pageCompletion';
import { checkSitePages } from '../engine/pages/allPageRules';
import { pageCodeActions } from '../engine/service/pageActions';
import { pageHover } from '../engine/service/pageHover';
import { componentCompletions } from '../engine/service/componentCompletion';
import { componentHover } from '../engine/service/componentHover';
import { readPage, type PageModel } from '../engine/pages/pageModel';
import { linkAt, linkDestination } from '../engine/service/pageLinks';
import { linksTo, referenceTargetAt, type PageTarget } from '../engine/service/pageReferences';
import { headingRenameEdits, linkEdits, prepareHeadingRename } from '../engine/service/pageRename';
import { pageReferences } from '../engine/service/references';
import type { FileRename } from '../engine/service/fileRename';
import { fileCreation, linesOf, toCompletionList, toLspDiagnostic, toRange, type SiteLocator } from './convert';
import { openPageCommand } from './customMessages';
import { appliedEdits } from '../engine/service/edits';
import { fileFixAllEdits, fixesOf, textReads } from '../engine/service/fixAll';
import { asksFor, fixAllAction, fixAllKind } from './fixAllAction';
import type { Freshness } from './checkSchedule';
import type { DocsSite } from './docsSite';
import { pathOf, type ServerContext } from './serverContext';

export const pageFile = /\.mdx?$/i;

/** An open page of a site, with the site graph that holds its current text. */
interface OpenPage {
  site: DocsSite;
  graph: SiteGraph;
  file: string;
  offset: number;
}

/**
 * The features of pages (.mdx and .md): completion, hover, definition and references on links,
 * and renames of headings. Each answers undefined for a document that is not a page of a site.
 */
export class PageFeatures {
  constructor(private readonly context: ServerContext) {}

  /**
   * The site graph of a site's check (the current one before files move),
   * holding the text of every open page.
   */
  async graphOf(site: DocsSite, freshness: Freshness = 'latest'): Promise<SiteGraph> {
    const { graph } = await site.checked(freshness);
    for (const path of this.context.workspace.openPaths()) {
      const file = pageFile.test(path) ? site.relative(path) : undefined;
      const text = file === undefined ? undefined : this.context.workspace.openDocument(path)?.getText();
      if (file !== undefined && text !== undefined && graph.files.has(file)) graph.setText(file, text);
    }
    return graph;
  }

  /**
   * The graph of `graphOf` for the check of every page, once the facts of its open pages' texts
   * are read by the worker of the open pages, which keeps their parses (see PageParsers): the
   * check's own workers, which would parse each text typed in full, then parse none of them.
   */
  async graphForPagesCheck(site: DocsSite): Promise<SiteGraph> {
    const graph = await this.graphOf(site, 'current');
    for (const path of this.context.workspace.openPaths()) {
      const file = pageFile.test(path) ? site.relative(path) : undefined;
      if (file !== undefined && graph.files.has(file)) await site.parsers.current(file, () => graph.page(file));
    }
    return graph;
  }

  /** A page of a site at a position: an open document's current text, or the file on disk. */
  async openPage(uri: string, position: { line: number; character: number }): Promise<OpenPage | undefined> {
    const path = pathOf(uri);
    if (!path || !pageFile.test(path)) return undefined;
    const site = await this.context.workspace.siteFor(path);
    const file = site?.relative(path);
    if (!site || file === undefined) return undefined;
    const graph = await this.graphOf(site);
    const document = this.context.workspace.openDocument(path);
    const text = document ? undefined : graph.page(file)?.text;
    if (!document && text === undefined) return undefined;
    const offset = document ? document.offsetAt(position) : TextDocument.create(uri, 'mdx', 0, text!).offsetAt(position);
    return { site, graph, file, offset };
  }

  /**
   * Pages changed on disk: the graphs of the sites' last checks read them again. (A page created or
   * deleted makes a new check, and with it a new graph.)
   */
  filesChanged(paths: string[]): void {
    for (const path of paths) {
      if (!pageFile.test(path)) continue;
      for (const site of this.context.workspace.sitesContaining(path)) {
        const graph = site.lastChecked?.graph;
        const file = site.relative(path)!;
        const text = graph?.files.has(file) ? graph.host.readFile(file) : undefined;
        if (text !== undefined) graph!.setText(file, text);
      }
    }
  }

  /**
   * The problems the page rules find in a page, in its current text, with the findings of the
   * last check of every page that a check of one page cannot make (orphans).
   */
  async diagnostics(site: DocsSite, file: string, wholeSiteFindings: readonly Diagnostic[] = []): Promise<LspDiagnostic[]> {
    // A page closed as it moves or is deleted is pulled once more, before the file events arrive.
    const path = site.absolute(file);
    if (!this.context.workspace.openDocument(path) && !existsSync(path)) return [];
    const graph = await this.graphOf(site);
    if (!graph.page(file)) return [];
    const { config } = (await site.checked('latest')).config;
    if (config.isIgnored(file)) return [];
    // The page's text once its facts (and those of the pages its links read anchors from) are read, a newer one than at first if it was edited meanwhile: the rules read the same.
    const page = await site.parsers.readyForRules(graph, file);
    if (!page) return [];
    const lines = new LineIndex(page.text);
    const found = reportedDiagnostics(file, checkSitePages(graph, [file]).get(file) ?? [], config);
    const locate = this.locator(site, graph);
    return [...found, ...wholeSiteFindings].sort(compareDiagnostics).map((diagnostic) => toLspDiagnostic(diagnostic, lines, undefined, locate));
  }

  /** Quick fixes in a page: the did-you-mean of a link, anchor, image or import; create the page a link leads to. */
  async codeActions({ textDocument, range, context: { only } }: CodeActionParams): Promise<LspCodeAction[] | null> {
    const path = pathOf(textDocument.uri);
    const site = path && pageFile.test(path) ? await this.context.workspace.siteFor(path) : undefined;
    const file = site?.relative(path!);
    if (!site || file === undefined) return null;
    const graph = await this.graphOf(site, 'current');
    if (!graph.page(file)) return null;
    const { config } = (await site.checked('latest')).config;
    const page = await site.parsers.readyForRules(graph, file);
    if (!page) return null;
    const lines = new LineIndex(page.text);
    const document = this.context.workspace.openDocument(path!);
    const offsets = document ? { start: document.offsetAt(range.start), end: document.offsetAt(range.end) } : { start: 0, end: page.text.length };
    const diagnostics = reportedDiagnostics(file, checkSitePages(graph, [file]).get(file) ?? [], config);
    const { client, workspace } = this.context;
    const fixAll = asksFor(only, fixAllKind) ? await this.fixAll(site, graph, file, textDocument.uri, page.text, lines, diagnostics) : [];
    const quickFixes = asksFor(only, CodeActionKind.QuickFix) ? pageCodeActions(graph, file, diagnostics, offsets) : [];
    const quickFixActions = quickFixes
      .filter((action) => !action.createFile || client.createFiles)
      .map((action): LspCodeAction => {
        const created = action.createFile && workspace.uriOf(site.absolute(action.createFile.file));
        return {
          title: action.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [toLspDiagnostic(action.diagnostic, lines)],
          isPreferred: action.isPreferred,
          edit: action.createFile ? fileCreation(created!, action.createFile.content) : this.workspaceEdit(site, graph, action.edits),
          ...(created && client.showDocument ? { command: { title: 'Open the new page', command: openPageCommand, arguments: [created] } } : {}),
        };
      });
    return [...quickFixActions, ...fixAll];
  }

  /** A page's fix-all, in its text as checked: none when its fixed text would not parse as MDX (the worker of the open pages reads it). */
  private async fixAll(site: DocsSite, graph: SiteGraph, file: string, uri: string, text: string, lines: LineIndex, diagnostics: readonly Diagnostic[]): Promise<LspCodeAction[]> {
    const { site: checked } = await site.checked('current');
    const edits = fileFixAllEdits(fixesOf(checked, graph, file, text, diagnostics), file);
    if (edits.length === 0) return [];
    const fixed = appliedEdits(text, edits);
    await site.parsers.factsOf(file, fixed);
    return textReads(graph, file, fixed) ? fixAllAction(uri, lines, edits) : [];
  }

  /** Whether a URI is a page's: the JSON features leave it to these. */
  handles(uri: string): boolean {
    return pageFile.test(uri.replace(/[?#].*$/, ''));
  }

  async completion({ textDocument, position }: CompletionParams): Promise<CompletionList | null> {
    const page = await this.openPage(textDocument.uri, position);
    const document = page && this.context.workspace.openDocument(page.site.absolute(page.file));
    if (!page || !document) return null;
    const text = document.getText();
    const result =
      pageCompletions(page.graph, page.file, text, page.offset) ??
      componentCompletions(this.currentPage(page.graph, page.file, text), page.offset, page.graph.check?.siteIconLibrary ?? 'fontawesome');
    return result ? toCompletionList(result, document, this.context.client.snippets) : null;
  }

  async hover({ textDocument, position }: HoverParams): Promise<Hover | null> {
    const page = await this.openPage(textDocument.uri, position);
    const result = page && (pageHover(page.graph, page.file, page.offset) ?? componentHover(page.graph.page(page.file)?.text ?? '', page.offset));
    if (!page || !result) return null;
    return { contents: { kind: MarkupKind.Markdown, value: result.markdown }, range: toRange(this.lines(page.graph, page.file), result.range) };
  }

  async definition({ textDocument, position }: DefinitionParams): Promise<Location | null> {
    const page = await this.openPage(textDocument.uri, position);
    const model = page?.graph.page(page.file);
    const link = model && linkAt(model, page!.offset);
    const destination = link && linkDestination(page!.graph, page!.file, link);
    if (!page || !destination) return null;
    const target = page.graph.page(destination.file);
    const position0 = destination.offset !== undefined && target ? new LineIndex(target.text).position(destination.offset) : { line: 0, character: 0 };
    return { uri: this.context.workspace.uriOf(page.site.absolute(destination.file)), range: { start: position0, end: position0 } };
  }

  /** References of the page, of the heading under the cursor, or of what the link under it leads to: in docs.json and in every page. */
  async references({ textDocument, position }: ReferenceParams): Promise<Location[] | null> {
    const page = await this.openPage(textDocument.uri, position);
    const target = page && referenceTargetAt(page.graph, page.file, page.offset);
    if (!page || !target) return null;
    const locations: Location[] = [];
    if (target.anchor === undefined) {
      const { site: checked } = await page.site.checked('latest');
      for (const reference of pageReferences(checked, target.file)) {
        const lines = linesOf(checked.document(reference.document)!.document);
        locations.push({ uri: this.context.workspace.uriOf(page.site.absolute(reference.document)), range: toRange(lines, reference.range) });
      }
    }
    locations.push(...(await this.linkLocations(page.site, target)));
    return locations;
  }

  /** The links in a site's pages that lead to a page or one of its anchors. */
  async linkLocations(site: DocsSite, target: PageTarget): Promise<Location[]> {
    const graph = await this.graphOf(site);
    const lines = this.linesCache(graph);
    return linksTo(graph, target).map((link) => ({ uri: this.context.workspace.uriOf(site.absolute(link.file)), range: toRange(lines(link.file), link.range) }));
  }

  async prepareRename({ textDocument, position }: { textDocument: { uri: string }; position: { line: number; character: number } }) {
    const page = await this.openPage(textDocument.uri, position);
    const result = page && prepareHeadingRename(page.graph, page.file, page.offset);
    return page && result ? { range: toRange(this.lines(page.graph, page.file), result.range), placeholder: result.placeholder } : null;
  }

  async rename({ textDocument, position, newName }: { textDocument: { uri: string }; position: { line: number; character: number }; newName: string }): Promise<WorkspaceEdit | null> {
    const page = await this.openPage(textDocument.uri, position);
    const edits = page && headingRenameEdits(page.graph, page.file, page.offset, newName);
    return page && edits ? this.workspaceEdit(page.site, page.graph, edits) : null;
  }

  /** The link edits in a site's pages for files about to move. */
  async moveEdits(site: DocsSite, renames: FileRename[]): Promise<WorkspaceEdit> {
    const graph = await this.graphOf(site, 'current');
    return this.workspaceEdit(site, graph, linkEdits(graph, { moves: renames }));
  }

  private workspaceEdit(site: DocsSite, graph: SiteGraph, fileEdits: FileEdit[]): WorkspaceEdit {
    const changes: Record<string, TextEdit[]> = {};
    for (const { file, edits } of fileEdits) {
      const lines = this.lines(graph, file);
      changes[this.context.workspace.uriOf(site.absolute(file))] = edits.map((edit) => ({ range: toRange(lines, edit.range), newText: edit.newText }));
    }
    return { changes };
  }

  /** The model of a page with the given text: the graph's, unless the text moved on since (its facts are looked for in the site's cache all the same). */
  currentPage(graph: SiteGraph, file: string, text: string): PageModel {
    const model = graph.page(file);
    return model?.text === text ? model : readPage(file, text, undefined, graph.mdxFacts);
  }

  private lines(graph: SiteGraph, file: string): LineIndex {
    return new LineIndex(textOf(graph, file) ?? '');
  }

  /** Where the places of a site's files are, in the texts of a graph (its pages, and the JSON files of its check). */
  locator(site: DocsSite, graph: SiteGraph): SiteLocator {
    const lines = this.linesCache(graph);
    return (file, range) => (textOf(graph, file) === undefined ? undefined : { uri: this.context.workspace.uriOf(site.absolute(file)), range: toRange(lines(file), range) });
  }

  /** Line indexes of the graph's pages, each built once. */
  private linesCache(graph: SiteGraph): (file: string) => LineIndex {
    const built = new Map<string, LineIndex>();
    return (file) => {
      let lines = built.get(file);
      if (!lines) built.set(file, (lines = this.lines(graph, file)));
      return lines;
    };
  }
}

/** The text of a site's file as a graph read it: a page's, else a JSON file's of its check, else the file's on disk. */
function textOf(graph: SiteGraph, file: string): string | undefined {
  return graph.loadedPage(file)?.text ?? graph.check?.documents.get(file)?.document.json.text ?? graph.page(file)?.text ?? graph.host.readFile(file);
}

/** Renames of headings in pages (F2 on a heading). */
export function servePageRenames(context: ServerContext, pages: PageFeatures): void {
  context.connection.onPrepareRename((params) => pages.prepareRename(params));
  context.connection.onRenameRequest((params) => pages.rename(params));
}
