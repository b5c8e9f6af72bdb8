import {
  DataTransferItem,
  EventEmitter,
  Uri,
  window,
  workspace,
  type CancellationToken,
  type DataTransfer,
  type TreeDataProvider,
  type TreeDragAndDropController,
  type TreeItem,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  moveNavigationEntryRequest,
  navigationRequest,
  type MoveNavigationEntryParams,
  type MoveNavigationEntryResult,
  type NavigationParams,
  type NavigationResult,
} from '../../../server/src/lsp/navigationProtocol';
import { navigationTreeItem, siteItem, type NavigationNode } from './navigationItems';
import type { ProblemBadges } from './problemBadges';
import { safeText } from '../../../agent/src/displayText';

const dragType = 'application/vnd.code.tree.docsjson.sitenavigation';

/**
 * The site's navigation as its readers see it, one level per request to the language server;
 * entries dragged onto others move in docs.json.
 */
export class SiteNavigationTree implements TreeDataProvider<NavigationNode>, TreeDragAndDropController<NavigationNode> {
  readonly dragMimeTypes = [dragType];
  readonly dropMimeTypes = [dragType];
  private readonly changed = new EventEmitter<NavigationNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private sites?: Promise<Uri[]>;

  constructor(
    private readonly client: LanguageClient,
    private readonly badges: ProblemBadges,
  ) {}

  refresh(sitesToo = false): void {
    if (sitesToo) this.sites = undefined;
    this.badges.refreshing();
    this.changed.fire(undefined);
  }

  getTreeItem(node: NavigationNode): TreeItem {
    if (!node.item) return siteItem(node.docsJson, workspace.asRelativePath(node.docsJson, (workspace.workspaceFolders?.length ?? 0) > 1));
    return navigationTreeItem({ ...node, item: node.item }, this.badges);
  }

  async getChildren(node?: NavigationNode): Promise<NavigationNode[]> {
    if (!node) {
      const sites = await this.docsJsonFiles();
      if (sites.length !== 1) return sites.map((docsJson) => ({ docsJson }));
      return this.entries({ docsJson: sites[0] }, true);
    }
    return this.entries(node, !node.item);
  }

  handleDrag(sources: readonly NavigationNode[], data: DataTransfer): void {
    const entries = sources.filter((source) => source.item);
    if (entries.length > 0) data.set(dragType, new DataTransferItem(entries));
  }

  async handleDrop(target: NavigationNode | undefined, data: DataTransfer, token: CancellationToken): Promise<void> {
    const sources = data.get(dragType)?.value as NavigationNode[] | undefined;
    const source = sources?.[0];
    if (!source?.item || token.isCancellationRequested) return;
    if (sources!.length > 1) window.showInformationMessage('Drag one entry at a time: the first one moves.');
    if (target && target.docsJson.toString() !== source.docsJson.toString()) {
      window.showWarningMessage('Entries can only move within the navigation of their own docs.json.');
      return;
    }
    const params: MoveNavigationEntryParams = {
      docsJson: source.docsJson.toString(),
      source: { uri: source.item.uri, path: source.item.path },
      target: target?.item && { uri: target.item.uri, path: target.item.path },
    };
    const result = await this.client.sendRequest<MoveNavigationEntryResult>(moveNavigationEntryRequest, params);
    if (result.refused) {
      window.showWarningMessage(safeText(result.refused));
      return;
    }
    if (!result.edit) return;
    const edit = await this.client.protocol2CodeConverter.asWorkspaceEdit(result.edit);
    const [[uri]] = edit.entries();
    const wasDirty = workspace.textDocuments.find((document) => document.uri.toString() === uri.toString())?.isDirty ?? false;
    if (!(await workspace.applyEdit(edit))) {
      window.showWarningMessage('The move could not be written: the file changed meanwhile. Try again.');
      return;
    }
    // A file the user was not editing is saved, so the move is written like a file operation.
    if (!wasDirty) await (await workspace.openTextDocument(uri)).save();
    this.refresh();
  }

  private async entries(parent: NavigationNode, topLevel: boolean): Promise<NavigationNode[]> {
    const params: NavigationParams = { docsJson: parent.docsJson.toString(), parent: parent.item && { uri: parent.item.uri, path: parent.item.path } };
    const result = await this.client.sendRequest<NavigationResult>(navigationRequest, params);
    return (result?.items ?? []).map((item) => ({ docsJson: parent.docsJson, item, topLevel }));
  }

  private docsJsonFiles(): Promise<Uri[]> {
    this.sites ??= Promise.resolve(workspace.findFiles('**/docs.json', '**/node_modules/**', 50)).then((uris) =>
      uris.sort((a, b) => a.fsPath.localeCompare(b.fsPath)),
    );
    return this.sites;
  }
}
