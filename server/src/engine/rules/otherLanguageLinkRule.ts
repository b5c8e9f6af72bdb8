import { shownLinks } from '../components/droppedElements';
import type { Suggestion } from '../diagnostic';
import { sameContent, siteLanguages, type SiteLanguages } from '../pages/languages';
import type { PageModel } from '../pages/pageModel';
import type { PageReference } from '../pages/scanPage';
import type { SiteCheckContext, SiteRule } from '../pages/siteCheck';
import { quote } from '../text';

/**
 * A link from a page of one language of the navigation to a page of another: the platform shows
 * the linked page with its own language's navigation, so the reader leaves the language they
 * read in. A link to the page's own version in another language ("read the original") is meant.
 */
export const otherLanguageLinkRule: SiteRule = {
  codes: ['translation/other-language-link'],
  start(ctx) {
    const languages = siteLanguages(ctx.graph);
    return {
      page(page) {
        if (!languages) return;
        const own = languages.languageOfFile(page.file);
        if (own === undefined) return;
        for (const reference of shownLinks(page)) if (reference.kind !== 'image') checkLink(ctx, languages, page, own, reference);
      },
    };
  },
};

function checkLink(ctx: SiteCheckContext, languages: SiteLanguages, page: PageModel, own: string, reference: PageReference): void {
  const resolution = ctx.graph.resolveLink(reference.target, page.file);
  if (resolution.kind !== 'found' || resolution.route.kind !== 'page') return;
  const target = resolution.route.file;
  const other = languages.languageOfFile(target);
  if (other === undefined || other === own) return;
  if (sameContent(languages.pathOfFile(target)!, languages.pathOfFile(page.file)!)) return;
  const inOwn = languages.counterpart(languages.pathOfFile(target)!, own);
  const ownFile = languages.counterpartFile(target, own);
  ctx.report(page.file, {
    range: reference.range,
    code: 'translation/other-language-link',
    message: `Link ${quote(reference.target)} leads to a page of "${other}" from this page of "${own}": readers leave their language there${
      ownFile ? `. Link to the "${own}" version, "/${inOwn}"` : ` (no "${own}" version of it is in "${own}"'s navigation)`
    }`,
    suggestions: ownFile ? [fixTo(ctx, inOwn!, ownFile, resolution.fragment, reference.target)] : undefined,
  });
}

/**
 * The link written to the page's version in the link's language, its query and fragment kept. Left
 * to the writer (not applied by `--fix`) when that version does not have the fragment: the heading
 * that makes it may have been translated.
 */
function fixTo(ctx: SiteCheckContext, path: string, file: string, fragment: string | undefined, written: string): Suggestion {
  const replacement = `/${path}${written.slice(written.search(/[?#]|$/))}`;
  const keepsAnchor = fragment === undefined || fragment === '' || ctx.graph.resolveAnchor({ kind: 'page', file }, fragment).kind !== 'missing';
  return { title: `Change to "${replacement}"`, replacement, ...(keepsAnchor ? {} : { preferred: false }) };
}
