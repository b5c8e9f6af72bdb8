import { Uri, workspace, type Disposable, type FileWillRenameEvent, type WorkspaceEdit } from 'vscode';
import { CancellationToken, type ApplyWorkspaceEditParams, type ApplyWorkspaceEditRequest, type ApplyWorkspaceEditResult } from 'vscode-languageclient/node';
import { redirectEditLabel } from '../../server/src/lsp/customMessages';

/** The files an edit of the language server for a rename changed, and which of them had unsaved changes before. */
interface PendingEdit {
  uris: Uri[];
  dirtyBefore: Set<string>;
}

export interface FileMove {
  oldUri: Uri;
  newUri: Uri;
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
  /** The moves `applyMove` is making, which carry the server's edit already. */
  private readonly ownMoves = new Set<string>();
  private readonly listener = workspace.onDidRenameFiles(({ files }) => void this.save(files));

  /** The language client's middleware for willRenameFiles: notes what the server's edit changes. */
  readonly willRenameFiles = async (event: FileWillRenameEvent, next: (event: FileWillRenameEvent) => Thenable<WorkspaceEdit | null | undefined>) => {
    if (event.files.every((move) => this.ownMoves.has(moveKey(move)))) return undefined;
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
    if ((result as ApplyWorkspaceEditResult).applied) await this.saveEdited(Object.keys(params.edit.changes ?? {}).map((uri) => Uri.parse(uri)), dirtyBefore, new Map());
    return result;
  };

  /**
   * Moves a file the extension moves itself ("Move Page…") with `serverEdit`, the language server's
   * edit for that move, in one workspace edit (one step to undo), and saves what it changed. VS
   * Code asks before it applies an edit a will-rename participant returns ("wants to make
   * refactoring changes with this file move"); the writer who chose this move is not asked again:
   * the participant returns no edit for it, so the server's edit is applied once.
   */
  async applyMove(move: FileMove, serverEdit: WorkspaceEdit): Promise<boolean> {
    const edited = serverEdit.entries().map(([uri]) => uri);
    serverEdit.renameFile(move.oldUri, move.newUri, { overwrite: false });
    const dirtyBefore = dirtyDocuments();
    this.dirtyBeforeMove = dirtyBefore;
    const key = moveKey(move);
    this.ownMoves.add(key);
    try {
      if (!(await workspace.applyEdit(serverEdit))) return false;
    } finally {
      this.ownMoves.delete(key);
    }
    await this.saveEdited(edited, dirtyBefore, new Map([[move.oldUri.toString(), move.newUri.toString()]]));
    return true;
  }

  private async save(files: readonly FileMove[]): Promise<void> {
    const moved = new Map(files.map(({ oldUri, newUri }) => [oldUri.toString(), newUri.toString()]));
    for (const { uris, dirtyBefore } of this.pending.splice(0)) await this.saveEdited(uris, dirtyBefore, moved);
  }

  /**
   * Saves the files an edit changed through VS Code's own save, which acts on the editor's state
   * of each file: the extension host's copy of a document (`isDirty`, even whether it is open)
   * can lag behind the edit VS Code has just applied, and read once it left a redirect unsaved
   * under load.
   */
  private async saveEdited(uris: Uri[], dirtyBefore: Set<string>, moved: Map<string, string>): Promise<void> {
    for (const uri of uris) {
      if (dirtyBefore.has(uri.toString())) continue;
      // A page's own links edited as it moves: its document is at the new address now.
      const now = Uri.parse(moved.get(uri.toString()) ?? uri.toString());
      const document = await workspace.openTextDocument(now).then(undefined, () => undefined);
      await document?.save();
    }
  }

  dispose(): void {
    this.listener.dispose();
  }
}

function moveKey({ oldUri, newUri }: FileMove): string {
  return JSON.stringify([oldUri.toString(), newUri.toString()]);
}

function dirtyDocuments(): Set<string> {
  return new Set(workspace.textDocuments.filter((document) => document.isDirty).map((document) => document.uri.toString()));
}
