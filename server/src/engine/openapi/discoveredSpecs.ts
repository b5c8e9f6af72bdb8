import type { SiteFiles } from '../pages/siteFiles';
import type { SpecStatus } from './loadSpec';
import { readsAsOpenapi } from './keptSpecs';
import type { SpecCache } from './openapiSpec';

/** A local spec found among the site's files. */
export type DiscoveredSpec = Extract<SpecStatus, { kind: 'local' }>;

/** The files the platform reads as possible specs: `.json`, `.yaml` and `.yml`, by that exact ending. */
const specFile = /\.(json|ya?ml)$/;

/** Text that may hold a top-level key `openapi`: the cheap test before a file is parsed. */
const openapiKey = /(?:^|[{,\s])["']?openapi["']?\s*:/m;

/** The possible spec files of a site's file lists, found once per lists (the same lists stand for the same files). */
const candidatesOf = new WeakMap<SiteFiles, string[]>();

/**
 * The OpenAPI specs the platform finds on its own, declared in docs.json or not: every `.json`,
 * `.yaml` or `.yml` file of the site (the default ignores and `.mintignore` apply) whose top-level
 * keys include `openapi`, read as js-yaml reads it, that the platform's validation accepts (a spec
 * whose validation is still under way elsewhere counts meanwhile). In path order.
 */
export function discoverSpecs(files: SiteFiles, cache: SpecCache): DiscoveredSpec[] {
  const found: DiscoveredSpec[] = [];
  for (const path of candidates(files)) {
    const text = files.host.readFile(path);
    if (text === undefined || !openapiKey.test(text)) continue;
    const spec = cache.get(path, text);
    if (!spec.ok || !readsAsOpenapi(spec.reading)) continue;
    const verdict = cache.verdict(path, text, spec);
    if (verdict && !verdict.valid) continue;
    found.push({ kind: 'local', path, operations: spec.operations, verdict });
  }
  return found;
}

function candidates(files: SiteFiles): string[] {
  let list = candidatesOf.get(files);
  if (!list) {
    list = [];
    for (const path of files.host.files.all()) if (specFile.test(path) && !files.isIgnored(path)) list.push(path);
    list.sort();
    candidatesOf.set(files, list);
  }
  return list;
}
