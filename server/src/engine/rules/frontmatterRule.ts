import type { CheckResult } from '../checkResult';
import { codes, type Code } from '../codes';
import type { Diagnostic, Severity } from '../diagnostic';
import type { IconLibrary } from '../icons/iconNames';
import type { OffsetRange } from '../json/path';
import { parseOperation } from '../model/pageReference';
import { discoverSpecs } from '../openapi/discoveredSpecs';
import type { SpecStatus } from '../openapi/loadSpec';
import type { Frontmatter, FrontmatterError, FrontmatterField } from '../pages/frontmatter';
import { SiteFiles } from '../pages/siteFiles';
import { definition } from '../schema/schema';
import { didYouMean } from '../suggest';
import { quote, quoteList } from '../text';
import { iconCheck, iconProblem, pageIconSeverity, type IconCheck } from './iconRule';
import type { SiteRule } from '../pages/siteCheck';
import { checkPageOperation, type PageOperationSite } from './openapiRule';

/** What the frontmatter rules need from the site: its files, icon library and OpenAPI specs. */
export interface FrontmatterSite extends PageOperationSite {
  iconLibrary: IconLibrary;
  icons: IconCheck;
}

type ValueType = 'text' | 'boolean' | 'number' | 'list of text' | { oneOf: readonly string[] };

const iconStyles = definition('iconStyle').enum as string[];

/** Keys the platform reads, with the type it reads them as. Other keys pass through. */
const knownKeys: Record<string, ValueType> = {
  title: 'text',
  description: 'text',
  sidebarTitle: 'text',
  icon: 'text',
  iconType: { oneOf: iconStyles },
  tag: 'text',
  url: 'text',
  hidden: 'boolean',
  noindex: 'boolean',
  searchable: 'boolean',
  boost: 'number',
  deprecated: 'boolean',
  hideFooterPagination: 'boolean',
  hideApiMarker: 'boolean',
  keywords: 'list of text',
  groups: 'list of text',
  api: 'text',
  openapi: 'text',
  asyncapi: 'text',
  'openapi-schema': 'text',
  playground: { oneOf: ['interactive', 'simple', 'none', 'auth'] },
  mode: { oneOf: ['default', 'wide', 'custom', 'frame', 'center', 'assistant'] },
  canonical: 'text',
  robots: 'text',
  authMethod: 'text',
  contentType: 'text',
};

/** Keys known by name only (their value may take several shapes, or is read for a meta tag). */
const otherKnownKeys = ['related', 'contextual', 'timestamp', 'lastUpdatedDate', 'createdDate', 'graphql', 'sdk', 'version', 'authors', 'auth', 'isPublic', 'public', 'href', 'rss'];
const keyNames = [...Object.keys(knownKeys), ...otherKnownKeys];
const keySet = new Set(keyNames);
/** `og:image`, `twitter:card`…: meta tags, written through. */
const metaTagKey = /^(og|twitter):/;

/**
 * Each page's frontmatter: its YAML, the types of the keys the site reads, its icon and its API
 * operation (the icon and spec codes are reported through iconRule's and openapiRule's checks, and declared there).
 */
export const frontmatterRule: SiteRule = {
  codes: [
  'frontmatter/syntax',
  'frontmatter/type',
  'frontmatter/enum',
  'frontmatter/unknown-key',
  ],
  start(ctx) {
    const { check } = ctx.graph;
    const site = check && frontmatterSite(check, ctx.graph.files);
    return {
      page(page) {
        if (!site || !page.frontmatter) return;
        for (const { range, code, message, severity, suggestions } of checkFrontmatter(page.text, page.frontmatter, site)) {
          ctx.report(page.file, { range, code: code as Code, message, severity, suggestions });
        }
      },
    };
  },
};

