import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { AgentApiError } from '../errors';

export interface HttpTimeouts {
  /** Establishing the TCP/TLS connection (or the proxy tunnel). */
  connectMs: number;
  /** From sending the request to receiving the response headers. */
  headersMs: number;
  /** Longest silence allowed between two chunks of a response body. */
  bodyIdleMs: number;
}

export interface ProxyOptions {
  /** Proxy for every request (e.g. VS Code's `http.proxy`); default: HTTPS_PROXY / HTTP_PROXY. */
  proxyUrl?: string;
  /** Hosts that bypass the proxy, comma separated; default: NO_PROXY. */
  noProxy?: string;
}

export function createDispatcher(timeouts: HttpTimeouts, proxy: ProxyOptions): Dispatcher {
  const connect = { timeout: timeouts.connectMs };
  try {
    return new EnvHttpProxyAgent({
      httpProxy: proxy.proxyUrl,
      httpsProxy: proxy.proxyUrl,
      noProxy: proxy.noProxy,
      connect,
      proxyTls: connect,
      requestTls: connect,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyIdleMs,
    });
  } catch {
    // undici's message would repeat the proxy URL, which may hold a password.
    throw new AgentApiError('bad-option', 'The proxy URL (proxy setting, HTTPS_PROXY or HTTP_PROXY) is not valid.');
  }
}
