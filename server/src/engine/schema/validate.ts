import type { CheckContext, ProblemInput } from '../checkContext';
import { childCursor, describeValue, isRecord, jsonType, type Cursor } from '../model/cursor';
import { describeElement, type NavElement } from '../model/navigationModel';
import { didYouMean, quoteList } from '../suggest';
import { refName, resolveSchema, type SchemaNode } from './schema';

/**
 * How a value is named in messages: `"colors.primary"`, or `"icon" in tab "Guides"`. Built
 * from the parent chain only when a message needs it.
 */
export interface Subject {
  /** The navigation element the value belongs to. */
  owner?: NavElement;
  parent?: Subject;
  key?: string | number;
}

function dottedName(subject: Subject): string {
  if (!subject.parent || subject.key === undefined) return '';
  const parent = dottedName(subject.parent);
  if (typeof subject.key === 'number') return `${parent}[${subject.key}]`;
  return parent ? `${parent}.${subject.key}` : subject.key;
}

export function subjectName(subject: Subject): string {
  const dotted = dottedName(subject);
  const owner = subjectOwner(subject);
  if (dotted === '') return owner ?? 'docs.json';
  return owner ? `"${dotted}" in ${owner}` : `"${dotted}"`;
}

export function subjectOwner(subject: Subject): string | undefined {
  const owner = rootOf(subject).owner;
  return owner && describeElement(owner);
}

function rootOf(subject: Subject): Subject {
  let root = subject;
  while (root.parent) root = root.parent;
  return root;
}

function childSubject(subject: Subject, key: string | number): Subject {
  return { parent: subject, key };
}

/** Checks a value found at a node named by a definition, after its shape is known to be right; problems go to `out`. */
export type DefinitionHook = (cursor: Cursor, subject: Subject, out: ProblemInput[]) => void;

export interface ValidationOptions {
  hooks?: Record<string, DefinitionHook>;
  /** Keys of the top object that other rules check (e.g. navigation collections). */
  skipKeys?: ReadonlySet<string>;
  /** Extra advice for keys that are unknown here: legacy names and where their content went. */
  legacyKeys?: Record<string, string>;
}

const maxDepth = 64;

/** Validates a value against a schema node, reporting problems that name the value. */
export function validate(ctx: CheckContext, cursor: Cursor, schema: SchemaNode, subject: Subject, options: ValidationOptions): void {
  const problems: ProblemInput[] = [];
  validateNode(ctx, cursor, schema, subject, options, problems, 0, true);
  for (const problem of problems) ctx.report(problem);
}

function validateNode(
  ctx: CheckContext,
  rawCursor: Cursor,
  schema: SchemaNode,
  subject: Subject,
  options: ValidationOptions,
  out: ProblemInput[],
  depth: number,
  isTop = false,
): void {
  if (depth > maxDepth) return;
  const cursor = ctx.deref(rawCursor);
  if (!cursor) return;
  const hookName = schema.$ref !== undefined && options.hooks ? refName(schema) : undefined;
  const node = resolveSchema(schema);
  const value = cursor.value;

  if (!checkScalar(cursor, node, subject, out)) return;
  if (isRecord(value)) {
    validateObject(ctx, cursor, node, subject, options, out, depth, isTop);
  } else if (Array.isArray(value) && node.items) {
    for (let index = 0; index < value.length; index++) {
      validateNode(ctx, childCursor(cursor, index, value[index]), node.items, childSubject(subject, index), options, out, depth + 1);
    }
  }
  if (node.anyOf) validateAnyOf(ctx, cursor, node, subject, options, out, depth, isTop);
  const hook = hookName ? options.hooks?.[hookName] : undefined;
  if (hook) hook(cursor, subject, out);
}

