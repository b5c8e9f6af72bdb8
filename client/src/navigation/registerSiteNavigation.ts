import { commands, Range, Selection, TextEditorRevealType, Uri, window, workspace, type ExtensionContext } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { NavigationNode } from './navigationItems';
import { ProblemBadges } from './problemBadges';
import { SiteNavigationTree } from './siteNavigationTree';

export const siteNavigationViewId = 'docsjson.siteNavigation';

/** The "Site navigation" view in the explorer, its commands, and what refreshes it. */
export function registerSiteNavigation(context: ExtensionContext, client: LanguageClient): void {
  const badges = new ProblemBadges();
  const tree = new SiteNavigationTree(client, badges);
  const view = window.createTreeView(siteNavigationViewId, { treeDataProvider: tree, dragAndDropController: tree, showCollapseAll: true });

  let timer: NodeJS.Timeout | undefined;
  const refreshSoon = (sitesToo = false) => {
    clearTimeout(timer);
    timer = setTimeout(() => tree.refresh(sitesToo), 300);
  };
  const pages = workspace.createFileSystemWatcher('**/*.{mdx,md}');
  const sites = workspace.createFileSystemWatcher('**/docs.json');
  context.subscriptions.push(
    view,
    badges,
    window.registerFileDecorationProvider(badges),
    pages,
    sites,
    pages.onDidCreate(() => refreshSoon()),
    pages.onDidDelete(() => refreshSoon()),
    pages.onDidChange(() => refreshSoon()),
    sites.onDidCreate(() => refreshSoon(true)),
    sites.onDidDelete(() => refreshSoon(true)),
    sites.onDidChange(() => refreshSoon()),
    workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
      if (contentChanges.length > 0 && /\.(json|mdx?)$/i.test(document.uri.path)) refreshSoon();
    }),
    { dispose: () => clearTimeout(timer) },
    commands.registerCommand('docsjson.navigation.refresh', () => tree.refresh(true)),
    commands.registerCommand('docsjson.navigation.revealInDocsJson', (node?: NavigationNode) => revealInDocsJson(node ?? view.selection[0])),
  );
}

/** Opens the file an entry is written in and selects the entry. */
async function revealInDocsJson(node: NavigationNode | undefined): Promise<void> {
  if (!node) return;
  if (!node.item) {
    await window.showTextDocument(node.docsJson);
    return;
  }
  const { start, end } = node.item.range;
  const range = new Range(start.line, start.character, end.line, end.character);
  const editor = await window.showTextDocument(Uri.parse(node.item.uri), { preview: false });
  editor.selection = new Selection(range.start, range.end);
  editor.revealRange(range, TextEditorRevealType.InCenterIfOutsideViewport);
}
