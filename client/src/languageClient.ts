import { commands, Uri, window, workspace, type ExtensionContext, type TextDocument } from 'vscode';
import { LanguageClient, NotificationType, TransportKind, type LanguageClientOptions, type ServerOptions, vsdiag } from 'vscode-languageclient/node';
import { serverNodeOptions } from '../../server/src/launch';
import { siteStatusMethod, type SiteStatus } from '../../server/src/lsp/customMessages';
import { settingsFrom, settingsSection, type DocsJsonSettings, type InitializationOptions } from '../../server/src/settings';
import { CreatedPageOpener } from './createdPageOpener';
import type { RenameEditSaver } from './renameEditSaver';
import { withoutMarkdownDuplicates } from './markdownCompletions';
import { SiteStatusItem } from './siteStatusItem';
import type { Code } from '../../server/src/engine/codes';
import { safeText } from '../../agent/src/displayText';

let client: LanguageClient | undefined;

const siteStatusNotification = new NotificationType<SiteStatus>(siteStatusMethod);

/**
 * Starts the docs.json language server over IPC. docs.json files have their own language id,
 * "docsjson" (package.json `contributes.languages`), so VS Code's JSON support leaves them to us:
 * no duplicate diagnostics, completions or hovers, and no schema download for a "$schema" URL.
 */
export function startLanguageClient(context: ExtensionContext, activatedAt: number, renameEdits: RenameEditSaver): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: serverNodeOptions } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...serverNodeOptions, '--nolazy', '--inspect=6009'] } },
  };
  const createdPages = new CreatedPageOpener();
  // The client's own channel is disposed at each stop, "Restart" included, leaving the Output panel on an empty one: this one lasts.
  const outputChannel = window.createOutputChannel('docs.json', { log: true });
  context.subscriptions.push(createdPages, outputChannel);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'docsjson' },
      // "$ref" files, and docs.json when a files.associations setting makes it JSON again
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      // OpenAPI specs in YAML: the server reports on those the site declares, and ignores the others
      { scheme: 'file', language: 'yaml' },
      // pages: links, anchors, references and renames (.mdx pages have the language "mdx" we contribute)
      { scheme: 'file', pattern: '**/*.{mdx,md}' },
    ],
    diagnosticPullOptions: { onChange: true, onSave: true },
    outputChannel,
    initializationOptions: { settings: readSettings(), ...storageFolderOf(context) } satisfies InitializationOptions,
    middleware: {
      workspace: {
        willRenameFiles: renameEdits.willRenameFiles,
        handleApplyEdit: renameEdits.handleApplyEdit,
        configuration: (params) => params.items.map((item) => (item.section === settingsSection ? readSettings(item.scopeUri) : null)),
      },
      provideDiagnostics: async (document, previousResultId, token, next) => withoutDuplicateSyntaxErrors(document, await next(document, previousResultId, token)),
      provideCompletionItem: withoutMarkdownDuplicates,
      provideCodeActions: createdPages.provideCodeActions,
    },
  };
  client = new LanguageClient('docsjson', 'docs.json', serverOptions, clientOptions);
  const statusItem = new SiteStatusItem();
  context.subscriptions.push(
    statusItem,
    client.onNotification(siteStatusNotification, (status) => {
      statusItem.update(status);
      // The walkthrough's first step ("Open a documentation site") is done once a site is checked, or shown when one is.
      void commands.executeCommand('setContext', 'docsjson.siteChecked', true);
    }),
  );
  const started = client;
  started.start().then(
    () => started.info(`ready ${Math.round(performance.now() - activatedAt)} ms after activation`),
    (error: unknown) => window.showErrorMessage(safeText(`The docs.json language server did not start: ${String(error)}`)),
  );
  return started;
}

export function stopLanguageClient(): Thenable<void> | undefined {
  return client?.stop();
}

/** The folder the server keeps its page cache in: the workspace's storage, or the extension's when no folder is open (on disk only). */
function storageFolderOf(context: ExtensionContext): Pick<InitializationOptions, 'storageFolder'> {
  const storage = context.storageUri ?? context.globalStorageUri;
  return storage.scheme === 'file' ? { storageFolder: storage.fsPath } : {};
}

function readSettings(scope?: string): DocsJsonSettings {
  return settingsFrom(workspace.getConfiguration(undefined, scope ? Uri.parse(scope) : undefined).get(settingsSection));
}

/**
 * VS Code's JSON support already reports syntax errors in files of language "json" ("$ref" files),
 * and in docsjson.config.json what its schema says too: wrong types and unknown keys.
 */
const reportedByJsonSupport: ReadonlySet<Code> = new Set(['json/syntax']);
const reportedByJsonSupportInConfig: ReadonlySet<Code> = new Set(['config/syntax', 'config/type', 'config/unknown-key']);

function withoutDuplicateSyntaxErrors(document: TextDocument | Uri, report: vsdiag.DocumentDiagnosticReport | null | undefined) {
  const uri = document instanceof Uri ? document : document.uri;
  const languageId = workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString())?.languageId;
  if (!report || report.kind !== vsdiag.DocumentDiagnosticReportKind.full || languageId === 'docsjson') return report;
  const dropped = uri.path.endsWith('/docsjson.config.json') ? reportedByJsonSupportInConfig : reportedByJsonSupport;
  return { ...report, items: report.items.filter((diagnostic) => !dropped.has(diagnostic.code as Code)) };
}

