/** An OpenAPI spec whose lists `x-l1` … `x-l<levels>` are each ten aliases of the one before (10^levels values), the last used by its one operation's schema, of a type the converter does not know. */
export function aliasBomb(levels: number): string {
  const lines = ['openapi: 3.1.0', 'info: { title: T, version: "1" }', 'x-l0: &l0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]'];
  for (let level = 1; level <= levels; level++) lines.push(`x-l${level}: &l${level} [${Array(10).fill(`*l${level - 1}`).join(', ')}]`);
  lines.push('paths:', '  /users:', '    get:', '      responses:', '        "200":', '          description: OK', '          content:', '            application/json:', `              schema: { type: strng, x-bomb: *l${levels}, properties: { all: { type: array, items: { $ref: "#/x-l${levels}" } } } }`, '');
  return lines.join('\n');
}
