import { findNodeAtOffset, getNodeValue, type Node } from 'jsonc-parser';
import { codeInfo, type FixKind } from '../codes';
import type { Diagnostic } from '../diagnostic';
import type { SiteHost } from '../site/siteHost';
import type { OffsetRange } from '../json/path';
import type { CheckedSite } from './checkedSite';
import { addEdit, propertyRemoval, type FileEdit } from './edits';
import { titleFromPath } from './frontmatter';
import type { JsonText } from './jsonText';

export interface CodeAction {
  title: string;
  /** The diagnostic the action fixes. */
  diagnostic: Diagnostic;
  isPreferred?: boolean;
  /** A file to create (empty, unless content is given), before the edits apply. */
  createFile?: { file: string; content: string };
  edits: FileEdit[];
}

/**
 * Quick fixes for the problems of a file that touch a range: the check's, and those given besides
 * (the site rules'). The text must be the one the site was checked with: the diagnostics' ranges
 * are offsets in it.
 */
export function codeActions(site: CheckedSite, text: JsonText, range: OffsetRange, besides: readonly Diagnostic[] = []): CodeAction[] {
  const diagnostics = site.document(text.path)?.diagnostics ?? [];
  return [...diagnostics, ...besides].filter((diagnostic) => touches(diagnostic, range)).flatMap((diagnostic) => diagnosticActions(site, text, diagnostic));
}

/** The quick fixes of one problem of a JSON file of the site: its suggestions, then the fix its code has. */
export function diagnosticActions(site: CheckedSite, text: JsonText, diagnostic: Diagnostic): CodeAction[] {
  const actions = suggestionActions(text.path, diagnostic);
  const kind = codeInfo(diagnostic.code)?.fix;
  const fix = kind && fixes[kind](site, text, diagnostic);
  if (fix) actions.push(fix);
  return actions;
}

export function touches(diagnostic: Diagnostic, range: OffsetRange): boolean {
  return diagnostic.range.end >= range.start && diagnostic.range.start <= range.end;
}

/** Each suggestion of a diagnostic: its range's text replaced (and the other places it names). */
export function suggestionActions(file: string, diagnostic: Diagnostic): CodeAction[] {
  return (diagnostic.suggestions ?? []).map((suggestion, index) => {
    const edits: FileEdit[] = [{ file, edits: [suggestion.range ?? diagnostic.range, ...(suggestion.alsoAt ?? [])].map((range) => ({ range, newText: suggestion.replacement })) }];
    for (const { file: other, range, newText } of suggestion.alsoEdits ?? []) addEdit(edits, other, { range, newText });
    return { title: suggestion.title, diagnostic, isPreferred: index === 0 && suggestion.preferred !== false, edits };
  });
}

type Fix = (site: CheckedSite, text: JsonText, diagnostic: Diagnostic) => CodeAction | undefined;

/** Each kind of fix the codes table (codes.ts) gives a code. */
const fixes: Record<FixKind, Fix> = {
  'create-page': createMissingPage,
  'remove-property': removeProperty,
  'wrap-pages-in-group': wrapPagesInGroup,
};

function createMissingPage(site: CheckedSite, _text: JsonText, diagnostic: Diagnostic): CodeAction | undefined {
  return createPageAction(site.host, diagnostic);
}

/** Creates the page a problem's data names (`page`, `file`), with a frontmatter title; preferred unless a did-you-mean is offered. */
export function createPageAction(host: SiteHost, diagnostic: Diagnostic): CodeAction | undefined {
  const { page, file } = diagnostic.data ?? {};
  if (typeof page !== 'string' || typeof file !== 'string' || page === '' || host.files.has(file)) return undefined;
  return {
    title: `Create ${file}`,
    diagnostic,
    isPreferred: !diagnostic.suggestions?.length,
    createFile: { file, content: `---\ntitle: ${JSON.stringify(titleFromPath(page))}\n---\n` },
    edits: [],
  };
}

function removeProperty(_site: CheckedSite, text: JsonText, diagnostic: Diagnostic): CodeAction | undefined {
  const property = propertyAt(text, diagnostic.range.start);
  if (!property) return undefined;
  const key = property.children![0].value as string;
  return {
    title: `Remove "${key}"`,
    diagnostic,
    isPreferred: true,
    edits: [{ file: text.path, edits: [{ range: propertyRemoval(property), newText: '' }] }],
  };
}

/**
 * An element that holds "pages" beside "groups" gets its loose pages moved into a new group, on
 * the side of the groups where the pages were written. Other mixes need a decision: no fix.
 */
function wrapPagesInGroup(_site: CheckedSite, text: JsonText, diagnostic: Diagnostic): CodeAction | undefined {
  const keys = diagnostic.data?.keys;
  if (!Array.isArray(keys) || keys.length !== 2 || !keys.includes('pages') || !keys.includes('groups')) return undefined;
  const object = propertyAt(text, diagnostic.range.start)?.parent;
  const pages = object && memberOf(object, 'pages');
  const groups = object && memberOf(object, 'groups');
  const groupList = groups?.children![1];
  const pageList = pages?.children![1];
  if (!pages || !groupList || groupList.type !== 'array' || !pageList) return undefined;
  const name = elementName(object!) ?? 'Pages';
  const first = pages.offset < groups!.offset;
  const items = groupList.children!;
  const itemIndent = items.length > 0 ? indentationAt(text.text, items[0].offset) : indentationAt(text.text, groups!.offset) + indentUnit(text.text);
  const multiline = items.length === 0 || text.text.slice(groupList.offset, items[0].offset).includes('\n');
  const group = JSON.stringify({ group: name, pages: getNodeValue(pageList) }, null, indentUnit(text.text)).replace(/\n/g, `\n${itemIndent}`);
  const separator = multiline ? `,\n${itemIndent}` : ', ';
  let insertion;
  if (items.length === 0) {
    insertion = { range: { start: groupList.offset + 1, end: groupList.offset + 1 }, newText: `\n${itemIndent}${group}\n${indentationAt(text.text, groups!.offset)}` };
  } else if (first) {
    insertion = { range: { start: items[0].offset, end: items[0].offset }, newText: group + separator };
  } else {
    const last = items[items.length - 1];
    const end = last.offset + last.length;
    insertion = { range: { start: end, end }, newText: separator + group };
  }
  return {
    title: `Move "pages" into a new group "${name}" in "groups"`,
    diagnostic,
    edits: [{ file: text.path, edits: [{ range: propertyRemoval(pages), newText: '' }, insertion] }],
  };
}

function propertyAt(text: JsonText, keyOffset: number): Node | undefined {
  const node = text.tree && findNodeAtOffset(text.tree, keyOffset + 1);
  return node?.parent?.type === 'property' && node.parent.children![0] === node ? node.parent : undefined;
}

function memberOf(object: Node, key: string): Node | undefined {
  return object.children!.find((property) => property.children![0].value === key);
}

const nameKeysInOrder = ['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item'];

function elementName(object: Node): string | undefined {
  for (const key of nameKeysInOrder) {
    const value = memberOf(object, key)?.children![1]?.value;
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function indentationAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** The file's indentation step: that of its first indented line (a tab, or spaces). */
function indentUnit(text: string): string {
  const match = /\n([ \t]+)\S/.exec(text);
  if (!match) return '  ';
  return match[1].startsWith('\t') ? '\t' : ' '.repeat(match[1].length);
}
