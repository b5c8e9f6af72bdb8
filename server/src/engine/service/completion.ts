import type { Node } from 'jsonc-parser';
import { findNodeAtLocation } from 'jsonc-parser';
import { commonIcons } from '../icons/commonIcons';
import { iconNames, iconStyles, isIconLibrary, type IconLibrary } from '../icons/iconNames';
import type { JsonPath, OffsetRange } from '../json/path';
import { collectionKinds, type NavElement } from '../model/navigationModel';
import { libraryTitle } from '../rules/iconRule';
import { definition, enumValues, markdownOf, objectBranch, resolveSchema, type SchemaNode } from '../schema/schema';
import { dirnameOf } from '../site/references';
import type { CheckedSite } from './checkedSite';
import { best, FuzzyPattern } from './fuzzy';
import type { JsonText } from './jsonText';
import { homeFolderOf } from './homeFolder';
import { languageNames } from './languageNames';
import { completionLocation, type CompletionLocation } from './location';
import { inlineCode } from './markdown';
import { elementKindOf, itemSchema, neededKeys, schemaAt, valueRole } from './siteSchema';

export type CompletionKind = 'property' | 'value' | 'page' | 'operation' | 'icon' | 'language' | 'file' | 'snippet' | 'anchor' | 'component';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Replaces the list's range. */
  insertText: string;
  /** insertText has tab stops ($1, ${1|a,b|}). */
  snippet?: boolean;
  filterText?: string;
  sortText?: string;
}

export interface Completions {
  /** The range every item replaces. */
  range: OffsetRange;
  items: CompletionItem[];
  /** The list was narrowed to what is typed: ask again as typing goes on. */
  isIncomplete: boolean;
}

/** Long lists (pages, icons, files) are narrowed to the best matches of what is typed. */
const listLimit = 100;

interface Request {
  site: CheckedSite;
  text: JsonText;
  location: CompletionLocation;
  /** The location's path from the docs.json root. */
  sitePath: JsonPath;
}

/** What may be written at an offset of one of the site's JSON files. */
export function completions(site: CheckedSite, text: JsonText, offset: number): Completions | undefined {
  const location = completionLocation(text, offset);
  if (!location) return undefined;
  const sitePath = site.sitePath(text.path, location.path);
  if (!sitePath) return undefined;
  const request = { site, text, location, sitePath };
  return location.target === 'key' ? keyCompletions(request) : valueCompletions(request);
}

function keyCompletions({ text, location, sitePath }: Request): Completions {
  const schema = schemaAt(sitePath);
  const properties = schema && objectBranch(schema)?.properties;
  const list: Completions = { range: location.range, items: [], isIncomplete: false };
  if (!schema || !properties) return list;
  const object = location.node;
  const editedKey = location.range.start !== location.range.end ? propertyAt(object, location.range.start) : undefined;
  const present = new Set(
    (object?.children ?? []).filter((property) => property !== editedKey).map((property) => property.children?.[0]?.value as string),
  );
  const excluded = elementKindOf(schema) ? otherCollections(present) : new Set<string>();
  const needed = neededKeys(schema);
  const keyOnly = editedKey?.colonOffset !== undefined;
  const comma = keyOnly ? '' : separatorAfter(text, location.range.end);
  for (const [key, property] of Object.entries(properties)) {
    if (present.has(key) || excluded.has(key) || property.deprecated) continue;
    const quoted = JSON.stringify(key);
    list.items.push({
      label: key,
      kind: 'property',
      documentation: markdownOf(property),
      insertText: keyOnly ? quoted : `${escapeSnippet(quoted)}: ${valueSnippet(property, { next: 1 })}${comma}`,
      snippet: !keyOnly,
      filterText: quoted,
      sortText: `${needed.includes(key) ? 0 : 1}${key}`,
    });
  }
  return list;
}

/** A navigation element holds one kind of child: once it has one, the others are not offered. */
function otherCollections(present: Set<string>): Set<string> {
  const collections = Object.keys(collectionKinds);
  return collections.some((key) => present.has(key)) ? new Set(collections) : new Set();
}

function propertyAt(object: Node | undefined, keyOffset: number): Node | undefined {
  return object?.children?.find((property) => property.children?.[0]?.offset === keyOffset);
}