/** Checks a page's frontmatter: YAML errors, value types of known keys, icon, openapi operation. */
export function checkFrontmatter(text: string, frontmatter: Frontmatter, site: FrontmatterSite): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report: Report = (range, code, message, fix, severity) =>
    out.push({
      range: trimmed(range, text),
      severity: severity ?? codes[code].severity,
      code,
      message,
      suggestions: fix === undefined ? undefined : [{ title: `Change to ${fix}`, replacement: fix }],
    });

  if (frontmatter.errors.length > 0) {
    // What the parser made of broken YAML is not what the writer meant: its values are not checked.
    for (const error of frontmatter.errors) report(syntaxRange(error, text), 'frontmatter/syntax', syntaxMessage(error, text));
    return out;
  }
  if (!frontmatter.data) {
    if (frontmatter.notKeys) {
      const { start, raw } = frontmatter.block;
      report({ start, end: start + raw.length }, 'frontmatter/type', 'The frontmatter must be keys with values, such as "title: Quickstart", not a list or a bare text');
    }
    return out;
  }
  for (const field of frontmatter.fields.values()) {
    // A key the text does not show where it is (after a line the `yaml` package could not read, written quoted) is not told.
    const reportField: Report = (...finding) => {
      if (field.placed) report(...finding);
    };
    const type = knownKeys[field.key];
    if (type === undefined) {
      if (!keySet.has(field.key) && !metaTagKey.test(field.key)) checkUnknownKey(field, frontmatter.fields, reportField);
      continue;
    }
    if (field.value === null || field.value === undefined) continue;
    const typeProblem = typeMessage(field, type);
    if (typeProblem) {
      const suggestion = typeof type === 'object' && typeof field.value === 'string' ? didYouMean(field.value, type.oneOf) : undefined;
      reportField(field.valueRange, typeof type === 'object' ? 'frontmatter/enum' : 'frontmatter/type', typeProblem + (suggestion ? `. Did you mean "${suggestion}"?` : ''), suggestion && scalar(suggestion, field, text));
      continue;
    }
    if (field.key === 'icon') checkIcon(field, text, site, reportField);
    else if (field.key === 'openapi') checkOperation(field, site, reportField);
  }
  return out;
}

type Report = (range: OffsetRange, code: Code, message: string, fix?: string, severity?: Severity) => void;

/** A range without the line breaks and spaces a block value ends with. */
function trimmed(range: OffsetRange, text: string): OffsetRange {
  let end = range.end;
  while (end > range.start + 1 && /\s/.test(text[end - 1])) end--;
  return end === range.end ? range : { start: range.start, end };
}

function typeMessage(entry: Pick<FrontmatterField, 'key' | 'value'>, type: ValueType): string | undefined {
  const value = entry.value;
  const subject = `${quote(entry.key)} in the frontmatter`;
  if (type === 'text') {
    if (typeof value === 'string') return undefined;
    if (typeof value === 'number' || typeof value === 'boolean') {
      return `${subject} is read as the ${typeof value} ${String(value)}, not as text: put it in quotes ("${entry.key}: "${String(value)}"")`;
    }
    return `${subject} must be text, not ${describe(value)}`;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? undefined : `${subject} must be true or false, not ${describe(value)}`;
  if (type === 'number') return typeof value === 'number' ? undefined : `${subject} must be a number, not ${describe(value)}`;
  if (type === 'list of text') {
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return undefined;
    return `${subject} must be a list of text, such as [one, two], not ${describe(value)}`;
  }
  if (typeof value === 'string' && type.oneOf.includes(value)) return undefined;
  return `${subject} must be ${quoteList(type.oneOf)}, not ${describe(value)}`;
}

/**
 * The platform keeps every key of the frontmatter (custom keys are the writer's own: `author`,
 * `subTitle`, a list of `tags`): only a near-miss of a key it reads is told, as its value is then
 * silently ignored.
 */
function checkUnknownKey(entry: FrontmatterField, fields: ReadonlyMap<string, FrontmatterField>, report: Report): void {
  const meant = nearMiss(entry, fields);
  if (!meant) return;
  const caseOnly = meant.toLowerCase() === entry.key.toLowerCase();
  report(
    entry.keyRange,
    'frontmatter/unknown-key',
    `Unknown frontmatter key ${quote(entry.key)}. Did you mean "${meant}"? ${caseOnly ? 'Keys are case-sensitive, so the site' : 'The site'} does not read ${quote(entry.key)}`,
    meant,
  );
}

/**
 * The key the platform reads that the writer most likely meant: written in other case, or (for keys
 * of four letters or more) one letter added, dropped, changed or two swapped past the first letter;
 * not set already, and of a type that holds the value. A final "s" added or dropped makes another
 * word (`tags`, `author`), not a typo.
 */
function nearMiss(entry: FrontmatterField, fields: ReadonlyMap<string, FrontmatterField>): string | undefined {
  const written = entry.key.toLowerCase();
  return keyNames.find((known) => {
    if (fields.has(known)) return false;
    const lower = known.toLowerCase();
    if (lower !== written && (written.length < 4 || written[0] !== lower[0] || `${written}s` === lower || `${lower}s` === written || !oneTypoApart(written, lower))) return false;
    const type = knownKeys[known];
    return type === undefined || entry.value === null || entry.value === undefined || typeMessage({ key: known, value: entry.value }, type) === undefined;
  });
}

/** Two words one letter added, dropped or changed apart, or with two neighbouring letters swapped. */
function oneTypoApart(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let start = 0;
  while (start < short.length && short[start] === long[start]) start++;
  if (short.length < long.length) return short.slice(start) === long.slice(start + 1);
  const rest = short.slice(start + 1) === long.slice(start + 1);
  const swapped = short[start] === long[start + 1] && short[start + 1] === long[start] && short.slice(start + 2) === long.slice(start + 2);
  return rest || swapped;
}

function checkIcon(entry: FrontmatterField, text: string, site: FrontmatterSite, report: Report): void {
  const problem = iconProblem(site.icons, site.iconLibrary, entry.value as string);
  if (problem) report(entry.valueRange, problem.code, problem.message, problem.replacement && scalar(problem.replacement, entry, text), pageIconSeverity(problem));
}

function checkOperation(entry: FrontmatterField, site: FrontmatterSite, report: Report): void {
  const value = entry.value as string;
  const reference = parseOperation(value.trim());
  if (!reference) {
    report(entry.valueRange, 'frontmatter/type', `"openapi" in the frontmatter must name an operation, such as "GET /users" or "openapi.json GET /users", not ${quote(value)}`);
    return;
  }
  const problem = checkPageOperation(value, reference, site);
  if (problem) report(entry.valueRange, problem.code, problem.message, problem.fix && JSON.stringify(problem.fix), problem.severity);
}

/** The YAML scalar for a replacement value: bare when it was written bare and can be, else double-quoted. */
function scalar(value: string, entry: FrontmatterField, text: string): string {
  const quoted = text[entry.valueRange.start] === '"' || text[entry.valueRange.start] === "'";
  return !quoted && /^[A-Za-z][\w-]*$/.test(value) ? value : JSON.stringify(value);
}

/** An unquoted colon is shown from the value's start to the end of its line; other errors where the parser puts them. */
function syntaxRange(error: FrontmatterError, text: string): OffsetRange {
  if (error.code !== 'BLOCK_AS_IMPLICIT_KEY') return error.range;
  const lineEnd = text.slice(error.range.start).search(/[ \t]*\r?\n/);
  return { start: error.range.start, end: lineEnd < 0 ? text.length : error.range.start + Math.max(lineEnd, 1) };
}

/** The parser's message, or plainer words for the classic mistakes. */
function syntaxMessage(error: FrontmatterError, text: string): string {
  const prefix = 'The frontmatter is not valid YAML, so the page fails to build';
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY') {
    const lineStart = text.lastIndexOf('\n', error.range.start - 1) + 1;
    const key = /^\s*([^:\s][^:]*):/.exec(text.slice(lineStart, error.range.start))?.[1];
    return `${prefix}: a value holds ": " (a colon and a space); put the value in quotes${key ? `, such as ${key}: "…"` : ''}`;
  }
  if (error.code === 'DUPLICATE_KEY' || error.message === 'duplicated mapping key') return `${prefix}: this key is already set above`;
  if (error.code === 'TAB_AS_INDENT') return `${prefix}: indent with spaces, not tabs`;
  return `${prefix}: ${error.message.replace(/:$/, '')}`;
}

