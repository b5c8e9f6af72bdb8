/** A file or folder being renamed or moved, as root-relative paths. */
export interface FileRename {
  from: string;
  to: string;
}
