import { workspace, type Disposable, type FileWillRenameEvent, type Uri, type WorkspaceEdit } from 'vscode';

/** The files an edit of the language server for a rename changed, and which of them had unsaved changes before. */
interface PendingEdit {
  uris: Uri[];
  dirtyBefore: Set<string>;
}

/**
 * A page renamed or moved (in the explorer, by "Move Page…") saves the files the language server's
 * edit changed (docs.json, the links in other pages), as dragging in the Site navigation view does:
 * the move is written at once, like the file operation itself, and git sees it whole. A file that
 * had unsaved changes before stays unsaved, for its writer to save.
 */
export class RenameEditSaver implements Disposable {
  private readonly pending: PendingEdit[] = [];
  private readonly listener = workspace.onDidRenameFiles(({ files }) => void this.save(files));

  /** The language client's middleware for willRenameFiles: notes what the server's edit changes. */
  readonly willRenameFiles = async (event: FileWillRenameEvent, next: (event: FileWillRenameEvent) => Thenable<WorkspaceEdit | null | undefined>) => {
    const edit = await next(event);
    if (edit) {
      const uris = edit.entries().map(([uri]) => uri);
      const dirtyBefore = new Set(workspace.textDocuments.filter((document) => document.isDirty).map((document) => document.uri.toString()));
      this.pending.push({ uris, dirtyBefore });
    }
    return edit;
  };

  private async save(files: readonly { oldUri: Uri; newUri: Uri }[]): Promise<void> {
    const moved = new Map(files.map(({ oldUri, newUri }) => [oldUri.toString(), newUri.toString()]));
    for (const { uris, dirtyBefore } of this.pending.splice(0)) {
      for (const uri of uris) {
        if (dirtyBefore.has(uri.toString())) continue;
        // A page's own links edited as it moves: its document is at the new address now.
        const now = moved.get(uri.toString()) ?? uri.toString();
        const document = workspace.textDocuments.find((candidate) => candidate.uri.toString() === now);
        if (document?.isDirty) await document.save();
      }
    }
  }

  dispose(): void {
    this.listener.dispose();
  }
}
