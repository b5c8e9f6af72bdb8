// Conversions between the language service's offset-based results and LSP's positions and types.
import {
  CompletionItemKind,
  DiagnosticSeverity,
  DiagnosticTag,
  InsertTextFormat,
  MarkupKind,
  SymbolKind,
  type CompletionList,
  type DiagnosticRelatedInformation,
  type Location,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol as LspDocumentSymbol,
  type Position,
  type Range,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Severity } from '../engine';
import { LineIndex } from '../engine';
import type { OffsetRange } from '../engine/json/path';
import type { SourceDocument } from '../engine/model/sourceDocument';
import type { CompletionKind, Completions } from '../engine/service/completion';
import type { DocumentSymbol, SymbolKind as ServiceSymbolKind } from '../engine/service/symbols';
import type { TextSource } from '../engine/textSource';
import { diagnosticSource } from './customMessages';
import type { PiecedDocument } from './piecedDocument';

/** Turns offsets of a text into LSP positions. */
export interface Positions {
  position(offset: number): Position;
}

const lineIndexes = new WeakMap<SourceDocument['json'], LineIndex>();

/** Positions in a checked file: the open buffer's own when it holds the checked text, else computed once per check. */
export function linesOf(document: SourceDocument, open?: PiecedDocument): Positions {
  if (open && holdsText(open, document.json.source)) return { position: (offset) => open.positionAt(offset) };
  let lines = lineIndexes.get(document.json);
  if (!lines) lineIndexes.set(document.json, (lines = new LineIndex(document.json.text)));
  return lines;
}

/** Whether a buffer's current text is a checked one, without making it one string when it was checked in pieces. */
function holdsText(open: PiecedDocument, checked: TextSource): boolean {
  return open.text === checked || (typeof checked === 'string' && open.getText() === checked);
}

/** The edit that creates a file with its content (and leaves one that exists as it is). */
export function fileCreation(uri: string, content: string): WorkspaceEdit {
  const start = { line: 0, character: 0 };
  return {
    documentChanges: [
      { kind: 'create', uri, options: { ignoreIfExists: true } },
      { textDocument: { uri, version: null }, edits: [{ range: { start, end: start }, newText: content }] },
    ],
  };
}

export function toRange(lines: Positions, range: OffsetRange): Range {
  return { start: lines.position(range.start), end: lines.position(range.end) };
}

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Where a range of a site's file (a root-relative path) is, for a client; undefined when the file cannot be read. */
export type SiteLocator = (file: string, range: OffsetRange) => Location | undefined;

/**
 * `uri`, the file's: where the platform's own words for a problem are given as related
 * information; `locate`: where the other places a problem is about are (their related information).
 */
export function toLspDiagnostic(diagnostic: Diagnostic, lines: Positions, uri?: string, locate?: SiteLocator): LspDiagnostic {
  const range = toRange(lines, diagnostic.range);
  const related: DiagnosticRelatedInformation[] = [];
  if (diagnostic.platformMessage && uri) related.push({ location: { uri, range }, message: `The platform says: ${diagnostic.platformMessage}` });
  for (const place of (locate && diagnostic.related) || []) {
    const location = locate!(place.file, place.range);
    if (location) related.push({ location, message: place.message });
  }
  return {
    range,
    severity: severities[diagnostic.severity],
    code: diagnostic.code,
    source: diagnosticSource,
    message: diagnostic.message,
    ...(diagnostic.unnecessary ? { tags: [DiagnosticTag.Unnecessary] } : {}),
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  };
}

const completionKinds: Record<CompletionKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  page: CompletionItemKind.File,
  operation: CompletionItemKind.Method,
  icon: CompletionItemKind.Constant,
  language: CompletionItemKind.EnumMember,
  file: CompletionItemKind.File,
  snippet: CompletionItemKind.Snippet,
  anchor: CompletionItemKind.Reference,
  component: CompletionItemKind.Class,
};

export function toCompletionList(completions: Completions, document: TextDocument, snippets: boolean): CompletionList {
  const range = { start: document.positionAt(completions.range.start), end: document.positionAt(completions.range.end) };
  return {
    isIncomplete: completions.isIncomplete,
    items: completions.items.map((item) => ({
      label: item.label,
      kind: completionKinds[item.kind],
      detail: item.detail,
      documentation: item.documentation ? { kind: MarkupKind.Markdown, value: item.documentation } : undefined,
      filterText: item.filterText,
      sortText: item.sortText,
      insertTextFormat: item.snippet && snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      textEdit: { range, newText: item.snippet && !snippets ? withoutTabStops(item.insertText) : item.insertText },
    })),
  };
}

/** A snippet as plain text, for clients without snippets: each tab stop's default or first choice. */
export function withoutTabStops(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\d+/g, '')
    .replace(/\\([\\$}])/g, '$1');
}

const symbolKinds: Record<ServiceSymbolKind, SymbolKind> = {
  navigation: SymbolKind.Namespace,
  tab: SymbolKind.Module,
  anchor: SymbolKind.Module,
  dropdown: SymbolKind.Module,
  product: SymbolKind.Module,
  version: SymbolKind.Module,
  language: SymbolKind.Module,
  menuItem: SymbolKind.Module,
  global: SymbolKind.Namespace,
  globalEntry: SymbolKind.Field,
  group: SymbolKind.Package,
  page: SymbolKind.File,
  operation: SymbolKind.Method,
  property: SymbolKind.Property,
};

export function toLspSymbols(symbols: DocumentSymbol[], lines: Positions): LspDocumentSymbol[] {
  return symbols.map((symbol) => ({
    name: symbol.name,
    detail: symbol.detail,
    kind: symbolKinds[symbol.kind],
    range: toRange(lines, symbol.range),
    selectionRange: toRange(lines, symbol.selectionRange),
    children: toLspSymbols(symbol.children, lines),
  }));
}
