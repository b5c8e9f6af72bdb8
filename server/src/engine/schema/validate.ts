import type { CheckContext } from '../checkContext';
import { codes } from '../codes';
import { childCursor, describeValue, isRecord, type Cursor } from '../model/cursor';
import { describeElement } from '../model/navigationModel';
import type { ProblemInput } from '../problemInput';
import { didYouMean } from '../suggest';
import { capitalize, quoteList } from '../text';
import { compiled, typeMatches, type CompiledSchema } from './compiledSchema';
import type { DefinitionHook, Subject } from './definitionHook';
import type { SchemaNode } from './schema';

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

export interface ValidationOptions {
  hooks?: Record<string, DefinitionHook>;
  /** Keys of the top object that other rules check (e.g. navigation collections). */
  skipKeys?: ReadonlySet<string>;
  /** Required keys of the top object whose absence another rule tells; a misspelling of one is still told here. */
  requiredToldElsewhere?: ReadonlySet<string>;
  /** Extra advice for keys that are unknown here: legacy names and where their content went. */
  legacyKeys?: Record<string, string>;
}

const maxDepth = 64;

/** One validation under way: its options, and where its problems go. */
interface Run {
  ctx: CheckContext;
  options: ValidationOptions;
  out: ProblemInput[];
}

/** Validates a value against a schema node, reporting problems that name the value. */
export function validate(ctx: CheckContext, cursor: Cursor, schema: SchemaNode, subject: Subject, options: ValidationOptions): void {
  const run: Run = { ctx, options, out: [] };
  validateNode(run, cursor, compiled(schema), subject, 0, true);
  for (const problem of run.out) ctx.report(problem);
}

function validateNode(run: Run, rawCursor: Cursor, schema: CompiledSchema, subject: Subject, depth: number, isTop = false): void {
  if (depth > maxDepth) return;
  const cursor = run.ctx.deref(rawCursor);
  if (!cursor) return;
  const node = schema.target;
  const value = cursor.value;

  if (!checkScalar(cursor, node, subject, run.out)) return;
  if (isRecord(value)) {
    validateObject(run, cursor, node, subject, depth, isTop);
  } else if (Array.isArray(value) && node.items) {
    for (let index = 0; index < value.length; index++) {
      validateNode(run, childCursor(cursor, index, value[index]), node.items, childSubject(subject, index), depth + 1);
    }
  }
  if (node.anyOf) validateAnyOf(run, cursor, node, subject, depth, isTop);
  const hook = schema.hookName !== undefined ? run.options.hooks?.[schema.hookName] : undefined;
  if (hook) hook(cursor, subject, run.out);
}

/** Type, enum, pattern and bounds. Returns false when the type is wrong (nothing more to check). */
function checkScalar(cursor: Cursor, node: CompiledSchema, subject: Subject, out: ProblemInput[]): boolean {
  const value = cursor.value;
  if (node.type && !typeMatches(value, node.type)) {
    out.push({
      cursor,
      target: 'value',
      code: 'schema/type',
      message: `${capitalize(subjectName(subject))} must be ${typeNames(node.type)}, not ${describeValue(value)}`,
    });
    return false;
  }
  if (value === '' && node.allowed && !node.allowed.includes(value)) {
    out.push({ cursor, target: 'value', code: 'schema/empty', message: `${capitalize(subjectName(subject))} must not be empty` });
  } else if (node.allowed && !node.allowed.includes(value)) {
    const allowed = node.allowed;
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
      out.push({ cursor, target: 'value', code: 'schema/empty', message: `${capitalize(subjectName(subject))} must not be empty` });
    } else if (node.pattern && !node.pattern.test(value)) {
      out.push({
        cursor,
        target: 'value',
        code: 'schema/pattern',
        message: `${capitalize(subjectName(subject))} ${node.patternErrorMessage ?? `must match ${node.patternSource}`} (got ${describeValue(value)})`,
      });
    }
  }
  if (typeof value === 'number') {
    if ((node.minimum !== undefined && value < node.minimum) || (node.maximum !== undefined && value > node.maximum)) {
      out.push({
        cursor,
        target: 'value',
        code: 'schema/range',
        message: `${capitalize(subjectName(subject))} must be between ${node.minimum ?? '-∞'} and ${node.maximum ?? '∞'}`,
      });
    }
  }
  if (Array.isArray(value) && node.minItems !== undefined && value.length < node.minItems) {
    out.push({ cursor, target: 'value', code: 'schema/empty', message: `${capitalize(subjectName(subject))} needs at least ${node.minItems} item(s)` });
  }
  if (node.deprecated) {
    out.push({
      cursor,
      target: 'key',
      code: 'schema/deprecated',
      message: node.deprecationMessage ?? `${capitalize(subjectName(subject))} is deprecated`,
    });
  }
  return true;
}

