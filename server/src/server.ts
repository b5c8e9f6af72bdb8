import { createConnection } from 'vscode-languageserver/node';
import { startLanguageServer } from './lsp/languageServer';
import { relaunchWithServerOptions } from './relaunch';

relaunchWithServerOptions();
// With --stdio, --node-ipc or --socket the connection picks its transport; without, stdio.
const transportGiven = process.argv.some((arg) => /^--(stdio|node-ipc|socket|pipe)/.test(arg));
startLanguageServer(transportGiven ? createConnection() : createConnection(process.stdin, process.stdout));
