import type { LoadedSpec, RemoteSpecs } from '../engine/openapi/loadedSpec';
import { parseSpec } from '../engine/openapi/openapiSpec';
import { fetchRemoteText, LimitedBytes, remoteSpecLimits } from './remoteFetch';

/**
 * Remote specs as the settings allow them: `allowing(hosts, fetched)` gives the specs fetched with
 * those private hosts allowed; `fetched` is called when a spec it was asked for and did not have
 * has been fetched (or has failed).
 */
export interface RemoteSpecSource {
  allowing(allowedHosts: readonly string[], fetched: () => void): RemoteSpecs;
}

/**
 * OpenAPI specs given by URL, fetched on first use when the settings allow it, kept for the
 * session (failures too, so a broken URL is tried once), by URL and the hosts allowed (a host
 * added to the setting is tried again). Within `remoteSpecLimits`: so many bytes and seconds
 * each, at most `maxSpecs` URLs in a session, so many at a time, so many bytes in all; a spec
 * past a limit is one that could not be fetched, saying why. What may be fetched: remoteFetch.ts.
 */
export class RemoteSpecFetcher implements RemoteSpecSource {
  private readonly specs = new Map<string, LoadedSpec | { waiting: Set<() => void> }>();
  private readonly urls = new Set<string>();
  private readonly budget: LimitedBytes;
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;

  constructor(private readonly limits = remoteSpecLimits) {
    this.budget = new LimitedBytes(limits.maxTotalBytes);
  }

  allowing(allowedHosts: readonly string[], fetched: () => void): RemoteSpecs {
    return { get: (url) => this.get(url, allowedHosts, fetched) };
  }

  private get(url: string, allowedHosts: readonly string[], fetched: () => void): LoadedSpec | undefined {
    const key = `${url}\n${allowedHosts.join('\n')}`;
    const entry = this.specs.get(key);
    if (entry === undefined) return this.start(key, url, allowedHosts, fetched);
    if ('waiting' in entry) entry.waiting.add(fetched);
    return 'waiting' in entry ? undefined : entry;
  }

  private start(key: string, url: string, allowedHosts: readonly string[], fetched: () => void): LoadedSpec | undefined {
    if (!this.urls.has(url) && this.urls.size >= this.limits.maxSpecs) {
      const refused: LoadedSpec = { ok: false, error: `it was not fetched: the editor fetches at most ${this.limits.maxSpecs} specs by URL in a session` };
      this.specs.set(key, refused);
      return refused;
    }
    this.urls.add(url);
    const waiting = new Set([fetched]);
    this.specs.set(key, { waiting });
    this.queue.push(async () => {
      try {
        const text = await fetchRemoteText(url, { maxBytes: this.limits.maxBytes, timeoutMs: this.limits.timeoutMs, allowedHosts, budget: this.budget });
        this.specs.set(key, parseSpec(text, new URL(url).pathname));
      } catch (error) {
        this.specs.set(key, { ok: false, error: `it could not be fetched: ${error instanceof Error ? error.message : String(error)}` });
      }
      for (const done of waiting) done();
    });
    this.next();
    return undefined;
  }

  /** Starts the fetches waiting while fewer than `concurrency` run. */
  private next(): void {
    while (this.running < this.limits.concurrency && this.queue.length > 0) {
      const fetch = this.queue.shift()!;
      this.running++;
      void fetch().finally(() => {
        this.running--;
        this.next();
      });
    }
  }
}
