import { isVoidElement } from '../pages/mdx/voidElements';
import { tagContextAt } from './tagContext';

/**
 * The closing tag to insert after a `>` just typed at `offset` (the offset after it), when that
 * `>` ends an opening tag (`<Card title="x">` gives `</Card>`); undefined after a self-closing
 * tag, a closing tag, an HTML void element (`<br>`: MDX wants `<br />`, which the syntax check
 * says), or a `>` that ends no tag.
 */
export function closingTagAt(text: string, offset: number): string | undefined {
  if (text[offset - 1] !== '>' || text[offset - 2] === '/') return undefined;
  const context = tagContextAt(text, offset - 1);
  if (!context) return undefined;
  const name = context.kind === 'name' ? context.typed : context.kind === 'prop' ? context.tag : undefined;
  if (!name || context.kind === 'name' && context.range.end !== offset - 1 || isVoidElement(name)) return undefined;
  // Already closed right after the cursor (the closing tag was typed or inserted before).
  if (text.startsWith(`</${name}>`, offset)) return undefined;
  return `</${name}>`;
}