/** Type, enum, pattern and bounds. Returns false when the type is wrong (nothing more to check). */
function checkScalar(cursor: Cursor, node: SchemaNode, subject: Subject, out: ProblemInput[]): boolean {
  const value = cursor.value;
  if (node.type && !typeMatches(value, node.type)) {
    out.push({
      cursor,
      target: 'value',
      code: 'schema/type',
      message: `${capitalized(subjectName(subject))} must be ${typeNames(node.type)}, not ${describeValue(value)}`,
    });
    return false;
  }
  if (node.enum ? !node.enum.includes(value) : node.const !== undefined && node.const !== value) {
    const allowed = node.enum ?? [node.const];
    const strings = allowed.filter((item): item is string => typeof item === 'string');
    const suggestion = typeof value === 'string' ? didYouMean(value, strings) : undefined;
    const list = allowed.length <= 12 ? `: use ${quoteList(allowed.map(String))}` : '';
    out.push({
      cursor,
      target: 'value',
      code: 'schema/enum',
      message: `${describeValue(value)} is not a valid value for ${subjectName(subject)}${list}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
      suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(suggestion) }] : undefined,
    });
  }
  if (typeof value === 'string') {
    if (node.minLength !== undefined && value.length < node.minLength) {
      out.push({ cursor, target: 'value', code: 'schema/empty', message: `${capitalized(subjectName(subject))} must not be empty` });
    } else if (node.pattern && !compiledPattern(node.pattern).test(value)) {
      out.push({
        cursor,
        target: 'value',
        code: 'schema/pattern',
        message: `${capitalized(subjectName(subject))} ${node.patternErrorMessage ?? `must match ${node.pattern}`} (got ${describeValue(value)})`,
      });
    }
  }
  if (typeof value === 'number') {
    if ((node.minimum !== undefined && value < node.minimum) || (node.maximum !== undefined && value > node.maximum)) {
      out.push({
        cursor,
        target: 'value',
        code: 'schema/range',
        message: `${capitalized(subjectName(subject))} must be between ${node.minimum ?? '-∞'} and ${node.maximum ?? '∞'}`,
      });
    }
  }
  if (Array.isArray(value) && node.minItems !== undefined && value.length < node.minItems) {
    out.push({ cursor, target: 'value', code: 'schema/empty', message: `${capitalized(subjectName(subject))} needs at least ${node.minItems} item(s)` });
  }
  if (node.deprecated) {
    out.push({
      cursor,
      target: 'key',
      severity: 'warning',
      code: 'schema/deprecated',
      message: node.deprecationMessage ?? `${capitalized(subjectName(subject))} is deprecated`,
    });
  }
  return true;
}

function validateObject(
  ctx: CheckContext,
  cursor: Cursor,
  node: SchemaNode,
  subject: Subject,
  options: ValidationOptions,
  out: ProblemInput[],
  depth: number,
  isTop: boolean,
): void {
  const value = cursor.value as Record<string, unknown>;
  const skip = isTop ? options.skipKeys : undefined;
  for (const key of node.required ?? []) {
    if (!(key in value) && !skip?.has(key)) {
      out.push({
        cursor,
        target: typeof cursor.key === 'string' ? 'key' : 'start',
        code: 'schema/required',
        message: `${capitalized(subjectName(subject))} is missing "${key}"`,
        data: { key },
      });
    }
  }
  for (const key in value) {
    if (skip?.has(key) || key === '$schema') continue;
    validateMember(ctx, cursor, node, subject, options, out, depth, isTop, key);
  }
}

function propertySchema(node: SchemaNode, key: string): SchemaNode | undefined {
  return node.properties?.[key] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
}

function validateMember(
  ctx: CheckContext,
  cursor: Cursor,
  node: SchemaNode,
  subject: Subject,
  options: ValidationOptions,
  out: ProblemInput[],
  depth: number,
  isTop: boolean,
  key: string,
): void {
  const value = (cursor.value as Record<string, unknown>)[key];
  const property = propertySchema(node, key);
  if (property) {
    if (isPlainValueOf(property, value)) return;
    validateNode(ctx, childCursor(cursor, key, value), property, childSubject(subject, key), options, out, depth + 1);
  } else if (node.properties && node.additionalProperties !== true) {
    out.push(unknownKey(cursor, key, Object.keys(node.properties), subject, isTop ? options.legacyKeys : undefined));
  }
}

/**
 * Validates one member of the top object exactly as `validate` does within the whole, for a
 * re-check of that member alone.
 */
export function validateTopMember(ctx: CheckContext, cursor: Cursor, schema: SchemaNode, options: ValidationOptions, key: string): void {
  const problems: ProblemInput[] = [];
  validateMember(ctx, cursor, resolveSchema(schema), {}, options, problems, 0, true, key);
  for (const problem of problems) ctx.report(problem);
}

/** Whether a member of the top object is checked by its own schema alone, so it can be re-checked alone. */
export function isSeparateTopMember(schema: SchemaNode, key: string): boolean {
  const node = resolveSchema(schema);
  return !node.anyOf && propertySchema(node, key) !== undefined;
}

function unknownKey(cursor: Cursor, key: string, known: string[], subject: Subject, legacyKeys: Record<string, string> | undefined): ProblemInput {
  const where = subjectName(subject);
  const legacy = legacyKeys?.[key];
  if (legacy) {
    return {
      cursor,
      subPath: [key],
      target: 'key',
      severity: 'warning',
      code: 'schema/legacy-key',
      message: `"${key}" is a mint.json key that docs.json no longer reads: ${legacy}`,
      unnecessary: true,
    };
  }
  const suggestion = didYouMean(key, known);
  return {
    cursor,
    subPath: [key],
    target: 'key',
    severity: 'warning',
    code: 'schema/unknown-key',
    message: `Unknown key "${key}" in ${where}${suggestion ? `. Did you mean "${suggestion}"?` : '.'} The site ignores it silently`,
    suggestions: suggestion ? [{ title: `Rename to "${suggestion}"`, replacement: JSON.stringify(suggestion) }] : undefined,
    data: { key },
  };
}

function validateAnyOf(
  ctx: CheckContext,
  cursor: Cursor,
  node: SchemaNode,
  subject: Subject,
  options: ValidationOptions,
  out: ProblemInput[],
  depth: number,
  isTop: boolean,
): void {
  const branches = node.anyOf!;
  if (branches.every(isRequiredOnly)) {
    const value = cursor.value;
    const skip = isTop ? options.skipKeys : undefined;
    if (!isRecord(value)) return;
    for (const branch of branches) if (hasRequiredKeys(value, branch.required!, skip)) return;
  }
  const typed = branchesOfType(branches, cursor.value);
  if (typed.length === 0) {
    const types = [...new Set(branches.flatMap((branch) => [resolveSchema(branch).type ?? []].flat()))];
    out.push({
      cursor,
      target: 'value',
      code: 'schema/type',
      message: `${capitalized(subjectName(subject))} must be ${typeNames(types)}, not ${describeValue(cursor.value)}`,
    });
    return;
  }
  if (typed.length === 1) {
    validateNode(ctx, cursor, typed[0], subject, options, out, depth + 1, isTop);
    return;
  }
  let best: ProblemInput[] | undefined;
  for (const branch of typed) {
    const attempt: ProblemInput[] = [];
    validateNode(ctx, cursor, branch, subject, options, attempt, depth + 1, isTop);
    if (attempt.every((problem) => problem.severity === 'warning')) {
      out.push(...attempt);
      return;
    }
    if (!best || attempt.length < best.length) best = attempt;
  }
  out.push(...best!);
}

const plainTypes = new WeakMap<SchemaNode, string | null>();

/**
 * True when a value needs no checking beyond its JSON type: the schema is a bare `type` with no
 * enum, pattern, bounds, hook or union. Most values in a navigation are such, and skipping the
 * general path for them keeps large files fast.
 */
function isPlainValueOf(schema: SchemaNode, value: unknown): boolean {
  let type = plainTypes.get(schema);
  if (type === undefined) {
    const plain =
      typeof schema.type === 'string' &&
      schema.type !== 'object' &&
      schema.type !== 'array' &&
      !schema.$ref &&
      !schema.enum &&
      schema.const === undefined &&
      !schema.pattern &&
      schema.minLength === undefined &&
      schema.minimum === undefined &&
      schema.maximum === undefined &&
      !schema.anyOf &&
      !schema.deprecated;
    plainTypes.set(schema, (type = plain ? (schema.type as string) : null));
  }
  if (type === null) return false;
  const actual = typeof value;
  return actual === type || (actual === 'number' && (type === 'integer' ? Number.isInteger(value) : type === 'number'));
}

function hasRequiredKeys(value: Record<string, unknown>, required: readonly string[], skip: ReadonlySet<string> | undefined): boolean {
  for (const key of required) if (!(key in value) && !skip?.has(key)) return false;
  return true;
}

/** The branches the value's JSON type fits. Most unions have one such branch: that list is kept. */
function branchesOfType(branches: SchemaNode[], value: unknown): SchemaNode[] {
  const type = jsonType(value);
  let fits = typedBranches.get(branches);
  if (!fits) typedBranches.set(branches, (fits = new Map()));
  let typed = fits.get(type);
  if (!typed) {
    typed = branches.filter((branch) => {
      const resolved = resolveSchema(branch);
      return !resolved.type || typeMatches(value, resolved.type);
    });
    fits.set(type, typed);
  }
  return typed;
}

const typedBranches = new WeakMap<SchemaNode[], Map<string, SchemaNode[]>>();

/** A branch like `{ "required": ["pages"] }`: one of several ways to complete an object. */
function isRequiredOnly(branch: SchemaNode): boolean {
  return branch.required !== undefined && !branch.$ref && !branch.type && !branch.properties && !branch.anyOf;
}

const patterns = new Map<string, RegExp>();

function compiledPattern(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) patterns.set(pattern, (regex = new RegExp(pattern, 'u')));
  return regex;
}

function typeMatches(value: unknown, type: string | string[]): boolean {
  const actual = jsonType(value);
  if (typeof type === 'string') return type === actual || (type === 'number' && actual === 'integer');
  for (const t of type) if (t === actual || (t === 'number' && actual === 'integer')) return true;
  return false;
}

function typeNames(type: string | string[]): string {
  const names: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    object: 'an object',
    array: 'an array',
    null: 'null',
  };
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => names[t] ?? t).join(' or ');
}

function capitalized(text: string): string {
  return text.startsWith('docs.json') ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
