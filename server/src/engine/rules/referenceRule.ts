import type { DocsJsonRule } from './rule';

/** A "$ref" must name a file of the docs folder that exists and does not lead back to itself. */
export const referenceRule: DocsJsonRule = {
  codes: ['ref/remote', 'ref/outside-root', 'ref/cycle', 'ref/missing-file'],
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
      }
    },
  }),
};
