import type { SpecDeclaration } from '../model/navigationModel';
import type { SiteHost } from '../site/siteHost';
import { resolveReference } from '../site/references';
import type { LoadedSpec, Operation, RemoteSpecs } from './loadedSpec';
import type { SpecCache } from './openapiSpec';
import type { PlatformVerdict } from './platformValidation';

/** What loading a declared spec found. */
export type SpecStatus =
  /** `verdict` is undefined while the platform's validation of the spec is under way elsewhere (see SpecCache). */
  | { kind: 'local'; path: string; operations: Operation[]; verdict: PlatformVerdict | undefined }
  /** A spec given by URL: `fetched` when the check was given it (see CheckOptions.remoteSpecs), with the platform's verdict on its text as for a local one. */
  | { kind: 'remote'; url: string; fetched?: LoadedSpec; verdict?: PlatformVerdict }
  | { kind: 'outside'; reason: string }
  | { kind: 'missing'; path: string }
  | { kind: 'invalid'; path: string; error: string };

export type SpecStatuses = Map<SpecDeclaration, SpecStatus>;

/** Reads and parses the spec a reference (a path from the docs root, or a URL) names, if it is a file of the site. */
export function loadSpec(host: SiteHost, cache: SpecCache, reference: string, remoteSpecs?: RemoteSpecs): SpecStatus {
  const resolved = resolveReference(reference, '');
  if (resolved.kind === 'url') {
    const fetched = remoteSpecs?.get(resolved.url);
    const verdict = fetched?.ok ? cache.verdict(remoteSpecPath(resolved.url), fetched.text, fetched) : undefined;
    return { kind: 'remote', url: resolved.url, fetched, verdict };
  }
  if (resolved.kind !== 'file') return resolved;
  const text = host.files.has(resolved.path) ? host.readFile(resolved.path) : undefined;
  if (text === undefined) return { kind: 'missing', path: resolved.path };
  const spec = cache.get(resolved.path, text);
  if (!spec.ok) return { kind: 'invalid', path: resolved.path, error: spec.error };
  return { kind: 'local', path: resolved.path, operations: spec.operations, verdict: cache.verdict(resolved.path, text) };
}

/** Loads each declared spec, each file read once however many elements declare it. */
export function loadSpecs(host: SiteHost, cache: SpecCache, declarations: Iterable<SpecDeclaration>, remoteSpecs?: RemoteSpecs): SpecStatuses {
  const statuses: SpecStatuses = new Map();
  const byReference = new Map<string, SpecStatus>();
  for (const declaration of declarations) {
    let status = byReference.get(declaration.reference);
    if (!status) byReference.set(declaration.reference, (status = loadSpec(host, cache, declaration.reference, remoteSpecs)));
    statuses.set(declaration, status);
  }
  return statuses;
}

/** A fetched spec's place in the spec cache: its URL without query or fragment, whose ending says JSON or YAML. */
export function remoteSpecPath(url: string): string {
  return url.replace(/[?#].*$/, '');
}
