import {
  SymbolKind,
  type DocumentSymbol,
  type FoldingRange,
  type TextDocumentPositionParams,
} from 'vscode-languageserver';
import { LineIndex } from '../engine';
import { closingTagAt } from '../engine/service/closingTag';
import { componentFoldingRanges, pageOutline, type PageSymbol } from '../engine/service/pageOutline';
import { closingTagMethod } from './closingTagProtocol';
import { toRange } from './convert';
import type { PageFeatures } from './pageFeatures';
import { pathOf, type ServerContext } from './serverContext';

/** The editing features of a page's components: outline, folding, closing tags. */
export class PageEditing {
  constructor(
    private readonly context: ServerContext,
    private readonly pages: PageFeatures,
  ) {}

  /** The outline: headings, and the tabs, accordions and fields that make anchors. */
  async symbols(uri: string): Promise<DocumentSymbol[] | null> {
    const page = await this.currentPage(uri);
    if (!page) return null;
    const lines = new LineIndex(page.model.text);
    const convert = (symbol: PageSymbol): DocumentSymbol => ({
      name: symbol.name,
      detail: symbol.detail,
      kind: symbol.kind === 'heading' ? SymbolKind.String : SymbolKind.Field,
      range: toRange(lines, symbol.range),
      selectionRange: toRange(lines, symbol.selectionRange),
      children: symbol.children.map(convert),
    });
    return pageOutline(page.model).map(convert);
  }

  async foldingRanges(uri: string): Promise<FoldingRange[] | null> {
    const page = await this.currentPage(uri);
    if (!page) return null;
    const lines = new LineIndex(page.model.text);
    return componentFoldingRanges(page.model, (offset) => lines.position(offset).line);
  }

  /** The closing tag for a `>` just typed, when it ends an opening tag. */
  async closingTag({ textDocument, position }: TextDocumentPositionParams): Promise<string | null> {
    const document = this.pages.handles(textDocument.uri) ? this.openDocument(textDocument.uri) : undefined;
    if (!document) return null;
    return closingTagAt(document.getText(), document.offsetAt(position)) ?? null;
  }

  private openDocument(uri: string) {
    const path = pathOf(uri);
    return path ? this.context.workspace.openDocument(path) : undefined;
  }

  private async currentPage(uri: string) {
    const page = await this.pages.openPage(uri, { line: 0, character: 0 });
    if (!page) return undefined;
    // The outline and folding read the parse's facts: parsed off the main thread, of the newest text once they are.
    const model = await page.site.parsers.current(page.file, () => {
      const document = this.openDocument(uri);
      return document ? this.pages.currentPage(page.graph, page.file, document.getText()) : page.graph.page(page.file);
    });
    return model && { ...page, model };
  }
}

/** The requests of page editing that the JSON features do not also answer. */
export function servePageEditing(context: ServerContext, editing: PageEditing): void {
  context.connection.onFoldingRanges(({ textDocument }) => editing.foldingRanges(textDocument.uri));
  context.connection.onRequest(closingTagMethod, (params: TextDocumentPositionParams) => editing.closingTag(params));
}
