// The requests behind the "Site navigation" view, shared by the server and the VS Code client.
import type { WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { JsonPath } from '../engine/json/path';
import type { NavigationNodeKind } from '../engine/service/navigationTree';

export const navigationRequest = 'docsjson/navigation';
export const moveNavigationEntryRequest = 'docsjson/moveNavigationEntry';

/** Where a node is written: a file of the site (its URI) and a JSON path in it. */
export interface NavigationPlace {
  uri: string;
  path: JsonPath;
}

export interface NavigationParams {
  /** URI of the site's docs.json. */
  docsJson: string;
  /** The node whose entries are asked for; none for the top level. */
  parent?: NavigationPlace;
}

export interface NavigationItem extends NavigationPlace {
  kind: NavigationNodeKind;
  label: string;
  detail: string;
  icon?: string;
  href?: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  /** URI of the page's file, when it exists. */
  file?: string;
  childCount: number;
  /** URIs of the files of the pages below an element, at any depth (their problems count in its badge). */
  pageFiles?: string[];
  /** Why the site drops the entry, when it does (its element holds another type of child beside it). */
  dropped?: string;
}

/** The entries, or null when the docs.json or the parent is not (or no longer) there. */
export type NavigationResult = { items: NavigationItem[] } | null;

export interface MoveNavigationEntryParams {
  docsJson: string;
  source: NavigationPlace;
  /** What it was dropped on; none for the top level of the navigation. */
  target?: NavigationPlace;
}

/** The edit that makes the move (none when it changes nothing), or why it cannot be made. */
export interface MoveNavigationEntryResult {
  edit?: WorkspaceEdit;
  refused?: string;
}
