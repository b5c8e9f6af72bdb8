import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkDocsJson, DiskSiteHost, type CheckOptions, type CheckResult, type Diagnostic } from '../../server/src/engine';
import { tempFolder } from './tempFolder';

/** Writes a site (root-relative path -> content) into a fresh temp folder. */
export function writeSite(files: Record<string, string>): string {
  const root = tempFolder('docsjson-site-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const open = '⟦';
const close = '⟧';

/** Removes ⟦range⟧ markers from a text, returning the clean text and the marked offset ranges. */
export function extractMarkers(marked: string): { text: string; ranges: { start: number; end: number }[] } {
  const ranges: { start: number; end: number }[] = [];
  let text = '';
  let start = -1;
  for (const char of marked) {
    if (char === open) start = text.length;
    else if (char === close) ranges.push({ start, end: text.length });
    else text += char;
  }
  return { text, ranges };
}

export interface SiteCheck {
  result: CheckResult;
  text: string;
  ranges: { start: number; end: number }[];
  diagnostics: Diagnostic[];
  /** The text each diagnostic covers, for readable assertions. */
  covered(diagnostic: Diagnostic): string;
}

/** Checks a docs.json (with optional ⟦markers⟧) in a site made of `files`. */
export function checkSite(markedDocsJson: string, files: Record<string, string> = {}, options: CheckOptions = {}): SiteCheck {
  const { text, ranges } = extractMarkers(markedDocsJson);
  const root = writeSite({ ...files, 'docs.json': text });
  const result = checkDocsJson(text, new DiskSiteHost(root), options);
  const diagnostics = result.documents.get('docs.json')!.diagnostics;
  return { result, text, ranges, diagnostics, covered: (d) => text.slice(d.range.start, d.range.end) };
}

export function withCode(check: SiteCheck, code: string): Diagnostic[] {
  return check.diagnostics.filter((d) => d.code === code);
}

/** The one diagnostic with this code (and this severity, if given); its range must be the first ⟦marked⟧ range, if any. */
export function expectOne(check: SiteCheck, code: string, severity?: Diagnostic['severity']): Diagnostic {
  const found = withCode(check, code);
  assert.equal(found.length, 1, `expected one ${code}, got ${JSON.stringify(check.diagnostics, null, 1)}`);
  if (check.ranges.length > 0) assert.deepEqual(found[0].range, check.ranges[0], `range of ${code}: covered ${JSON.stringify(check.covered(found[0]))}`);
  if (severity) assert.equal(found[0].severity, severity, `severity of ${code}`);
  return found[0];
}

/** A minimal valid docs.json around a navigation value. */
export function docsJson(navigation: string, extra = ''): string {
  return `{
  "$schema": "https://example.com/docs.json",
  "theme": "mint",
  "name": "Acme",
  "colors": { "primary": "#0B7A62" },${extra}
  "navigation": ${navigation}
}`;
}
