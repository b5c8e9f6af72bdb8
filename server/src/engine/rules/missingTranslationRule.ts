import { siteLanguages } from '../pages/languages';
import type { SiteRule } from '../pages/siteCheck';
import { plural } from '../text';

/** The most missing pages a message names; the rest are counted. */
const namedAtMost = 10;

/**
 * The pages of the default language that another language of the navigation has no version of:
 * one summary for each language, at its entry in `languages`. The platform's language switcher
 * then takes the reader to another page of that language (its first, or the first of the group).
 */
export const missingTranslationRule: SiteRule = {
  codes: ['translation/missing-pages'],
  start(ctx) {
    return {
      site() {
        const languages = siteLanguages(ctx.graph);
        if (!languages) return;
        const { defaultLanguage } = languages;
        const defaultPaths = languages.pathCount(defaultLanguage.code);
        for (const { code, element } of languages.languages) {
          if (code === defaultLanguage.code) continue;
          const missing = languages.missingIn(code);
          // No page paired at all: the site does not write a language's pages as its code and the same path ("v1/zh/x"), which the switcher does not pair either.
          if (missing.length === 0 || missing.length === defaultPaths) continue;
          const { document, path } = element.cursor;
          const [range] = document.json.locate([{ path: [...path, 'language'], target: 'value' }]);
          const named = missing.slice(0, namedAtMost).join(', ');
          const rest = missing.length > namedAtMost ? `, and ${missing.length - namedAtMost} more` : '';
          ctx.report(document.path, {
            range: range ?? { start: 0, end: 0 },
            code: 'translation/missing-pages',
            message: `${plural(missing.length, 'page')} of "${defaultLanguage.code}" (the default language) ${missing.length === 1 ? 'has' : 'have'} no "${code}" version in this language's navigation: ${named}${rest}. The language switcher takes readers of ${missing.length === 1 ? 'it' : 'them'} to another "${code}" page`,
            data: { language: code, missing },
          });
        }
      },
    };
  },
};