function validateObject(run: Run, cursor: Cursor, node: CompiledSchema, subject: Subject, depth: number, isTop: boolean): void {
  const value = cursor.value as Record<string, unknown>;
  const skip = isTop ? run.options.skipKeys : undefined;
  const missing = node.required.filter((key) => !(key in value) && !skip?.has(key));
  const legacyKeys = isTop ? run.options.legacyKeys : undefined;
  const misspelt = new Set(missing.length === 0 ? [] : Object.keys(value).map((key) => !skip?.has(key) && misspeltRequired(node, value, key, skip, legacyKeys)));
  const toldElsewhere = isTop ? run.options.requiredToldElsewhere : undefined;
  for (const key of missing) {
    if (!misspelt.has(key) && !toldElsewhere?.has(key)) {
      run.out.push({
        cursor,
        target: typeof cursor.key === 'string' ? 'key' : 'start',
        code: 'schema/required',
        message: `${capitalize(subjectName(subject))} is missing "${key}"`,
      });
    }
  }
  for (const key in value) {
    if (skip?.has(key) || key === '$schema') continue;
    validateMember(run, cursor, node, subject, depth, isTop, key);
  }
}

function validateMember(run: Run, cursor: Cursor, node: CompiledSchema, subject: Subject, depth: number, isTop: boolean, key: string): void {
  const value = (cursor.value as Record<string, unknown>)[key];
  const property = node.propertyFor(key);
  if (property) {
    if (property.acceptsPlainly(value)) return;
    validateNode(run, childCursor(cursor, key, value), property, childSubject(subject, key), depth + 1);
  } else if (node.properties && node.additionalProperties !== true) {
    const legacyKeys = isTop ? run.options.legacyKeys : undefined;
    const required = misspeltRequired(node, cursor.value as object, key, isTop ? run.options.skipKeys : undefined, legacyKeys);
    run.out.push(required ? misspeltRequiredKey(cursor, key, required, subject) : unknownKey(cursor, key, node.propertyNames, subject, legacyKeys));
  }
}

/**
 * The required key an object lacks that its unknown key is a near-spelling of (`"theme"` for
 * `"them"`): one finding at that key tells both, rather than "missing" at the object's start too.
 */
function misspeltRequired(node: CompiledSchema, value: object, key: string, skip: ReadonlySet<string> | undefined, legacyKeys: Record<string, string> | undefined): string | undefined {
  if (key === '$schema' || legacyKeys?.[key] || node.propertyFor(key) || !node.properties || node.additionalProperties === true) return undefined;
  const suggestion = didYouMean(key, node.propertyNames);
  return suggestion !== undefined && node.required.includes(suggestion) && !(suggestion in value) && !skip?.has(suggestion) ? suggestion : undefined;
}

/** The key of an object the validation reports as a misspelling of the required key it lacks ("grop" for "group"), if any. */
export function misspeltKeyFor(schema: SchemaNode, value: Record<string, unknown>, required: string, skip?: ReadonlySet<string>): string | undefined {
  const node = compiled(schema).target;
  return Object.keys(value).find((key) => !skip?.has(key) && misspeltRequired(node, value, key, skip, undefined) === required);
}

function misspeltRequiredKey(cursor: Cursor, key: string, required: string, subject: Subject): ProblemInput {
  const where = subjectName(subject);
  return {
    cursor,
    subPath: [key],
    target: 'key',
    code: 'schema/required',
    message: `Unknown key "${key}" in ${where}. Did you mean "${required}"? ${capitalize(where)} is missing "${required}" (required), and the site ignores "${key}"`,
    suggestions: [{ title: `Rename to "${required}"`, replacement: JSON.stringify(required) }],
  };
}

