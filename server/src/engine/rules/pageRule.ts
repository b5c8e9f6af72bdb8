import { codes } from '../codes';
import { isOperationEntry, pagePath } from '../model/pageReference';
import { pageCursor } from '../model/navigationModel';
import { pageExtensions } from '../site/fileIndex';
import { isExternalUrl } from '../site/references';
import { didYouMean } from '../suggest';
import type { DocsJsonRule } from './rule';

/**
 * A page entry names a file under the docs root, written without its extension. Entries that
 * name an API operation are the OpenAPI rule's.
 */
export const pageRule: DocsJsonRule = {
  codes: ['ref/outside-root', 'ref/empty-page', 'ref/page-extension', 'ref/missing-page'],
  start: (ctx) => ({
    page(owner, index, value) {
      const files = ctx.host.files;
      // The index holds normalised paths only, so a hit needs no further checks.
      if (files.hasPage(value) || (value.charCodeAt(0) === 47 && files.hasPage(value.slice(1)))) return;
      if (isOperationEntry(value) || isExternalUrl(value)) return;
      const page = pagePath(value);
      if (page.kind === 'url') return;
      const cursor = pageCursor(owner, index);
      if (page.kind === 'outside') {
        ctx.report({ cursor, target: 'value', code: 'ref/outside-root', message: `Page "${value}" is outside the docs root (${page.reason}); it is not read` });
        return;
      }
      if (page.path === '') {
        ctx.report({ cursor, target: 'value', code: 'ref/empty-page', message: 'A page entry must not be empty' });
        return;
      }
      if (page.extension) {
        ctx.report({
          cursor,
          target: 'value',
          code: 'ref/page-extension',
          message: `Write page paths without the extension: "${page.path}"`,
          suggestions: [{ title: `Change to "${page.path}"`, replacement: JSON.stringify(page.path) }],
        });
      }
      const severity = ctx.options.missingPageSeverity ?? codes['ref/missing-page'].severity;
      if (files.hasPage(page.path) || severity === 'off') return;
      if (pageExtensions.some((ext) => files.escapingLinks.has(page.path + ext))) {
        ctx.report({ cursor, target: 'value', code: 'ref/outside-root', message: `Page "${value}" is a link to a file outside the docs root; it is not read` });
        return;
      }
      const suggestion = didYouMean(page.path, files.pagesInFolderOf(page.path));
      ctx.report({
        cursor,
        target: 'value',
        severity,
        code: 'ref/missing-page',
        message: `Page "${value}" not found: there is no ${page.path}.mdx or ${page.path}.md${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
        suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: JSON.stringify(suggestion) }] : undefined,
        data: { page: page.path, file: `${page.path}.mdx` },
      });
    },
  }),
};
