/** The outcome of resolving a path written in docs.json against the site root. */
export type ResolvedReference =
  | { kind: 'file'; path: string }
  | { kind: 'url'; url: string }
  | { kind: 'outside'; reason: string };

const urlPattern = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;

export function isExternalUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(value);
}

/**
 * Resolves a reference relative to `baseDir` (a root-relative folder, '' for the root).
 * A leading "/" means the site root. The result never leaves the root.
 */
export function resolveReference(reference: string, baseDir: string): ResolvedReference {
  if (urlPattern.test(reference)) return { kind: 'url', url: reference };
  if (/^[a-zA-Z]:[\\/]/.test(reference) || reference.startsWith('\\\\') || reference.startsWith('~')) {
    return { kind: 'outside', reason: 'an absolute path on this machine' };
  }
  if (reference.includes('\0')) return { kind: 'outside', reason: 'a path with a NUL character' };
  const fromRoot = reference.startsWith('/');
  const segments = (fromRoot ? [] : baseDir.split('/').filter(Boolean));
  for (const segment of reference.split(/[\\/]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return { kind: 'outside', reason: 'a path that leaves the docs root' };
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return { kind: 'file', path: segments.join('/') };
}

export function dirnameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
