import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentFormattingRequest,
  RequestType0,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { dirname, join } from 'node:path';
import { initializationOptionsFrom, settingsFrom, settingsSection, type DocsJsonSettings } from '../settings';
import { checkWorkspaceMethod, openPageCommand, type CheckWorkspaceResult } from './customMessages';
import { DiagnosticsFeature } from './diagnostics';
import { DocsWorkspace } from './docsWorkspace';
import { EditorPageCache } from './editorPageCache';
import { serveFileOperations } from './fileOperations';
import { serveLanguageFeatures } from './languageFeatures';
import { fixAllKind } from './fixAllAction';
import { PageEditing, servePageEditing } from './pageEditing';
import { pageFile, PageFeatures, servePageRenames } from './pageFeatures';
import { PiecedDocument } from './piecedDocument';
import { serveNavigation } from './navigationRequests';
import { serveOpenPageCommand } from './openPageCommand';
import { OpenPagesRefresh } from './openPagesRefresh';
import { RemoteSpecFetcher } from './remoteSpecs';
import { SpecValidation } from './specValidation';
import { pathOf, type ClientFeatures, type ServerContext } from './serverContext';

/** Serves docs.json sites over an LSP connection (stdio, IPC or socket); `serverScript` is the server's bundle, which its worker threads run. */
export function startLanguageServer(connection: Connection, serverScript: string): void {
  // A failed notification or background check is logged; it must not take the server down.
  process.on('unhandledRejection', (error) => connection.console.error(`docs.json language server: ${error instanceof Error ? error.stack : String(error)}`));
  // Each edit is noted: a value being typed is not yet a problem (see codes.ts, emptyWhileTyped),
  // and a re-check of docs.json starts from where it changed.
  const documents = new TextDocuments<PiecedDocument>({
    create: PiecedDocument.create,
    update(document, changes, version) {
      const [change] = changes;
      const path = pathOf(document.uri);
      if (path) {
        const range = changes.length === 1 && 'range' in change ? change.range : undefined;
        const start = range && document.offsetAt(range.start);
        workspace.noteTyped(path, range && start !== undefined ? { start, oldEnd: document.offsetAt(range.end), newEnd: start + change.text.length } : undefined);
      }
      return PiecedDocument.update(document, changes, version);
    },
  });
  let client: ClientFeatures;
  let settingsFromClient: DocsJsonSettings;
  let diagnostics: DiagnosticsFeature;
  let pages: PageFeatures;
  let openPages: OpenPagesRefresh;
  let workspaceFolders: string[] = [];

  // The bundle of server/src/engine/pages/mdx/mdxWorker.ts, beside the server's in dist/.
  const parseScript = join(dirname(serverScript), 'mdxWorker.js');
  const pageCache = new EditorPageCache(parseScript, (message) => connection.console.error(message));
  const workspace = new DocsWorkspace({
    settingsFor: async (scopeUri) => {
      if (!client.configuration) return settingsFromClient;
      return settingsFrom(await connection.workspace.getConfiguration({ scopeUri, section: settingsSection }));
    },
    remoteSpecs: new RemoteSpecFetcher(),
    specValidation: new SpecValidation(serverScript, (message) => connection.console.error(message)),
    parseScript,
    pageCache,
    onChecked: (site, state) => diagnostics.checked(site, state),
    onOutdated: (site) => diagnostics.sitesChanged([site]),
  });

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    client = clientFeatures(params);
    workspaceFolders = foldersOf(params);
    const options = initializationOptionsFrom(params.initializationOptions);
    settingsFromClient = options.settings;
    if (options.storageFolder !== undefined) pageCache.keepIn(options.storageFolder);
    const context: ServerContext = { connection, workspace, client };
    pages = new PageFeatures(context);
    diagnostics = new DiagnosticsFeature(context, pages);
    openPages = new OpenPagesRefresh(context, (path) => diagnostics.pageChanged(path));
    const pageEditing = new PageEditing(context, pages);
    serveLanguageFeatures(context, pages, pageEditing);
    servePageEditing(context, pageEditing);
    servePageRenames(context, pages);
    serveFileOperations(context, diagnostics, pages, openPages);
    serveNavigation(context);
    if (client.showDocument) serveOpenPageCommand(context);
    return {
      capabilities: {
        // Saves too: a value left empty at a save is reported at full severity (see documents.onDidSave).
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        // "(" and "#" start a link target or an anchor in a page.
        completionProvider: { triggerCharacters: ['"', '/', '(', '#', '<'] },
        hoverProvider: true,
        definitionProvider: true,
        documentLinkProvider: { resolveProvider: true },
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, fixAllKind] },
        ...(client.showDocument ? { executeCommandProvider: { commands: [openPageCommand] } } : {}),
        // Clients that register dynamically (VS Code) get it for docs.json's own language only,
        // leaving other JSON files to their JSON support.
        ...(client.formattingRegistration ? {} : { documentFormattingProvider: true }),
        ...(client.pullDiagnostics ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } } : {}),
        workspace: {
          fileOperations: {
            willRename: {
              filters: [
                { scheme: 'file', pattern: { glob: '**/*.{mdx,md,json,yaml,yml}', matches: 'file' } },
                { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
              ],
            },
            // After a page or folder moved: the offer of a redirect from its old address.
            didRename: {
              filters: [
                { scheme: 'file', pattern: { glob: '**/*.{mdx,md}', matches: 'file' } },
                { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
              ],
            },
          },
        },
      },
      serverInfo: { name: 'docsjson-language-server' },
    };
  });

  connection.onInitialized(() => {
    connection.console.info(`docs.json language server started (process ${process.pid})`);
    // After the answer to initialize: the first workspace pull waits for the sites found here.
    setImmediate(() => {
      workspace.discoverSites(workspaceFolders).then(
        (sites) => diagnostics.sitesDiscovered(sites),
        (error: unknown) => connection.console.error(`docs.json language server: looking for docs.json files failed: ${String(error)}`),
      );
    });
    if (client.watchedFilesRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*' }] });
    }
    if (client.configurationRegistration) void connection.client.register(DidChangeConfigurationNotification.type, { section: settingsSection });
    if (client.formattingRegistration) void connection.client.register(DocumentFormattingRequest.type, { documentSelector: [{ language: 'docsjson' }] });
  });

  connection.onDidChangeConfiguration(async ({ settings }) => {
    if (!client.configuration) settingsFromClient = settingsFrom((settings as Record<string, unknown> | undefined)?.[settingsSection]);
    await workspace.settingsChanged();
    diagnostics.sitesChanged(workspace.allSites);
  });

  const justOpened = new Set<string>();
  documents.onDidOpen(({ document }) => {
    justOpened.add(document.uri);
    void documentChanged(document.uri, document, 'opened');
  });
  documents.onDidChangeContent(({ document }) => {
    if (!justOpened.delete(document.uri)) void documentChanged(document.uri, document, 'edited');
  });
  documents.onDidClose(({ document }) => void documentChanged(document.uri, undefined, 'closed'));
  // A value left empty at a save is a problem at full severity: clients that pull ask again on save.
  documents.onDidSave(({ document }) => {
    const path = pathOf(document.uri);
    if (path && workspace.documentSaved(path)) void diagnostics.documentSaved(path);
  });

  async function documentChanged(uri: string, document: PiecedDocument | undefined, kind: 'opened' | 'edited' | 'closed'): Promise<void> {
    const path = pathOf(uri);
    if (!path) return;
    if (kind === 'opened' && !client.watchedFilesRegistration) workspace.rescanSiteOf(path);
    const affected = workspace.documentChanged(path, document, kind);
    // A page closed unsaved is its text on disk again.
    if (kind === 'closed') pages.filesChanged([path]);
    openPages.pageChanged(path);
    diagnostics.pageEdited(path);
    if (client.pullDiagnostics) return;
    if (kind !== 'closed' && pageFile.test(path)) void diagnostics.pageChanged(path);
    const site = kind === 'opened' && /\.json$/i.test(path) ? await workspace.siteFor(path) : undefined;
    diagnostics.sitesChanged(site ? new Set([...affected, site]) : affected);
  }

  // The pages parsed since the cache was last written are kept for the next start.
  connection.onShutdown(() => pageCache.save());

  connection.onRequest(new RequestType0<CheckWorkspaceResult, void>(checkWorkspaceMethod), () => diagnostics.checkWorkspace(workspaceFolders));

  documents.listen(connection);
  connection.listen();
}

/** The workspace folders as paths: the folders given, else the root. */
function foldersOf({ workspaceFolders, rootUri }: InitializeParams): string[] {
  const uris = workspaceFolders?.map((folder) => folder.uri) ?? (rootUri ? [rootUri] : []);
  return uris.flatMap((uri) => pathOf(uri) ?? []);
}

function clientFeatures({ capabilities }: InitializeParams): ClientFeatures {
  const { textDocument, workspace, window } = capabilities;
  return {
    pullDiagnostics: textDocument?.diagnostic !== undefined,
    diagnosticRefresh: workspace?.diagnostics?.refreshSupport === true,
    configuration: workspace?.configuration === true,
    snippets: textDocument?.completion?.completionItem?.snippetSupport === true,
    createFiles: workspace?.workspaceEdit?.documentChanges === true && (workspace.workspaceEdit.resourceOperations ?? []).includes('create'),
    watchedFilesRegistration: workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    configurationRegistration: workspace?.didChangeConfiguration?.dynamicRegistration === true,
    formattingRegistration: textDocument?.formatting?.dynamicRegistration === true,
    showDocument: window?.showDocument?.support === true,
  };
}
