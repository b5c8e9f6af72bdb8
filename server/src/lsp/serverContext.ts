import { fileURLToPath } from 'node:url';
import type { Connection } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { JsonText } from '../engine/service/jsonText';
import type { DocsSite } from './docsSite';
import type { DocsWorkspace } from './docsWorkspace';

/** What the client can do, read once from its capabilities. */
export interface ClientFeatures {
  pullDiagnostics: boolean;
  diagnosticRefresh: boolean;
  configuration: boolean;
  snippets: boolean;
  createFiles: boolean;
  watchedFilesRegistration: boolean;
  configurationRegistration: boolean;
  formattingRegistration: boolean;
}

export interface ServerContext {
  connection: Connection;
  workspace: DocsWorkspace;
  client: ClientFeatures;
}

/** An open JSON document of a site, at its current version. */
export interface OpenJsonDocument {
  path: string;
  document: TextDocument;
  site: DocsSite;
  text: JsonText;
}

export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export async function openJsonDocument(workspace: DocsWorkspace, uri: string): Promise<OpenJsonDocument | undefined> {
  const path = pathOf(uri);
  const document = path && /\.json$/i.test(path) ? workspace.openDocument(path) : undefined;
  const site = document && (await workspace.siteFor(path!));
  const text = site && workspace.jsonText(site, path!);
  return text && { path: path!, document: document!, site: site!, text };
}
