import { Uri, workspace, type Disposable, type FileWillRenameEvent, type WorkspaceEdit } from 'vscode';
import { CancellationToken, type ApplyWorkspaceEditParams, type ApplyWorkspaceEditRequest, type ApplyWorkspaceEditResult } from 'vscode-languageclient/node';
import { redirectEditLabel } from '../../server/src/lsp/customMessages';

/** The files an edit of the language server for a rename changed, and which of them had unsaved changes before. */
interface PendingEdit {
  uris: Uri[];
  dirtyBefore: Set<string>;
}

/**
 * A page renamed or moved (in the explorer, by "Move Page…") saves the files the language server's
 * edit changed (docs.json, the links in other pages), and the redirect it then offers once added,
 * as dragging in the Site navigation view does: the move is written at once, like the file
 * operation itself, and git sees it whole. A file that had unsaved changes before stays unsaved,
 * for its writer to save.
 */
export class RenameEditSaver implements Disposable {
  private readonly pending: PendingEdit[] = [];
  /** The files with unsaved changes before the last move: the writer's, never saved for them. */
  private dirtyBeforeMove = new Set<string>();
  private readonly listener = workspace.onDidRenameFiles(({ files }) => void this.save(files));

  /** The language client's middleware for willRenameFiles: notes what the server's edit changes. */
  readonly willRenameFiles = async (event: FileWillRenameEvent, next: (event: FileWillRenameEvent) => Thenable<WorkspaceEdit | null | undefined>) => {
    const dirtyBefore = dirtyDocuments();
    this.dirtyBeforeMove = dirtyBefore;
    const edit = await next(event);
    if (edit) this.pending.push({ uris: edit.entries().map(([uri]) => uri), dirtyBefore });
    return edit;
  };

  /** The language client's middleware for workspace/applyEdit: the redirects added after a move are saved too. */
  readonly handleApplyEdit = async (params: ApplyWorkspaceEditParams, next: ApplyWorkspaceEditRequest.HandlerSignature) => {
    if (params.label !== redirectEditLabel) return next(params, CancellationToken.None);
    // Not the files dirty now: docs.json is, while the move's own edit of it is being saved.
    const dirtyBefore = this.dirtyBeforeMove;
    const result = await next(params, CancellationToken.None);
    if ((result as ApplyWorkspaceEditResult).applied) await this.saveAdded(Object.keys(params.edit.changes ?? {}).map((uri) => Uri.parse(uri)), dirtyBefore);
    return result;
  };

  /**
   * Saves the files the redirect was added to through VS Code's own save, which acts on the
   * editor's state of each file: the extension host's copy of a document (`isDirty`, even whether
   * it is open) can lag behind the edit VS Code has just applied, and read once it left the
   * redirect unsaved under load.
   */
  private async saveAdded(uris: Uri[], dirtyBefore: Set<string>): Promise<void> {
    for (const uri of uris) {
      if (dirtyBefore.has(uri.toString())) continue;
      const document = await workspace.openTextDocument(uri).then(undefined, () => undefined);
      await document?.save();
    }
  }

  private async save(files: readonly { oldUri: Uri; newUri: Uri }[]): Promise<void> {
    const moved = new Map(files.map(({ oldUri, newUri }) => [oldUri.toString(), newUri.toString()]));
    for (const { uris, dirtyBefore } of this.pending.splice(0)) await this.saveEdited(uris, dirtyBefore, moved);
  }

  private async saveEdited(uris: Uri[], dirtyBefore: Set<string>, moved: Map<string, string>): Promise<void> {
    for (const uri of uris) {
      if (dirtyBefore.has(uri.toString())) continue;
      // A page's own links edited as it moves: its document is at the new address now.
      const now = moved.get(uri.toString()) ?? uri.toString();
      const document = workspace.textDocuments.find((candidate) => candidate.uri.toString() === now);
      if (document?.isDirty) await document.save();
    }
  }

  dispose(): void {
    this.listener.dispose();
  }
}

function dirtyDocuments(): Set<string> {
  return new Set(workspace.textDocuments.filter((document) => document.isDirty).map((document) => document.uri.toString()));
}
