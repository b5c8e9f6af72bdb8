import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedSpec } from '../../server/src/engine/openapi/loadedSpec';
import { parseSpec } from '../../server/src/engine/openapi/openapiSpec';
import { plural } from '../../server/src/engine/text';
import { fetchRemoteDocument, LimitedBytes, remoteSpecLimits } from '../../server/src/lsp/remoteFetch';

export interface RemoteSpecOptions {
  /** Only the copies on disk are used; nothing is fetched. */
  offline: boolean;
  /** Private or loopback hosts the user allows (`--allow-host`). */
  allowedHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  /** Where fetched specs are kept between runs. */
  cacheDir: string;
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** A fetched spec as kept on disk, with what the server said to ask whether it changed. */
interface CachedSpec {
  url: string;
  text: string;
  etag?: string;
  lastModified?: string;
}

function cachePath(cacheDir: string, url: string): string {
  return join(cacheDir, `${createHash('sha256').update(url).digest('hex').slice(0, 32)}.json`);
}

function readCached(cacheDir: string, url: string): CachedSpec | undefined {
  try {
    const cached = JSON.parse(readFileSync(cachePath(cacheDir, url), 'utf8')) as CachedSpec;
    return cached.url === url && typeof cached.text === 'string' ? cached : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the copy unless the run's cache budget is spent; false when it was not written for that reason. */
function writeCached(cacheDir: string, cached: CachedSpec, cacheBudget: LimitedBytes): boolean {
  const content = JSON.stringify(cached);
  if (!cacheBudget.take(Buffer.byteLength(content))) return false;
  try {
    mkdirSync(cacheDir, { recursive: true });
    const path = cachePath(cacheDir, cached.url);
    writeFileSync(`${path}.tmp`, content);
    renameSync(`${path}.tmp`, path);
  } catch {
    // A cache that cannot be written only means fetching again next time.
  }
  return true;
}

const specName = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/** The specs read, by URL, and what the run's limits left out, in words for the user. */
export interface RemoteSpecsRead {
  specs: Map<string, LoadedSpec>;
  notes: string[];
}

/**
 * The specs at these URLs, each fetched (asking only for a newer copy than the one on disk, by
 * its ETag or Last-Modified) or, offline, read from disk, a few at a time, within the run's
 * limits. A spec that cannot be had is a LoadedSpec that is not ok, saying why: never an exception.
 */
export async function loadRemoteSpecs(urls: Iterable<string>, options: RemoteSpecOptions, limits = remoteSpecLimits): Promise<RemoteSpecsRead> {
  const specs = new Map<string, LoadedSpec>();
  const notes: string[] = [];
  const distinct = [...new Set(urls)];
  const read = distinct.slice(0, limits.maxSpecs);
  for (const url of distinct.slice(limits.maxSpecs)) specs.set(url, { ok: false, error: `it was not read: a check reads at most ${limits.maxSpecs} specs given by URL` });
  if (distinct.length > limits.maxSpecs) {
    notes.push(`The site names ${distinct.length} OpenAPI specs by URL: only the first ${limits.maxSpecs} were read (a check reads at most ${limits.maxSpecs}); what leads into the others is not checked`);
  }
  const fetchBudget = new LimitedBytes(limits.maxTotalBytes);
  const cacheBudget = new LimitedBytes(limits.maxCacheBytes);
  let notKept = 0;
  const load = async (url: string) => {
    const cached = readCached(options.cacheDir, url);
    if (options.offline) {
      specs.set(url, cached ? parseSpec(cached.text, specName(url)) : { ok: false, error: 'it is not in the cache (run once with --fetch-remote, without --offline)' });
      return;
    }
    try {
      const fetched = await fetchRemoteDocument(url, { ...options, budget: fetchBudget }, cached ?? {});
      if (fetched.kind === 'not-modified') {
        specs.set(url, parseSpec(cached!.text, specName(url)));
        return;
      }
      const spec = parseSpec(fetched.text, specName(url));
      if (spec.ok && !writeCached(options.cacheDir, { url, text: fetched.text, etag: fetched.etag, lastModified: fetched.lastModified }, cacheBudget)) notKept++;
      specs.set(url, spec);
    } catch (error) {
      specs.set(url, { ok: false, error: `it could not be fetched: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
  const queue = read.values();
  const worker = async () => {
    for (let next = queue.next(); !next.done; next = queue.next()) await load(next.value);
  };
  await Promise.all(Array.from({ length: Math.min(limits.concurrency, read.length) }, worker));
  if (fetchBudget.spent) notes.push(`The OpenAPI specs fetched by URL passed ${megabytes(limits.maxTotalBytes)} in all (a check fetches at most that much): the specs left were not fetched`);
  if (notKept > 0) notes.push(`${plural(notKept, 'OpenAPI spec')} fetched by URL ${notKept === 1 ? 'was' : 'were'} not kept on disk for the next runs: a check writes at most ${megabytes(limits.maxCacheBytes)} there`);
  return { specs, notes };
}
