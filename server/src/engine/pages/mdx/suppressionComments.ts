import type { RootContent } from 'mdast';
import type { OffsetRange } from '../../json/path';
import { treeNodes } from './treeNodes';

/** What a suppression comment does: the findings of the line after it, of its own line, or from it to the `enable` that ends it. */
export const suppressionKinds = ['disable-next-line', 'disable-line', 'disable', 'enable'] as const;
export type SuppressionKind = (typeof suppressionKinds)[number];

/** A `{/* docsjson-disable… *\/}` comment of a page, as its parse reads it (one in a code block is code, not a comment). */
export interface SuppressionComment {
  kind: SuppressionKind;
  /** The codes it names; none: every code. */
  codes: string[];
  /** The whole `{…}` expression. */
  range: OffsetRange;
}

/** `/* docsjson-<kind> code, code -- why *\/`, the only thing in its expression. */
const directive = /^\s*\/\*\s*docsjson-(disable-next-line|disable-line|disable|enable)(?:\s+([\s\S]*?))?\s*\*\/\s*$/;

/** The suppression comments among some nodes of a page's tree (and the nodes they hold), in document order. */
export function suppressionComments(nodes: readonly RootContent[]): SuppressionComment[] {
  const comments: SuppressionComment[] = [];
  for (const node of treeNodes(nodes)) {
    if (node.type !== 'mdxFlowExpression' && node.type !== 'mdxTextExpression') continue;
    const match = directive.exec(node.value);
    if (!match || match[2]?.includes('*/') || !node.position) continue;
    comments.push({ kind: match[1] as SuppressionKind, codes: codesOf(match[2] ?? ''), range: { start: node.position.start.offset!, end: node.position.end.offset! } });
  }
  return comments;
}

/** The codes a comment names: separated by commas or spaces, before a ` -- ` that starts the reason. */
function codesOf(text: string): string[] {
  const [named] = text.split(/(?:^|\s)--(?:\s|$)/, 1);
  return named.split(/[\s,]+/).filter((code) => code !== '');
}
