import type { OffsetRange } from '../json/path';
import type { SiteRule } from '../pages/siteCheck';

/**
 * A page that could not be read or checked gets one problem that says so, on its first line: its
 * parse outlasted the time limit (`mdx/too-slow`), or the check threw on it (`page/check-failed`).
 * The rules that read the parse find nothing in such a page (its facts are an empty page's); the
 * scanner's findings (links, headings) stay, and the other pages are checked.
 */
export const pageReadRule: SiteRule = {
  codes: ['mdx/too-slow', 'page/check-failed'],
  start(ctx) {
    const failed = (file: string, text: string, reason: string) =>
      ctx.report(file, { range: firstLine(text), code: 'page/check-failed', message: `This page could not be checked in full: ${reason} (an internal error of docsjson)` });
    return {
      page(page) {
        const facts = page.mdxFacts;
        const unread = facts.error ? undefined : facts.unread;
        if (unread?.reason === 'time-limit') {
          const message = `This page takes too long to read (over ${seconds(unread.limitMs)}): the platform's build may time out on it. Its components and images are not checked`;
          ctx.report(page.file, { range: firstLine(page.text), code: 'mdx/too-slow', message });
        } else if (unread) failed(page.file, page.text, unread.message);
      },
      pageFailed(page, error) {
        failed(page.file, page.text, error instanceof Error ? error.message : String(error));
      },
    };
  },
};

function firstLine(text: string): OffsetRange {
  const end = text.search(/\r?\n/);
  return { start: 0, end: end < 0 ? text.length : end };
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
