import { isRecord } from '../model/cursor';
import { capitalize } from '../text';
import { httpMethods } from './loadedSpec';
import type { Segment } from './platformValidation';
import { placeOf } from './specPlaces';

/** Something the platform's validation lets through but its page converter refuses, at a path of the spec. */
export interface ConverterProblem {
  path: Segment[];
  target: 'key' | 'value';
  message: string;
  /** The converter's own words. */
  platformMessage: string;
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
            platformMessage: '#.components: securitySchemes not defined',
          });
        } else if (!(name in schemes)) {
          problems.push({
            path: [...path, index, name],
            target: 'key',
            message: `${where} requires the security scheme "${name}", which "components.securitySchemes" does not define: the platform's converter, which makes the operation's page, reports it as an error`,
            platformMessage: `#.components.securitySchemes: security scheme not defined: '${name}'`,
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
      platformMessage: `#.components.securitySchemes.${name}: encountered unknown HTTP security scheme: '${String(scheme.scheme)}'`,
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
  const seenSchemas = new Set<unknown>();
  const checkSchema = (schema: unknown, path: Segment[], depth: number): void => {
    const at = followed(document, schema, path);
    if (!isRecord(at.value) || seenSchemas.has(at.value) || depth > 64) return;
    seenSchemas.add(at.value);
    const { value } = at;
    const types = Array.isArray(value.type) ? value.type.map((type, index) => ({ type, path: [...at.path, 'type', index] })) : [{ type: value.type, path: [...at.path, 'type'] }];
    for (const { type, path: typePath } of types) {
      if (type === undefined || (typeof type === 'string' && knownSchemaTypes.has(type))) continue;
      problems.push({
        path: typePath,
        target: 'value',
        message: `${capitalize(placeOf(typePath.slice(0, typePath[typePath.length - 1] === 'type' ? -1 : -2)))} has the type ${JSON.stringify(type)}, which the platform's converter does not know: it reports an error and shows any value (for a parameter, the operation gets no page). Use one of ${[...knownSchemaTypes].map((known) => `"${known}"`).join(', ')}`,
        platformMessage: `${platformPath(at.path)}: invalid schema type: ${String(type)}`,
      });
    }
    if (isRecord(value.properties)) for (const [name, property] of Object.entries(value.properties)) checkSchema(property, [...at.path, 'properties', name], depth + 1);
    for (const key of ['items', 'additionalProperties']) if (isRecord(value[key])) checkSchema(value[key], [...at.path, key], depth + 1);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = value[key];
      if (Array.isArray(list)) list.forEach((item, index) => checkSchema(item, [...at.path, key, index], depth + 1));
    }
  };
  const checkContent = (holder: unknown, path: Segment[]): void => {
    const at = followed(document, holder, path);
    if (!isRecord(at.value) || !isRecord(at.value.content)) return;
    for (const [contentType, media] of Object.entries(at.value.content)) {
      if (isRecord(media) && media.schema !== undefined) checkSchema(media.schema, [...at.path, 'content', contentType, 'schema'], 0);
    }
  };
  const checkParameters = (parameters: unknown, path: Segment[]): void => {
    if (!Array.isArray(parameters)) return;
    parameters.forEach((parameter, index) => {
      const at = followed(document, parameter, [...path, 'parameters', index]);
      if (isRecord(at.value) && at.value.schema !== undefined) checkSchema(at.value.schema, [...at.path, 'schema'], 0);
    });
  };
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    checkParameters(item.parameters, ['paths', path]);
    for (const method of httpMethods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const at: Segment[] = ['paths', path, method];
      problems.push(...codeSampleProblems(operation, at, `${method.toUpperCase()} ${path}`));
      checkParameters(operation.parameters, at);
      checkContent(operation.requestBody, [...at, 'requestBody']);
      if (isRecord(operation.responses)) {
        for (const [status, response] of Object.entries(operation.responses)) checkContent(response, [...at, 'responses', status]);
      }
    }
  }
  return problems;
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
