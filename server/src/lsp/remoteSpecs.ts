import type { LoadedSpec, RemoteSpecs } from '../engine/openapi/loadedSpec';
import { parseSpec } from '../engine/openapi/openapiSpec';
import { fetchRemoteText } from './remoteFetch';

const maxBytes = 10 * 1024 * 1024;
const timeoutMs = 10_000;

/**
 * Remote specs as the settings allow them: `allowing(hosts, fetched)` gives the specs fetched with
 * those private hosts allowed; `fetched` is called when a spec it was asked for and did not have
 * has been fetched (or has failed).
 */
export interface RemoteSpecSource {
  allowing(allowedHosts: readonly string[], fetched: () => void): RemoteSpecs;
}

/**
 * OpenAPI specs given by URL, fetched on first use when the settings allow it, at most 10 MB and
 * 10 s each, kept for the session (failures too, so a broken URL is tried once), by URL and the
 * hosts allowed (a host added to the setting is tried again). What may be fetched: remoteFetch.ts.
 */
export class RemoteSpecFetcher implements RemoteSpecSource {
  private readonly specs = new Map<string, LoadedSpec | { waiting: Set<() => void> }>();

  allowing(allowedHosts: readonly string[], fetched: () => void): RemoteSpecs {
    return { get: (url) => this.get(url, allowedHosts, fetched) };
  }

  private get(url: string, allowedHosts: readonly string[], fetched: () => void): LoadedSpec | undefined {
    const key = `${url}\n${allowedHosts.join('\n')}`;
    const entry = this.specs.get(key);
    if (entry === undefined) void this.fetch(key, url, allowedHosts, fetched);
    else if ('waiting' in entry) entry.waiting.add(fetched);
    return entry === undefined || 'waiting' in entry ? undefined : entry;
  }

  private async fetch(key: string, url: string, allowedHosts: readonly string[], fetched: () => void): Promise<void> {
    const waiting = new Set([fetched]);
    this.specs.set(key, { waiting });
    try {
      const text = await fetchRemoteText(url, { maxBytes, timeoutMs, allowedHosts });
      this.specs.set(key, parseSpec(text, new URL(url).pathname));
    } catch (error) {
      this.specs.set(key, { ok: false, error: `it could not be fetched: ${error instanceof Error ? error.message : String(error)}` });
    }
    for (const done of waiting) done();
  }
}
