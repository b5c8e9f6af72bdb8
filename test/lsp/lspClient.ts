// A real LSP client for tests and benchmarks: spawns `node dist/server.js --stdio` and talks to
// it through vscode-languageserver-protocol's connection, answering the server's requests the
// way an editor does.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadScaled } from '../support/loadScaled';

export const serverPath = join(__dirname, '..', '..', 'dist', 'server.js');

/** What VS Code announces, for the features the server uses. */
export const vscodeCapabilities: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    completion: { completionItem: { snippetSupport: true } },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    documentLink: { tooltipSupport: true },
  },
  workspace: {
    configuration: true,
    diagnostics: { refreshSupport: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    didChangeConfiguration: { dynamicRegistration: true },
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    fileOperations: { willRename: true, didRename: true },
  },
  window: { showDocument: { support: true } },
};

export interface ClientOptions {
  root: string;
  capabilities?: ClientCapabilities;
  /** Answers workspace/configuration for the "docsjson" section. */
  settings?: unknown;
  initializationOptions?: unknown;
  /** Options for the server's node process. */
  nodeOptions?: string[];
  /** The Node.js that runs dist/server.js (default: the one running the tests). */
  nodeBinary?: string;
  /** Another server executable to start with `--stdio` (default: node dist/server.js). */
  serverExecutable?: string;
}

export class LspTestClient {
  readonly published = new Map<string, Diagnostic[]>();
  readonly statuses: unknown[] = [];
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  refreshRequests = 0;
  /** Questions the server asked (window/showMessageRequest), and the edits it asked to apply. */
  readonly questions: { message: string; actions: string[] }[] = [];
  readonly appliedEdits: unknown[] = [];
  /** Documents the server asked the client to show (window/showDocument). */
  readonly shownDocuments: string[] = [];
  /** The action the client picks when the server asks a question; undefined dismisses it. */
  answer?: string;
  /** What the server announced in its initialize result. */
  capabilities: ServerCapabilities = {};
  private readonly documents = new Map<string, TextDocument>();
  private readonly waiting: (() => void)[] = [];

  private constructor(
    readonly connection: ProtocolConnection,
    readonly server: ChildProcess,
    readonly root: string,
  ) {}

  static async start(options: ClientOptions): Promise<LspTestClient> {
    const [command, ...args] = options.serverExecutable
      ? [options.serverExecutable]
      : [options.nodeBinary ?? process.execPath, ...(options.nodeOptions ?? []), serverPath];
    const server = spawn(command, [...args, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const connection = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
    const client = new LspTestClient(connection, server, options.root);
    connection.onRequest('client/registerCapability', (params: { registrations: { method: string; registerOptions?: unknown }[] }) => {
      client.registrations.push(...params.registrations);
      client.notify();
      return null;
    });
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'docsjson' ? (options.settings ?? null) : null)),
    );
    connection.onRequest('workspace/diagnostic/refresh', () => {
      client.refreshRequests++;
      client.notify();
      return null;
    });
    connection.onRequest('window/showMessageRequest', (params: { message: string; actions?: { title: string }[] }) => {
      client.questions.push({ message: params.message, actions: (params.actions ?? []).map((action) => action.title) });
      client.notify();
      return client.answer === undefined ? null : { title: client.answer };
    });
    connection.onRequest('window/showDocument', (params: { uri: string }) => {
      client.shownDocuments.push(params.uri);
      client.notify();
      return { success: true };
    });
    connection.onRequest('workspace/applyEdit', (params: { edit: unknown }) => {
      client.appliedEdits.push(params.edit);
      client.notify();
      return { applied: true };
    });
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      client.published.set(params.uri, params.diagnostics);
      client.notify();
    });
    connection.onNotification('docsjson/siteStatus', (status: unknown) => {
      client.statuses.push(status);
      client.notify();
    });
    connection.listen();
    const initialized: InitializeResult = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(options.root).href,
      workspaceFolders: [{ uri: pathToFileURL(options.root).href, name: 'root' }],
      capabilities: options.capabilities ?? vscodeCapabilities,
      initializationOptions: options.initializationOptions,
    });
    client.capabilities = initialized.capabilities;
    await connection.sendNotification('initialized', {});
    return client;
  }

  uri(path: string): string {
    return pathToFileURL(join(this.root, path)).href;
  }

  text(path: string): string {
    return this.documents.get(this.uri(path))!.getText();
  }

  /** Opens a file of the root with its text on disk (or the given text). */
  async open(path: string, text = readFileSync(join(this.root, path), 'utf8')): Promise<void> {
    const languageId = path.endsWith('.json') ? 'json' : path.endsWith('.md') ? 'markdown' : /\.ya?ml$/.test(path) ? 'yaml' : 'mdx';
    const document = TextDocument.create(this.uri(path), languageId, 1, text);
    this.documents.set(document.uri, document);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: document.uri, languageId, version: 1, text } });
  }

  async close(path: string): Promise<void> {
    this.documents.delete(this.uri(path));
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: this.uri(path) } });
  }

  /** Replaces the text between two offsets, as an editor's incremental change. */
  async edit(path: string, start: number, end: number, newText: string): Promise<void> {
    await this.prepareEdit(path, start, end, newText)();
  }

  /** Makes the change of `edit` in the client's copy of the text, and gives what sends it to the server. */
  prepareEdit(path: string, start: number, end: number, newText: string): () => Promise<void> {
    const document = this.documents.get(this.uri(path))!;
    const range = { start: document.positionAt(start), end: document.positionAt(end) };
    const next = TextDocument.update(document, [{ range, text: newText }], document.version + 1);
    this.documents.set(document.uri, next);
    return () =>
      this.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: document.uri, version: next.version },
        contentChanges: [{ range, text: newText }],
      });
  }

  async pull(path: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: this.uri(path) }, previousResultId });
  }

  async diagnostics(path: string): Promise<Diagnostic[]> {
    const report = await this.pull(path);
    if (report.kind !== 'full') throw new Error('expected a full report');
    return report.items;
  }

  /** The LSP position of the first occurrence of `marker` in an open document, plus `delta` characters. */
  position(path: string, marker: string, delta = 0): { line: number; character: number } {
    const document = this.documents.get(this.uri(path))!;
    const offset = document.getText().indexOf(marker);
    if (offset < 0) throw new Error(`${marker} is not in ${path}`);
    return document.positionAt(offset + delta);
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  /**
   * Resolves once `condition` holds, re-tested after each notification or request from the server;
   * gives up after `timeoutMs`, scaled by the machine's load (a busy machine checks more slowly).
   */
  async until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + loadScaled(timeoutMs);
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for the server');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    this.connection.dispose();
    if (this.server.exitCode === null) this.server.kill();
  }

  private notify(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}
