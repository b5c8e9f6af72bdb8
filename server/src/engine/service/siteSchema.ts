import type { JsonPath } from '../json/path';
import { elementKinds, nameKeys, type ElementKind } from '../model/navigationModel';
import { docsSchema, objectBranch, propertySchema, refName, resolveSchema, type SchemaNode } from '../schema/schema';

/** The schema of the value at a path from the docs.json root, as written where it is used. */
export function schemaAt(path: JsonPath): SchemaNode | undefined {
  let node: SchemaNode | undefined = docsSchema;
  for (const segment of path) {
    if (!node) return undefined;
    node = typeof segment === 'number' ? itemSchema(node) : propertySchema(node, segment);
  }
  return node;
}

export function itemSchema(node: SchemaNode): SchemaNode | undefined {
  const resolved = resolveSchema(node);
  if (resolved.items) return resolved.items;
  for (const branch of resolved.anyOf ?? []) {
    const items = itemSchema(branch);
    if (items) return items;
  }
  return undefined;
}

/** What a string value at a path names, for the features that know more than the schema. */
export type ValueRole = 'page' | 'icon' | 'language' | 'openapi' | 'ref' | 'other';

export function valueRole(path: JsonPath): ValueRole {
  const last = path[path.length - 1];
  if (last === '$ref') return 'ref';
  if (isOpenapiPath(path)) return 'openapi';
  const schema = schemaAt(path);
  const name = schema && refName(schema);
  if (name === 'pageEntry') return 'page';
  if (name === 'languageCode') return 'language';
  if (name === 'icon') return 'icon';
  if (last === 'name') {
    const parent = schemaAt(path.slice(0, -1));
    if (parent && refName(parent) === 'icon') return 'icon';
  }
  return 'other';
}

/** `openapi`, an item of an `openapi` list, or the `source` of either. */
function isOpenapiPath(path: JsonPath): boolean {
  let index = path.length - 1;
  if (path[index] === 'source') index--;
  if (typeof path[index] === 'number') index--;
  return path[index] === 'openapi';
}


/** The navigation element kind an object schema describes, if it is one. */
export function elementKindOf(schema: SchemaNode | undefined): ElementKind | undefined {
  const name = schema && refName(schema);
  if (name === 'pageEntry') return 'group';
  return (elementKinds as readonly string[]).includes(name ?? '') ? (name as ElementKind) : undefined;
}

/**
 * The keys a new object of a schema needs: the schema's required keys, the element's name key
 * (the engine requires it even where the schema cannot), and `pages` for a group (required
 * unless the group sets its own spec).
 */
export function neededKeys(schema: SchemaNode): string[] {
  const kind = elementKindOf(schema);
  const keys = new Set<string>();
  const nameKey = kind && nameKeys[kind];
  if (nameKey) keys.add(nameKey);
  for (const key of objectBranch(schema)?.required ?? []) keys.add(key);
  if (kind === 'group') keys.add('pages');
  return [...keys];
}
