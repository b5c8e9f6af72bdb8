import { isRecord } from '../model/cursor';
import { httpMethods } from './loadedSpec';
import type { Segment } from './platformValidation';

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
 * HTTP schemes other than "basic" and "bearer" (written so, in lower case).
 */
export function converterProblems(document: unknown): ConverterProblem[] {
  if (!isRecord(document)) return [];
  const problems: ConverterProblem[] = [];
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
