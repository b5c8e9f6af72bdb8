import { load as loadYaml } from 'js-yaml';
import { parse as parseYamlLeniently } from 'yaml';
import { isRecord } from '../model/cursor';

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  method: string; // upper case
  path: string;
  summary?: string;
  description?: string;
  operationId?: string;
  /** The first of its tags: generated pages are grouped by it. */
  tag?: string;
  /** The route its generated page is given by `x-mint.href`. */
  href?: string;
  webhook?: boolean;
}

export type LoadedSpec =
  | { ok: true; version: string; title?: string; operations: Operation[] }
  | { ok: false; error: string };

/** Parses an OpenAPI 3.x or Swagger 2 document (JSON or YAML) into its operations. */
export function parseSpec(text: string, fileName: string): LoadedSpec {
  let document: unknown;
  try {
    document = /\.ya?ml$/i.test(fileName) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, error: `it does not parse: ${detail}` };
  }
  if (!isRecord(document)) return { ok: false, error: 'it is not an object' };
  const version =
    typeof document.openapi === 'string' ? document.openapi : typeof document.swagger === 'string' ? document.swagger : undefined;
  if (!version || !/^(3\.|2\.)/.test(version)) {
    return { ok: false, error: 'it has no "openapi: 3.x" or "swagger: 2.0" field' };
  }
  const operations: Operation[] = [];
  collectOperations(document.paths, false, operations);
  collectOperations(document.webhooks, true, operations);
  const info = isRecord(document.info) ? document.info : {};
  return { ok: true, version, title: typeof info.title === 'string' ? info.title : undefined, operations };
}

/** js-yaml is several times faster; the yaml package accepts some sloppy files it rejects. */
function parseYaml(text: string): unknown {
  try {
    return loadYaml(text);
  } catch (strictError) {
    try {
      return parseYamlLeniently(text, { maxAliasCount: 1000 });
    } catch {
      throw strictError;
    }
  }
}

function collectOperations(paths: unknown, webhook: boolean, out: Operation[]): void {
  if (!isRecord(paths)) return;
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of httpMethods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      out.push({
        method: webhook ? 'WEBHOOK' : method.toUpperCase(),
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : undefined,
        description: typeof operation.description === 'string' ? operation.description : undefined,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        tag: Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : undefined,
        href: isRecord(operation['x-mint']) && typeof operation['x-mint'].href === 'string' ? operation['x-mint'].href : undefined,
        webhook,
      });
    }
  }
}

/** Parsed specs, reused while their text is unchanged. */
export class SpecCache {
  private readonly entries = new Map<string, { text: string; spec: LoadedSpec }>();

  get(path: string, text: string): LoadedSpec {
    const cached = this.entries.get(path);
    if (cached && cached.text === text) return cached.spec;
    const spec = parseSpec(text, path);
    this.entries.set(path, { text, spec });
    return spec;
  }
}
