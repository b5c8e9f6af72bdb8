import { isRecord } from '../model/cursor';
import { capitalize, quoteList } from '../text';
import { httpMethods } from './loadedSpec';
import type { Segment } from './platformValidation';
import { SchemaReductions, type CaughtFailure } from './schemaComposition';
import { placeOf } from './specPlaces';
import { objectsWithin, ValueBudget, ValuesSpent } from './valueBudget';

/** Something the platform's validation lets through but its page converter refuses, at a path of the spec. */
export interface ConverterProblem {
  path: Segment[];
  target: 'key' | 'value';
  message: string;
  /** The converter's own words. */
  platformMessage: string;
  /** The operation (`GET /users`) that gets no page for it, where the converter fails on it. */
  failsOperation?: string;
}

/**
 * What the platform's converter of an operation into its page (`@mintlify/validation`'s
 * OpenApiToEndpointConverter) refuses in a spec its validation accepts: security requirements
 * naming a scheme the spec does not define, or with no `components.securitySchemes` at all, and
 * HTTP schemes other than "basic" and "bearer" (written so, in lower case); code samples
 * (`x-codeSamples`) that are not a list of `lang` and `source` (dropped from the page); a schema
 * `type` it does not know (OpenAPI 3.1 lets any through): shown as any value, and a parameter's
 * fails the whole page. Not reported: JSON content without a `schema`, which the converter
 * reports but shows as any value (real sites have it by the thousand, their pages render).
 */
export function converterProblems(document: unknown): ConverterProblem[] {
  if (!isRecord(document)) return [];
  const problems: ConverterProblem[] = [...operationProblems(document)];
  const components = isRecord(document.components) ? document.components : {};
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : undefined;
  const used = new Set<string>();
  const checkRequirements = (requirements: unknown, path: Segment[], where: string) => {
    if (!Array.isArray(requirements)) return;
    requirements.forEach((requirement, index) => {
      if (!isRecord(requirement)) return;
      for (const name of Object.keys(requirement)) {
        used.add(name);
        if (!schemes) {
          problems.push({
            path: [...path, index, name],
            target: 'key',
            message: `${where} requires the security scheme "${name}", but the spec has no "components.securitySchemes": the platform's converter, which makes the operation's page, reports it as an error. Define the scheme there`,
            platformMessage: '#/components: securitySchemes not defined',
          });
        } else if (!(name in schemes)) {
          problems.push({
            path: [...path, index, name],
            target: 'key',
            message: `${where} requires the security scheme "${name}", which "components.securitySchemes" does not define: the platform's converter, which makes the operation's page, reports it as an error`,
            platformMessage: `#/components/securitySchemes: security scheme not defined: '${name}'`,
          });
        }
      }
    });
  };
  checkRequirements(document.security, ['security'], 'The spec');
  if (isRecord(document.paths)) {
    for (const [path, item] of Object.entries(document.paths)) {
      if (!isRecord(item)) continue;
      for (const method of httpMethods) {
        const operation = item[method];
        if (isRecord(operation)) checkRequirements(operation.security, ['paths', path, method, 'security'], `${method.toUpperCase()} ${path}`);
      }
    }
  }
  for (const [name, scheme] of Object.entries(schemes ?? {})) {
    if (!used.has(name) || !isRecord(scheme) || scheme.type !== 'http' || scheme.scheme === 'basic' || scheme.scheme === 'bearer') continue;
    const lower = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
    problems.push({
      path: ['components', 'securitySchemes', name, 'scheme'],
      target: 'value',
      message: `The platform's converter knows the HTTP schemes "basic" and "bearer" only, written so: it reports this one as an error on the pages of the operations that use "${name}"${lower === 'basic' || lower === 'bearer' ? `. Write "${lower}"` : ''}`,
      platformMessage: `${platformPath(['components', 'securitySchemes', name])}: encountered unknown HTTP security scheme: '${String(scheme.scheme)}'`,
    });
  }
  return problems;
}

/** How the platform's converter prints where a problem is: the path's parts joined by "/". */
function platformPath(path: readonly Segment[]): string {
  return ['#', ...path].map((part) => String(part).replace('\\', '\\\\').replace('/', '\\/')).join('/');
}

const knownSchemaTypes = new Set(['boolean', 'number', 'integer', 'string', 'array', 'object', 'null']);

