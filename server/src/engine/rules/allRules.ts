import type { ConfigRule } from '../config/configCheck';
import type { SiteRule } from '../pages/siteCheck';
import { accessibilityRule } from './accessibilityRule';
import { componentRule } from './componentRule';
import { configRule } from './configRule';
import { unusedIgnoreRule } from './unusedIgnoreRule';
import { contrastRule } from './contrastRule';
import { droppedKeyRule } from './droppedKeyRule';
import { duplicateKeyRule } from './duplicateKeyRule';
import { frontmatterRule } from './frontmatterRule';
import { iconRule } from './iconRule';
import { jsonRule } from './jsonRule';
import { linkRule } from './linkRule';
import { mdxSyntaxRule } from './mdxSyntaxRule';
import { missingTranslationRule } from './missingTranslationRule';
import { navigationRule } from './navigationRule';
import { openapiRule } from './openapiRule';
import { openapiSpecRule } from './openapiSpecRule';
import { orphanRule } from './orphanRule';
import { otherLanguageLinkRule } from './otherLanguageLinkRule';
import { pageReadRule } from './pageReadRule';
import { pageRule } from './pageRule';
import { redirectRule } from './redirectRule';
import { referenceRule } from './referenceRule';
import type { DocsJsonRule, Rule } from './rule';
import { remoteSpecRule } from './remoteSpecRule';
import { schemaRule } from './schemaRule';
import { suppressionRule } from './suppressionRule';

/** The rules of docs.json (and its "$ref" files), in the order each event reaches them: run by every check and re-check. */
export const docsJsonRules: readonly DocsJsonRule[] = [jsonRule, referenceRule, schemaRule, droppedKeyRule, duplicateKeyRule, navigationRule, pageRule, openapiRule, iconRule, contrastRule];

/**
 * The site rules that report on pages: run over every page, or over the one being edited. The
 * suppression rule is last: it takes away what the others found that a page's comments suppress.
 */
export const pageRules: readonly SiteRule[] = [pageReadRule, frontmatterRule, linkRule, orphanRule, mdxSyntaxRule, componentRule, accessibilityRule, otherLanguageLinkRule, suppressionRule];

/** The site rules that report on docs.json and the specs it declares: run once over the site after each check of docs.json. */
export const docsJsonSiteRules: readonly SiteRule[] = [redirectRule, openapiSpecRule, remoteSpecRule, missingTranslationRule];

/** The rules of docsjson.config.json. */
export const configRules: readonly ConfigRule[] = [configRule, unusedIgnoreRule];

/** Every rule: each code of codes.ts is reported by exactly one of them. */
export const allRules: readonly Rule<never, unknown>[] = [...docsJsonRules, ...pageRules, ...docsJsonSiteRules, ...configRules];
