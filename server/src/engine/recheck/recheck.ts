import { checkDocsJson } from '../check';
import type { CheckBasis, CheckResult } from '../checkResult';
import { compareDiagnostics, toDiagnostic, type Diagnostic, type Problem } from '../diagnostic';
import { validJsonDocument, type JsonDocument } from '../json/jsonDocument';
import type { JsonPath, OffsetRange } from '../json/path';
import { Cursor, isRecord } from '../model/cursor';
import { NavigationModel, type NavElement, type PagesEdit, type RouteInputs } from '../model/navigationModel';
import { isOperationEntry } from '../model/pageReference';
import { declaresOtherSource } from '../pages/otherGenerators';
import { sameRootPaths } from '../pages/docsJsonPaths';
import type { SourceDocument } from '../model/sourceDocument';
import type { TextSource } from '../textSource';
import { checkSpecs, checkTopLevelMember, declaredSpecs, startCheck, walkSubtree } from '../pipeline';
import { duplicateKeysOf, findDuplicateKeys, noteNoDuplicateKeys } from '../json/duplicateKeys';
import { editSpan, type EditSpan } from './editSpan';
import { buildUnits, innermostUnit, shiftRange, subtreeUnits, type Unit, type UnitTable } from './units';

/**
 * Checks a new text of the docs.json a result was made from, with the same site, options and
 * specs. When the edit lies inside one navigation element or one independent top-level value,
 * only that part is parsed and checked again; anything else is a full check. Either way the
 * outcome is the one a full check gives. The previous result must not be used afterwards: its
 * parsed value is reused and changed in place.
 *
 * `edit`, when the caller knows it (an editor's changes), is where the texts differ: outside it
 * they must be the same. Without it the texts are compared. With it, a re-check of a part reads
 * only that part of a text kept in pieces (see TextSource).
 */
export function recheckDocsJson(previous: CheckResult, text: TextSource, edit?: EditSpan): CheckResult {
  const { basis } = previous;
  const local = basis.consumed ? undefined : recheckLocally(previous, text, edit);
  basis.consumed = true;
  return local ?? checkDocsJson(text.toString(), basis.host, basis.options, basis.mainPath, basis.specCache);
}

/** Text that may stand for a "$ref" key, which would pull other files into the part re-checked. */
const mayReferenceFiles = /\$ref|\\u/;

/**
 * Finds, ahead of the next edit, where each part of the docs.json is: the first re-check of a
 * large site would otherwise pay for it (a pass over the whole text). For a moment of idleness.
 */
export function prepareRecheck(result: CheckResult): void {
  const recheckable = recheckableMain(result);
  if (recheckable && !result.basis.consumed) result.basis.units ??= buildUnits(recheckable.main, result.model.elements, recheckable.root);
}

/** The docs.json of a result, when parts of it can be checked again alone: valid JSON, an object, no "$ref" at the top. */
function recheckableMain(result: CheckResult): { main: SourceDocument; root: Record<string, unknown> } | undefined {
  const main = result.documents.get(result.basis.mainPath)?.document;
  const root = main?.json.value;
  // A key written twice: which one is reported depends on keys outside any part.
  if (!main || main.json.syntaxProblems.length > 0 || !isRecord(root) || '$ref' in root || duplicateKeysOf(main.json).length > 0) return undefined;
  return { main, root };
}