/** A value, its `$ref` (to this document) followed, with the path where it is written. */
function followed(document: Record<string, unknown>, value: unknown, path: Segment[]): { value: unknown; path: Segment[] } {
  for (let hops = 0; hops < 16 && isRecord(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/'); hops++) {
    path = value.$ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    value = path.reduce<unknown>((at, segment) => (isRecord(at) ? at[segment] : undefined), document);
  }
  return { value, path };
}

/** The converter's problems in each operation: its code samples, its contents' schemas, and the types of every schema it reads. */
function operationProblems(document: Record<string, unknown>): ConverterProblem[] {
  const problems: ConverterProblem[] = [];
  const budget = new ValueBudget();
  const seenSchemas = new Set<unknown>();
  /** `parameterOf`: the operation whose parameter the schema is; the converter fails on it there. */
  const checkSchema = (schema: unknown, path: Segment[], depth: number, seen = seenSchemas, parameterOf?: string): void => {
    budget.spend();
    const at = followed(document, schema, path);
    if (!isRecord(at.value) || seen.has(at.value) || depth > 64) return;
    seen.add(at.value);
    const { value } = at;
    const types = Array.isArray(value.type) ? value.type.map((type, index) => ({ type, path: [...at.path, 'type', index] })) : [{ type: value.type, path: [...at.path, 'type'] }];
    for (const { type, path: typePath } of types) {
      if (type === undefined || (typeof type === 'string' && knownSchemaTypes.has(type))) continue;
      problems.push({
        path: typePath,
        target: 'value',
        message: `${capitalize(placeOf(typePath.slice(0, typePath[typePath.length - 1] === 'type' ? -1 : -2)))} has the type ${JSON.stringify(type)}, which the platform's converter does not know: ${parameterOf ? `it fails on it in a parameter, and ${parameterOf} gets no page` : 'it reports an error and shows any value'}. Use one of ${[...knownSchemaTypes].map((known) => `"${known}"`).join(', ')}`,
        platformMessage: `${platformPath(at.path)}: invalid schema type: ${String(type)}`,
        ...(parameterOf ? { failsOperation: parameterOf } : {}),
      });
    }
    if (isRecord(value.properties)) for (const [name, property] of Object.entries(value.properties)) checkSchema(property, [...at.path, 'properties', name], depth + 1, seen, parameterOf);
    for (const key of ['items', 'additionalProperties']) if (isRecord(value[key])) checkSchema(value[key], [...at.path, key], depth + 1, seen, parameterOf);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = value[key];
      if (Array.isArray(list)) list.forEach((item, index) => checkSchema(item, [...at.path, key, index], depth + 1, seen, parameterOf));
    }
  };
  let reductions: SchemaReductions | undefined;
  const checkContent = (holder: unknown, path: Segment[], converterPath: Segment[], location: 'request' | 'response', operation: string): void => {
    const at = followed(document, holder, path);
    if (!isRecord(at.value) || !isRecord(at.value.content)) return;
    for (const [contentType, media] of Object.entries(at.value.content)) {
      if (!isRecord(media) || media.schema === undefined) continue;
      const schemaPath = [...at.path, 'content', contentType, 'schema'];
      checkSchema(media.schema, schemaPath, 0);
      if (reductions) {
        const place = { written: schemaPath, converter: [...converterPath, 'content', contentType, 'schema'] };
        for (const caught of reductions.failures(media.schema, place, location, false)) problems.push(compositionProblem(document, caught, operation, false));
      }
    }
  };
  const checkParameters = (parameters: unknown, path: Segment[], converterPath: Segment[], operation: string): void => {
    if (!Array.isArray(parameters)) return;
    parameters.forEach((parameter, index) => {
      const at = followed(document, parameter, [...path, 'parameters', index]);
      if (!isRecord(at.value)) return;
      const place = { written: [...at.path, 'schema'], converter: [...converterPath, 'parameters', String(index), 'schema'] };
      if (at.value.schema === undefined) {
        problems.push(parameterWithoutSchema(at.value, at.path, place.converter, operation));
        return;
      }
      checkSchema(at.value.schema, place.written, 0, new Set(), operation);
      if (reductions) for (const caught of reductions.failures(at.value.schema, place, undefined, true)) problems.push(compositionProblem(document, caught, operation, true));
    });
  };
  const paths = isRecord(document.paths) ? document.paths : {};
  try {
    reductions = hasComposition(document, budget) ? new SchemaReductions(document, budget) : undefined;
    for (const [path, item] of Object.entries(paths)) {
      if (!isRecord(item)) continue;
      for (const method of httpMethods) {
        const operation = item[method];
        if (!isRecord(operation)) continue;
        const at: Segment[] = ['paths', path, method];
        const words = `${method.toUpperCase()} ${path}`;
        problems.push(...codeSampleProblems(operation, at, words));
        checkParameters(item.parameters, ['paths', path], ['paths', path], words);
        checkParameters(operation.parameters, at, at, words);
        checkContent(operation.requestBody, [...at, 'requestBody'], [...at, 'requestBody'], 'request', words);
        if (isRecord(operation.responses)) {
          for (const [status, response] of Object.entries(operation.responses)) checkContent(response, [...at, 'responses', status], [...at, 'responses', status], 'response', words);
        }
      }
    }
  } catch (error) {
    // Past the spec's value budget: the problems found until then.
    if (!(error instanceof ValuesSpent)) throw error;
  }
  return unique(problems);
}

