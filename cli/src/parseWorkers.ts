import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defaultParseTimeLimitMs } from '../../server/src/engine/pages/mdx/parseTimeLimit';
import { workersPayFromChars, type ParseWorkers } from '../../server/src/engine/pages/parseWorkerOptions';
import { UsageError } from './usage';

/** Beyond this many, each thread's own start and warm-up cost more than its share of the parsing saves. */
export const maxDefaultWorkers = 8;

/** The threads that parse pages (none is parsed on the main one): as many as asked, or as the cores for a site with enough text, and each page's time limit. */
export function parseWorkers(asked: string | undefined, timeLimit: string | undefined): ParseWorkers {
  const count = asked === undefined ? Math.min(availableParallelism(), maxDefaultWorkers) : Number(asked);
  if (!Number.isInteger(count) || count < 0) throw new UsageError(`--workers takes a whole number of threads, not "${asked}"`);
  const timeLimitMs = timeLimit === undefined ? defaultParseTimeLimitMs : Number(timeLimit) * 1000;
  if (!(timeLimitMs > 0) || !Number.isFinite(timeLimitMs)) throw new UsageError(`--parse-time-limit takes a number of seconds above 0, not "${timeLimit}"`);
  // The bundle of server/src/engine/pages/mdx/mdxWorker.ts, beside this one in dist/.
  return { script: join(__dirname, 'mdxWorker.js'), count: Math.max(count, 1), minChars: asked === undefined ? workersPayFromChars : 0, timeLimitMs };
}
