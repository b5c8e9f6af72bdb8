import type { SpareParseWorker } from './mdx/mdxWorkers';
import type { PageFactsStore } from './mdx/pageFactsFile';

/** The text to parse (in characters) that pays for starting more than one worker: about 0.3 s of parsing on one core. */
export const workersPayFromChars = 300_000;

export interface ParseWorkers {
  /** The worker's script: the bundle of `mdx/mdxWorker.ts`. */
  script: string;
  /** How many worker threads parse (one at least: no page is parsed on the main thread). */
  count: number;
  /** The text to parse (in characters) that pays for starting more than one worker: below it, one parses every page (`workersPayFromChars` unless their number is given). */
  minChars: number;
  /** How long one page's parse may take (see `MdxWorkerPool`). */
  timeLimitMs: number;
  /** Where the facts of pages parsed in earlier runs are kept: a page found there is not parsed, and each page parsed is put there. */
  store?: PageFactsStore;
  /** A worker started ahead, taken as the first worker (see `ParsePoolOptions.spare`). */
  spare?: SpareParseWorker;
}