function valueCompletions(request: Request): Completions {
  const { site, text, location, sitePath } = request;
  const schema = schemaAt(sitePath);
  const inString = location.node?.type === 'string';
  const list: Completions = { range: location.range, items: [], isIncomplete: false };
  const comma = location.node ? '' : separatorAfter(text, location.range.end);
  const withSeparator = (items: CompletionItem[]) =>
    items.map((item) => ({ ...item, insertText: item.insertText + comma, filterText: item.filterText ?? item.insertText }));
  const role = !location.node || inString ? valueRole(sitePath) : 'other';
  const element = site.elementAt(text.path, location.path);
  switch (role) {
    case 'page':
      list.isIncomplete = true;
      list.items = withSeparator(pageItems(site, element, location.prefix));
      break;
    case 'icon':
      list.isIncomplete = true;
      list.items = withSeparator(iconItems(iconLibraryAt(site, text, location.path), location.prefix));
      break;
    case 'language':
      list.items = withSeparator(languageItems());
      break;
    case 'openapi':
      list.isIncomplete = true;
      list.items = withSeparator(fileItems(site, '', /\.(json|ya?ml)$/i, location.prefix, text.path));
      break;
    case 'ref':
      list.isIncomplete = true;
      list.items = withSeparator(fileItems(site, dirnameOf(text.path), /\.json$/i, location.prefix, text.path));
      break;
    default:
      if (schema) list.items = withSeparator(schemaValueItems(schema, inString));
  }
  if (!location.node && schema) list.items.push(...structureItems(role === 'page' ? groupSchema : schema, comma));
  return list;
}

/** Pages of the element's own language or version come before the same match elsewhere. */
const homeFolderBonus = 5;

const groupSchema: SchemaNode = { $ref: '#/definitions/group' };

function pageItems(site: CheckedSite, element: NavElement | undefined, prefix: string): CompletionItem[] {
  const slash = prefix.startsWith('/') ? '/' : '';
  const pagePattern = new FuzzyPattern(prefix.slice(slash.length));
  const items: CompletionItem[] = [];
  const operationPattern = new FuzzyPattern(prefix);
  const operations = site.operationsOf(element).flatMap(({ spec, operation }) => {
    const label = `${operation.method} ${operation.path}`;
    const score = operationPattern.score(label);
    return score === undefined ? [] : [{ spec, operation, label, score }];
  });
  for (const { spec, operation, label } of best(operations, listLimit, (a, b) => b.score - a.score || compareText(a.label, b.label))) {
    items.push({
      label,
      kind: 'operation',
      detail: operation.summary,
      documentation: [operation.description, `Operation in ${inlineCode(spec)}`].filter(Boolean).join('\n\n'),
      insertText: JSON.stringify(label),
    });
  }
  const { pages, lowerCased, listed } = site.pageCatalog();
  const home = homeFolderOf(site.result.model, element);
  const scores = new Float64Array(pages.length);
  const matches: number[] = [];
  for (let index = 0; index < pages.length; index++) {
    const score = pagePattern.score(pages[index], lowerCased[index]);
    if (score === undefined) continue;
    scores[index] = home !== '' && pages[index].startsWith(home) ? score + homeFolderBonus : score;
    matches.push(index);
  }
  const chosenPages = best(matches, listLimit - items.length, (a, b) => scores[b] - scores[a] || Number(listed[a]) - Number(listed[b]) || a - b);
  for (const index of chosenPages) {
    items.push({ label: pages[index], kind: 'page', detail: listed[index] ? 'in the navigation' : undefined, insertText: JSON.stringify(slash + pages[index]) });
  }
  return items.map((item, rank) => ({ ...item, sortText: String(rank).padStart(3, '0') }));
}

const iconNameLists = new Map<IconLibrary, string[]>();

export function iconItems(library: IconLibrary, prefix: string): CompletionItem[] {
  let names = iconNameLists.get(library);
  if (!names) iconNameLists.set(library, (names = iconNames(library)));
  const common = commonIcons(library);
  const commonRank = new Map(common.map((name, rank) => [name, rank]));
  const pattern = new FuzzyPattern(prefix);
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const score = pattern.score(name, name); // icon names are lower case
    if (score !== undefined) scored.push({ name, score });
  }
  // Among equal matches (all of them, on an empty value), the names sites use most come first, and
  // names that start with a digit ("0", "42-group") last.
  const order = (a: { name: string; score: number }, b: { name: string; score: number }) =>
    b.score - a.score ||
    (commonRank.get(a.name) ?? common.length) - (commonRank.get(b.name) ?? common.length) ||
    Number(startsWithDigit(a.name)) - Number(startsWithDigit(b.name)) ||
    compareText(a.name, b.name);
  return best(scored, listLimit, order).map(({ name }, rank) => ({
    label: name,
    kind: 'icon',
    detail: [libraryTitle[library], ...iconStyles(library, name)].join(' · '),
    insertText: JSON.stringify(name),
    sortText: String(rank).padStart(3, '0'),
  }));
}

function startsWithDigit(name: string): boolean {
  const code = name.charCodeAt(0);
  return code >= 48 && code <= 57;
}

/** An icon object's own library, else the site's. */
function iconLibraryAt(site: CheckedSite, text: JsonText, path: JsonPath): IconLibrary {
  if (path[path.length - 1] === 'name' && text.tree) {
    const library = findNodeAtLocation(text.tree, [...path.slice(0, -1), 'library'])?.value;
    if (isIconLibrary(library)) return library;
  }
  return site.result.siteIconLibrary;
}

