import type { TextDocumentEdit } from 'vscode-languageserver';
import { navigationMove } from '../engine/service/navigationMove';
import { navigationChildren, type NavigationRef } from '../engine/service/navigationTree';
import { linesOf, toRange } from './convert';
import type { DocsSite } from './docsSite';
import {
  moveNavigationEntryRequest,
  navigationRequest,
  type MoveNavigationEntryParams,
  type MoveNavigationEntryResult,
  type NavigationParams,
  type NavigationPlace,
  type NavigationResult,
} from './navigationProtocol';
import { pathOf, type ServerContext } from './serverContext';

/** The "Site navigation" view's requests: the navigation one level at a time, and moves. */
export function serveNavigation(context: ServerContext): void {
  const { connection, workspace } = context;

  const siteOf = async (docsJsonUri: string): Promise<DocsSite | undefined> => {
    const path = pathOf(docsJsonUri);
    return path && /(^|[\\/])docs\.json$/.test(path) ? workspace.siteOf(path) : undefined;
  };
  const refOf = (site: DocsSite, place: NavigationPlace): NavigationRef | undefined => {
    const path = pathOf(place.uri);
    const document = path === undefined ? undefined : site.relative(path);
    return document === undefined ? undefined : { document, path: place.path };
  };
  const linesIn = (site: DocsSite, document: string) => {
    const checked = site.current().site.document(document)!;
    return linesOf(checked.document, workspace.openDocument(site.absolute(document)));
  };

  connection.onRequest(navigationRequest, async (params: NavigationParams): Promise<NavigationResult> => {
    const site = await siteOf(params.docsJson);
    const parent = site && params.parent && refOf(site, params.parent);
    if (!site || (params.parent && !parent)) return null;
    const nodes = navigationChildren(site.current().site, parent);
    if (!nodes) return null;
    return {
      items: nodes.map(({ document, range, file, ...node }) => ({
        ...node,
        uri: workspace.uriOf(site.absolute(document)),
        range: toRange(linesIn(site, document), range),
        file: file === undefined ? undefined : workspace.uriOf(site.absolute(file)),
      })),
    };
  });

  connection.onRequest(moveNavigationEntryRequest, async (params: MoveNavigationEntryParams): Promise<MoveNavigationEntryResult> => {
    const site = await siteOf(params.docsJson);
    const source = site && refOf(site, params.source);
    const target = site && (params.target ? refOf(site, params.target) : { document: site.current().site.mainPath, path: ['navigation'] });
    if (!site || !source || !target) return { refused: 'This entry is not part of the site.' };
    const move = navigationMove(site.current().site, source, target);
    if ('refused' in move) return { refused: move.refused };
    if (move.edits.length === 0) return {};
    const lines = linesIn(site, move.document);
    const open = workspace.openDocument(site.absolute(move.document));
    const edit: TextDocumentEdit = {
      textDocument: { uri: workspace.uriOf(site.absolute(move.document)), version: open?.version ?? null },
      edits: move.edits.map(({ range, newText }) => ({ range: toRange(lines, range), newText })),
    };
    return { edit: { documentChanges: [edit] } };
  });
}
