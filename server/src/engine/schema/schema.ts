import schemaJson from '../../../../schemas/docs.schema.json';

/** The subset of JSON Schema our schema is written in. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  pattern?: string;
  patternErrorMessage?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  markdownDescription?: string;
  deprecated?: boolean;
  deprecationMessage?: string;
  examples?: unknown[];
  title?: string;
}

interface SchemaDocument extends SchemaNode {
  definitions: Record<string, SchemaNode>;
}

export const docsSchema = schemaJson as unknown as SchemaDocument;

export function definition(name: string): SchemaNode {
  const node = docsSchema.definitions[name];
  if (!node) throw new Error(`the docs.json schema has no definition "${name}"`);
  return node;
}

const definitionPrefix = '#/definitions/';

/** The definition name a node refers to, if it is a `$ref`. */
export function refName(node: SchemaNode): string | undefined {
  return node.$ref?.startsWith(definitionPrefix) ? node.$ref.slice(definitionPrefix.length) : undefined;
}

const resolved = new WeakMap<SchemaNode, SchemaNode>();

export function resolveSchema(node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  let result = resolved.get(node);
  if (!result) resolved.set(node, (result = followRefs(node)));
  return result;
}

function followRefs(node: SchemaNode): SchemaNode {
  let current = node;
  for (let hops = 0; current.$ref && hops < 32; hops++) {
    const name = refName(current);
    if (!name) break;
    current = definition(name);
  }
  return current;
}

/** The object-shaped branch of a node (through `$ref` and `anyOf`), where its properties live. */
export function objectBranch(node: SchemaNode): SchemaNode | undefined {
  const resolved = resolveSchema(node);
  if (resolved.properties) return resolved;
  for (const branch of resolved.anyOf ?? []) {
    const found = objectBranch(branch);
    if (found) return found;
  }
  return undefined;
}

export function propertySchema(node: SchemaNode, key: string): SchemaNode | undefined {
  const branch = objectBranch(node);
  const property = branch?.properties?.[key];
  if (property) return property;
  return typeof branch?.additionalProperties === 'object' ? branch.additionalProperties : undefined;
}

/** Every enum value a node allows (through `$ref` and `anyOf`). */
export function enumValues(node: SchemaNode): unknown[] {
  const resolved = resolveSchema(node);
  if (resolved.enum) return resolved.enum;
  if (resolved.const !== undefined) return [resolved.const];
  return (resolved.anyOf ?? []).flatMap(enumValues);
}

export function markdownOf(node: SchemaNode): string | undefined {
  const resolved = resolveSchema(node);
  return node.markdownDescription ?? node.description ?? resolved.markdownDescription ?? resolved.description;
}