/** Each problem once, however many operations reach the schema it is in. */
function unique(problems: ConverterProblem[]): ConverterProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = JSON.stringify([problem.path, problem.target, problem.message]);
    return !seen.has(key) && seen.add(key);
  });
}

/** Whether any schema of the document combines others: only then can the converter's reduction fail. */
function hasComposition(document: unknown, budget: ValueBudget): boolean {
  for (const value of objectsWithin(document, budget)) if (!Array.isArray(value) && ('allOf' in value || 'oneOf' in value || 'anyOf' in value)) return true;
  return false;
}

function parameterWithoutSchema(parameter: Record<string, unknown>, path: Segment[], converterPath: Segment[], operation: string): ConverterProblem {
  const name = typeof parameter.name === 'string' ? `"${parameter.name}"` : `${Number(path[path.length - 1]) + 1}`;
  const content = 'content' in parameter;
  return {
    path: content ? [...path, 'content'] : path,
    target: content ? 'key' : 'value',
    message: `Parameter ${name} of ${operation} has no "schema"${content ? ' (the platform reads no "content" of a parameter)' : ''}: the platform's converter fails on it, and ${operation} gets no page. Describe the parameter with "schema"`,
    platformMessage: `${platformPath(converterPath)}: schema undefined`,
    failsOperation: operation,
  };
}

const typeWords: Record<string, string> = { string: 'a string', object: 'an object', integer: 'an integer', number: 'a number', array: 'an array', boolean: 'a boolean', null: 'null' };
const typeInWords = (type: string) => typeWords[type] ?? `of type "${type}"`;

/** Where a conflict is inside the schemas combined: `property "address.city"`, `the items of property "tags"`. */
function withinWords(within: readonly Segment[]): string | undefined {
  if (within.length === 0) return undefined;
  let words = '';
  for (let index = 0; index < within.length; index++) {
    if (within[index] === 'properties') words = words ? `${words}.${String(within[++index])}` : `property "${String(within[++index])}`;
    else if (within[index] === 'items') words = words ? `the items of ${words}"` : 'the items';
    else words = words ? `the additional properties of ${words}"` : 'the additional properties';
  }
  return words.endsWith('"') ? words : words.startsWith('property') ? `${words}"` : words;
}

