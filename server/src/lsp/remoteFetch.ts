// Fetching an OpenAPI spec named by a URL in a repository's docs.json: the URL is untrusted. Only
// http(s); redirects followed by hand, each hop checked again; no private, loopback or link-local
// address unless the user's `docsjson.openapi.allowedHosts` names the host. Addresses are checked
// when the connection is made (the lookup of the request), so a name cannot resolve to a public
// address for the check and to a private one for the fetch.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

export const MAX_REDIRECTS = 5;

export interface RemoteFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Host names or addresses the user allows even when they are private or loopback (e.g. "127.0.0.1", "docs.internal"). */
  allowedHosts: readonly string[];
  /** Bytes shared by several fetches: a fetch whose bytes it refuses fails. */
  budget?: LimitedBytes;
}

/** Bytes that may be taken until `limit` is reached. */
export class LimitedBytes {
  /** Whether some bytes were refused. */
  spent = false;
  private left: number;

  constructor(readonly limit: number) {
    this.left = limit;
  }

  /** Whether these bytes may be read (and they are counted), or the budget is spent. */
  take(bytes: number): boolean {
    if (bytes > this.left) {
      this.spent = true;
      return false;
    }
    this.left -= bytes;
    return true;
  }
}

/**
 * What is fetched of specs given by URL, whatever a repository declares: so many bytes and
 * milliseconds each, so many specs, so many at a time, so many bytes in all (a check of the CLI,
 * a session of the language server), and so many bytes written to the CLI's cache.
 */
export const remoteSpecLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxSpecs: 20, concurrency: 4, maxTotalBytes: 50 * 1024 * 1024, maxCacheBytes: 50 * 1024 * 1024 };

/** A refusal or failure worded for a writer: it ends "it could not be fetched: …". */
export class RemoteFetchError extends Error {}

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local, shared, multicast and unspecified addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

function allowed(url: URL, limits: RemoteFetchLimits): boolean {
  const host = hostOf(url);
  return limits.allowedHosts.some((entry) => entry.trim().replace(/^\[|\]$/g, '').toLowerCase() === host);
}

const settingHint = (host: string) => `add "${host}" to the setting docsjson.openapi.allowedHosts to fetch it`;

/** Checks the scheme and, for an address written in the URL, the address. */
function checkUrl(url: URL, limits: RemoteFetchLimits): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError(`only http and https URLs are fetched, not ${url.protocol.replace(/:$/, '')}`);
  if (url.username || url.password) throw new RemoteFetchError('URLs with a user name or password are not fetched');
  const host = hostOf(url);
  if (isIP(host) && isPrivateAddress(host) && !allowed(url, limits)) throw new RemoteFetchError(`${host} is a private or loopback address: ${settingHint(host)}`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for the connection that refuses private addresses, unless the host is allowed. */
function checkedLookup(url: URL, limits: RemoteFetchLimits) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowed(url, limits) ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new RemoteFetchError(`${hostname} resolves to the private or loopback address ${refused.address}: ${settingHint(hostname)}`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function get(url: URL, limits: RemoteFetchLimits, signal: AbortSignal, headers: Record<string, string> = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'GET', lookup: checkedLookup(url, limits) as never, signal, headers: { accept: 'application/json, application/yaml, text/yaml, */*', ...headers } }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, { maxBytes, budget }: RemoteFetchLimits): Promise<string> {
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw new RemoteFetchError(`larger than ${maxBytes / 1024 / 1024} MB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw new RemoteFetchError(`larger than ${maxBytes / 1024 / 1024} MB`);
    }
    if (budget && !budget.take((chunk as Buffer).byteLength)) {
      response.destroy();
      throw new RemoteFetchError(`the specs fetched before it passed ${budget.limit / 1024 / 1024} MB in all`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The text at `address`, following at most MAX_REDIRECTS redirects, each checked as the first URL. */
export async function fetchRemoteText(address: string, limits: RemoteFetchLimits): Promise<string> {
  const fetched = await fetchRemoteDocument(address, limits);
  return fetched.kind === 'text' ? fetched.text : '';
}

/** What the validators of a cached copy (its ETag, its Last-Modified) are answered with: the text anew, or "not modified". */
export type RemoteDocument = { kind: 'text'; text: string; etag?: string; lastModified?: string } | { kind: 'not-modified' };

/** `fetchRemoteText`, asking only for a newer text than the copy the validators describe. */
export async function fetchRemoteDocument(address: string, limits: RemoteFetchLimits, validators: { etag?: string; lastModified?: string } = {}): Promise<RemoteDocument> {
  const headers: Record<string, string> = {};
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteFetchError('it is not a valid URL');
  }
  for (let redirects = 0; ; redirects++) {
    checkUrl(url, limits);
    const response = await get(url, limits, signal, headers);
    const status = response.statusCode ?? 0;
    if (status === 304 && (validators.etag || validators.lastModified)) {
      response.resume();
      return { kind: 'not-modified' };
    }
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects === MAX_REDIRECTS) throw new RemoteFetchError(`more than ${MAX_REDIRECTS} redirects`);
      try {
        url = new URL(response.headers.location, url);
      } catch {
        throw new RemoteFetchError('it redirects to an invalid URL');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new RemoteFetchError(`HTTP ${status}`);
    }
    const header = (name: string) => (typeof response.headers[name] === 'string' ? (response.headers[name] as string) : undefined);
    return { kind: 'text', text: await readBody(response, limits), etag: header('etag'), lastModified: header('last-modified') };
  }
}
