import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { JsonPath } from '../json/path';
import { collectionKinds, describeElement, type NavElement } from '../model/navigationModel';
import type { CheckedSite } from './checkedSite';
import { propertyRemoval, type TextEdit } from './edits';
import { JsonText } from './jsonText';
import type { NavigationRef } from './navigationTree';

/** What dropping one navigation entry on another does: edits of the file both are in, or why not. */
export type NavigationMove = { document: string; edits: TextEdit[] } | { refused: string };

/**
 * Moves a page entry or an element (a group, a tab...) where it was dropped, as two small edits
 * of its file: it leaves its list, and enters the list of the element it was dropped on (at the
 * end: a page into a group, a group into a tab's groups or a group's pages), or the list of the
 * page it was dropped on (before that page). The entry keeps its text; its lines are re-indented.
 */
export function navigationMove(site: CheckedSite, source: NavigationRef, target: NavigationRef): NavigationMove {
  if (source.document !== target.document) return { refused: 'Entries can only be moved within the file they are written in.' };
  const text = site.document(source.document)?.document.json.text;
  const tree = text === undefined ? undefined : new JsonText(source.document, text).tree;
  const node = tree && findNodeAtLocation(tree, source.path);
  const from = node?.parent;
  if (!text || !tree || !node || from?.type !== 'array') return { refused: 'This entry is not in a list of the navigation.' };
  if (isWithin(target.path, source.path)) return { refused: 'An entry cannot move into itself.' };

  const moved = site.elementAt(source.document, source.path);
  const movedElement = moved && moved.cursor.path.length === source.path.length ? moved : undefined;
  const place = dropPlace(site, tree, movedElement, target);
  if ('refused' in place) return place;
  const { list, before } = place;

  const rest = (list.children ?? []).filter((child) => child !== node);
  const index = before ? rest.indexOf(before) : rest.length;
  if (list === from && (from.children ?? []).indexOf(node) === index) return { document: source.document, edits: [] };

  const removal = propertyRemoval(node);
  const separator = separatorOf(text, list);
  const entry = reindented(text, node, indentAt(text, (before ?? rest[rest.length - 1] ?? list).offset) + (rest.length ? '' : '  '));
  let insertion: TextEdit;
  if (rest.length === 0) insertion = { range: at(list.offset + 1), newText: entry };
  else if (before) insertion = { range: at(before.offset), newText: entry + separator };
  else {
    const last = rest[rest.length - 1];
    insertion = { range: at(last.offset + last.length), newText: separator + entry };
  }
  const removed: TextEdit = { range: removal, newText: '' };
  const offset = insertion.range.start;
  // An insertion where the removal starts or ends replaces the removed text instead.
  if (offset >= removal.start && offset <= removal.end) return { document: source.document, edits: [{ range: removal, newText: insertion.newText }] };
  return { document: source.document, edits: [removed, insertion].sort((a, b) => a.range.start - b.range.start) };
}

type DropPlace = { list: Node; before?: Node } | { refused: string };

/** The list the moved entry enters, and the entry it goes before (none: at the end). */
function dropPlace(site: CheckedSite, tree: Node, moved: NavElement | undefined, target: NavigationRef): DropPlace {
  const targetNode = findNodeAtLocation(tree, target.path);
  if (!targetNode) return { refused: 'The place it was dropped on is gone.' };
  const element = site.elementAt(target.document, target.path);
  const onElement = element && element.cursor.path.length === target.path.length ? element : undefined;
  const what = moved ? describeElement(moved) : 'a page';
  if (onElement) {
    for (const key of listKeysFor(moved, onElement)) {
      const list = findNodeAtLocation(tree, [...target.path, key]);
      if (list?.type === 'array') return { list };
    }
    // A sibling of the same kind: the entry goes before it.
    if (moved && moved.kind === onElement.kind && targetNode.parent?.type === 'array') return { list: targetNode.parent, before: targetNode };
    return { refused: `${capitalised(describeElement(onElement))} has no list that takes ${what}.` };
  }
  // Dropped on a page entry: before it, in its list (a group's or an element's "pages").
  const list = targetNode.parent;
  const owner = list?.parent?.type === 'property' ? list.parent.children?.[0]?.value : undefined;
  if (list?.type !== 'array' || owner !== 'pages') return { refused: 'Entries can be dropped on pages, groups and other navigation elements.' };
  if (moved && moved.kind !== 'group') return { refused: `A "pages" list holds pages and groups, not ${what}.` };
  return { list, before: targetNode };
}

/** The lists of an element that take the moved entry, in order of preference. */
function listKeysFor(moved: NavElement | undefined, target: NavElement): string[] {
  if (!moved) return ['pages'];
  if (moved.kind === 'group') return target.kind === 'group' ? ['pages'] : ['groups', 'pages'];
  const key = Object.entries(collectionKinds).find(([name, kind]) => kind === moved.kind && name !== 'pages')?.[0];
  return key ? [key] : [];
}

/** What the list writes between two entries: ", " or a comma, a line break and indentation. */
function separatorOf(text: string, list: Node): string {
  const [first, second] = list.children ?? [];
  if (first && second) return text.slice(first.offset + first.length, second.offset);
  if (first && text.slice(list.offset, first.offset).includes('\n')) return `,\n${indentAt(text, first.offset)}`;
  return ', ';
}

/** The entry's text, its later lines moved from its old indentation to the new one. */
function reindented(text: string, node: Node, indent: string): string {
  const old = indentAt(text, node.offset);
  return text
    .slice(node.offset, node.offset + node.length)
    .split('\n')
    .map((line, index) => (index > 0 && line.startsWith(old) ? indent + line.slice(old.length) : line))
    .join('\n');
}

/** The leading whitespace of the line an offset is on. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function isWithin(path: JsonPath, ancestor: JsonPath): boolean {
  return path.length >= ancestor.length && ancestor.every((key, index) => path[index] === key);
}

const at = (offset: number) => ({ start: offset, end: offset });

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
