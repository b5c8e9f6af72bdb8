import { MarkdownString, ThemeColor, ThemeIcon, TreeItem, TreeItemCollapsibleState, Uri } from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import type { NavigationItem } from '../../../server/src/lsp/navigationProtocol';
import type { ProblemBadges } from './problemBadges';

/** A node of the view: a site (when the workspace has several) or an entry of its navigation. */
export interface NavigationNode {
  docsJson: Uri;
  item?: NavigationItem;
  /** An entry at the top of its site's navigation: shown unfolded. */
  topLevel?: boolean;
}

/** Icon names the navigation shares with VS Code's own icons; others show their kind's icon. */
const sharedIcons = new Set([
  'rocket', 'book', 'code', 'gear', 'terminal', 'star', 'globe', 'home', 'key', 'lock', 'mail', 'bell', 'bookmark',
  'calendar', 'cloud', 'database', 'heart', 'info', 'link', 'search', 'server', 'shield', 'tag',
  'tools', 'zap', 'beaker', 'bug', 'comment', 'credit-card', 'graph', 'person', 'organization', 'question', 'warning',
  'play', 'package', 'plug', 'pulse', 'sparkle', 'lightbulb', 'megaphone', 'rss', 'library', 'layers', 'map', 'compass',
  'history', 'mortar-board', 'briefcase', 'github', 'eye', 'filter', 'flame', 'gift', 'wand',
]);

const kindIcons: Record<NavigationItem['kind'], string> = {
  tab: 'window',
  anchor: 'pinned',
  group: 'symbol-folder',
  dropdown: 'chevron-down',
  product: 'package',
  version: 'versions',
  language: 'globe',
  menuItem: 'list-unordered',
  link: 'link-external',
  page: 'file-text',
  operation: 'symbol-method',
};

export function siteItem(docsJson: Uri, label: string): TreeItem {
  const item = new TreeItem(safeText(label), TreeItemCollapsibleState.Expanded);
  item.iconPath = new ThemeIcon('book');
  item.tooltip = safeText(docsJson.fsPath);
  item.contextValue = 'navigation.site';
  item.id = docsJson.toString();
  return item;
}

export function navigationTreeItem(node: NavigationNode & { item: NavigationItem }, badges: ProblemBadges): TreeItem {
  const entry = node.item;
  const state = entry.childCount === 0 ? TreeItemCollapsibleState.None : node.topLevel ? TreeItemCollapsibleState.Expanded : TreeItemCollapsibleState.Collapsed;
  const item = new TreeItem(safeText(entry.label), state);
  item.id = `${node.docsJson.toString()}|${entry.uri}|${JSON.stringify(entry.path)}|${entry.label}`;
  if (entry.dropped) item.description = 'dropped by the site';
  else if (entry.kind === 'page' && entry.label !== entry.detail) item.description = safeText(entry.detail);
  else if (entry.href) item.description = safeText(entry.href);
  item.iconPath = entry.dropped
    ? new ThemeIcon('warning', new ThemeColor('list.warningForeground'))
    : new ThemeIcon(entry.icon && sharedIcons.has(entry.icon) ? entry.icon : kindIcons[entry.kind]);
  item.resourceUri = badges.uriFor(entry);
  item.tooltip = tooltipOf(entry);
  item.contextValue = `navigation.${entry.kind}${entry.file ? '.file' : ''}`;
  // A click opens a page, and expands or collapses an element that holds entries (as in the
  // explorer); an entry with neither is shown in docs.json. "Reveal in docs.json" is on every entry's menu.
  if (entry.file) item.command = { command: 'vscode.open', title: 'Open Page', arguments: [Uri.parse(entry.file)] };
  else if (entry.childCount === 0) item.command = { command: 'docsjson.navigation.revealInDocsJson', title: 'Reveal in docs.json', arguments: [node] };
  return item;
}

function tooltipOf(entry: NavigationItem): MarkdownString {
  const tooltip = new MarkdownString();
  tooltip.appendMarkdown('**').appendText(safeText(entry.label)).appendMarkdown('**  \n');
  tooltip.appendText(safeText(entry.detail));
  if (entry.icon) tooltip.appendText(safeText(` · icon ${entry.icon}`));
  if (entry.kind === 'page' && !entry.file) tooltip.appendMarkdown('  \n').appendText('No page file');
  if (entry.dropped) tooltip.appendMarkdown('  \n').appendText(safeText(`Not shown: ${entry.dropped}`));
  return tooltip;
}
