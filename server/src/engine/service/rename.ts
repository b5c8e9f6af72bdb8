import { posix } from 'node:path';
import type { JsonPath } from '../json/path';
import { pagePath } from '../model/pageReference';
import { pageOf } from '../site/fileIndex';
import { dirnameOf, resolveReference } from '../site/references';
import type { CheckedSite } from './checkedSite';
import { addEdit, type FileEdit } from './edits';
import type { FileRename } from './fileRename';
import { changedTarget, movedFile } from './linkTarget';
import { isRecord } from '../model/cursor';

interface PendingEdit {
  document: string;
  path: JsonPath;
  newValue: string;
}

/**
 * The edits that keep the site's references right when files or folders move: page entries,
 * `openapi` specs, "$ref" files and redirect destinations. A page renamed to something that is not
 * a page is left alone.
 */
export function renameEdits(site: CheckedSite, renames: FileRename[]): FileEdit[] {
  const pending: PendingEdit[] = [];
  for (const entry of site.result.model.pages) {
    const page = pagePath(entry.value);
    if (page.kind !== 'page') continue;
    const file = site.pageFile(page.path);
    const moved = file && movedPath(site, file, renames);
    const movedPage = moved && pageOf(moved);
    if (!moved || movedPage === undefined) continue;
    const slash = entry.value.startsWith('/') ? '/' : '';
    const newPage = page.extension ? moved : movedPage;
    pending.push({ document: entry.cursor.document.path, path: entry.cursor.path, newValue: slash + newPage });
  }
  const declarations = new Set(site.result.model.elements.flatMap((element) => element.openapi));
  for (const declaration of declarations) {
    const resolved = resolveReference(declaration.reference, '');
    const moved = resolved.kind === 'file' && movedPath(site, resolved.path, renames);
    if (!moved) continue;
    const slash = declaration.reference.startsWith('/') ? '/' : '';
    pending.push({ document: declaration.cursor.document.path, path: declaration.cursor.path, newValue: slash + moved });
  }
  for (const reference of site.fileReferences()) {
    const moved = movedPath(site, reference.file, renames);
    if (!moved) continue;
    const newValue = posix.relative(dirnameOf(reference.document) || '.', moved);
    pending.push({ document: reference.document, path: [...reference.path, '$ref'], newValue });
  }
  const redirects = (site.document(site.mainPath)?.document.json.value as { redirects?: unknown } | undefined)?.redirects;
  (Array.isArray(redirects) ? redirects : []).forEach((redirect: unknown, index) => {
    const destination = isRecord(redirect) && typeof redirect.destination === 'string' ? redirect.destination : undefined;
    const newValue = destination === undefined ? undefined : changedTarget(destination, site.mainPath, { files: site.host.files, moves: renames });
    if (newValue !== undefined) pending.push({ document: site.mainPath, path: ['redirects', index, 'destination'], newValue });
  });
  return toFileEdits(site, pending);
}

function movedPath(site: CheckedSite, file: string, renames: FileRename[]): string | undefined {
  return movedFile(file, renames, (path) => site.host.files.has(path));
}

function toFileEdits(site: CheckedSite, pending: PendingEdit[]): FileEdit[] {
  const fileEdits: FileEdit[] = [];
  const byDocument = new Map<string, PendingEdit[]>();
  for (const edit of pending) {
    let list = byDocument.get(edit.document);
    if (!list) byDocument.set(edit.document, (list = []));
    list.push(edit);
  }
  for (const [document, edits] of byDocument) {
    const ranges = site.locate(document, edits.map(({ path }) => ({ path, target: 'value' })));
    edits.forEach((edit, index) => {
      const range = ranges[index];
      if (range) addEdit(fileEdits, document, { range, newText: JSON.stringify(edit.newValue) });
    });
  }
  return fileEdits;
}
