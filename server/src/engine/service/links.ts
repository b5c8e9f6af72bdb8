import type { JsonPath, OffsetRange } from '../json/path';
import type { SpecDeclaration } from '../model/navigationModel';
import type { Operation } from '../openapi/loadedSpec';
import { isOperationEntry } from '../model/pageReference';
import { resolveReference } from '../site/references';
import type { CheckedSite } from './checkedSite';
import type { JsonText } from './jsonText';
import { nodeAtPath, nodeLocation, rangeOf } from './location';
import { specLocation } from './specLocation';
import { operationTarget, pageTarget, targetOf, type Target } from './target';

/** A place in a file of the site. */
export interface SiteLocation {
  file: string;
  /** Where in the file; the start when absent. */
  offset?: number;
}

/** A string in docs.json that opens a file: a page, a spec, an operation in its spec, a "$ref" file. */
export interface DocumentLink {
  range: OffsetRange;
  file: string;
  /** For an operation: found in the spec file only when the link is followed. */
  operation?: Operation;
}

/** The links of one checked file; `text` must be the text it was checked with. */
export function documentLinks(site: CheckedSite, text: JsonText): DocumentLink[] {
  const documentPath = text.path;
  const pending: { path: JsonPath; target: Target }[] = [];
  for (const entry of site.result.model.pages) {
    const cursor = entry.cursor;
    if (cursor.document.path !== documentPath) continue;
    const target = isOperationEntry(entry.value) ? operationTarget(site, documentPath, cursor.path, entry.value) : pageTarget(site, entry.value);
    if (target) pending.push({ path: cursor.path, target });
  }
  for (const declaration of specDeclarations(site)) {
    if (declaration.cursor.document.path !== documentPath) continue;
    const resolved = resolveReference(declaration.reference, '');
    if (resolved.kind === 'file') pending.push({ path: declaration.cursor.path, target: { kind: 'spec', file: resolved.path } });
  }
  const references = site.fileReferences().filter((reference) => reference.document === documentPath);
  for (const reference of references) pending.push({ path: [...reference.path, '$ref'], target: { kind: 'ref', file: reference.file } });

  const links: DocumentLink[] = [];
  for (const { path, target } of pending) {
    const node = nodeAtPath(text, path);
    const link = node && linkTo(site, target, rangeOf(node));
    if (link) links.push(link);
  }
  return links;
}

function linkTo(site: CheckedSite, target: Target, range: OffsetRange): DocumentLink | undefined {
  switch (target.kind) {
    case 'page':
      return target.file ? { range, file: target.file } : undefined;
    case 'operation':
      return target.operation && target.spec && site.host.files.has(target.spec) ? { range, file: target.spec, operation: target.operation } : undefined;
    default:
      return site.host.files.has(target.file) ? { range, file: target.file } : undefined;
  }
}

/** Every spec declaration of the site: `api.openapi` and each element's own `openapi`. */
function specDeclarations(site: CheckedSite): Set<SpecDeclaration> {
  const declarations = new Set<SpecDeclaration>();
  for (const element of site.result.model.elements) element.openapi.forEach((declaration) => declarations.add(declaration));
  return declarations;
}

/** Where a link leads, with the operation found in its spec. */
export function linkLocation(site: CheckedSite, link: DocumentLink): SiteLocation {
  if (!link.operation) return { file: link.file };
  const text = site.host.readFile(link.file);
  return { file: link.file, offset: text === undefined ? undefined : specLocation(text, link.file, link.operation) };
}

/** Go to definition: the file (or operation) a string under the cursor names. */
export function definition(site: CheckedSite, text: JsonText, offset: number): { range: OffsetRange; location: SiteLocation } | undefined {
  const location = nodeLocation(text, offset);
  if (!location || location.target !== 'value' || typeof location.node.value !== 'string') return undefined;
  const target = targetOf(site, text.path, location.path, location.node.value);
  const range = rangeOf(location.node);
  const link = target && linkTo(site, target, range);
  return link && { range, location: linkLocation(site, link) };
}
