import { childCursor, isRecord, type Cursor } from '../model/cursor';
import type { CheckContext } from '../checkContext';
import type { DocsJsonRule } from './rule';

/**
 * Keys the site drops without a word because another key beside them wins, where the schema alone
 * cannot say so: "fonts" with "family" beside "heading"/"body" keeps only the family.
 */
export const droppedKeyRule: DocsJsonRule = {
  codes: ['schema/dropped-key'],
  start: (ctx) => ({
    root(root) {
      checkFonts(ctx, root);
    },
    topLevelMember(root, key) {
      if (key === 'fonts') checkFonts(ctx, root);
    },
  }),
};

function checkFonts(ctx: CheckContext, root: Cursor): void {
  if (!isRecord(root.value)) return;
  const fonts = root.value.fonts;
  if (!isRecord(fonts) || !('family' in fonts)) return;
  const cursor = childCursor(root, 'fonts', fonts);
  for (const key of ['heading', 'body']) {
    if (!(key in fonts)) continue;
    ctx.report({
      cursor,
      subPath: [key],
      target: 'key',
      code: 'schema/dropped-key',
      message: `"fonts.${key}" is dropped by the site: beside "fonts.family" only the family is read, for all text. Move "family" into "heading" and "body" to set both`,
    });
  }
}
