import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { checkDocsJson, DiskSiteHost, type Diagnostic } from '../../server/src/engine';
import { corpusSites, materialiseRepository } from '../support/corpus';

/**
 * Real nesting and link violations in deployed sites, which the hosted validator silently
 * resolves or drops. Our Spec makes them errors; each is listed with why it is right.
 */
const knownViolations: Record<string, Record<string, number>> = {
  // legacy mint.json anchors ({name, url}, no "anchor"): the platform's validation rejects the file.
  // (Two root patterns, a global anchor's relative href, a group with no pages are warnings: the
  // platform accepts them and strips the part it cannot hold.)
  'CopilotKit+vnext_experimental apps/docs/docs.json': { 'nav/missing-name': 2 },
};

/**
 * Every finding on every corpus docs.json, errors to hints, pinned in `corpus.findings.json`: a
 * change of any rule shows there as a diff to review. `DOCSJSON_UPDATE_FINDINGS=1` rewrites it.
 */
const findingsFile = join(__dirname, 'corpus.findings.json');
const updateFindings = process.env.DOCSJSON_UPDATE_FINDINGS === '1';
const pinnedFindings: Record<string, string[]> = existsSync(findingsFile) ? JSON.parse(readFileSync(findingsFile, 'utf8')) : {};
const foundFindings: Record<string, string[]> = {};
after(() => {
  if (updateFindings) writeFileSync(findingsFile, `${JSON.stringify(foundFindings, null, 1)}\n`);
});

function describeFinding(path: string, text: string, d: Diagnostic): string {
  const before = text.slice(0, d.range.start);
  const line = before.split('\n').length;
  const column = d.range.start - before.lastIndexOf('\n');
  return `${path}:${line}:${column} ${d.severity} ${d.code} ${d.message}`;
}

const materialised = new Map<string, string>();

for (const site of corpusSites()) {
  const name = `${site.folder} ${site.docsJsonPath}`;
  test(`corpus: ${name}`, () => {
    if (!materialised.has(site.folder)) materialised.set(site.folder, materialiseRepository(site.folder));
    const root = join(materialised.get(site.folder)!, dirname(site.docsJsonPath));
    const text = readFileSync(join(root, basename(site.docsJsonPath)), 'utf8');
    const result = checkDocsJson(text, new DiskSiteHost(root));
    const all: Diagnostic[] = [...result.documents.values()].flatMap((d) => d.diagnostics);
    const missingPages = all.filter((d) => d.code === 'ref/missing-page');
    assert.equal(missingPages.length, site.unresolvedPages, 'every page entry without a file is reported, and no other');
    // Redirect findings depend on every route of the site (API pages generated from specs
    // included): they are pinned, after review, on the whole sites instead.
    const pinned = (d: Diagnostic) => d.severity === 'error' && d.code !== 'ref/missing-page' && !d.code.startsWith('redirect/');
    const otherErrors: Record<string, number> = {};
    for (const d of all.filter(pinned)) otherErrors[d.code] = (otherErrors[d.code] ?? 0) + 1;
    assert.deepEqual(otherErrors, knownViolations[name] ?? {}, JSON.stringify(all.filter(pinned)));
    const findings: string[] = [];
    for (const { document, diagnostics } of result.documents.values()) {
      for (const d of diagnostics) {
        assert.ok(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= document.json.text.length, `range inside ${document.path}`);
        findings.push(describeFinding(document.path, document.json.text, d));
      }
    }
    foundFindings[name] = findings;
    if (!updateFindings) assert.deepEqual(findings, pinnedFindings[name] ?? [], 'the findings pinned in corpus.findings.json (DOCSJSON_UPDATE_FINDINGS=1 rewrites it; review the diff)');
  });
}
