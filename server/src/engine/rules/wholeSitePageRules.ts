import type { SiteRule } from '../pages/siteCheck';
import { orphanRule } from './orphanRule';

/** The page rules that report only when every page is checked: the orphan rule needs every page's links. */
export const wholeSitePageRules: readonly SiteRule[] = [orphanRule];

/** The codes only a check of every page reports: a check of some pages keeps them from the last check of all. */
export const wholeSiteCodes: ReadonlySet<string> = new Set(wholeSitePageRules.flatMap((rule) => rule.codes));
