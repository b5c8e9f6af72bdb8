import { statSync } from 'node:fs';
import type { RenameFilesParams, TextEdit } from 'vscode-languageserver';
import { LineIndex } from '../engine';
import { addRedirectsEdit, redirectsFor, type Redirect } from '../engine/service/redirect';
import type { DocsSite } from './docsSite';
import { toRange } from './convert';
import { pathOf, type ServerContext } from './serverContext';
import { redirectEditLabel } from './customMessages';

const addAction = 'Add Redirect';

/**
 * After pages or folders of a site moved, offers to add redirects from their old addresses to
 * docs.json, so links from elsewhere keep working. The edit is made from the text at the time of
 * the answer.
 */
export async function offerRedirects(context: ServerContext, { files }: RenameFilesParams): Promise<void> {
  const { connection, workspace } = context;
  const offers = new Map<DocsSite, Redirect[]>();
  for (const { oldUri, newUri } of files) {
    const from = pathOf(oldUri);
    const to = pathOf(newUri);
    if (!from || !to) continue;
    const site = await workspace.siteFor(from);
    const relativeFrom = site?.relative(from);
    const relativeTo = site?.relative(to);
    if (!site || relativeFrom === undefined || relativeTo === undefined) continue;
    // The move is done: what was moved is a file when its new path is one.
    const movedFile = isFileOnDisk(to);
    offers.set(site, [...(offers.get(site) ?? []), ...redirectsFor({ from: relativeFrom, to: relativeTo }, () => movedFile)]);
  }
  for (const [site, redirects] of offers) {
    if (redirects.length === 0) continue;
    const listed = redirects.map(({ source, destination }) => `${source} → ${destination}`).join(', ');
    const question = `Add ${redirects.length === 1 ? 'a redirect' : 'redirects'} to docs.json so the old ${redirects.length === 1 ? 'address keeps' : 'addresses keep'} working? ${listed}`;
    const answer = await connection.window.showInformationMessage(question, { title: addAction });
    if (answer?.title !== addAction) continue;
    const text = site.host.readFile('docs.json');
    const addition = text === undefined ? undefined : addRedirectsEdit('docs.json', text, redirects);
    if (!addition) continue;
    const lines = new LineIndex(text!);
    const edits: TextEdit[] = addition.edit.edits.map((edit) => ({ range: toRange(lines, edit.range), newText: edit.newText }));
    await connection.workspace.applyEdit({ label: redirectEditLabel, edit: { changes: { [workspace.uriOf(site.docsJsonPath)]: edits } } });
  }
}

function isFileOnDisk(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