/** A value the frontmatter sets (null values are not checked). */
function describe(value: unknown): string {
  if (typeof value === 'string') return `the text ${quote(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${String(value)}`;
  if (Array.isArray(value)) return 'a list';
  return 'a mapping of keys';
}

/**
 * The frontmatter rules' view of a checked docs.json: its files, icon library and specs, those it
 * declares and those found among the site's files (`files`, else all of them), found when first asked for.
 */
export function frontmatterSite(result: CheckResult, files?: SiteFiles): FrontmatterSite {
  const { host, specCache, statuses } = result.basis;
  let specs: SpecStatus[] | undefined;
  return {
    host,
    specCache,
    iconLibrary: result.siteIconLibrary,
    icons: iconCheck(host.files),
    specs: () => (specs ??= siteSpecs(uniqueSpecs(statuses.values()), discoverSpecs(files ?? new SiteFiles(host), specCache))),
  };
}

/** The declared specs, then the found ones docs.json does not declare. */
function siteSpecs(declared: SpecStatus[], found: SpecStatus[]): SpecStatus[] {
  const paths = new Set(declared.map((status) => (status.kind === 'local' ? status.path : undefined)));
  return [...declared, ...found.filter((status) => status.kind === 'local' && !paths.has(status.path))];
}

/** One status per spec file or URL (several elements may declare the same spec); a broken one stays, so its operations are not taken as missing. */
function uniqueSpecs(statuses: Iterable<SpecStatus>): SpecStatus[] {
  const byName = new Map<string, SpecStatus>();
  for (const status of statuses) byName.set(status.kind === 'local' ? status.path : status.kind === 'remote' ? status.url : 'broken', status);
  return [...byName.values()];
}
