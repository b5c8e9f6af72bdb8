import type { CheckResult } from '../checkResult';
import type { JsonPath } from '../json/path';
import { isRecord } from '../model/cursor';
import type { SourceDocument } from '../model/sourceDocument';
import { dirnameOf, resolveReference } from '../site/references';

/** docs.json's "redirects" as the platform reads them, and where the list is written. */
export interface RedirectList {
  /** The file that holds the list: docs.json, or the file its "$ref" names. */
  document: SourceDocument;
  /** The list's JSON path in that file (["redirects"] in docs.json, [] at the top of a "$ref" file). */
  path: JsonPath;
  items: unknown[];
}

/** How many "$ref"s in a row are followed to the list (the check reports longer and circular ones). */
const maxHops = 8;

/** The "redirects" of a checked docs.json, through "$ref" (`"redirects": {"$ref": "./redirects.json"}`) as the platform resolves it. */
export function redirectListOf(check: CheckResult): RedirectList | undefined {
  const main = check.documents.get(check.basis.mainPath)?.document;
  if (!main || !isRecord(main.json.value)) return undefined;
  let document = main;
  let path: JsonPath = ['redirects'];
  let value = main.json.value.redirects;
  for (let hop = 0; hop < maxHops && isRecord(value) && typeof value.$ref === 'string'; hop++) {
    const resolved = resolveReference(value.$ref, dirnameOf(document.path));
    const next = resolved.kind === 'file' ? check.documents.get(resolved.path)?.document : undefined;
    if (!next) return undefined;
    document = next;
    path = [];
    value = next.json.value;
  }
  return Array.isArray(value) ? { document, path, items: value } : undefined;
}
