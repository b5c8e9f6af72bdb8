// Fixture sites for the language service tests: a checked site from test/fixtures/sites, with
// some files' text replaced, and texts with a cursor marker.
import { join } from 'node:path';
import { checkDocsJson, DiskSiteHost, type SiteHost } from '../../../server/src/engine';
import { SpecCache } from '../../../server/src/engine/openapi/openapiSpec';
import { CheckedSite } from '../../../server/src/engine/service/checkedSite';
import { JsonText } from '../../../server/src/engine/service/jsonText';

export const sitesDir = join(__dirname, '..', '..', 'fixtures', 'sites');

/** A fixture site checked with some files' text replaced (root-relative path -> text). */
export function checkedFixture(site: string, replaced: Record<string, string> = {}): CheckedSite {
  const root = join(sitesDir, site);
  const disk = new DiskSiteHost(root);
  const host: SiteHost = { root, files: disk.files, readFile: (path) => replaced[path] ?? disk.readFile(path) };
  const specs = new SpecCache();
  return new CheckedSite(host, checkDocsJson(host.readFile('docs.json')!, host, {}, 'docs.json', specs), specs, 'docs.json');
}

/** A text with "|" marking the cursor: the text without it, and the cursor's offset. */
export function withCursor(path: string, marked: string): { text: JsonText; offset: number } {
  const offset = marked.indexOf('|');
  if (offset < 0) throw new Error('no | in the text');
  return { text: new JsonText(path, marked.slice(0, offset) + marked.slice(offset + 1)), offset };
}

/** A fixture file's text with "|" inserted where `marker` starts (plus `delta`). */
export function markIn(text: string, marker: string, delta = 0): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${marker} is not in the text`);
  return `${text.slice(0, at + delta)}|${text.slice(at + delta)}`;
}
