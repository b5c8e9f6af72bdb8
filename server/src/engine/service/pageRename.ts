import type { OffsetRange } from '../json/path';
import { readPage, type Heading } from '../pages/pageModel';
import type { SiteGraph } from '../pages/siteGraph';
import { addEdit, type FileEdit } from './edits';
import { changedTarget, type TargetChange } from './linkTarget';
import { headingAt } from './pageLinks';

/**
 * The edits of link targets in the site's pages and snippets for moved files or a renamed
 * anchor: only the target text of each link that changes, nothing else.
 */
export function linkEdits(graph: SiteGraph, change: Omit<TargetChange, 'files'>): FileEdit[] {
  const full: TargetChange = { ...change, files: graph.host.files };
  const edits: FileEdit[] = [];
  for (const file of [...graph.files.pageFiles, ...graph.files.snippetFiles]) {
    const page = graph.page(file);
    if (!page) continue;
    const seen = new Set<number>();
    const targets = [...page.references.map((reference) => ({ range: reference.range, target: reference.target })), ...page.imports.map((imported) => ({ range: imported.range, target: imported.source }))];
    for (const { range, target } of targets) {
      if (seen.has(range.start)) continue;
      seen.add(range.start);
      const newText = changedTarget(target, file, full);
      if (newText !== undefined) addEdit(edits, file, { range, newText });
    }
  }
  return edits;
}

/** The text of a heading as written, between its `#` marks and its `{#id}` or closing marks. */
export function headingContentRange(text: string, heading: Heading): OffsetRange {
  const line = text.slice(heading.range.start, heading.range.end);
  const match = /^( {0,3}#{1,6}[ \t]+)?(.*?)([ \t]*\{#[^}]*\})?([ \t]+#+)?[ \t]*$/.exec(line)!;
  const start = heading.range.start + (match[1]?.length ?? 0);
  return { start, end: start + match[2].length };
}

export interface HeadingRename {
  /** The heading's text as written: what the rename replaces. */
  range: OffsetRange;
  placeholder: string;
}

/** Whether the cursor is on a heading that can be renamed, and what the rename replaces. */
export function prepareHeadingRename(graph: SiteGraph, file: string, offset: number): HeadingRename | undefined {
  const page = graph.page(file);
  const heading = page && headingAt(page, offset);
  if (!page || !heading) return undefined;
  const range = headingContentRange(page.text, heading);
  return { range, placeholder: page.text.slice(range.start, range.end) };
}

/**
 * A heading renamed: its text, and when its anchor changes with it (no `{#id}`), every link to the
 * old anchor in the site, in its own page too.
 */
export function headingRenameEdits(graph: SiteGraph, file: string, offset: number, newName: string): FileEdit[] | undefined {
  const page = graph.page(file);
  const heading = page && headingAt(page, offset);
  if (!page || !heading) return undefined;
  const range = headingContentRange(page.text, heading);
  const flatName = newName.replace(/[\r\n]+/g, ' ');
  const renamedText = page.text.slice(0, range.start) + flatName + page.text.slice(range.end);
  const index = page.headings.indexOf(heading);
  const newAnchor = readPage(file, renamedText).headings[index]?.anchor;
  const edits: FileEdit[] = [];
  addEdit(edits, file, { range, newText: flatName });
  if (newAnchor === undefined || heading.anchor === undefined || newAnchor === heading.anchor) return edits;
  for (const { file: linking, edits: linkChanges } of linkEdits(graph, { moves: [], anchor: { page: file, from: heading.anchor, to: newAnchor } })) {
    for (const edit of linkChanges) addEdit(edits, linking, edit);
  }
  return edits;
}
