// How the server process is started by the VS Code client (and measured by bench/lsp.ts).

/**
 * A small young generation: each check allocates the whole docs.json anew, and with V8's default
 * (16 MB semi-spaces) the server of a 2.3 MB docs.json grows to ~200 MB; with 1 MB it stays near
 * 140 MB, with no measured cost in check time.
 */
export const serverNodeOptions = ['--max-semi-space-size=1'];
