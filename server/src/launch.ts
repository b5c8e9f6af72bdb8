// How the server process is started by the VS Code client (and measured by bench/lsp.ts); the
// server's bin passes the same options in its first line (esbuild.mjs).

/**
 * A small young generation: each check allocates the whole docs.json anew. On the 2.3 MB crewAI
 * docs.json this kept the server's memory 15-25 MB lower over ten edits than V8's default
 * (16 MB semi-spaces), with no slower checks.
 *
 * The old generation grows by 30 % of what stays alive before the next full collection, where V8
 * lets it grow up to 4x while allocation is fast. Typing in crewAI's docs.json (23,000 pages, a
 * live heap of about 50 MB), with the open document kept in pieces (piecedDocument.ts): 143-145
 * MB after typing with both options, 188-189 MB without, and the same CPU per keystroke within
 * a few milliseconds (measured at load 20-33, docs/language-server.md).
 */
export const serverNodeOptions = ['--max-semi-space-size=1', '--heap-growing-percent=30'];
