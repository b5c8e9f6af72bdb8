import { SiteGraph } from '../pages/siteGraph';
import type { CheckedSite } from './checkedSite';
import { addEdit, type FileEdit } from './edits';
import { linkEdits } from './pageRename';
import { addRedirectsEdit, redirectsFor, type Redirect } from './redirect';
import type { FileRename } from './fileRename';
import { renameEdits } from './rename';

export interface MovePlan {
  /** Edits of the site's files, in offsets of their texts before the move. */
  edits: FileEdit[];
  /** Redirects from the old addresses that the plan adds to docs.json. */
  redirects: Redirect[];
}

/**
 * Everything a move of files or folders changes so the site stays whole: docs.json entries, the
 * links in every page and snippet, and optionally redirects from the old addresses.
 */
export function movePlan(site: CheckedSite, moves: FileRename[], options: { redirect: boolean }): MovePlan {
  const edits = renameEdits(site, moves);
  for (const { file, edits: changes } of linkEdits(new SiteGraph(site.host, site.result), { moves })) {
    for (const edit of changes) addEdit(edits, file, edit);
  }
  if (!options.redirect) return { edits, redirects: [] };
  const redirects = moves.flatMap((move) => redirectsFor(move, (path) => site.host.files.has(path)));
  const text = site.document(site.mainPath)?.document.json.text;
  const addition = text === undefined ? undefined : addRedirectsEdit(site.mainPath, text, redirects);
  if (!addition) return { edits, redirects: [] };
  for (const edit of addition.edit.edits) addEdit(edits, addition.edit.file, edit);
  return { edits, redirects: addition.added };
}
