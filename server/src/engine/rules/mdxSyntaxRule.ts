import type { SiteRule } from '../pages/siteCheck';
import { syntaxProblem } from '../pages/mdx/syntaxProblem';

/**
 * Each page and Markdown snippet parses as MDX the way the platform parses it (pages/mdx/): a page
 * it cannot parse gets the platform's first error, one diagnostic, in a writer's words.
 */
export const mdxSyntaxRule: SiteRule = {
  codes: ['mdx/syntax'],
  start(ctx) {
    return {
      page(page) {
        const { error } = page.mdxFacts;
        if (!error) return;
        const problem = syntaxProblem(page.text, error);
        ctx.report(page.file, { ...problem, code: 'mdx/syntax', data: { platformLine: error.start.line, platformColumn: error.start.column, platformReason: error.reason } });
      },
    };
  },
};
