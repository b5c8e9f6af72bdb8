import { jsonType } from '../model/cursor';
import { refName, resolveSchema, type SchemaNode } from './schema';

/**
 * A schema node in one fixed shape, with its `$ref` followed and its checks made ready. A large
 * navigation has thousands of elements, each checked by reading the same few fields; raw schema
 * nodes each have their own set of keys, which makes every one of those reads a slow lookup.
 */
export class CompiledSchema {
  /** The definition a `$ref` names: hooks are keyed by it. */
  hookName: string | undefined = undefined;
  /** This node with its `$ref` followed. */
  target: CompiledSchema = this;
  type: string | string[] | undefined = undefined;
  /** The values `enum` or `const` allows. */
  allowed: unknown[] | undefined = undefined;
  properties: Map<string, CompiledSchema> | undefined = undefined;
  propertyNames: string[] = [];
  additionalProperties: CompiledSchema | boolean | undefined = undefined;
  required: readonly string[] = [];
  items: CompiledSchema | undefined = undefined;
  anyOf: CompiledSchema[] | undefined = undefined;
  /** Every `anyOf` branch is like `{ "required": ["pages"] }`: one of several ways to complete an object. */
  anyOfRequiredOnly = false;
  pattern: RegExp | undefined = undefined;
  patternSource: string | undefined = undefined;
  patternErrorMessage: string | undefined = undefined;
  minLength: number | undefined = undefined;
  minItems: number | undefined = undefined;
  minimum: number | undefined = undefined;
  maximum: number | undefined = undefined;
  deprecated = false;
  deprecationMessage: string | undefined = undefined;
  /**
   * The JSON type, when the node is a bare `type` (a `minLength` aside) with no enum, pattern, bounds, hook or union:
   * a value of that type needs no further look. Most values in a navigation are such.
   */
  plainType: string | undefined = undefined;
  private readonly branchesByType = new Map<string, CompiledSchema[]>();

  /** Whether a value is accepted by its JSON type alone (see `plainType`). */
  acceptsPlainly(value: unknown): boolean {
    const type = this.plainType;
    if (type === undefined) return false;
    const actual = typeof value;
    if (this.minLength !== undefined && actual === 'string' && (value as string).length < this.minLength) return false;
    return actual === type || (actual === 'number' && (type === 'integer' ? Number.isInteger(value) : type === 'number'));
  }

  /** The schema of a member, if the node has one for that key. */
  propertyFor(key: string): CompiledSchema | undefined {
    return this.properties?.get(key) ?? (typeof this.additionalProperties === 'object' ? this.additionalProperties : undefined);
  }

  /** The `anyOf` branches a value's JSON type fits. */
  branchesOfType(value: unknown): CompiledSchema[] {
    const type = jsonType(value);
    let typed = this.branchesByType.get(type);
    if (!typed) {
      typed = this.anyOf!.filter((branch) => !branch.target.type || typeMatches(value, branch.target.type));
      this.branchesByType.set(type, typed);
    }
    return typed;
  }
}

const compiledNodes = new Map<SchemaNode, CompiledSchema>();

/** The compiled form of a schema node, made once. */
export function compiled(node: SchemaNode): CompiledSchema {
  let result = compiledNodes.get(node);
  if (result) return result;
  result = new CompiledSchema();
  compiledNodes.set(node, result);
  fill(result, node);
  return result;
}

function fill(result: CompiledSchema, node: SchemaNode): void {
  if (node.$ref !== undefined) {
    result.hookName = refName(node);
    result.target = compiled(resolveSchema(node));
    return;
  }
  result.type = node.type;
  result.allowed = node.enum ?? (node.const !== undefined ? [node.const] : undefined);
  if (node.properties) {
    result.properties = new Map(Object.entries(node.properties).map(([key, property]) => [key, compiled(property)]));
    result.propertyNames = Object.keys(node.properties);
  }
  result.additionalProperties = typeof node.additionalProperties === 'object' ? compiled(node.additionalProperties) : node.additionalProperties;
  result.required = node.required ?? [];
  result.items = node.items && compiled(node.items);
  if (node.anyOf) {
    result.anyOf = node.anyOf.map(compiled);
    result.anyOfRequiredOnly = node.anyOf.every(isRequiredOnly);
  }
  if (node.pattern !== undefined) {
    result.pattern = new RegExp(node.pattern, 'u');
    result.patternSource = node.pattern;
  }
  result.patternErrorMessage = node.patternErrorMessage;
  result.minLength = node.minLength;
  result.minItems = node.minItems;
  result.minimum = node.minimum;
  result.maximum = node.maximum;
  result.deprecated = node.deprecated === true;
  result.deprecationMessage = node.deprecationMessage;
  result.plainType = isPlain(node) ? (node.type as string) : undefined;
}

function isPlain(node: SchemaNode): boolean {
  return (
    typeof node.type === 'string' &&
    node.type !== 'object' &&
    node.type !== 'array' &&
    !node.enum &&
    node.const === undefined &&
    !node.pattern &&
    node.minimum === undefined &&
    node.maximum === undefined &&
    !node.anyOf &&
    !node.deprecated
  );
}

function isRequiredOnly(branch: SchemaNode): boolean {
  return branch.required !== undefined && !branch.$ref && !branch.type && !branch.properties && !branch.anyOf;
}

export function typeMatches(value: unknown, type: string | string[]): boolean {
  const actual = jsonType(value);
  if (typeof type === 'string') return type === actual || (type === 'number' && actual === 'integer');
  for (const t of type) if (t === actual || (t === 'number' && actual === 'integer')) return true;
  return false;
}
