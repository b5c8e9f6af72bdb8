// How the server process is started by the VS Code client (and measured by bench/lsp.ts); the
// server's bin passes the same options in its first line (esbuild.mjs).

/**
 * A small young generation: each check allocates the whole docs.json anew. On the 2.3 MB crewAI
 * docs.json this kept the server's memory 15-25 MB lower over ten edits than V8's default
 * (16 MB semi-spaces), with no slower checks.
 */
export const serverNodeOptions = ['--max-semi-space-size=1'];
