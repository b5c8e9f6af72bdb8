import type { Diagnostic } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import { parseJsonDocument } from '../json/jsonDocument';
import type { SiteGraph } from '../pages/siteGraph';
import { diagnosticActions, type CodeAction } from './actions';
import type { CheckedSite } from './checkedSite';
import { appliedEdits, type TextEdit } from './edits';
import { JsonText } from './jsonText';
import { pageDiagnosticActions } from './pageActions';

const jsonFile = /\.json$/i;
const pageFile = /\.mdx?$/i;

/**
 * A problem's fix that asks for no choice: its only quick fix, the one the editor prefers, which
 * edits JSON files and pages (whose fixed text can be read again before it is kept) and creates no
 * file (an empty page made for a missing one would hide it). A problem with two fixes (a
 * did-you-mean beside "create the page", or two candidates) is the writer's to decide.
 */
export function fixWithoutChoice(actions: readonly CodeAction[]): CodeAction | undefined {
  if (actions.length !== 1) return undefined;
  const [only] = actions;
  const editsReadableFiles = only.edits.every(({ file }) => jsonFile.test(file) || pageFile.test(file));
  return only.isPreferred && !only.createFile && editsReadableFiles ? only : undefined;
}

/**
 * The fixes without a choice of one file's problems: a JSON file of the check (docs.json, a file
 * it pulls in with "$ref") or any other file of the site, a page's. `text` is the text it was checked with.
 */
export function fixesOf(site: CheckedSite, graph: SiteGraph, file: string, text: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const json = site.document(file) ? new JsonText(file, text) : undefined;
  return diagnostics.flatMap((diagnostic) => {
    const fix = fixWithoutChoice(json ? diagnosticActions(site, json, diagnostic) : pageDiagnosticActions(graph, file, diagnostic));
    return fix ? [fix] : [];
  });
}

/**
 * The fixes, in the order given, whose edits neither overlap nor touch an edit of a fix taken
 * before them, in any file (as ESLint takes them); the others wait for a check of the fixed texts.
 */
export function nonOverlapping(fixes: readonly CodeAction[]): { taken: CodeAction[]; left: CodeAction[] } {
  const takenRanges = new Map<string, OffsetRange[]>();
  const taken: CodeAction[] = [];
  const left: CodeAction[] = [];
  for (const fix of fixes) {
    const clashes = fix.edits.some(({ file, edits }) => edits.some(({ range }) => takenRanges.get(file)?.some((other) => range.start <= other.end && other.start <= range.end)));
    if (clashes) {
      left.push(fix);
      continue;
    }
    taken.push(fix);
    for (const { file, edits } of fix.edits) takenRanges.set(file, [...(takenRanges.get(file) ?? []), ...edits.map((edit) => edit.range)]);
  }
  return { taken, left };
}

/** The texts of the files that fixes (not overlapping) change, with their edits applied; a file `textOf` cannot give is left out. */
export function fixedTexts(fixes: readonly CodeAction[], textOf: (file: string) => string | undefined): Map<string, string> {
  const editsByFile = new Map<string, TextEdit[]>();
  for (const { edits } of fixes) for (const { file, edits: fileEdits } of edits) editsByFile.set(file, [...(editsByFile.get(file) ?? []), ...fileEdits]);
  const texts = new Map<string, string>();
  for (const [file, edits] of editsByFile) {
    const text = textOf(file);
    if (text !== undefined) texts.set(file, appliedEdits(text, edits));
  }
  return texts;
}

/**
 * Whether a file's text reads as the platform reads it: a JSON file as JSON; a page by its MDX
 * parse, as the last check of the site found it (its facts for that text, unknown when not parsed,
 * or parsed past the time limit).
 */
export function textReads(graph: SiteGraph, file: string, text: string): boolean {
  if (jsonFile.test(file)) return parseJsonDocument(text).syntaxProblems.length === 0;
  const facts = graph.mdxFacts.get(file, text);
  return facts !== undefined && facts.error === undefined && facts.unread === undefined;
}

/**
 * The edits of the editor's fix-all of one file (as on save): the fixes that edit that file alone,
 * not overlapping (the others wait for the next fix-all, or for the command line's `--fix`).
 */
export function fileFixAllEdits(fixes: readonly CodeAction[], file: string): TextEdit[] {
  const own = fixes.filter((fix) => fix.edits.every((edits) => edits.file === file));
  return nonOverlapping(own).taken.flatMap((fix) => fix.edits.flatMap(({ edits }) => edits));
}
