// How the server process is started by the VS Code client (and measured by bench/lsp.ts); the
// server's bin passes the same options in its first line (esbuild.mjs).

/**
 * A small young generation: each check allocates the whole docs.json anew. On the 2.3 MB crewAI
 * docs.json this kept the server's memory 15-25 MB lower over ten edits than V8's default
 * (16 MB semi-spaces), with no slower checks.
 *
 * The old generation grows by 30 % of what stays alive before the next full collection, where V8
 * lets it grow up to 4x while allocation is fast. Typing in crewAI's docs.json (23,000 pages, a
 * live heap of about 50 MB) allocates a new 4.6 MB text per keystroke: the server's memory while
 * typing went from 220-270 MB to 137-147 MB, for about twice the (small) CPU per keystroke and
 * the same median latency (measured at load 12-19).
 */
export const serverNodeOptions = ['--max-semi-space-size=1', '--heap-growing-percent=30'];
