import { fileURLToPath } from 'node:url';
import type { Connection } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../engine';
import type { CheckedSite } from '../engine/service/checkedSite';
import type { JsonText } from '../engine/service/jsonText';
import type { Freshness } from './checkSchedule';
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
  /** The client opens a document when asked (window/showDocument). */
  showDocument: boolean;
}

export interface ServerContext {
  connection: Connection;
  workspace: DocsWorkspace;
  client: ClientFeatures;
}

/** An open JSON document of a site, at its current version, with the site's check. */
export interface OpenJsonDocument {
  path: string;
  document: TextDocument;
  site: DocsSite;
  text: JsonText;
  /** With freshness 'current', a check of exactly this text. */
  checked: CheckedSite;
  /** What the site rules found in this file on that check (redirects, in docs.json). */
  siteDiagnostics: readonly Diagnostic[];
}

export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export async function openJsonDocument(workspace: DocsWorkspace, uri: string, freshness: Freshness): Promise<OpenJsonDocument | undefined> {
  const path = pathOf(uri);
  if (!path || !/\.json$/i.test(path) || !workspace.openDocument(path)) return undefined;
  const site = await workspace.siteFor(path);
  if (!site) return undefined;
  const { site: checked, siteDiagnostics } = await site.checked(freshness);
  // Read after the check, with no message handled in between: the text the check read.
  const document = workspace.openDocument(path);
  const text = document && workspace.jsonText(site, path);
  return text && { path, document, site, text, checked, siteDiagnostics: siteDiagnostics.get(text.path) ?? [] };
}
