import { AgentApiError } from '../errors';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * Checks the API base URL: HTTPS, or plain HTTP to this machine only (the dev server), and no
 * credentials, query or fragment. Returns it without a trailing slash.
 */
export function parseApiBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AgentApiError('bad-option', `The API URL is not a valid URL.`);
  }
  if (url.username || url.password) {
    throw new AgentApiError('bad-option', 'The API URL must not contain credentials.');
  }
  if (url.search || url.hash) {
    throw new AgentApiError('bad-option', 'The API URL must not contain a query or fragment.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new AgentApiError(
      'insecure-url',
      `Refusing to send the API key over plain HTTP to ${url.host}: use https:// (plain http:// is allowed only for localhost).`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AgentApiError('bad-option', `The API URL must start with https:// (got ${url.protocol}//).`);
  }
  return url.href.replace(/\/+$/, '');
}
