import type { RemoteSpecs } from '../engine/service/checkedSite';
import { parseSpec, type LoadedSpec } from '../engine/openapi/openapiSpec';

const maxBytes = 10 * 1024 * 1024;
const timeoutMs = 10_000;

/**
 * OpenAPI specs given by URL, fetched on first use when the settings allow it, at most 10 MB and
 * 10 s each, kept for the session (failures too, so a broken URL is tried once).
 */
export class RemoteSpecFetcher implements RemoteSpecs {
  private readonly specs = new Map<string, LoadedSpec | 'pending'>();

  get(url: string): LoadedSpec | undefined {
    const entry = this.specs.get(url);
    if (entry === undefined) void this.fetch(url);
    return entry === 'pending' ? undefined : entry;
  }

  private async fetch(url: string): Promise<void> {
    this.specs.set(url, 'pending');
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      this.specs.set(url, parseSpec(await readText(response), new URL(url).pathname));
    } catch (error) {
      this.specs.set(url, { ok: false, error: `it could not be fetched: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
}

async function readText(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw new Error('larger than 10 MB');
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error('larger than 10 MB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
