import type { TextDocumentEdit } from 'vscode-languageserver';
import type { CheckedSite } from '../engine/service/checkedSite';
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
  const linesIn = (site: DocsSite, checked: CheckedSite, document: string) =>
    linesOf(checked.document(document)!.document, workspace.openDocument(site.absolute(document)));

  connection.onRequest(navigationRequest, async (params: NavigationParams): Promise<NavigationResult> => {
    const site = await siteOf(params.docsJson);
    const parent = site && params.parent && refOf(site, params.parent);
    if (!site || (params.parent && !parent)) return null;
    const { site: checked } = await site.checked('current');
    const nodes = navigationChildren(checked, parent);
    if (!nodes) return null;
    return {
      items: nodes.map(({ document, range, file, pageFiles, ...node }) => ({
        ...node,
        uri: workspace.uriOf(site.absolute(document)),
        range: toRange(linesIn(site, checked, document), range),
        file: file === undefined ? undefined : workspace.uriOf(site.absolute(file)),
        pageFiles: pageFiles?.map((page) => workspace.uriOf(site.absolute(page))),
      })),
    };
  });

  connection.onRequest(moveNavigationEntryRequest, async (params: MoveNavigationEntryParams): Promise<MoveNavigationEntryResult> => {
    const site = await siteOf(params.docsJson);
    const checked = site && (await site.checked('current')).site;
    const source = site && refOf(site, params.source);
    const target = site && (params.target ? refOf(site, params.target) : { document: checked!.mainPath, path: ['navigation'] });
    if (!site || !checked || !source || !target) return { refused: 'This entry is not part of the site.' };
    const move = navigationMove(checked, source, target);
    if ('refused' in move) return { refused: move.refused };
    if (move.edits.length === 0) return {};
    const lines = linesIn(site, checked, move.document);
    const open = workspace.openDocument(site.absolute(move.document));
    const edit: TextDocumentEdit = {
      textDocument: { uri: workspace.uriOf(site.absolute(move.document)), version: open?.version ?? null },
      edits: move.edits.map(({ range, newText }) => ({ range: toRange(lines, range), newText })),
    };
    return { edit: { documentChanges: [edit] } };
  });
}
