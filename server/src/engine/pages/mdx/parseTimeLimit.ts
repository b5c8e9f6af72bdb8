/**
 * How long the parse of one page may take by default (`MdxWorkerPool`), in the CLI and the editor.
 * The slowest page of the largest shared real site (upstash's, 1,297 pages) parses in 0.7 s at a
 * load of 20 on two cores; the pages the parser reads in super-linear time take minutes.
 */
export const defaultParseTimeLimitMs = 10_000;
