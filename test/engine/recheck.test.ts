import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocsJson, DiskSiteHost, recheckDocsJson } from '../../server/src/engine';
import { checkOutcome as outcome } from '../support/checkOutcome';
import { corpusSites, materialiseRepository } from '../support/corpus';
import { applyEdit, typingEdit } from '../support/typingEdits';

function site(folder: string) {
  const entry = corpusSites().find((candidate) => candidate.folder === folder)!;
  const repository = materialiseRepository(folder);
  const path = join(repository, entry.docsJsonPath);
  const root = join(path, '..');
  return { text: readFileSync(path, 'utf8'), host: new DiskSiteHost(root) };
}

// Examples of each path of the re-check, which run in a moment: recheckEdits.test.ts.
describe('re-check after an edit', () => {
  const sites = ['mintlify+docs', 'Portkey-AI+docs-core', 'PrefectHQ+fastmcp', 'upstash+docs', 'CopilotKit+vnext_experimental'].map(site);

  it('gives the outcome of a full check after any series of edits, on real sites', () => {
    let local = 0;
    let total = 0;
    fc.assert(
      fc.property(fc.nat(sites.length - 1), fc.array(typingEdit, { minLength: 1, maxLength: 6 }), (which, edits) => {
        const { host } = sites[which];
        let text = sites[which].text;
        let result = checkDocsJson(text, host);
        for (const e of edits) {
          text = applyEdit(text, e);
          result = recheckDocsJson(result, text);
          total++;
          if (result.basis.units) local++;
          assert.deepEqual(outcome(result), outcome(checkDocsJson(text, host)));
        }
      }),
      { numRuns: 150 },
    );
    // The property is only worth something if most edits took the local path.
    assert.ok(local > total / 2, `only ${local} of ${total} re-checks were local`);
  });
});