/** A schema the converter's reduction cannot hold, at the value that conflicts, with what it costs the page. */
function compositionProblem(document: Record<string, unknown>, { failure, caughtAt, shownAt }: CaughtFailure, operation: string, strict: boolean): ConverterProblem {
  const { at, kind, member, list, types, within } = failure;
  const [first, second] = types.map(typeInWords);
  const inside = withinWords(within);
  const schema = valueAt(document, at);
  const place = schemaPlace(at);
  let reason: string;
  let where: { path: Segment[]; target: 'key' | 'value' };
  let fix: string;
  if (kind === 'allOf' && member !== undefined) {
    const before = member === 1 ? 'item 1' : `items 1 to ${member}`;
    reason = inside
      ? `The allOf of ${place} cannot hold: ${inside} is ${second} in its item ${member + 1} and ${first} in ${before}`
      : `The allOf of ${place} cannot hold: its item ${member + 1} is ${second} and ${before} ${member === 1 ? 'is' : 'make it'} ${first}`;
    const item = [...at, 'allOf', member];
    const written = valueAt(document, item);
    where = isRecord(written) && '$ref' in written ? { path: [...item, '$ref'], target: 'value' } : isRecord(written) && 'type' in written ? { path: [...item, 'type'], target: 'value' } : { path: item, target: 'value' };
    fix = 'Make the items agree, or use oneOf where either may be given';
  } else if (kind === 'options' && list) {
    const count = Array.isArray(schema?.[list]) ? (schema[list] as unknown[]).length : 0;
    reason = `None of the ${count === 1 ? 'options' : `${count} options`} of the ${list} of ${place} can hold (the first would make ${inside ?? 'it'} both ${first} and ${second})`;
    where = { path: [...at, list], target: 'key' };
    fix = 'Fix the options that cannot hold';
  } else {
    const parts = ['type', 'nullable', 'oneOf', 'anyOf', 'allOf'].filter((key) => schema && key in schema);
    reason = `${capitalize(place)} cannot hold: its ${quoteList(parts, 'and')} make ${inside ?? 'it'} both ${first} and ${second}`;
    where = schema && 'type' in schema ? { path: [...at, 'type'], target: 'value' } : { path: [...at, parts[0] ?? 'type'], target: 'key' };
    fix = 'Make them agree';
  }
  const cost = strict
    ? `the platform's converter fails on it, and ${operation} gets no page`
    : caughtAt === 'additionalProperties'
      ? `the platform's converter drops them, and the page says ${schemaPlace(shownAt)} allows no other properties`
      : `the platform's converter reports an error and shows ${schemaPlace(shownAt)} as any value`;
  return {
    ...where,
    message: `${reason}: ${cost}. ${fix}`,
    platformMessage: `${platformPath(failure.converterPath)}: ${failure.converterMessage}`,
    ...(strict ? { failsOperation: operation } : {}),
  };
}

/** A schema's place in words, its items and additional properties named (`placeOf` passes over them). */
function schemaPlace(path: readonly Segment[]): string {
  const last = path[path.length - 1];
  if (last === 'items') return `the items of ${schemaPlace(path.slice(0, -1))}`;
  if (last === 'additionalProperties') return `the additional properties of ${schemaPlace(path.slice(0, -1))}`;
  return placeOf(path);
}

function valueAt(document: unknown, path: readonly Segment[]): Record<string, unknown> | undefined {
  const value = path.reduce<unknown>((at, segment) => (isRecord(at) || Array.isArray(at) ? (at as Record<string, unknown>)[segment] : undefined), document);
  return isRecord(value) ? value : undefined;
}

/** Code samples (`x-codeSamples`, or `x-code-samples`) must be a list of objects with a `lang` and a `source` text. */
function codeSampleProblems(operation: Record<string, unknown>, path: Segment[], where: string): ConverterProblem[] {
  const key = 'x-codeSamples' in operation ? 'x-codeSamples' : 'x-code-samples' in operation ? 'x-code-samples' : undefined;
  if (key === undefined) return [];
  const samples = operation[key];
  if (!Array.isArray(samples)) {
    return [
      {
        path: [...path, key],
        target: 'value',
        message: `"${key}" of ${where} must be a list of code samples, each with a "lang" and a "source": the platform's converter reports an error and shows none of them`,
        platformMessage: `${platformPath([...path, key])}: ${key} must be an array`,
      },
    ];
  }
  return samples.flatMap((sample, index): ConverterProblem[] => {
    if (isRecord(sample) && typeof sample.lang === 'string' && typeof sample.source === 'string') return [];
    const missing = isRecord(sample) ? ['lang', 'source'].filter((field) => typeof sample[field] !== 'string') : ['lang', 'source'];
    return [
      {
        path: [...path, key, index],
        target: 'value',
        message: `Code sample ${index + 1} of ${where} needs ${missing.map((field) => `"${field}"`).join(' and ')} as text: the platform's converter reports an error and leaves it out of the page`,
        platformMessage: `${platformPath([...path, key])}: invalid code sample`,
      },
    ];
  });
}
