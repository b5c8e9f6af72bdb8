import { FileChangeType, type TextEdit } from 'vscode-languageserver';
import type { FileRename } from '../engine/service/fileRename';
import { renameEdits } from '../engine/service/rename';
import type { DiagnosticsFeature } from './diagnostics';
import type { DocsSite } from './docsSite';
import type { FileChange } from './docsWorkspace';
import type { OpenPagesRefresh } from './openPagesRefresh';
import type { PageFeatures } from './pageFeatures';
import { workspaceEdit } from './languageFeatures';
import { offerRedirects } from './redirectOffer';
import { pathOf, type ServerContext } from './serverContext';

const changeKinds: Record<FileChangeType, FileChange> = {
  [FileChangeType.Created]: 'created',
  [FileChangeType.Changed]: 'changed',
  [FileChangeType.Deleted]: 'deleted',
};

/** Files created, changed, deleted or renamed outside the open buffers. */
export function serveFileOperations(context: ServerContext, diagnostics: DiagnosticsFeature, pages: PageFeatures, openPages: OpenPagesRefresh): void {
  const { connection, workspace } = context;

  connection.onDidChangeWatchedFiles(({ changes }) => {
    const known = changes.flatMap(({ uri, type }) => {
      const path = pathOf(uri);
      return path ? [{ path, change: changeKinds[type] }] : [];
    });
    const { affected, removed } = workspace.filesChanged(known);
    const changedOnDisk = known.filter(({ change }) => change === 'changed').map(({ path }) => path);
    pages.filesChanged(changedOnDisk);
    // Pages created or deleted make a new check, which publishes or refreshes every open page.
    changedOnDisk.forEach((path) => openPages.pageChanged(path));
    changedOnDisk.forEach((path) => diagnostics.pageEdited(path));
    removed.forEach((site) => diagnostics.siteRemoved(site));
    if (affected.size > 0) diagnostics.sitesChanged(affected);
    void workspace.sitesCreated(known).then((created) => created.length > 0 && diagnostics.sitesChanged(created));
  });

  connection.workspace.onWillRenameFiles(async ({ files }) => {
    const moves = files.flatMap(({ oldUri, newUri }) => {
      const from = pathOf(oldUri);
      const to = pathOf(newUri);
      return from && to ? [{ from, to }] : [];
    });
    const sites = new Set<DocsSite>();
    for (const { from } of moves) {
      workspace.sitesContaining(from).forEach((site) => sites.add(site));
      const nearest = await workspace.siteFor(from);
      if (nearest) sites.add(nearest);
    }
    const changes: Record<string, TextEdit[]> = {};
    for (const site of sites) {
      const renames: FileRename[] = moves.flatMap(({ from, to }) => {
        const relativeFrom = site.relative(from);
        const relativeTo = site.relative(to);
        return relativeFrom !== undefined && relativeTo !== undefined ? [{ from: relativeFrom, to: relativeTo }] : [];
      });
      if (renames.length === 0) continue;
      const { site: checked } = await site.checked('current');
      for (const edit of [workspaceEdit(context, site, checked, renameEdits(checked, renames)), await pages.moveEdits(site, renames)]) {
        for (const [uri, edits] of Object.entries(edit.changes ?? {})) changes[uri] = [...(changes[uri] ?? []), ...edits];
      }
    }
    return Object.keys(changes).length > 0 ? { changes } : null;
  });

  connection.workspace.onDidRenameFiles((params) => void offerRedirects(context, params));
}