/**
 * Validates one member of the top object exactly as `validate` does within the whole, for a
 * re-check of that member alone.
 */
export function validateTopMember(ctx: CheckContext, cursor: Cursor, schema: SchemaNode, options: ValidationOptions, key: string): void {
  const run: Run = { ctx, options, out: [] };
  validateMember(run, cursor, compiled(schema).target, {}, 0, true, key);
  for (const problem of run.out) ctx.report(problem);
}

/** Whether a member of the top object is checked by its own schema alone, so it can be re-checked alone. */
export function isSeparateTopMember(schema: SchemaNode, key: string): boolean {
  const node = compiled(schema).target;
  return !node.anyOf && node.propertyFor(key) !== undefined;
}

function unknownKey(cursor: Cursor, key: string, known: string[], subject: Subject, legacyKeys: Record<string, string> | undefined): ProblemInput {
  const where = subjectName(subject);
  const legacy = legacyKeys?.[key];
  if (legacy) {
    return {
      cursor,
      subPath: [key],
      target: 'key',
      code: 'schema/legacy-key',
      message: `"${key}" is a mint.json key that docs.json no longer reads: ${legacy}`,
      unnecessary: true,
    };
  }
  const suggestion = didYouMean(key, known);
  // Renamed to a key the object already has, it would be written twice and replace the one set.
  if (suggestion !== undefined && isRecord(cursor.value) && Object.hasOwn(cursor.value, suggestion)) {
    return {
      cursor,
      subPath: [key],
      target: 'key',
      code: 'schema/unknown-key',
      message: `Unknown key "${key}" in ${where}. Did you mean "${suggestion}"? It is already set beside it: the site ignores "${key}" silently. Move what it holds into "${suggestion}", or remove it`,
    };
  }
  return {
    cursor,
    subPath: [key],
    target: 'key',
    code: 'schema/unknown-key',
    message: `Unknown key "${key}" in ${where}${suggestion ? `. Did you mean "${suggestion}"?` : '.'} The site ignores it silently`,
    suggestions: suggestion ? [{ title: `Rename to "${suggestion}"`, replacement: JSON.stringify(suggestion) }] : undefined,
  };
}

function validateAnyOf(run: Run, cursor: Cursor, node: CompiledSchema, subject: Subject, depth: number, isTop: boolean): void {
  if (node.anyOfRequiredOnly) {
    const value = cursor.value;
    const skip = isTop ? run.options.skipKeys : undefined;
    if (!isRecord(value)) return;
    for (const branch of node.anyOf!) if (hasRequiredKeys(value, branch.required, skip)) return;
  }
  const typed = node.branchesOfType(cursor.value);
  if (typed.length === 0) {
    const types = [...new Set(node.anyOf!.flatMap((branch) => [branch.target.type ?? []].flat()))];
    run.out.push({
      cursor,
      target: 'value',
      code: 'schema/type',
      message: `${capitalize(subjectName(subject))} must be ${typeNames(types)}, not ${describeValue(cursor.value)}`,
    });
    return;
  }
  if (typed.length === 1) {
    validateNode(run, cursor, typed[0], subject, depth + 1, isTop);
    return;
  }
  let best: ProblemInput[] | undefined;
  for (const branch of typed) {
    const attempt: Run = { ...run, out: [] };
    validateNode(attempt, cursor, branch, subject, depth + 1, isTop);
    if (attempt.out.every((problem) => (problem.severity ?? codes[problem.code].severity) === 'warning')) {
      run.out.push(...attempt.out);
      return;
    }
    if (!best || attempt.out.length < best.length) best = attempt.out;
  }
  run.out.push(...best!);
}

function hasRequiredKeys(value: Record<string, unknown>, required: readonly string[], skip: ReadonlySet<string> | undefined): boolean {
  for (const key of required) if (!(key in value) && !skip?.has(key)) return false;
  return true;
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
