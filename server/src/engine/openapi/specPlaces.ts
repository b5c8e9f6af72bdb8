import { httpMethods } from './loadedSpec';
import type { Segment } from './platformValidation';

const componentKinds: Record<string, string> = {
  schemas: 'schema',
  responses: 'response',
  parameters: 'parameter',
  requestBodies: 'request body',
  headers: 'header',
  securitySchemes: 'security scheme',
  examples: 'example',
  links: 'link',
  callbacks: 'callback',
  pathItems: 'path item',
};

/** A value's place in a spec, in words: `the 200 response schema of GET /users`, `property "name" of schema "User"`. */
export function placeOf(path: readonly Segment[]): string {
  const at = path.map(String);
  let owner: string | undefined;
  let rest: string[];
  if ((at[0] === 'paths' || at[0] === 'webhooks') && at.length >= 2) {
    const method = at[2] && (httpMethods as readonly string[]).includes(at[2]) ? at[2] : undefined;
    owner = method ? `${at[0] === 'webhooks' ? 'webhook' : method.toUpperCase()} ${at[1]}` : `path "${at[1]}"`;
    rest = at.slice(method ? 3 : 2);
  } else if (at[0] === 'components' && at.length >= 3) {
    owner = `${componentKinds[at[1]] ?? at[1]} "${at[2]}"`;
    rest = at.slice(3);
  } else {
    return at.length === 0 ? 'the spec' : `"${at.join('.')}"`;
  }
  let part: string | undefined;
  let schema = false;
  const properties: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const segment = rest[index];
    if (segment === 'responses' && rest[index + 1] !== undefined && !schema) part = `the ${rest[++index]} response`;
    else if (segment === 'requestBody' && !schema) part = 'the request body';
    else if (segment === 'parameters' && rest[index + 1] !== undefined && !schema) part = `parameter ${Number(rest[++index]) + 1}`;
    else if (segment === 'content' && rest[index + 1] !== undefined) index++;
    else if (segment === 'schema') schema = true;
    else if (segment === 'properties' && rest[index + 1] !== undefined) properties.push(rest[++index]);
    else if (segment !== 'items' && segment !== 'allOf' && segment !== 'oneOf' && segment !== 'anyOf' && !/^\d+$/.test(segment)) properties.push(segment);
  }
  const subject = schema ? (part ? `${part} schema` : 'the schema') : part;
  const words = [properties.length > 0 ? `${schema || (at[0] === 'components' && at[1] === 'schemas') ? 'property' : 'field'} "${properties.join('.')}"` : undefined, subject, owner].filter(Boolean);
  return words.join(' of ');
}
