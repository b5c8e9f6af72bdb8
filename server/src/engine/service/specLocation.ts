import { isMap, isScalar, parseDocument, type YAMLMap } from 'yaml';
import { parseJsonDocument } from '../json/jsonDocument';
import type { Operation } from '../openapi/loadedSpec';

/** Where an operation is written in its spec file: the offset of its method key (or webhook name). */
export function specLocation(specText: string, specFile: string, operation: Operation): number | undefined {
  const keys = operation.webhook ? ['webhooks', operation.path] : ['paths', operation.path, operation.method.toLowerCase()];
  if (/\.ya?ml$/i.test(specFile)) return yamlKeyOffset(specText, keys);
  return parseJsonDocument(specText).locate([{ path: keys, target: 'key' }])[0]?.start;
}

function yamlKeyOffset(text: string, keys: string[]): number | undefined {
  let node: unknown = parseDocument(text).contents;
  let offset: number | undefined;
  for (const key of keys) {
    if (!isMap(node)) return undefined;
    const pair = (node as YAMLMap).items.find((item) => isScalar(item.key) && String(item.key.value) === key);
    if (!pair || !isScalar(pair.key)) return undefined;
    offset = pair.key.range?.[0];
    node = pair.value;
  }
  return offset;
}