function recheckLocally(previous: CheckResult, text: TextSource, edit: EditSpan | undefined): CheckResult | undefined {
  const { basis } = previous;
  const recheckable = recheckableMain(previous);
  if (!recheckable) return undefined;
  const { main, root } = recheckable;
  const oldText = main.json.source;
  const span = edit && fitsBoth(edit, oldText, text) ? edit : editSpan(oldText.toString(), text.toString());
  if (!span) return undefined;
  basis.units ??= buildUnits(main, previous.model.elements, root);
  const unit = innermostUnit(basis.units, span);
  if (!unit) return undefined;
  // Which kind a parent holding several keeps depends on whether its children are named (keptCollection).
  if (unit.element && unit.element.parent!.childCollections.length > 1) return undefined;
  // The units are moved in place below: the unit's own range, of the text before the edit, is kept.
  const { start: unitStart, end: unitEnd } = unit;
  const newEnd = unitEnd + span.newEnd - span.oldEnd;
  const slice = text.slice(unitStart, newEnd);
  if (mayReferenceFiles.test(slice) || mayReferenceFiles.test(oldText.slice(unitStart, unitEnd))) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(slice);
  } catch {
    return undefined;
  }

  if (findDuplicateKeys(slice).length > 0) return undefined;
  // The parts kept and the parts walked again share the main document: it takes the new text.
  main.json = validJsonDocument(text, root);
  const document = main;
  noteNoDuplicateKeys(document.json);
  const ctx = startCheck(basis.host, basis.options, document, previous.siteIconLibrary, basis.specCache);
  const sliceJson = validJsonDocument(slice, value);
  let model = previous.model;
  let statuses = basis.statuses;
  let units: UnitTable;
  if (unit.element) {
    const old = unit.element;
    const list = old.cursor.parent!;
    const { element, subtree } = walkSubtree(ctx, old, new Cursor(value, document, old.cursor.refChain, list, old.cursor.key));
    const removed = subtreeOf(old);
    const first = model.elements.indexOf(old);
    const firstPage = model.pageSlots.findOwnedWithin(first, first + removed.size);
    // Where the pages of a subtree that had none go in document order is not known cheaply.
    if (firstPage < 0 && subtree.pageCount > 0) return undefined;
    const oldPages = pagesWithin(model, first, removed.size, firstPage);
    const newPages = subtree.pages.map((entry) => entry.value);
    // Without specs or operations on either side, the statuses in force and what they generate stay as they were.
    const operationsEdited = touchesOperations(removed, oldPages) || touchesOperations(subtree.elements, newPages);
    if (operationsEdited) {
      const kept = new Map(statuses);
      for (const gone of removed) if (gone.ownOpenapi) gone.openapi.forEach((declaration) => kept.delete(declaration));
      statuses = checkSpecs(ctx, declaredSpecs(subtree.elements), kept);
    }
    const generatedEdited = operationsEdited || someElement(removed, declaresOtherSource) || someElement(subtree.elements, declaresOtherSource);
    const pagesEdited = !sameList(oldPages, newPages);
    const routeInputs = {
      pages: pagesEdited ? Symbol('pages') : model.routeInputs.pages,
      generated: generatedEdited ? Symbol('generated') : model.routeInputs.generated,
    };
    const pagesEdit = pagesEdited ? { from: model.routeInputs.pages, slot: firstPage, removed: oldPages, added: newPages, element } : undefined;

    const slots = list.value as unknown[];
    const rootPathsToken = sameRootPaths(slots[old.cursor.key as number], value) ? model.rootPathsToken : Symbol('root paths');
    slots[old.cursor.key as number] = value;
    model = replaceSubtree(model, first, removed.size, element, subtree, firstPage, routeInputs, pagesEdit, rootPathsToken);
    units = [
      ...basis.units.filter((u) => !u.element || !removed.has(u.element)).map((u) => shiftUnit(u, span)),
      ...subtreeUnits(sliceJson, unitStart, old.cursor.path, subtree.elements, document),
    ];
  } else {
    const key = unit.topLevelKey!;
    root[key] = value;
    checkTopLevelMember(ctx, new Cursor(root, document, []), key);
    units = basis.units.map((u) => shiftUnit(u, span));
  }

  const unitPath = unit.element ? unit.element.cursor.path : [unit.topLevelKey!];
  // A unit's rules report inside it; a problem elsewhere would be located and dropped by a full check.
  if (ctx.problems.some((problem) => problem.document !== document || unitPath.some((segment, index) => problem.path[index] !== segment))) return undefined;
  const located = locateInUnit(ctx.problems, { json: sliceJson, offset: unitStart, path: unitPath, keyRange: unit.keyRange });
  const dropFrom = unit.keyRange?.start ?? unitStart;
  const kept = previous.documents.get(basis.mainPath)!.diagnostics.filter((d) => d.range.start < dropFrom || d.range.end > unitEnd);
  const diagnostics: Diagnostic[] = [...kept.map((d) => shiftRangeOf(d, span)), ...located].sort(compareDiagnostics);
  const documents = new Map(previous.documents);
  documents.set(basis.mainPath, { document, diagnostics });
  const nextBasis: CheckBasis = { ...basis, statuses, units, consumed: false };
  return { documents, model, siteIconLibrary: previous.siteIconLibrary, basis: nextBasis };
}

/** Whether an edit could be the one between two texts, by their lengths. */
function fitsBoth(edit: EditSpan, before: TextSource, after: TextSource): boolean {
  return edit.start >= 0 && edit.start <= edit.oldEnd && edit.oldEnd <= before.length && edit.start <= edit.newEnd && edit.newEnd <= after.length && after.length - before.length === edit.newEnd - edit.oldEnd;
}

interface UnitText {
  json: JsonDocument;
  /** Where the unit's value starts in the whole text. */
  offset: number;
  path: JsonPath;
  keyRange?: OffsetRange;
}

