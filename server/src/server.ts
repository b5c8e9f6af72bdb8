import { createConnection } from 'vscode-languageserver/node';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startLanguageServer } from './lsp/languageServer';
import { serveSpecValidation, specValidationTask } from './lsp/specValidationWorker';
import { relaunchWithServerOptions } from './relaunch';

if (isMainThread) {
  relaunchWithServerOptions();
  // With --stdio, --node-ipc or --socket the connection picks its transport; without, stdio.
  const transportGiven = process.argv.some((arg) => /^--(stdio|node-ipc|socket|pipe)/.test(arg));
  startLanguageServer(transportGiven ? createConnection() : createConnection(process.stdin, process.stdout), __filename);
} else if ((workerData as { task?: string } | undefined)?.task === specValidationTask && parentPort) {
  // The server's bundle started as its own worker thread (see lsp/specValidation.ts).
  serveSpecValidation(parentPort);
}