function languageItems(): CompletionItem[] {
  return enumValues(definition('languageCode')).map((code) => ({
    label: String(code),
    kind: 'language',
    detail: languageNames[String(code)],
    insertText: JSON.stringify(code),
  }));
}

/** Files with a name that matches, named relative to `folder` (or from the root with "/"). */
function fileItems(site: CheckedSite, folder: string, extensions: RegExp, prefix: string, ownPath: string): CompletionItem[] {
  const pattern = new FuzzyPattern(prefix);
  const scored: { name: string; score: number }[] = [];
  for (const file of site.host.files.all()) {
    if (!extensions.test(file) || file === ownPath || file === site.mainPath) continue;
    const name = folder === '' ? file : file.startsWith(`${folder}/`) ? file.slice(folder.length + 1) : `/${file}`;
    const score = pattern.score(name);
    if (score !== undefined) scored.push({ name, score });
  }
  return best(scored, listLimit, (a, b) => b.score - a.score || compareText(a.name, b.name)).map(({ name }, rank) => ({
    label: name,
    kind: 'file',
    insertText: JSON.stringify(name),
    sortText: String(rank).padStart(3, '0'),
  }));
}

function schemaValueItems(schema: SchemaNode, inString: boolean): CompletionItem[] {
  const documentation = markdownOf(schema);
  const values = enumValues(schema).filter((value) => !inString || typeof value === 'string');
  if (!inString && typesOf(schema).includes('boolean')) values.push(...[true, false].filter((b) => !values.includes(b)));
  return values.map((value) => ({ label: String(value), kind: 'value', documentation, insertText: JSON.stringify(value) }));
}

/** A new object or array of the right shape, with the keys it needs. */
function structureItems(schema: SchemaNode, comma: string): CompletionItem[] {
  const types = typesOf(schema);
  if (!types.includes('object') && !types.includes('array')) return [];
  const body = valueSnippet(schema, { next: 1 }, types.includes('object') ? 'object' : 'array');
  const kind = elementKindOf(schema);
  const keys = types.includes('object') ? neededKeys(schema) : [];
  return [
    {
      label: keys.length > 0 ? `{ ${keys.map((key) => JSON.stringify(key)).join(', ')} }` : types.includes('object') ? '{}' : '[]',
      kind: 'snippet',
      detail: kind ? `New ${kind === 'menuItem' ? 'menu item' : kind}` : undefined,
      documentation: markdownOf(schema),
      insertText: body + comma,
      snippet: true,
      sortText: '~',
    },
  ];
}

/** Tab stops for a value of a schema: a string's quotes, an enum's choices, an object's needed keys. */
function valueSnippet(schema: SchemaNode, stops: { next: number }, type = typesOf(schema)[0], depth = 0): string {
  const stop = () => stops.next++;
  const values = enumValues(schema);
  if (values.length > 1 && values.length <= 12 && values.every((value) => typeof value === 'string')) {
    return `"\${${stop()}|${values.map((value) => escapeChoice(String(value))).join(',')}|}"`;
  }
  switch (type) {
    case 'string':
      return `"$${stop()}"`;
    case 'boolean':
      return `\${${stop()}|true,false|}`;
    case 'number':
    case 'integer':
      return `\${${stop()}:0}`;
    case 'array': {
      const items = itemSchema(schema);
      if (!items || depth >= 2) return `[$${stop()}]`;
      return `[${valueSnippet(items, stops, typesOf(items)[0], depth + 1)}]`;
    }
    case 'object': {
      const keys = neededKeys(schema);
      const properties = objectBranch(schema)?.properties ?? {};
      if (keys.length === 0 || depth >= 2) return `{$${stop()}}`;
      const members = keys.map((key) => `${escapeSnippet(JSON.stringify(key))}: ${properties[key] ? valueSnippet(properties[key], stops, undefined, depth + 1) : `$${stop()}`}`);
      return `{ ${members.join(', ')} }`;
    }
    default:
      return `$${stop()}`;
  }
}

/** The JSON types a schema allows, in the order it lists them (through `$ref` and `anyOf`). */
function typesOf(schema: SchemaNode): string[] {
  const resolved = resolveSchema(schema);
  if (resolved.type) return [resolved.type].flat();
  return [...new Set((resolved.anyOf ?? []).flatMap(typesOf))];
}

/** "," when another member follows the insertion point. */
function separatorAfter(text: JsonText, offset: number): string {
  const next = /\S/.exec(text.text.slice(offset, offset + 200))?.[0];
  return next !== undefined && next !== '}' && next !== ']' && next !== ',' ? ',' : '';
}

function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

function escapeChoice(text: string): string {
  return text.replace(/[\\$}|,]/g, '\\$&');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
