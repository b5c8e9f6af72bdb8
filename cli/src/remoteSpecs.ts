import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { LoadedSpec } from '../../server/src/engine/openapi/loadedSpec';
import { parseSpec } from '../../server/src/engine/openapi/openapiSpec';
import { fetchRemoteDocument } from '../../server/src/lsp/remoteFetch';

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

export const defaultRemoteSpecLimits = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 };

/** `$DOCSJSON_CACHE_DIR`, else `$XDG_CACHE_HOME/docsjson`, else `~/.cache/docsjson`: the specs go in its `remote-specs` folder. */
export function defaultCacheDir(): string {
  const base = process.env.DOCSJSON_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'docsjson');
  return join(base, 'remote-specs');
}

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

function writeCached(cacheDir: string, cached: CachedSpec): void {
  try {
    mkdirSync(cacheDir, { recursive: true });
    const path = cachePath(cacheDir, cached.url);
    writeFileSync(`${path}.tmp`, JSON.stringify(cached));
    renameSync(`${path}.tmp`, path);
  } catch {
    // A cache that cannot be written only means fetching again next time.
  }
}

const specName = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/**
 * The specs at these URLs, each fetched (asking only for a newer copy than the one on disk, by
 * its ETag or Last-Modified) or, offline, read from disk. A spec that cannot be had is a
 * LoadedSpec that is not ok, saying why: never an exception.
 */
export async function loadRemoteSpecs(urls: Iterable<string>, options: RemoteSpecOptions): Promise<Map<string, LoadedSpec>> {
  const specs = new Map<string, LoadedSpec>();
  await Promise.all(
    [...new Set(urls)].map(async (url) => {
      const cached = readCached(options.cacheDir, url);
      if (options.offline) {
        specs.set(url, cached ? parseSpec(cached.text, specName(url)) : { ok: false, error: 'it is not in the cache (run once with --fetch-remote, without --offline)' });
        return;
      }
      try {
        const fetched = await fetchRemoteDocument(url, { ...options }, cached ?? {});
        if (fetched.kind === 'not-modified') {
          specs.set(url, parseSpec(cached!.text, specName(url)));
          return;
        }
        const spec = parseSpec(fetched.text, specName(url));
        if (spec.ok) writeCached(options.cacheDir, { url, text: fetched.text, etag: fetched.etag, lastModified: fetched.lastModified });
        specs.set(url, spec);
      } catch (error) {
        specs.set(url, { ok: false, error: `it could not be fetched: ${error instanceof Error ? error.message : String(error)}` });
      }
    }),
  );
  return specs;
}