/** Ranges for the problems found in a unit, looked up in the unit's own text. */
function locateInUnit(problems: Problem[], unit: UnitText): Diagnostic[] {
  const requests = problems.map((problem) => ({ path: problem.path.slice(unit.path.length), target: problem.target }));
  const ranges = unit.json.locate(requests);
  return problems.map((problem, index) => {
    const { path, target } = requests[index];
    const keyRange = unit.keyRange;
    if (path.length === 0 && keyRange && (target === 'key' || target === 'property')) {
      return toDiagnostic(problem, target === 'key' ? keyRange : { start: keyRange.start, end: unit.offset + unit.json.text.length });
    }
    const range = ranges[index];
    return toDiagnostic(problem, range ? { start: range.start + unit.offset, end: range.end + unit.offset } : { start: 0, end: 0 });
  });
}

function shiftRangeOf(diagnostic: Diagnostic, span: EditSpan): Diagnostic {
  const range = shiftRange(diagnostic.range, span);
  return range === diagnostic.range ? diagnostic : { ...diagnostic, range };
}

/**
 * A unit of the text before an edit moved to where it is after it, in place: the table is the
 * used-up result's, and a large site has a unit per navigation element (a new object each made
 * most of a keystroke's garbage). Its key's range is a new one: a diagnostic may hold it.
 */
function shiftUnit(unit: Unit, span: EditSpan): Unit {
  const delta = span.newEnd - span.oldEnd;
  if (delta === 0 || unit.end < span.oldEnd) return unit;
  if (unit.start >= span.oldEnd) unit.start += delta;
  unit.end += delta;
  if (unit.keyRange) unit.keyRange = shiftRange(unit.keyRange, span);
  return unit;
}

/** An element and everything below it, as walked into the model. */
function subtreeOf(element: NavElement): Set<NavElement> {
  const found = new Set<NavElement>();
  const visit = (current: NavElement) => {
    found.add(current);
    current.children.forEach(visit);
  };
  visit(element);
  return found;
}

/**
 * The model with an element's subtree in place of another's (the `size` elements from `first`);
 * elements and pages keep document order. The lists of the previous model, which is used up, are
 * changed in place: copying them would cost more than the rest of a re-check on a large site.
 */
function replaceSubtree(model: NavigationModel, first: number, size: number, element: NavElement, subtree: NavigationModel, firstPage: number, routeInputs: RouteInputs, pagesEdit: PagesEdit | undefined, rootPathsToken: symbol): NavigationModel {
  const { elements, pageSlots } = model;
  const old = elements[first];
  const siblings = old.parent!.children;
  siblings[siblings.indexOf(old)] = element;
  replaceRange(elements, first, size, subtree.elements);
  // Page entries refer to elements by position: those after the subtree move with it.
  const moved = subtree.elements.length - size;
  let after = 0;
  if (firstPage >= 0) {
    let end = firstPage;
    while (end < pageSlots.length && pageSlots.owner(end) >= first && pageSlots.owner(end) < first + size) end++;
    pageSlots.replace(firstPage, end - firstPage, subtree.pageSlots, first);
    after = firstPage + subtree.pageCount;
  }
  if (moved !== 0) pageSlots.shiftOwners(after, first + size, moved);
  return new NavigationModel(model.root, elements, pageSlots, routeInputs, pagesEdit, rootPathsToken);
}

/** The texts of the page entries the `size` elements from `first` own, their first in `firstPage` (-1: none). */
function pagesWithin(model: NavigationModel, first: number, size: number, firstPage: number): string[] {
  const pages: string[] = [];
  const { pageSlots } = model;
  if (firstPage < 0) return pages;
  for (let slot = firstPage; slot < pageSlots.length && pageSlots.owner(slot) >= first && pageSlots.owner(slot) < first + size; slot++) pages.push(model.entryAt(slot).value);
  return pages;
}

/** Whether elements declare specs (or a directory for them) or page entries name operations. */
function touchesOperations(elements: Iterable<NavElement>, pages: readonly string[]): boolean {
  for (const element of elements) if (element.value.openapi !== undefined) return true;
  return pages.some(isOperationEntry);
}

function someElement(elements: Iterable<NavElement>, test: (element: NavElement) => boolean): boolean {
  for (const element of elements) if (test(element)) return true;
  return false;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Replaces `count` items of a list from `start` with others, in place; no argument spreading, as lists can be long. */
function replaceRange<T>(list: T[], start: number, count: number, items: readonly T[]): void {
  const tail = list.splice(start + count);
  list.length = start;
  for (const item of items) list.push(item);
  for (const item of tail) list.push(item);
}
