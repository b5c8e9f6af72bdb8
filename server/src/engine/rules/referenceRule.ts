import { REF_BUDGET } from '../checkContext';
import type { DocsJsonRule } from './rule';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MB`;

/** A "$ref" must name a file of the docs folder that exists and does not lead back to itself. */
export const referenceRule: DocsJsonRule = {
  codes: ['ref/remote', 'ref/outside-root', 'ref/cycle', 'ref/missing-file', 'ref/fan-out'],
  start: (ctx) => ({
    brokenReference(broken) {
      const at = { cursor: broken.cursor, subPath: ['$ref'], target: 'value' as const };
      switch (broken.kind) {
        case 'url':
          ctx.report({ ...at, code: 'ref/remote', message: `"$ref" must be a file in the docs folder, not a URL: ${broken.reference}` });
          break;
        case 'outside':
          ctx.report({ ...at, code: 'ref/outside-root', message: `"$ref" points outside the docs root (${broken.reason}); it is not read` });
          break;
        case 'cycle':
          ctx.report({ ...at, code: 'ref/cycle', message: `"$ref" to ${broken.path} makes a cycle: ${[...broken.cursor.refChain, broken.path].join(' → ')}` });
          break;
        case 'missing':
          ctx.report({ ...at, code: 'ref/missing-file', message: `"$ref" file not found: ${broken.path}` });
          break;
        case 'budget':
          ctx.report({
            ...at,
            code: 'ref/fan-out',
            message:
              `"$ref" to ${broken.path} is not followed: this check has already followed ${(broken.follows - 1).toLocaleString('en-US')} "$ref"s (${megabytes(broken.bytes)} read), ` +
              `more than a check allows (${REF_BUDGET.follows.toLocaleString('en-US')} or ${megabytes(REF_BUDGET.bytes)}). Files that refer to the same file several times multiply: refer to each file once.`,
          });
          break;
      }
    },
  }),
};
