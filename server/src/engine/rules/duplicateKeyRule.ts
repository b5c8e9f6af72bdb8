import { duplicateKeysOf } from '../json/duplicateKeys';
import { LineIndex } from '../json/lineIndex';
import { Cursor } from '../model/cursor';
import { plural } from '../text';
import type { DocsJsonRule } from './rule';

/**
 * A key written twice in one object, in the docs.json and in each file a "$ref" pulls in: the site
 * reads only the last one and drops the others without a word. Each one it drops is reported.
 */
export const duplicateKeyRule: DocsJsonRule = {
  codes: ['schema/duplicate-key'],
  start: (ctx) => ({
    document(document) {
      const duplicates = duplicateKeysOf(document.json);
      if (duplicates.length === 0) return;
      const cursor = new Cursor(document.json.value, document, []);
      const lines = new LineIndex(document.json.text);
      for (const { key, range, kept, count } of duplicates) {
        ctx.report({
          cursor,
          target: 'key',
          range,
          code: 'schema/duplicate-key',
          message: `"${key}" is written ${plural(count, 'time')} in this object: the site reads only the last one, on line ${lines.position(kept.start).line + 1}, and ignores this one. Merge them into the last one, or remove this one`,
          unnecessary: true,
        });
      }
    },
  }),
};
