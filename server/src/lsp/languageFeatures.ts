import {
  CodeActionKind,
  MarkupKind,
  type CodeAction as LspCodeAction,
  type DocumentLink as LspDocumentLink,
  type Location,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import { LineIndex } from '../engine';
import type { Operation } from '../engine/openapi/loadedSpec';
import { codeActions, type CodeAction } from '../engine/service/actions';
import type { CheckedSite } from '../engine/service/checkedSite';
import { completions } from '../engine/service/completion';
import type { FileEdit } from '../engine/service/edits';
import { formattingEdits } from '../engine/service/formatting';
import { hover } from '../engine/service/hover';
import type { JsonText } from '../engine/service/jsonText';
import { definition, documentLinks, linkLocation, type SiteLocation } from '../engine/service/links';
import { pageReferences } from '../engine/service/references';
import { documentSymbols, maxSymbols } from '../engine/service/symbols';
import { fileCreation, linesOf, toCompletionList, toLspDiagnostic, toLspSymbols, toRange } from './convert';
import type { Freshness } from './checkSchedule';
import type { DocsSite } from './docsSite';
import type { PageEditing } from './pageEditing';
import type { PageFeatures } from './pageFeatures';
import { openJsonDocument, pathOf, type OpenJsonDocument, type ServerContext } from './serverContext';
import { appliedEdits } from '../engine/service/edits';
import { fileFixAllEdits, fixesOf, textReads } from '../engine/service/fixAll';
import { reportedOf } from './diagnostics';
import { asksFor, fixAllAction, fixAllKind } from './fixAllAction';
import { wholeDocumentAnswer } from './wholeDocumentAnswers';
import { openPageCommand } from './customMessages';

interface LinkData {
  docsJson: string;
  file: string;
  operation: Operation;
}

/** Completion, hover, definition, links, references, outline and quick fixes; in pages, those of `pages`. */
export function serveLanguageFeatures(context: ServerContext, pages: PageFeatures, pageEditing: PageEditing): void {
  const { connection, workspace, client } = context;
  const open = (uri: string, freshness: Freshness) => openJsonDocument(workspace, uri, freshness);

  connection.onCompletion(async (params) => {
    const { textDocument, position } = params;
    if (pages.handles(textDocument.uri)) return pages.completion(params);
    const target = await open(textDocument.uri, 'latest');
    if (!target) return null;
    const result = completions(target.checked, target.text, target.document.offsetAt(position));
    return result ? toCompletionList(result, target.document, client.snippets) : null;
  });

  connection.onHover(async (params) => {
    const { textDocument, position } = params;
    if (pages.handles(textDocument.uri)) return pages.hover(params);
    const target = await open(textDocument.uri, 'latest');
    const result = target && hover(target.checked, target.text, target.document.offsetAt(position));
    if (!target || !result) return null;
    return { contents: { kind: MarkupKind.Markdown, value: result.markdown }, range: toRange(target.text.lines, result.range) };
  });

  connection.onDefinition(async (params) => {
    const { textDocument, position } = params;
    if (pages.handles(textDocument.uri)) return pages.definition(params);
    const target = await open(textDocument.uri, 'latest');
    const result = target && definition(target.checked, target.text, target.document.offsetAt(position));
    return target && result ? locationOf(context, target.site, result.location) : null;
  });

  connection.onDocumentLinks(async ({ textDocument }, token) => {
    const target = await open(textDocument.uri, 'current');
    if (!target) return null;
    // As many as the outline holds: past that, go to definition still opens a page.
    return wholeDocumentAnswer(workspace, target, 'links', token, () =>
      documentLinks(target.checked, target.text)
        .slice(0, maxSymbols)
        .map((link): LspDocumentLink => {
          const range = toRange(target.text.lines, link.range);
          if (!link.operation) return { range, target: workspace.uriOf(target.site.absolute(link.file)) };
          const data: LinkData = { docsJson: target.site.docsJsonPath, file: link.file, operation: link.operation };
          return { range, data };
        }),
    );
  });

  connection.onDocumentLinkResolve(async (link) => {
    const data = link.data as LinkData | undefined;
    if (!data) return link;
    const site = await workspace.siteOf(data.docsJson);
    const { site: checked } = await site.checked('latest');
    const location = locationOf(context, site, linkLocation(checked, { range: { start: 0, end: 0 }, file: data.file, operation: data.operation }));
    return { ...link, target: `${location.uri}#L${location.range.start.line + 1}` };
  });

  connection.onReferences(async (params) => {
    const { textDocument, position } = params;
    if (pages.handles(textDocument.uri)) return pages.references(params);
    const path = pathOf(textDocument.uri);
    if (!path) return null;
    let pageFile = path;
    if (/\.json$/i.test(path)) {
      const target = await open(textDocument.uri, 'latest');
      const result = target && definition(target.checked, target.text, target.document.offsetAt(position));
      if (!target || !result || !/\.mdx?$/i.test(result.location.file)) return null;
      pageFile = target.site.absolute(result.location.file);
    }
    const sites = new Set(workspace.sitesContaining(pageFile));
    const nearest = await workspace.siteFor(pageFile);
    if (nearest) sites.add(nearest);
    const locations: Location[] = [];
    for (const site of sites) {
      const relative = site.relative(pageFile);
      if (relative === undefined) continue;
      const { site: checked } = await site.checked('current');
      for (const reference of pageReferences(checked, relative)) {
        const lines = linesOf(checked.document(reference.document)!.document);
        locations.push({ uri: workspace.uriOf(site.absolute(reference.document)), range: toRange(lines, reference.range) });
      }
      locations.push(...(await pages.linkLocations(site, { file: relative })));
    }
    return locations;
  });

  connection.onDocumentSymbol(async ({ textDocument }, token) => {
    if (pages.handles(textDocument.uri)) return pageEditing.symbols(textDocument.uri);
    const target = await open(textDocument.uri, 'current');
    if (!target) return null;
    return wholeDocumentAnswer(workspace, target, 'symbols', token, () => toLspSymbols(documentSymbols(target.checked, target.text), target.text.lines));
  });

  connection.onDocumentFormatting(async ({ textDocument, options }) => {
    const target = await open(textDocument.uri, 'latest');
    if (!target) return null;
    return formattingEdits(target.text.text, options).map((edit) => ({ range: toRange(target.text.lines, edit.range), newText: edit.newText }));
  });

  connection.onCodeAction(async (params) => {
    const { textDocument, range, context: { only } } = params;
    if (pages.handles(textDocument.uri)) return pages.codeActions(params);
    const target = await open(textDocument.uri, 'current');
    if (!target) return null;
    const { checked } = target;
    const offsets = { start: target.document.offsetAt(range.start), end: target.document.offsetAt(range.end) };
    const quickFixes = asksFor(only, CodeActionKind.QuickFix) ? codeActions(checked, target.text, offsets, target.siteDiagnostics) : [];
    const fixAll = asksFor(only, fixAllKind) ? await jsonFixAll(textDocument.uri, target) : [];
    return [
      ...quickFixes.filter((action) => !action.createFile || client.createFiles).map((action) => toLspCodeAction(context, target.site, checked, target.text, action)),
      ...fixAll,
    ];
  });
}

/** The fix-all of a JSON file of a site, as its problems are reported; none when its fixed text would not parse. */
async function jsonFixAll(uri: string, { site, text }: OpenJsonDocument): Promise<LspCodeAction[]> {
  const state = await site.checked('current');
  const fixes = fixesOf(state.site, state.graph, text.path, text.text, reportedOf(state, text.path));
  const edits = fileFixAllEdits(fixes, text.path);
  return textReads(state.graph, text.path, appliedEdits(text.text, edits)) ? fixAllAction(uri, text.lines, edits) : [];
}

function toLspCodeAction(context: ServerContext, site: DocsSite, checked: CheckedSite, text: JsonText, action: CodeAction): LspCodeAction {
  const { workspace } = context;
  let edit: WorkspaceEdit;
  if (action.createFile) {
    edit = fileCreation(workspace.uriOf(site.absolute(action.createFile.file)), action.createFile.content);
  } else {
    edit = workspaceEdit(context, site, checked, action.edits, text);
  }
  const opensCreatedFile = action.createFile && context.client.showDocument;
  return {
    title: action.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [toLspDiagnostic(action.diagnostic, text.lines)],
    isPreferred: action.isPreferred,
    edit,
    ...(opensCreatedFile ? { command: { title: 'Open the new page', command: openPageCommand, arguments: [workspace.uriOf(site.absolute(action.createFile!.file))] } } : {}),
  };
}

/** Edits in offsets of the checked texts, as a WorkspaceEdit; `text` is an open file's current text. */
export function workspaceEdit(context: ServerContext, site: DocsSite, checked: CheckedSite, fileEdits: FileEdit[], text?: JsonText): WorkspaceEdit {
  const changes: Record<string, LspTextEdit[]> = {};
  for (const { file, edits } of fileEdits) {
    const document = checked.document(file)?.document;
    // A page (a fix that edits links in pages too): its text as the site's graph read it.
    const lines = text && file === text.path ? text.lines : document ? linesOf(document) : new LineIndex(site.lastChecked?.graph.page(file)?.text ?? site.host.readFile(file) ?? '');
    const uri = context.workspace.uriOf(site.absolute(file));
    changes[uri] = [...(changes[uri] ?? []), ...edits.map((edit) => ({ range: toRange(lines, edit.range), newText: edit.newText }))];
  }
  return { changes };
}

function locationOf(context: ServerContext, site: DocsSite, location: SiteLocation): Location {
  let position = { line: 0, character: 0 };
  if (location.offset !== undefined) {
    const text = site.host.readFile(location.file);
    if (text !== undefined) position = new LineIndex(text).position(location.offset);
  }
  return { uri: context.workspace.uriOf(site.absolute(location.file)), range: { start: position, end: position } };
}
