import type { OffsetRange } from '../json/path';
import { pagePath } from '../model/pageReference';
import { pageOf } from '../site/fileIndex';
import type { CheckedSite } from './checkedSite';

export interface PageReference {
  /** The checked file the entry is written in. */
  document: string;
  range: OffsetRange;
}

/** Where a page file appears in the navigation: every entry that names it. */
export function pageReferences(site: CheckedSite, file: string): PageReference[] {
  const page = pageOf(file);
  if (page === undefined || site.pageFile(page) !== file) return [];
  const byDocument = new Map<string, { path: (string | number)[]; target: 'value' }[]>();
  for (const entry of site.result.model.pages) {
    const named = pagePath(entry.value);
    if (named.kind !== 'page' || named.path !== page) continue;
    const cursor = entry.cursor;
    let requests = byDocument.get(cursor.document.path);
    if (!requests) byDocument.set(cursor.document.path, (requests = []));
    requests.push({ path: cursor.path, target: 'value' });
  }
  const references: PageReference[] = [];
  for (const [document, requests] of byDocument) {
    for (const range of site.locate(document, requests)) if (range) references.push({ document, range });
  }
  return references;
}
