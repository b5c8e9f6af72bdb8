import { codes } from '../codes';
import type { SuppressionComment, SuppressionKind } from '../pages/mdx/suppressionComments';
import type { SiteRule } from '../pages/siteCheck';
import { suppressFindings, type UnusedSuppression } from '../pages/suppressions';
import { didYouMean } from '../suggest';
import { wholeSiteCodes } from './wholeSitePageRules';

/**
 * A page's `{/* docsjson-disable… *\/}` comments (read from its parse: one in a code block is
 * code) take away what the other page rules found where they say, once every page was checked;
 * each code of a comment that suppressed nothing is reported, as ESLint reports unused disable
 * directives. A check of some pages cannot tell whether a comment suppresses what only a check of
 * every page finds (orphans): it leaves those to that check.
 */
export const suppressionRule: SiteRule = {
  codes: ['suppress/unused'],
  start(ctx) {
    const pages: { file: string; text: string; comments: SuppressionComment[] }[] = [];
    return {
      page(page) {
        const facts = page.mdxFacts;
        if (!facts.error && facts.suppressions.length > 0) pages.push({ file: page.file, text: page.text, comments: facts.suppressions });
      },
      site() {
        for (const { file, text, comments } of pages) {
          const { kept, unused } = suppressFindings(text, comments, ctx.diagnostics.get(file) ?? []);
          ctx.keepOnly(file, kept);
          for (const suppression of unused) {
            const wholeSite = suppression.code !== undefined && wholeSiteCodes.has(suppression.code);
            if (wholeSite && !ctx.wholeSite) continue;
            ctx.report(file, {
              range: suppression.comment.range,
              code: 'suppress/unused',
              message: unusedMessage(suppression),
              suggestions: [{ title: 'Remove the unused suppression comment', replacement: '' }],
              ...(wholeSite ? { data: { wholeSite: true } } : {}),
            });
          }
        }
      },
    };
  },
};

const where: Record<Exclude<SuppressionKind, 'enable'>, string> = {
  'disable-next-line': 'on the next line',
  'disable-line': 'on this line',
  disable: 'from here to its "docsjson-enable" or the end of the page',
};

function unusedMessage({ comment, code }: UnusedSuppression): string {
  const named = code === undefined ? '' : ` "${code}"`;
  const known = code === undefined || Object.hasOwn(codes, code);
  const suggestion = known ? undefined : didYouMean(code, Object.keys(codes));
  const unknown = known ? '' : `. No check has the code "${code}"${suggestion ? `: did you mean "${suggestion}"?` : ''}`;
  if (comment.kind === 'enable') return `Unused "docsjson-enable": no "docsjson-disable"${named} is in effect here${unknown}`;
  return `Unused suppression: no${named} finding ${where[comment.kind]}${unknown}`;
}
