/** HTML's void elements: HTML writes them without a closing tag, MDX must close them (`<br />`). */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

export function isVoidElement(name: string): boolean {
  return VOID_ELEMENTS.has(name.toLowerCase());
}
