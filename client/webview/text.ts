// Text from the API made harmless to show (shared by the panel and the extension host).
export { cleanText } from '../../agent/src/displayText';

/** True for an absolute http(s) URL: the only links the panel follows. */
export function isWebUrl(href: string): boolean {
  try {
    const url = new URL(href.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
